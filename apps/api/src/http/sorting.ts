/**
 * The order of a back-office list asked with `sort` (the contract's `sortQuery`: `key` ascending,
 * `-key` descending, keys whitelisted per list). The asked column comes first, then the row's id in
 * the same direction, so rows with equal values keep one order from page to page; empty values come
 * first ascending and last descending. Without `sort` the list keeps its own default order.
 */
import { parseSort } from "@aprendo/contract";
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";

export function listOrder<K extends string>(
  sort: K | `-${K}` | null | undefined,
  columns: Record<K, SQL | AnyColumn>,
  id: AnyColumn,
  fallback: readonly SQL[],
): SQL[] {
  const order = parseSort(sort);
  if (!order) return [...fallback];
  const value = columns[order.key];
  return order.direction === "asc"
    ? [sql`${value} ASC NULLS FIRST`, asc(id)]
    : [sql`${value} DESC NULLS LAST`, desc(id)];
}
