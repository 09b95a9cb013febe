/**
 * List filters kept in the address, like `useUrlState`, but each change starts from the address as
 * it is *now* (window.location), not from the render that scheduled it: a search typed just before
 * a select changes (the search waits for a pause) no longer drops the select's value, or the other way.
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

export function useFilters<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page
  const state = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = params.get(String(key));
      if (value !== null) values[key] = value as T[keyof T];
    }
    return values;
  }, [params]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page
  const update = useCallback(
    (patch: Partial<T>) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === defaults[key]) next.delete(key);
        else next.set(key, String(value));
      }
      if (!("page" in patch)) next.delete("page");
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [state, update] as const;
}
