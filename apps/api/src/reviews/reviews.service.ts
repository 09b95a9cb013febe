/**
 * Ratings and reviews. A learner enrolled in a title who has completed at least
 * `reviewLimits.minProgressPercent` of its published lectures rates it 1-5, with an optional review;
 * one per learner and title, editable. The title's aggregates (count, average, per-star counts) on
 * `courses` move in the same transaction as the review, counting visible reviews only, so cards and
 * filters read them from the title row. Staff hide a review with a reason (audited); learners report.
 */
import {
  type AdminReview,
  type AdminReviewSortKey,
  type CourseReview,
  type LanguageCode,
  languageById,
  type ReviewEligibility,
  Role,
  reviewLimits,
} from "@aprendo/contract";
import { and, count, desc, eq, gt, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "../audit/audit";
import { catalogPolicy } from "../catalog/catalog.policy";
import { invalidateCatalog } from "../catalog/catalog-cache.service";
import { courseProgressOf, loadLearnerState, loadOutline } from "../catalog/outline.service";
import type { Db, DbOrTx } from "../db/client";
import { courseReviewReports, courseReviews, courses, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { localized, taughtIn, textLanguage } from "../lib/text";
import { updateRatingAggregates } from "./reviews.repository";

type ReviewRow = typeof courseReviews.$inferSelect;

/** "Ana G.": first name and the surname's initial, never the username or the whole name. */
export function reviewerName(user: { firstName: string; lastName: string; username: string }) {
  const first = user.firstName.trim();
  const initial = user.lastName.trim().charAt(0);
  if (!first) return user.username.charAt(0).toUpperCase() + user.username.slice(1);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** Moves a title's aggregates by one rating: +1 when a rating appears, -1 when it leaves. */
function shiftAggregates(tx: DbOrTx, courseId: number, rating: number, delta: 1 | -1) {
  return tx
    .update(courses)
    .set({
      ratingCount: sql`${courses.ratingCount} + ${delta}`,
      ratingDistribution: sql`(SELECT array_agg(CASE WHEN i = ${rating} THEN v + ${delta} ELSE v END ORDER BY i)
        FROM unnest(${courses.ratingDistribution}) WITH ORDINALITY AS d(v, i))`,
    })
    .where(eq(courses.id, courseId));
}

/** The average follows the counts (after the shifts of the same transaction). */
function settleAverage(tx: DbOrTx, courseId: number) {
  return tx
    .update(courses)
    .set({
      ratingAverage: sql`CASE WHEN ${courses.ratingCount} = 0 THEN 0 ELSE
        (SELECT sum(v * i)::real FROM unnest(${courses.ratingDistribution}) WITH ORDINALITY AS d(v, i)) / ${courses.ratingCount} END`,
    })
    .where(eq(courses.id, courseId));
}

async function visibleCourse(db: DbOrTx, courseId: number, user: CurrentUser | null) {
  const [row] = await db
    .select({ id: courses.id, status: courses.status })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!row || !catalogPolicy.allow(user, "see", row))
    throw new AppError("not_found", "catalog.courseNotFound");
  return row;
}

/** Whether the learner may rate: enrolled, and past the progress share. */
export async function eligibility(
  db: Db,
  user: CurrentUser,
  courseId: number,
): Promise<Omit<ReviewEligibility, "review">> {
  await visibleCourse(db, courseId, user);
  const [outline, state] = await Promise.all([
    loadOutline(db, courseId),
    loadLearnerState(db, user.id, courseId),
  ]);
  const required = reviewLimits.minProgressPercent;
  if (!state.enrolment)
    return { can_review: false, reason: "not_enrolled", progress_percent: 0, required_percent: required };
  const { completed_lectures, total_lectures } = courseProgressOf(outline, state.progress);
  // Compared on the exact share (3 of 15 is 20 %), not on the rounded percent shown.
  const percent = total_lectures ? Math.floor((completed_lectures * 100) / total_lectures) : 0;
  const enough = total_lectures > 0 && completed_lectures * 100 >= required * total_lectures;
  return {
    can_review: enough,
    reason: enough ? "ok" : "progress",
    progress_percent: percent,
    required_percent: required,
  };
}

const present = (
  row: ReviewRow,
  author: { firstName: string; lastName: string; username: string; languageId: number },
  viewerId: number | null,
  reported: boolean,
): CourseReview => ({
  id: row.id,
  rating: row.rating,
  body: row.body,
  // Read in its author's account language (WCAG 3.1.2; contract `authorLanguage`).
  language: languageById(author.languageId),
  author: reviewerName(author),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  mine: viewerId !== null && row.userId === viewerId,
  reported,
});

export async function myReview(db: Db, user: CurrentUser, courseId: number): Promise<ReviewEligibility> {
  const status = await eligibility(db, user, courseId);
  const [row] = await db
    .select({
      review: courseReviews,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      languageId: users.languageId,
    })
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, user.id)));
  return {
    ...status,
    review: row
      ? {
          ...present(row.review, row, user.id, false),
          hidden: row.review.hiddenAt !== null,
          hidden_reason: row.review.hiddenReason,
        }
      : null,
  };
}

