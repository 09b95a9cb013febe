/**
 * How a lecture's state (spec section 4, decided by the server) looks and what it says: the badge,
 * whether the lecture opens, and the spec section 8 message when it does not.
 */
import type { LectureState } from "@aprendo/contract";

export type StateTone = "neutral" | "primary" | "accent" | "success" | "warning" | "info";

export type StateLook = {
  /** Key in the `learning` namespace (states.*). */
  label: string;
  tone: StateTone;
  /** The learner can open the lecture page. */
  opens: boolean;
  /** A contract message key explaining why it does not open (translated with translateMessage). */
  message: string | null;
  icon: "lock" | "clock" | "eyeOff" | "play" | "progress" | "check" | "award" | "preview";
};

export function stateLook(state: LectureState, options: { isPreview?: boolean } = {}): StateLook {
  switch (state) {
    case "locked":
      return {
        label: "states.locked",
        tone: "neutral",
        opens: false,
        message: "lecture.locked",
        icon: "lock",
      };
    case "not_published":
      return {
        label: "states.notPublished",
        tone: "neutral",
        opens: false,
        message: "lecture.notPublished",
        icon: "eyeOff",
      };
    case "coming_soon":
      return {
        label: "states.comingSoon",
        tone: "info",
        opens: false,
        message: "lecture.comingSoon",
        icon: "clock",
      };
    case "to_start":
      return { label: "states.toStart", tone: "primary", opens: true, message: null, icon: "play" };
    case "in_progress":
      return { label: "states.inProgress", tone: "warning", opens: true, message: null, icon: "progress" };
    case "completed":
      return { label: "states.completed", tone: "success", opens: true, message: null, icon: "check" };
    case "quiz_passed":
      return { label: "states.quizPassed", tone: "success", opens: true, message: null, icon: "award" };
    default:
      return options.isPreview
        ? { label: "states.preview", tone: "accent", opens: true, message: null, icon: "preview" }
        : {
            label: "states.enrolToWatch",
            tone: "neutral",
            opens: false,
            message: "catalog.notEnrolled",
            icon: "lock",
          };
  }
}

/** Lectures of an outline in the learner's order (levels, modules, lectures by position). */
export function flattenOutline<L extends { id: number }>(
  levels: ReadonlyArray<{ modules: ReadonlyArray<{ lectures: readonly L[] }> }>,
): L[] {
  return levels.flatMap((level) => level.modules.flatMap((module) => module.lectures));
}

/** The nearest earlier lecture that is published (locked lectures wait for it). */
export function previousPublished<L extends { id: number; state: LectureState }>(
  lectures: readonly L[],
  lectureId: number,
): L | null {
  const at = lectures.findIndex((l) => l.id === lectureId);
  for (let i = at - 1; i >= 0; i--) {
    const candidate = lectures[i];
    if (candidate && candidate.state !== "not_published" && candidate.state !== "coming_soon")
      return candidate;
  }
  return null;
}

/** The spec's bounds of a lecture question (catalogLimits in the contract; a test keeps them equal). */
export const questionBounds = { min: 10, max: 1_000 } as const;

/** A question's problem as a contract message key, or null when it may be sent. */
export function questionProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return "validation.required";
  if (length < questionBounds.min) return `lecture.questionTooShort?min=${questionBounds.min}`;
  if (length > questionBounds.max) return `lecture.questionTooLong?max=${questionBounds.max}`;
  return null;
}
