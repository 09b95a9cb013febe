/**
 * The module and level exams of a title as its page shows them (`GET /api/iu/courses/:id/exams`):
 * each exam with the learner's state. An exam stays locked until every published lecture of its
 * module or level is completed; then it is available, in progress, passed, or (a paid exam with no
 * attempt left) waiting to be bought. Administrators previewing the title see every exam open.
 */
import { type CourseExamList, type courseExamStates, type LanguageCode, quizLimits } from "@aprendo/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { examAccesses, quizAttempts, quizzes } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";
import { localized } from "../lib/text";
import { catalogPolicy } from "./catalog.policy";
import { loadCourseRow } from "./catalog.service";
import {
  type CourseOutline,
  loadLearnerState,
  loadOutline,
  type OutlineLecture,
  type ProgressRow,
} from "./outline.service";

/**
 * The outline's lock of an exam, the one rule for the title page and for starting the exam (the
 * quiz engine refuses a locked exam by any route): open once every published lecture of its module
 * or level is completed.
 */
function lectureCounts(lectures: OutlineLecture[], progress: ReadonlyMap<number, ProgressRow>) {
  const published = lectures.filter((l) => l.status === "published");
  const total = published.length;
  const completed = published.filter((l) => progress.get(l.id)?.completedAt).length;
  return { total, completed, open: completed >= total };
}

/** Whether a learner with this progress may open the exam of a module or level (lectureCounts). */
export function isExamOpen(
  outline: CourseOutline,
  exam: { kind: "module" | "level"; ownerId: number },
  progress: ReadonlyMap<number, ProgressRow>,
): boolean {
  const owner = examOwners(outline).find((o) => o.kind === exam.kind && o.ownerId === exam.ownerId);
  return owner ? lectureCounts(owner.lectures, progress).open : false;
}

function examOwners(outline: CourseOutline) {
  const owners: Array<{
    kind: "module" | "level";
    ownerId: number;
    quizId: number;
    titleEn: string;
    titleEs: string;
    lectures: OutlineLecture[];
  }> = [];
  for (const level of outline.levels) {
    for (const module of level.modules)
      if (module.examQuizId)
        owners.push({
          kind: "module",
          ownerId: module.id,
          quizId: module.examQuizId,
          titleEn: module.titleEn,
          titleEs: module.titleEs,
          lectures: module.lectures,
        });
    if (level.examQuizId)
      owners.push({
        kind: "level",
        ownerId: level.id,
        quizId: level.examQuizId,
        titleEn: level.titleEn,
        titleEs: level.titleEs,
        lectures: level.modules.flatMap((m) => m.lectures),
      });
  }
  return owners;
}

export async function courseExams(
  db: Db,
  input: { courseId: number; user: CurrentUser; language: LanguageCode },
): Promise<CourseExamList> {
  const { courseId, user, language } = input;
  const row = await loadCourseRow(db, courseId);
  if (!catalogPolicy.allow(user, "see", row)) throw new AppError("not_found", "catalog.courseNotFound");
  const preview = !isLearner(user) && catalogPolicy.allow(user, "preview");
  if (!isLearner(user) && !preview) throw new AppError("forbidden");
  const outline = await loadOutline(db, courseId);
  const owners = examOwners(outline);
  if (owners.length === 0) return { data: [] };

  const quizIds = owners.map((o) => o.quizId);
  const [quizRows, state] = await Promise.all([
    db
      .select({
        id: quizzes.id,
        status: quizzes.status,
        isPaid: quizzes.isPaid,
        pricePence: quizzes.pricePence,
        currency: quizzes.currency,
        passMarkPercent: quizzes.passMarkPercent,
      })
      .from(quizzes)
      .where(inArray(quizzes.id, quizIds)),
    preview
      ? Promise.resolve({ enrolment: null, progress: new Map<number, ProgressRow>() })
      : loadLearnerState(db, user.id, courseId),
  ]);
  const quizById = new Map(quizRows.filter((q) => q.status === "published").map((q) => [q.id, q]));
  const published = owners.filter((o) => quizById.has(o.quizId));
  if (published.length === 0) return { data: [] };

  const mine = !preview && state.enrolment !== null;
  const [attemptRows, accessRows] = mine
    ? await Promise.all([
        db
          .select({
            quizId: quizAttempts.quizId,
            passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
            inProgress: sql<boolean>`bool_or(${quizAttempts.status} = 'in_progress' and ${quizAttempts.deadlineAt} > now())`,
            best: sql<number | null>`max(${quizAttempts.scorePercent})::int`,
          })
          .from(quizAttempts)
          .where(and(eq(quizAttempts.userId, user.id), inArray(quizAttempts.quizId, quizIds)))
          .groupBy(quizAttempts.quizId),
        db
          .select({
            quizId: examAccesses.quizId,
            left: sql<number>`coalesce(sum(${quizLimits.attemptsPerAccess} - ${examAccesses.attemptsUsed}), 0)::int`,
          })
          .from(examAccesses)
          .where(
            and(
              eq(examAccesses.userId, user.id),
              inArray(examAccesses.quizId, quizIds),
              isNull(examAccesses.revokedAt),
            ),
          )
          .groupBy(examAccesses.quizId),
      ])
    : [[], []];
  const attempts = new Map(attemptRows.map((a) => [a.quizId, a]));
  const accessLeft = new Map(accessRows.map((a) => [a.quizId, a.left]));

  return {
    data: published.map((owner) => {
      const quiz = quizById.get(owner.quizId)!;
      const counts = lectureCounts(owner.lectures, state.progress);
      const attempt = attempts.get(quiz.id);
      const attemptsLeft = quiz.isPaid && !preview ? (accessLeft.get(quiz.id) ?? 0) : null;
      const complete = counts.open;
      const examState: (typeof courseExamStates)[number] = preview
        ? "available"
        : attempt?.passed
          ? "passed"
          : !complete || !mine
            ? "locked"
            : attempt?.inProgress
              ? "in_progress"
              : quiz.isPaid && (attemptsLeft ?? 0) <= 0
                ? "buy"
                : "available";
      return {
        kind: owner.kind,
        owner_id: owner.ownerId,
        quiz_id: quiz.id,
        title: localized(language, owner.titleEn, owner.titleEs),
        state: examState,
        is_paid: quiz.isPaid,
        price_pence: quiz.pricePence,
        currency: quiz.currency,
        pass_mark_percent: quiz.passMarkPercent,
        attempts_left: attemptsLeft,
        best_score_percent: attempt?.best ?? null,
        lectures_total: counts.total,
        lectures_completed: counts.completed,
      };
    }),
  };
}
