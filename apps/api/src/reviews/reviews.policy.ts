/** Who may do what with ratings and reviews: anyone reads a title's reviews, learners write and report them, course managers moderate. */
import { Role } from "@aprendo/contract";
import { anyone, definePolicy, flags, roles } from "../http/policy";

export const reviewsPolicy = definePolicy("reviews", {
  /** A title's visible reviews (a signed-in learner is known, to mark their own). */
  read: anyone,
  /** Rate and review a title, read one's own review, report another learner's. */
  write: roles(Role.learner),
  /** The back office's list of reviews, hide and show, and why learners reported one. */
  moderate: flags("isCourseManager"),
});
