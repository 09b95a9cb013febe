/**
 * The users page's filters as its form holds them: "all" (or "") for no filter, turned into the API's
 * query by `filterQuery` in api.ts, which the list and the CSV export share.
 */
export type UserFilterState = {
  search: string;
  role: string;
  status: string;
  country: string;
  child: string;
  /** The order, as the API's `sort` ("name", "-created_at"); "" for newest first. */
  sort: string;
};
