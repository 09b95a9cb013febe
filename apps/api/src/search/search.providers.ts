/**
 * The global search's searchers, one per source. Nothing is searchable until the catalogue (courses)
 * and shop (products) features add their provider to this list, one line each.
 */
import type { LanguageCode, SearchHit } from "@aprendo/contract";
import { searchTitles } from "../catalog/search";
import type { Deps } from "../context";
import type { CurrentUser } from "../http/authenticate";

export type SearchRequest = { q: string; language: LanguageCode; limit: number; user: CurrentUser };

export type SearchProvider = {
  source: SearchHit["source"];
  /** The best matches for `q`, at most `limit`, already in the request language. */
  search: (deps: Deps, request: SearchRequest) => Promise<SearchHit[]>;
};

export const searchProviders: SearchProvider[] = [{ source: "courses", search: searchTitles }];