/** Creates or edits the learner's review; the aggregates move with it when it is visible. */
export async function saveReview(
  db: Db,
  user: CurrentUser,
  courseId: number,
  input: { rating: number; body: string },
): Promise<void> {
  const status = await eligibility(db, user, courseId);
  if (status.reason === "not_enrolled") throw new AppError("forbidden", "review.notEnrolled");
  if (!status.can_review)
    throw new AppError("forbidden", "review.progressRequired", {
      params: { percent: reviewLimits.minProgressPercent },
    });
  await transaction(db, async (tx) => {
    // Locks the learner's row (if any) so two quick saves cannot both count as the first rating.
    const [before] = await tx
      .select()
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, user.id)))
      .for("update");
    if (before) {
      await tx
        .update(courseReviews)
        .set({ rating: input.rating, body: input.body, updatedAt: new Date() })
        .where(eq(courseReviews.id, before.id));
      if (before.hiddenAt === null && before.rating !== input.rating) {
        await shiftAggregates(tx, courseId, before.rating, -1);
        await shiftAggregates(tx, courseId, input.rating, 1);
        await settleAverage(tx, courseId);
      }
      return;
    }
    const [created] = await tx
      .insert(courseReviews)
      .values({ courseId, userId: user.id, rating: input.rating, body: input.body })
      .onConflictDoNothing()
      .returning({ id: courseReviews.id });
    // A concurrent first save won the insert: this one edits it instead.
    if (!created) {
      await tx
        .update(courseReviews)
        .set({ rating: input.rating, body: input.body, updatedAt: new Date() })
        .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, user.id)));
      return;
    }
    await shiftAggregates(tx, courseId, input.rating, 1);
    await settleAverage(tx, courseId);
  });
  // Cards of every list show the rating: the whole catalogue cache goes, not just this title.
  invalidateCatalog(db);
}

