/**
 * Lecture Q&A: a learner asks on a lecture and sees the answers; administrators with the lesson
 * Q&A permission list and answer, which notifies the learner (type 4, opening the lecture at #qa).
 */
import {
  type LanguageCode,
  type LectureQuestion,
  messageKey,
  messages,
  NotificationType,
  type QaItem,
  translate,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { isLearner } from "../catalog/catalog.policy";
import { fullName, iso, localized } from "../catalog/catalog.text";
import type { Db } from "../db/client";
import {
  courseLevels,
  courseModules,
  courses,
  lectureAnswers,
  lectureQuestions,
  lectures,
  users,
} from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { notify } from "../notifications/notifications.service";
import { resolveLecture } from "./lecture.access";

type QuestionRow = typeof lectureQuestions.$inferSelect;

async function answersOf(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return new Map<number, LectureQuestion["answers"]>();
  const rows = await db
    .select({
      id: lectureAnswers.id,
      questionId: lectureAnswers.questionId,
      body: lectureAnswers.body,
      createdAt: lectureAnswers.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(lectureAnswers)
    .leftJoin(users, eq(users.id, lectureAnswers.adminId))
    .where(inArray(lectureAnswers.questionId, questionIds))
    .orderBy(asc(lectureAnswers.id));
  const map = new Map<number, LectureQuestion["answers"]>();
  for (const r of rows) {
    const list = map.get(r.questionId) ?? [];
    list.push({
      id: r.id,
      body: r.body,
      // Learners see the team's first name only.
      author_name: r.firstName || r.username || "",
      created_at: r.createdAt.toISOString(),
    });
    map.set(r.questionId, list);
  }
  return map;
}

function presentQuestion(row: QuestionRow, answers: LectureQuestion["answers"]): LectureQuestion {
  return {
    id: row.id,
    lecture_id: row.lectureId,
    course_id: row.courseId,
    body: row.body,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: iso(row.answeredAt),
    answers,
  };
}

async function learnerOnLecture(db: Db, user: CurrentUser, lectureId: number) {
  if (!isLearner(user)) throw new AppError("forbidden");
  const access = await resolveLecture(db, user, lectureId);
  if (access.mode !== "learner") throw new AppError("forbidden", "catalog.notEnrolled");
  return access.lecture;
}

export async function myQuestions(db: Db, user: CurrentUser, lectureId: number) {
  await learnerOnLecture(db, user, lectureId);
  const rows = await db
    .select()
    .from(lectureQuestions)
    .where(and(eq(lectureQuestions.userId, user.id), eq(lectureQuestions.lectureId, lectureId)))
    .orderBy(desc(lectureQuestions.id));
  const answers = await answersOf(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => presentQuestion(r, answers.get(r.id) ?? [])) };
}

export async function askQuestion(db: Db, user: CurrentUser, lectureId: number, body: string) {
  const lecture = await learnerOnLecture(db, user, lectureId);
  const [row] = await db
    .insert(lectureQuestions)
    .values({ lectureId, courseId: lecture.courseId, userId: user.id, body })
    .returning();
  return presentQuestion(row!, []);
}

// ---------- administrators ----------

const qaColumns = {
  question: lectureQuestions,
  learnerId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  courseEn: courses.titleEn,
  courseEs: courses.titleEs,
  lectureEn: lectures.titleEn,
  lectureEs: lectures.titleEs,
  moduleEn: courseModules.titleEn,
  moduleEs: courseModules.titleEs,
  levelEn: courseLevels.titleEn,
  levelEs: courseLevels.titleEs,
};

function qaQuery(db: Db) {
  return db
    .select(qaColumns)
    .from(lectureQuestions)
    .innerJoin(users, eq(users.id, lectureQuestions.userId))
    .innerJoin(lectures, eq(lectures.id, lectureQuestions.lectureId))
    .innerJoin(courses, eq(courses.id, lectureQuestions.courseId))
    .innerJoin(courseModules, eq(courseModules.id, lectures.moduleId))
    .innerJoin(courseLevels, eq(courseLevels.id, courseModules.levelId));
}

type QaRow = Awaited<ReturnType<ReturnType<typeof qaQuery>["execute"]>>[number];

function presentQa(row: QaRow, answers: LectureQuestion["answers"], language: LanguageCode): QaItem {
  return {
    ...presentQuestion(row.question, answers),
    learner: { id: row.learnerId, username: row.username, name: fullName(row) },
    course_title: localized(language, row.courseEn, row.courseEs),
    lecture_title: localized(language, row.lectureEn, row.lectureEs),
    module_title: localized(language, row.moduleEn, row.moduleEs),
    level_title: localized(language, row.levelEn, row.levelEs),
  };
}

export async function listQas(
  db: Db,
  query: {
    status: "unanswered" | "answered" | "all";
    course_id?: number | undefined;
    page: number;
    per_page: number;
  },
  language: LanguageCode,
) {
  const where = and(
    query.status === "all" ? undefined : eq(lectureQuestions.status, query.status),
    query.course_id ? eq(lectureQuestions.courseId, query.course_id) : undefined,
  ) as SQL | undefined;
  const [rows, [total]] = await Promise.all([
    qaQuery(db)
      .where(where)
      // Oldest waiting first for the unanswered queue; newest first otherwise.
      .orderBy(query.status === "unanswered" ? asc(lectureQuestions.id) : desc(lectureQuestions.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(lectureQuestions).where(where),
  ]);
  const answers = await answersOf(
    db,
    rows.map((r) => r.question.id),
  );
  return {
    data: rows.map((r) => presentQa(r, answers.get(r.question.id) ?? [], language)),
    total: total?.n ?? 0,
  };
}

export async function getQa(db: Db, id: number, language: LanguageCode): Promise<QaItem> {
  const [row] = await qaQuery(db).where(eq(lectureQuestions.id, id));
  if (!row) throw new AppError("not_found", "lecture.questionNotFound");
  const answers = await answersOf(db, [id]);
  return presentQa(row, answers.get(id) ?? [], language);
}

/** Answers a question and tells the learner, in one transaction (the notification leaves on commit). */
export async function answerQa(
  db: Db,
  admin: CurrentUser,
  id: number,
  answer: string,
  language: LanguageCode,
) {
  await db.transaction(async (tx) => {
    const [question] = await tx
      .select()
      .from(lectureQuestions)
      .where(eq(lectureQuestions.id, id))
      .for("update");
    if (!question) throw new AppError("not_found", "lecture.questionNotFound");
    await tx.insert(lectureAnswers).values({ questionId: id, adminId: admin.id, body: answer });
    await tx
      .update(lectureQuestions)
      .set({ status: "answered", answeredAt: new Date() })
      .where(eq(lectureQuestions.id, id));
    const [lecture] = await tx
      .select({ titleEn: lectures.titleEn, titleEs: lectures.titleEs })
      .from(lectures)
      .where(eq(lectures.id, question.lectureId));
    const body = (lang: LanguageCode, title: string) =>
      translate(messages, lang, messageKey("lecture.qaAnsweredBody", { lecture: title }));
    await notify(
      { db: tx },
      {
        userId: question.userId,
        type: NotificationType.lessonQaTicket,
        title: {
          en: translate(messages, "en", "lecture.qaAnsweredTitle"),
          es: translate(messages, "es", "lecture.qaAnsweredTitle"),
        },
        description: {
          en: body("en", lecture?.titleEn ?? ""),
          es: body("es", localized("es", lecture?.titleEn ?? "", lecture?.titleEs ?? "")),
        },
        action: { redirect: { id, courseId: question.courseId, lessonId: question.lectureId } },
      },
    );
  });
  return getQa(db, id, language);
}
