/**
 * Ratings and reviews of titles.
 *
 * Public (guests; a learner token is optional):
 *   GET  /courses/:id/reviews?rating&page&per_page   visible reviews, newest first
 *   GET  /courses/suggest?q=                         title suggestions while typing (catalogue search)
 * Learner (role 1):
 *   GET  /iu/courses/:id/review                      the learner's review and whether they may rate
 *   PUT  /iu/courses/:id/review                      rate 1-5 with an optional review; one per learner, editable
 *   POST /iu/reviews/:id/report                      report a review (once per learner and review)
 * Administrators (isCourseManager, audited):
 *   GET  /af/reviews?filter=reported|hidden|all&course_id&rating&page   reviews to moderate
 *   GET  /af/reviews/:id/reports                                  the learners' reports of a review
 *   PUT  /af/reviews/:id/hide   { reason }                        hide with a reason (leaves the aggregates)
 *   PUT  /af/reviews/:id/show                                     show again
 */
import { z } from "zod";
import { pageQuery, paginated, sortQuery } from "./common";
import { count, msg, optionalId, text } from "./validators";

export const reviewLimits = {
  /** The share of a title's published lectures a learner must have completed to rate it. */
  minProgressPercent: 20,
  bodyMin: 20,
  bodyMax: 2_000,
  reasonMin: 5,
  reasonMax: 500,
} as const;

const isoDate = z.string();

export const courseReview = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  body: z.string(),
  /** The body's language: its author's account language (catalog.ts `authorLanguage`, WCAG 3.1.2). */
  language: z.enum(["en", "es"]),
  /** The reviewer's first name and surname initial only. */
  author: z.string(),
  created_at: isoDate,
  updated_at: isoDate,
  /** For a logged-in learner: their own review, and whether they reported it. */
  mine: z.boolean(),
  reported: z.boolean(),
});
export type CourseReview = z.infer<typeof courseReview>;
export const courseReviewList = paginated(courseReview);
export type CourseReviewList = z.infer<typeof courseReviewList>;
export const courseReviewQuery = pageQuery.extend({ rating: count(1, 5).optional() });

/** PUT /iu/courses/:id/review: a rating, and a review text that is either empty or within bounds. */
export const reviewRequest = z.object({
  rating: count(1, 5),
  body: z
    .string()
    .trim()
    .max(reviewLimits.bodyMax, { error: msg.max(reviewLimits.bodyMax) })
    .default("")
    .refine((v) => v.length === 0 || v.length >= reviewLimits.bodyMin, {
      error: msg.min(reviewLimits.bodyMin),
    }),
});
export type ReviewRequest = z.infer<typeof reviewRequest>;

/** Why a learner may not rate yet: not enrolled, or below the progress share. */
export const reviewEligibility = z.object({
  can_review: z.boolean(),
  reason: z.enum(["ok", "not_enrolled", "progress"]),
  progress_percent: z.number().int(),
  required_percent: z.number().int(),
  review: courseReview.extend({ hidden: z.boolean(), hidden_reason: z.string().nullable() }).nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibility>;

export const reviewReportRequest = z.object({
  reason: z.string().trim().max(reviewLimits.reasonMax).default(""),
});

export const reviewHideRequest = z.object({ reason: text(reviewLimits.reasonMin, reviewLimits.reasonMax) });

export const adminReviewSortKeys = ["title", "author", "rating", "reports", "updated_at"] as const;
export type AdminReviewSortKey = (typeof adminReviewSortKeys)[number];
export const adminReviewQuery = pageQuery.extend({
  filter: z.enum(["reported", "hidden", "all"]).default("reported"),
  course_id: optionalId,
  /** Only reviews of that many stars. */
  rating: count(1, 5).optional(),
  sort: sortQuery(adminReviewSortKeys),
});
export const adminReview = z.object({
  id: z.number().int(),
  /** `title_lang`: the name's language when not the request's (a name written the same in both, WCAG 3.1.2). */
  course: z.object({ id: z.number().int(), title: z.string(), title_lang: z.enum(["en", "es"]).optional() }),
  user: z.object({ id: z.number().int(), username: z.string() }),
  rating: z.number().int(),
  body: z.string(),
  language: z.enum(["en", "es"]),
  report_count: z.number().int(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  created_at: isoDate,
  updated_at: isoDate,
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewList = paginated(adminReview);
/** A review hidden or shown again, with the message saying which. */
export const adminReviewModerated = adminReview.extend({ message: z.string() });

/** GET /af/reviews/:id/reports: what the learners who reported a review said, newest first. */
export const adminReviewReport = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  reason: z.string(),
  created_at: isoDate,
});
export type AdminReviewReport = z.infer<typeof adminReviewReport>;
export const adminReviewReports = z.object({ data: z.array(adminReviewReport) });

export const courseSuggestQuery = z.object({ q: z.string().trim().max(100) });
export const courseSuggestions = z.object({
  data: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type CourseSuggestions = z.infer<typeof courseSuggestions>;
