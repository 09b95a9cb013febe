/** Filters kept in the address (?q=&status=&page=), so a filtered list can be shared and survives reloads. */
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  /** Sets or clears the given parameters; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!("page" in changes)) next.delete("page");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { params, update, clear };
}
