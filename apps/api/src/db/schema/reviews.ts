/**
 * Ratings and reviews of titles: one per learner and title, editable; staff hide
 * a review with a reason; learners report a review once each. The title's rating aggregates live on
 * `courses` (rating_count, rating_average, rating_distribution), kept in the same transaction.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courses } from "./catalog";

export const courseReviews = pgTable(
  "course_reviews",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    /** Optional text; empty for a rating without a review. */
    body: text().notNull().default(""),
    /** Set when staff hid it: hidden reviews leave the page and the aggregates. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenById: integer().references(() => users.id, { onDelete: "set null" }),
    reportCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("course_reviews_course_user_unique").on(t.courseId, t.userId),
    index("course_reviews_course_idx").on(t.courseId, t.updatedAt.desc(), t.id),
    index("course_reviews_reported_idx").on(t.reportCount.desc(), t.id).where(sql`${t.reportCount} > 0`),
    check("course_reviews_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const courseReviewReports = pgTable(
  "course_review_reports",
  {
    id: serial().primaryKey(),
    reviewId: integer()
      .notNull()
      .references(() => courseReviews.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("course_review_reports_unique").on(t.reviewId, t.userId)],
);
