/**
 * The catalogue pages' list state as the pages hold it (the typed search "" for none, the category by
 * its id); api.ts turns it into GET /courses' query. The filters' values are the contract's.
 */
import type { courseListQuery } from "@aprendo/contract";
import type { z } from "zod";

type CourseListQuery = z.input<typeof courseListQuery>;

/** The public catalogue's filters and order. */
export type CatalogueFilters = Pick<
  CourseListQuery,
  "price" | "level" | "language" | "length" | "min_rating" | "sort"
> & {
  page: number;
  q: string;
  category?: number;
};

/** A page of one list of titles (all, a category's, the learner's). */
export type CourseListParams = { page: number; q?: string; categoryId?: number };
