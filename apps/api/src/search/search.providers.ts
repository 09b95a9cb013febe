/**
 * The global search's searchers, one per source: titles (catalogue full text, plus an
 * accent-insensitive match) and shop products (accent-insensitive).
 */
import type { LanguageCode, SearchHit } from "@aprendo/contract";
import type { Deps } from "../context";
import type { CurrentUser } from "../http/authenticate";
import { searchProducts } from "../shop/shop.service";
import { searchTitlesFolded } from "./titles";

export type SearchRequest = { q: string; language: LanguageCode; limit: number; user: CurrentUser };

export type SearchProvider = {
  source: SearchHit["source"];
  /** The best matches for `q`, at most `limit`, already in the request language. */
  search: (deps: Deps, request: SearchRequest) => Promise<SearchHit[]>;
};

export const searchProviders: SearchProvider[] = [
  { source: "courses", search: searchTitlesFolded },
  { source: "products", search: searchProducts },
];
