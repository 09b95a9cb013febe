/**
 * List state kept in the address (filter, search, sort, page), so a list can be shared, reloaded and
 * reached with Back exactly as it was. Values equal to their default are left out of the address.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { type NavigateOptions, useSearchParams } from "react-router";

export function useUrlState<T extends Record<string, string>>(defaults: T) {
  const [params, changeAddress] = useAddressChange();

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page
  const state = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = params.get(String(key));
      if (value !== null) values[key] = value as T[keyof T];
    }
    return values;
  }, [params]);

  /** Changes some values; any change but the page's own goes back to page 1. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page
  const update = useCallback(
    (patch: Partial<T>) =>
      changeAddress((next) => {
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === defaults[key]) next.delete(key);
          else next.set(key, String(value));
        }
        if (!("page" in patch)) next.delete("page");
      }),
    [changeAddress],
  );
  return [state, update] as const;
}

/**
 * The address's query and the one way to change it: each change starts from the newest address this
 * page sent, not from the render that scheduled it (React Router's own functional update starts from
 * the render's). A search typed just before a select changes (the search waits for a pause) must not
 * drop the select's value, or the other way round; and the router applies addresses one after
 * another, so a render may show an older one while newer ones are still on their way (staff on a slow
 * machine lost a typed search that way: the next select was built on the older address).
 * Changes replace the current history entry unless `{ replace: false }` is given.
 */
export function useAddressChange() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const onTheirWay = useRef<string[]>([]);
  // Read from committed renders only: the router applies addresses in a transition, so React may
  // start a render with a newer address and then, interrupted, render the older one again before
  // either is shown. Written during render, that older one replaced what was on its way (a typed
  // search was lost so, under load, with the render-time version of this hook).
  useLayoutEffect(() => {
    latest.current = params;
    onTheirWay.current = stillOnTheirWay(onTheirWay.current, params.toString());
  }, [params]);
  const change = useCallback(
    (
      /** Edits a copy of the newest address's query, or is the query to go to (an empty one clears). */
      edit: ((next: URLSearchParams) => void) | URLSearchParams,
      options: NavigateOptions = { replace: true },
    ) => {
      let next: URLSearchParams;
      if (edit instanceof URLSearchParams) next = edit;
      else {
        next = new URLSearchParams(onTheirWay.current.at(-1) ?? latest.current);
        edit(next);
      }
      onTheirWay.current = [...onTheirWay.current, next.toString()];
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change] as const;
}

/**
 * The addresses a list sent that are still on their way once `shown` is rendered, oldest first. When
 * `shown` is one of them, it and those sent before it have arrived (the router may skip an address
 * when a newer one follows at once); any other address (Back, a link) replaces the list's changes.
 */
export function stillOnTheirWay(sent: readonly string[], shown: string): string[] {
  const arrived = sent.lastIndexOf(shown);
  return arrived === -1 ? [] : sent.slice(arrived + 1);
}

/**
 * The same list state kept in the page instead of the address: it starts from the address (so links
 * can carry filters) but changing it does not navigate. For learner pages, where the shell keeps each
 * address alive as its own page: a new address per keystroke would replace the page being typed in.
 */
export function usePageState<T extends Record<string, string>>(defaults: T) {
  const [params] = useSearchParams();
  const [state, setState] = useState(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof T)[]) {
      const value = params.get(String(key));
      if (value !== null) values[key] = value as T[keyof T];
    }
    return values;
  });
  const update = useCallback((patch: Partial<T>) => {
    setState((current) => {
      const next = { ...current, ...patch };
      if (!("page" in patch) && "page" in current) (next as Record<string, string>).page = "1";
      return next;
    });
  }, []);
  return [state, update] as const;
}

/** The page number kept in the address as text: 1 when missing or not a positive number. */
export function pageNumber(value: string) {
  return Math.max(1, Number(value) || 1);
}
