/** Global search (spec section 2): asks every provider of the chosen source and merges the hits. */
import type { SearchHit } from "@aprendo/contract";
import type { Deps } from "../context";
import { type SearchProvider, type SearchRequest, searchProviders } from "./search.providers";

export const SEARCH_LIMIT = 20;

export async function search(
  deps: Deps,
  source: "all" | SearchHit["source"],
  request: Omit<SearchRequest, "limit">,
  providers: readonly SearchProvider[] = searchProviders,
): Promise<SearchHit[]> {
  const chosen = providers.filter((p) => source === "all" || p.source === source);
  const results = await Promise.all(chosen.map((p) => p.search(deps, { ...request, limit: SEARCH_LIMIT })));
  return results.flat().slice(0, SEARCH_LIMIT * Math.max(1, chosen.length));
}
