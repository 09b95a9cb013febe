/** What FormPage needs to know about the record an edit page loads. */
import { ApiError } from "../../lib/http";

export function recordState(
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  },
  editing: boolean,
) {
  if (!editing) return undefined;
  return {
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    notFound: query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422),
    refetch: query.refetch,
  };
}

/** The record id of an edit page (`/x/{id}`), or null on the create page. */
export function editId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
