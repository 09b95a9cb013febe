/** Review moderation reads beyond reviews.service.ts: the learners' reports of one review. */
import type { AdminReviewReport } from "@aprendo/contract";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { courseReviewReports, courseReviews, users } from "../db/schema/index";
import { AppError } from "../http/errors";

export async function reviewReports(db: Db, reviewId: number): Promise<AdminReviewReport[]> {
  const [review] = await db
    .select({ id: courseReviews.id })
    .from(courseReviews)
    .where(eq(courseReviews.id, reviewId));
  if (!review) throw new AppError("not_found", "review.notFound");
  const rows = await db
    .select({
      id: courseReviewReports.id,
      userId: courseReviewReports.userId,
      username: users.username,
      reason: courseReviewReports.reason,
      createdAt: courseReviewReports.createdAt,
    })
    .from(courseReviewReports)
    .innerJoin(users, eq(users.id, courseReviewReports.userId))
    .where(eq(courseReviewReports.reviewId, reviewId))
    .orderBy(desc(courseReviewReports.createdAt), desc(courseReviewReports.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    user: { id: r.userId, username: r.username },
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  }));
}
