/** The shell's calls: remote configuration entries (promo bar, mobile app modal) and global search. */
import type { ConfigurationEntry as ContractEntry, SearchResults } from "@aprendo/contract";
import type { SearchSource } from "@aprendo/contract/domain";
import { useQuery } from "@tanstack/react-query";
import { get } from "../../lib/http";

/** The contract's entry with `value` read as the caller's shape for that key (each key has its own). */
export type ConfigurationEntry<V = ContractEntry["value"]> = Omit<ContractEntry, "value"> &
  Record<"value", V>;

/** Entries the server embedded in index.html (`#boot-data`), so the first paint already has them. */
function bootEntries(key: string): { data: ConfigurationEntry[] } | undefined {
  try {
    const block = document.getElementById("boot-data")?.textContent;
    if (!block) return undefined;
    const entries = (JSON.parse(block) as { configurations?: ConfigurationEntry[] }).configurations ?? [];
    const found = entries.filter((entry) => entry.key === key);
    return found.length > 0 ? { data: found } : undefined;
  } catch {
    return undefined;
  }
}

const loadedAt = Date.now();

/** One entry of GET iu/configurations?searchText= (spec section 7). */
export function useConfiguration<V = Record<string, unknown>>(key: string, enabled = true) {
  return useQuery({
    initialData: () => bootEntries(key) as { data: ConfigurationEntry<V>[] } | undefined,
    initialDataUpdatedAt: loadedAt,
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
