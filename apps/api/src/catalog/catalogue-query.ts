/**
 * The catalogue's filters and orders as SQL over `courses` columns only: the
 * length, rating and teaching language are kept on the title row (trigger and review transaction),
 * so a filtered page never aggregates lectures or reviews per listed title.
 */
import { type CourseListQuery, type CourseSort, courseLengthHours } from "@aprendo/contract";
import { asc, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { courses } from "../db/schema/index";

export function catalogueFilters(query: CourseListQuery): (SQL | undefined)[] {
  const band = query.length ? courseLengthHours[query.length] : null;
  return [
    query.price ? eq(courses.isFree, query.price === "free") : undefined,
    query.level ? eq(courses.level, query.level) : undefined,
    query.language ? eq(courses.teachingLanguage, query.language) : undefined,
    band ? gte(courses.durationSeconds, band[0] * 3600) : undefined,
    band?.[1] ? lt(courses.durationSeconds, band[1] * 3600) : undefined,
    query.min_rating ? gte(courses.ratingAverage, Number(query.min_rating)) : undefined,
  ];
}

/** The chosen order's leading columns; the list's own order (position, newest, id) follows. */
export function catalogueOrder(sort: CourseSort | undefined, rank: SQL<number> | undefined): SQL[] {
  switch (sort) {
    case "popular":
      return [desc(courses.enrolmentCount)];
    case "newest":
      return [sql`${courses.publishedAt} DESC NULLS LAST`];
    case "rating":
      return [desc(courses.ratingAverage), desc(courses.ratingCount)];
    case "price_low":
      return [asc(courses.pricePence)];
    case "price_high":
      return [desc(courses.pricePence)];
    default:
      // relevance, or no choice: the best match first when searching, else the catalogue's order.
      return rank ? [desc(rank)] : [];
  }
}
