/** The URL of another page of the list being answered (same path and filters). */
import type { FastifyRequest } from "fastify";

export function pageUrlOf(request: FastifyRequest): (page: number) => string {
  return (page) => {
    const url = new URL(request.url, "http://local");
    url.searchParams.set("page", String(page));
    return `${url.pathname}${url.search}`;
  };
}

/** Escapes LIKE wildcards in user text and wraps it for a "contains" search. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;
