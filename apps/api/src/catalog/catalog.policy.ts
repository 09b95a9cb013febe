/** Who may do what with titles and lectures: one small rule each, asked by the services. */
import { Role } from "@aprendo/contract";
import type { CurrentUser } from "../http/authenticate";

type Caller = CurrentUser | null;
type CourseLike = { status: "draft" | "coming_soon" | "published" };

/** Administrators who author, publish or answer questions may open any title and lecture, as a learner would. */
export function canPreviewAsAdmin(user: Caller): boolean {
  if (!user || user.roleId === Role.learner) return false;
  return user.permissions.some(
    (p) => p === "isCourseManager" || p === "isAbleToUpdateCourseStatus" || p === "isTicketLessonQAManager",
  );
}

/** Drafts exist only for their authors; coming-soon and published titles are listed to everyone. */
export function canSeeCourse(user: Caller, course: CourseLike): boolean {
  return course.status !== "draft" || canPreviewAsAdmin(user);
}

export function canChangeStatus(user: Caller): boolean {
  return Boolean(
    user && user.roleId !== Role.learner && user.permissions.includes("isAbleToUpdateCourseStatus"),
  );
}

export const isLearner = (user: Caller): user is CurrentUser => user?.roleId === Role.learner;
