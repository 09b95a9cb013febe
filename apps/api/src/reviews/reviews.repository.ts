/** The reviews' hand-written statements (text snapshotted in reviews.repository.test.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** Every title's (or one title's) rating count, average and distribution from its visible reviews. */
export const recountFromReviews = (courseId?: number) => sql`
    UPDATE courses c SET
      rating_count = coalesce(s.n, 0),
      rating_average = coalesce(s.average, 0),
      rating_distribution = ARRAY[coalesce(s.r1, 0), coalesce(s.r2, 0), coalesce(s.r3, 0), coalesce(s.r4, 0), coalesce(s.r5, 0)]
    FROM courses c2 LEFT JOIN (
      SELECT course_id, count(*)::int AS n, avg(rating)::real AS average,
        (count(*) FILTER (WHERE rating = 1))::int AS r1, (count(*) FILTER (WHERE rating = 2))::int AS r2,
        (count(*) FILTER (WHERE rating = 3))::int AS r3, (count(*) FILTER (WHERE rating = 4))::int AS r4,
        (count(*) FILTER (WHERE rating = 5))::int AS r5
      FROM course_reviews WHERE hidden_at IS NULL GROUP BY course_id
    ) s ON s.course_id = c2.id
    WHERE c.id = c2.id ${courseId === undefined ? sql`` : sql`AND c.id = ${courseId}`}`;

export async function updateRatingAggregates(db: DbOrTx, courseId?: number): Promise<void> {
  await db.execute(recountFromReviews(courseId));
}
