/**
 * Paging of every list the API answers in the spec's list shape (`{ data, total, next_page_url }`):
 * the rows a page skips, the next page's address keeping the list's path and filters, and the
 * "contains" pattern of a list's search box.
 */
import type { FastifyRequest } from "fastify";

export type PageQuery = { page: number; per_page: number };

/** How many rows come before this page. */
export const pageOffset = ({ page, per_page }: PageQuery) => (page - 1) * per_page;

/** The URL of another page of the list being answered (same path and filters). */
export function pageUrlOf(request: FastifyRequest, perPage?: number): (page: number) => string {
  return (page) => {
    const url = new URL(request.url, "http://local");
    url.searchParams.set("page", String(page));
    if (perPage !== undefined) url.searchParams.set("per_page", String(perPage));
    return `${url.pathname}${url.search}`;
  };
}

/** The same request for the next page (its `per_page` written out), or null on the last page. */
export function nextPageUrl(
  request: FastifyRequest,
  page: number,
  perPage: number,
  total: number,
): string | null {
  return page * perPage >= total ? null : pageUrlOf(request, perPage)(page + 1);
}

/** One page of a list as the API answers it; `next_page_url` is null on the last page. */
export function pagedList<T>(
  request: FastifyRequest,
  { page, per_page }: PageQuery,
  { data, total }: { data: T[]; total: number },
) {
  return { data, total, next_page_url: page * per_page < total ? pageUrlOf(request)(page + 1) : null };
}

/** Escapes LIKE wildcards in user text and wraps it for a "contains" search. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;