/** A title's visible reviews, newest first, optionally of one star count. */
export async function listReviews(
  db: Db,
  input: { courseId: number; user: CurrentUser | null; rating?: number; page: number; perPage: number },
): Promise<{ data: CourseReview[]; total: number }> {
  await visibleCourse(db, input.courseId, input.user);
  const viewerId = input.user?.roleId === Role.learner ? input.user.id : null;
  const where = and(
    eq(courseReviews.courseId, input.courseId),
    isNull(courseReviews.hiddenAt),
    input.rating ? eq(courseReviews.rating, input.rating) : undefined,
  );
  const reportedByViewer: SQL<boolean> =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`EXISTS (SELECT 1 FROM ${courseReviewReports} r WHERE r.review_id = ${courseReviews.id} AND r.user_id = ${viewerId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: courseReviews,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        languageId: users.languageId,
        reported: reportedByViewer,
      })
      .from(courseReviews)
      .innerJoin(users, eq(users.id, courseReviews.userId))
      .where(where)
      .orderBy(desc(courseReviews.updatedAt), desc(courseReviews.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ n: count() }).from(courseReviews).where(where),
  ]);
  return {
    data: rows.map((r) => present(r.review, r, viewerId, Boolean(r.reported))),
    total: total?.n ?? 0,
  };
}

/** A learner reports a visible review of someone else, once. */
export async function reportReview(db: Db, user: CurrentUser, reviewId: number, reason: string) {
  await transaction(db, async (tx) => {
    const [review] = await tx
      .select({ id: courseReviews.id, userId: courseReviews.userId, hiddenAt: courseReviews.hiddenAt })
      .from(courseReviews)
      .where(eq(courseReviews.id, reviewId));
    if (!review || review.hiddenAt) throw new AppError("not_found", "review.notFound");
    if (review.userId === user.id) throw new AppError("conflict", "review.ownReview");
    const [inserted] = await tx
      .insert(courseReviewReports)
      .values({ reviewId, userId: user.id, reason })
      .onConflictDoNothing()
      .returning({ id: courseReviewReports.id });
    if (!inserted) throw new AppError("conflict", "review.alreadyReported");
    await tx
      .update(courseReviews)
      .set({ reportCount: sql`${courseReviews.reportCount} + 1` })
      .where(eq(courseReviews.id, reviewId));
  });
}

const adminColumns = {
  review: courseReviews,
  username: users.username,
  languageId: users.languageId,
  titleEn: courses.titleEn,
  titleEs: courses.titleEs,
  teachingLanguage: courses.teachingLanguage,
};

function presentAdmin(
  r: {
    review: ReviewRow;
    username: string;
    languageId: number;
    titleEn: string;
    titleEs: string;
    teachingLanguage: string;
  },
  language: LanguageCode,
): AdminReview {
  return {
    id: r.review.id,
    course: {
      id: r.review.courseId,
      title: localized(language, r.titleEn, r.titleEs),
      title_lang: textLanguage(language, r.titleEn, r.titleEs, taughtIn(r)),
    },
    user: { id: r.review.userId, username: r.username },
    rating: r.review.rating,
    body: r.review.body,
    language: languageById(r.languageId),
    report_count: r.review.reportCount,
    hidden: r.review.hiddenAt !== null,
    hidden_reason: r.review.hiddenReason,
    created_at: r.review.createdAt.toISOString(),
    updated_at: r.review.updatedAt.toISOString(),
  };
}

export async function adminListReviews(
  db: Db,
  input: {
    filter: "reported" | "hidden" | "all";
    courseId?: number;
    rating?: number;
    sort?: AdminReviewSortKey | `-${AdminReviewSortKey}` | undefined;
    page: number;
    perPage: number;
    language: LanguageCode;
  },
) {
  const where = and(
    input.filter === "reported"
      ? and(gt(courseReviews.reportCount, 0), isNull(courseReviews.hiddenAt))
      : input.filter === "hidden"
        ? isNotNull(courseReviews.hiddenAt)
        : undefined,
    input.courseId ? eq(courseReviews.courseId, input.courseId) : undefined,
    input.rating ? eq(courseReviews.rating, input.rating) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(courseReviews)
      .innerJoin(users, eq(users.id, courseReviews.userId))
      .innerJoin(courses, eq(courses.id, courseReviews.courseId))
      .where(where)
      .orderBy(
        ...listOrder(
          input.sort,
          {
            title: sql`lower(${input.language === "es" ? courses.titleEs : courses.titleEn})`,
            author: sql`lower(${users.username})`,
            rating: courseReviews.rating,
            reports: courseReviews.reportCount,
            updated_at: courseReviews.updatedAt,
          },
          courseReviews.id,
          [
            ...(input.filter === "reported" ? [desc(courseReviews.reportCount)] : []),
            desc(courseReviews.updatedAt),
            desc(courseReviews.id),
          ],
        ),
      )
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ n: count() }).from(courseReviews).where(where),
  ]);
  return { data: rows.map((r) => presentAdmin(r, input.language)), total: total?.n ?? 0 };
}

async function adminReview(tx: DbOrTx, reviewId: number, language: LanguageCode) {
  const [row] = await tx
    .select(adminColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .innerJoin(courses, eq(courses.id, courseReviews.courseId))
    .where(eq(courseReviews.id, reviewId))
    .for("update", { of: courseReviews });
  if (!row) throw new AppError("not_found", "review.notFound");
  return { row, presented: presentAdmin(row, language) };
}

/**
 * Staff hide (with a reason) or show a review; the aggregates leave or take back its rating, and
 * the audit record is written in the same transaction.
 */
export async function moderateReview(
  db: Db,
  actor: AuditActor,
  input: { reviewId: number; hide: boolean; reason: string | null; language: LanguageCode },
): Promise<AdminReview> {
  const result = await transaction(db, async (tx) => {
    const { row, presented: before } = await adminReview(tx, input.reviewId, input.language);
    const wasHidden = row.review.hiddenAt !== null;
    await tx
      .update(courseReviews)
      .set(
        input.hide
          ? {
              hiddenAt: row.review.hiddenAt ?? new Date(),
              hiddenReason: input.reason,
              hiddenById: actor.userId,
            }
          : { hiddenAt: null, hiddenReason: null, hiddenById: null },
      )
      .where(eq(courseReviews.id, input.reviewId));
    if (wasHidden !== input.hide) {
      await shiftAggregates(tx, row.review.courseId, row.review.rating, input.hide ? -1 : 1);
      await settleAverage(tx, row.review.courseId);
    }
    const { presented: after } = await adminReview(tx, input.reviewId, input.language);
    await recordAudit(tx, actor, {
      action: input.hide ? "course_reviews.hide" : "course_reviews.show",
      entity: "course_reviews",
      entityId: input.reviewId,
      before,
      after,
    });
    return after;
  });
  invalidateCatalog(db);
  return result;
}

/**
 * Sets a title's aggregates from its visible reviews in one statement: for seeds and bench data
 * written in bulk (the request paths move them incrementally in the review's transaction).
 */
export async function recountRatings(db: DbOrTx, courseId?: number) {
  await updateRatingAggregates(db, courseId);
}
