/** The shell's calls: remote configuration entries (promo bar, mobile app modal) and global search. */
import type { SearchResults } from "@aprendo/contract";
import type { SearchSource } from "@aprendo/contract/domain";
import { useQuery } from "@tanstack/react-query";
import { get } from "../../lib/http";

export type ConfigurationEntry<V = Record<string, unknown>> = {
  id: number;
  key: string;
  status: number;
  value: V;
};

/** One entry of GET iu/configurations?searchText= (spec section 7). */
export function useConfiguration<V = Record<string, unknown>>(key: string, enabled = true) {
  return useQuery({
    queryKey: ["configurations", key],
    queryFn: ({ signal }) =>
      get<{ data: ConfigurationEntry<V>[] }>("/iu/configurations", { query: { searchText: key }, signal }),
    select: (body) => body.data.find((entry) => entry.key === key) ?? null,
    staleTime: 10 * 60_000,
    enabled,
  });
}

export function useSearch(q: string, source: SearchSource) {
  return useQuery({
    queryKey: ["search", q, source],
    queryFn: ({ signal }) => get<SearchResults>("/iu/search", { query: { q, source }, signal }),
    enabled: q.trim() !== "",
  });
}
