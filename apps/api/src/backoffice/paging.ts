/**
 * Paging of the back-office lists: the rows a page skips, and the answer in the spec's list shape
 * (`{ data, total, next_page_url }`), the next page's address keeping the list's filters.
 */
import type { FastifyRequest } from "fastify";
import { pageUrlOf } from "../tickets/paging";

export type PageQuery = { page: number; per_page: number };

/** How many rows come before this page. */
export const pageOffset = ({ page, per_page }: PageQuery) => (page - 1) * per_page;

/** One page of a list as the API answers it; `next_page_url` is null on the last page. */
export function pagedList<T>(
  request: FastifyRequest,
  { page, per_page }: PageQuery,
  { data, total }: { data: T[]; total: number },
) {
  return { data, total, next_page_url: page * per_page < total ? pageUrlOf(request)(page + 1) : null };
}
