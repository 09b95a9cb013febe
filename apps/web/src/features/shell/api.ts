/** The shell's calls: remote configuration entries (promo bar, mobile app modal) and global search. */
import type {
  ConfigurationEntry as ContractEntry,
  configurationList,
  SearchResults,
} from "@aprendo/contract";
import type { SearchSource } from "@aprendo/contract/domain";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { get } from "../../lib/http";

/** The contract's entry with `value` read as the caller's shape for that key (each key has its own). */
export type ConfigurationEntry<V = ContractEntry["value"]> = Omit<ContractEntry, "value"> &
  Record<"value", V>;
/** GET iu/configurations as the contract's list, its entries read as the caller's shape. */
type ConfigurationList<V = ContractEntry["value"]> = Omit<z.infer<typeof configurationList>, "data"> &
  Record<"data", ConfigurationEntry<V>[]>;

/** Entries the server embedded in index.html (`#boot-data`), so the first paint already has them. */
function bootEntries(key: string): ConfigurationList | undefined {
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
    initialData: () => bootEntries(key) as ConfigurationList<V> | undefined,
    initialDataUpdatedAt: loadedAt,
    queryKey: ["configurations", key],
    queryFn: ({ signal }) =>
      get<ConfigurationList<V>>("/iu/configurations", { query: { searchText: key }, signal }),
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
