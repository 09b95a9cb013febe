/**
 * A learner's wish list and "notify me" requests. Both are idempotent toggles:
 * adding twice keeps one row, removing what is not there answers the same. Enrolling removes a
 * title from the wish list in the enrolment's transaction (`grantEnrolment`, the checkout's order
 * statement in commerce.sql.ts, the back office's `grantCourseAccess`).
 */
import type { LanguageCode } from "@aprendo/contract";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, courseNotifyRequests, courses, wishlistItems } from "../db/schema/index";
import { setMark } from "../engagement/marks";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { catalogPolicy } from "./catalog.policy";
import { cardColumns, listedStatus, presentCards } from "./catalog.presenter";
import { findEnrolment, loadCourseRow } from "./catalog.service";

/** The title, when a learner may see it (coming soon or published); a draft is not found. */
async function listedCourse(db: Db, user: CurrentUser, courseId: number) {
  const row = await loadCourseRow(db, courseId);
  if (!catalogPolicy.allow(user, "see", row)) throw new AppError("not_found", "catalog.courseNotFound");
  return row;
}

export async function setWishlisted(db: Db, user: CurrentUser, courseId: number, on: boolean) {
  if (on) {
    await listedCourse(db, user, courseId);
    if (await findEnrolment(db, user.id, courseId)) throw new AppError("conflict", "wishlist.enrolled");
  }
  await setMark(db, wishlistItems, { userId: user.id, courseId }, on);
  return on ? "wishlist.added" : "wishlist.removed";
}

export async function setNotifyMe(db: Db, user: CurrentUser, courseId: number, on: boolean) {
  if (on) {
    const row = await listedCourse(db, user, courseId);
    if (row.status !== "coming_soon") throw new AppError("conflict", "notifyMe.notComingSoon");
  }
  // Only a waiting request is cancelled: one already answered stays as the record of the notice.
  await setMark(
    db,
    courseNotifyRequests,
    { userId: user.id, courseId },
    on,
    isNull(courseNotifyRequests.notifiedAt),
  );
  return on ? "notifyMe.on" : "notifyMe.off";
}

/** The ids behind the hearts and bells of every card the learner sees. */
export async function wishlistIds(db: Db, userId: number) {
  const [wished, waiting] = await Promise.all([
    db
      .select({ id: wishlistItems.courseId })
      .from(wishlistItems)
      .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
      .where(and(eq(wishlistItems.userId, userId), listedStatus)),
    db
      .select({ id: courseNotifyRequests.courseId })
      .from(courseNotifyRequests)
      .where(and(eq(courseNotifyRequests.userId, userId), isNull(courseNotifyRequests.notifiedAt))),
  ]);
  return { wishlist: wished.map((r) => r.id), notify: waiting.map((r) => r.id) };
}

/** The wish list's titles as cards, newest addition first; a title withdrawn to draft is left out. */
export async function listWishlist(
  db: Db,
  user: CurrentUser,
  input: { page: number; perPage: number; language: LanguageCode },
) {
  const where = and(eq(wishlistItems.userId, user.id), listedStatus);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cardColumns, addedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .where(where)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.courseId))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db
      .select({ n: count() })
      .from(wishlistItems)
      .innerJoin(courses, eq(courses.id, wishlistItems.courseId))
      .where(where),
  ]);
  // Enrolling removes a title, so every card here is one the learner is not enrolled in.
  const cards = await presentCards(db, rows, input.language);
  return {
    data: cards.map((card, i) => ({ ...card, added_at: rows[i]!.addedAt.toISOString() })),
    total: total?.n ?? 0,
  };
}
