/**
 * Who may do what with titles: anyone browses the published and coming-soon ones; learners enrol,
 * follow their own titles and keep a wishlist; staff open titles as a learner would to preview them;
 * course managers author, status managers publish, category managers keep the categories. Drafts
 * exist only for the administrators who author, publish or answer questions about them.
 */
import { Role } from "@aprendo/contract";
import { type Actor, anyone, definePolicy, flags, holdsAny, roles } from "../http/policy";

type CourseLike = { status: "draft" | "coming_soon" | "published" };

/** Administrators who author, publish or answer questions open any title and lecture, as a learner would. */
const preview = (actor: Actor) =>
  holdsAny(actor, "isCourseManager", "isAbleToUpdateCourseStatus", "isTicketLessonQAManager");

export const catalogPolicy = definePolicy("catalog", {
  /** The public catalogue: lists, a title's page, its cover (a signed-in visitor is known). */
  browse: anyone,
  /** A learner's own titles and dashboard, a category's titles, enrolling in a free title, the wishlist. */
  learn: roles(Role.learner),
  /** Open a title's page and its exams as a learner, or as staff previewing what learners see. */
  openTitle: roles(Role.learner, Role.admin, Role.headAdmin, Role.masterAdmin),
  /** Preview any title and lecture, drafts included, without being enrolled. */
  preview,
  /** See this title at all: drafts only for those who preview. */
  see: (actor: Actor, course: CourseLike) => course.status !== "draft" || preview(actor),
  /** Write titles, their structure, lectures, media and notes access. */
  author: flags("isCourseManager"),
  /** Read the authoring pages (to author, or to decide a status). */
  readAuthoring: flags("isCourseManager", "isAbleToUpdateCourseStatus"),
  /** Publish, withdraw or announce a title (its status). */
  changeStatus: flags("isAbleToUpdateCourseStatus"),
  /** Create, rename, order and delete categories. */
  manageCategories: flags("isCategoryManager"),
  /** The back office's list of categories (to keep them, or to file a title under one). */
  readCategories: flags("isCategoryManager", "isCourseManager"),
});
