/** Filters kept in the address (?q=&status=&page=), so a filtered list can be shared and survives reloads. */
import { useCallback } from "react";
import { useAddressChange } from "../../../components/admin/url-state";

export function useFilterParams() {
  const [params, changeAddress] = useAddressChange();
  /** Sets or clears the given parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      changeAddress((next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
      }),
    [changeAddress],
  );
  const clear = useCallback(() => changeAddress(new URLSearchParams()), [changeAddress]);
  return { params, update, clear };
}
