/** Pure rules of the shell (spec sections 1, 2 and 9), kept apart from React so they are tested alone. */
import { greetingPart, limits, type SearchSource, searchSources } from "@aprendo/contract/domain";

/** all, courses or products; anything else falls back to all. */
export function normalizeSource(value: string | null | undefined): SearchSource {
  return (searchSources as readonly string[]).includes(value ?? "") ? (value as SearchSource) : "all";
}

export type ShownSearch = { q: string; source: SearchSource } | null;

/**
 * Where submitting the search box leads, or null when it must do nothing: the text is empty, or the
 * same search is already shown (spec section 2).
 */
export function searchTarget(input: { text: string; source: string }, shown: ShownSearch): string | null {
  const q = input.text.trim();
  if (q === "") return null;
  const source = normalizeSource(input.source);
  if (shown && shown.q.trim() === q && shown.source === source) return null;
  return `/iu/search?${new URLSearchParams({ q, source }).toString()}`;
}

/** The search shown on the current page, if it is the results page. */
export function shownSearch(pathname: string, search: string): ShownSearch {
  if (pathname.replace(/\/$/, "") !== "/iu/search") return null;
  const params = new URLSearchParams(search);
  return { q: params.get("q") ?? "", source: normalizeSource(params.get("source")) };
}

/** The greeting's translation key for an hour of the day: morning before 12, afternoon 12-17, evening from 18. */
export function greetingKey(hour: number): string {
  return `greeting.${greetingPart(hour)}`;
}

export type ScrollDirection = "up" | "down";

/** The scroll direction changes only when the position moved more than 1 px (spec section 9). */
export function nextScrollDirection(previousY: number, y: number, current: ScrollDirection): ScrollDirection {
  if (Math.abs(y - previousY) <= limits.scrollDirectionMinPx) return current;
  return y > previousY ? "down" : "up";
}
