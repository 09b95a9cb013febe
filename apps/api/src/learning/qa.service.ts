/**
 * Lecture Q&A: a learner asks on a lecture, publicly (every learner of the title reads, upvotes,
 * follows and answers it) or privately (only the author and staff see it); administrators with the
 * lesson Q&A permission list, answer (marked as staff) and hide questions. An answer notifies the
 * author and the followers (type 4, opening the lecture at #qa). See docs/engagement.md.
 */
import {
  type LanguageCode,
  type LectureQuestion,
  type LectureQuestionSort,
  languageById,
  messageKey,
  messages,
  NotificationType,
  type QaItem,
  type QaSortKey,
  translate,
} from "@aprendo/contract";
import { and, asc, count, desc, eq, exists, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import {
  courseLevels,
  courseModules,
  courses,
  lectureAnswers,
  lectureQuestionFollows,
  lectureQuestions,
  lectureQuestionVotes,
  lectures,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { setMark } from "../engagement/marks";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";
import { listOrder } from "../http/sorting";
import { fullName, iso, localized, taughtIn } from "../lib/text";
import { type NotifyInput, notifyMany } from "../notifications/notifications.service";
import { resolveLecture } from "./lecture-access.service";

type QuestionRow = typeof lectureQuestions.$inferSelect;

async function answersOf(db: Db, questionIds: number[]) {
  if (questionIds.length === 0) return new Map<number, LectureQuestion["answers"]>();
  const rows = await db
    .select({
      id: lectureAnswers.id,
      questionId: lectureAnswers.questionId,
      body: lectureAnswers.body,
      isStaff: lectureAnswers.isStaff,
      createdAt: lectureAnswers.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      languageId: users.languageId,
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
      // Learners see the team's and each other's first name only.
      author_name: r.firstName || r.username || "",
      is_staff: r.isStaff,
      // An erased author's answer keeps no account: read in the product's default language.
      language: languageById(r.languageId ?? undefined),
      created_at: r.createdAt.toISOString(),
    });
    map.set(r.questionId, list);
  }
  return map;
}

/** What the reader has to do with a question; staff reading the desk neither voted nor follows. */
/** `authorLanguageId`: the author's account language, the language their text is read in (WCAG 3.1.2). */
type ReaderFacts = {
  authorName: string;
  authorLanguageId: number;
  voted: boolean;
  following: boolean;
  mine: boolean;
};

function presentQuestion(
  row: QuestionRow,
  answers: LectureQuestion["answers"],
  facts: ReaderFacts,
): LectureQuestion {
  return {
    id: row.id,
    lecture_id: row.lectureId,
    course_id: row.courseId,
    body: row.body,
    language: languageById(facts.authorLanguageId),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: iso(row.answeredAt),
    answers,
    is_public: row.isPublic,
    author_name: facts.authorName,
    votes: row.votes,
    voted: facts.voted,
    following: facts.following,
    mine: facts.mine,
    hidden: row.hiddenAt !== null,
  };
}

async function learnerOnLecture(db: Db, user: CurrentUser, lectureId: number) {
  if (!isLearner(user)) throw new AppError("forbidden");
  const access = await resolveLecture(db, user, lectureId);
  if (access.mode !== "learner") throw new AppError("forbidden", "catalog.notEnrolled");
  return access.lecture;
}

/** A learner reads their own questions and the public ones nobody hid. */
const readableBy = (userId: number) =>
  or(
    eq(lectureQuestions.userId, userId),
    and(eq(lectureQuestions.isPublic, true), isNull(lectureQuestions.hiddenAt)),
  ) as SQL;

const hasAnswer = (db: Db) =>
  exists(
    db.select({ one: sql`1` }).from(lectureAnswers).where(eq(lectureAnswers.questionId, lectureQuestions.id)),
  );

function readerQuery(db: Db, userId: number) {
  return db
    .select({
      question: lectureQuestions,
      firstName: users.firstName,
      username: users.username,
      languageId: users.languageId,
      voted: exists(
        db
          .select({ one: sql`1` })
          .from(lectureQuestionVotes)
          .where(
            and(
              eq(lectureQuestionVotes.questionId, lectureQuestions.id),
              eq(lectureQuestionVotes.userId, userId),
            ),
          ),
      ).mapWith(Boolean),
      following: exists(
        db
          .select({ one: sql`1` })
          .from(lectureQuestionFollows)
          .where(
            and(
              eq(lectureQuestionFollows.questionId, lectureQuestions.id),
              eq(lectureQuestionFollows.userId, userId),
            ),
          ),
      ).mapWith(Boolean),
    })
    .from(lectureQuestions)
    .innerJoin(users, eq(users.id, lectureQuestions.userId));
}

type ReaderRow = Awaited<ReturnType<ReturnType<typeof readerQuery>["execute"]>>[number];

async function presentForReader(db: Db, userId: number, rows: ReaderRow[]) {
  const answers = await answersOf(
    db,
    rows.map((r) => r.question.id),
  );
  return rows.map((r) =>
    presentQuestion(r.question, answers.get(r.question.id) ?? [], {
      authorName: r.firstName || r.username,
      authorLanguageId: r.languageId,
      voted: r.voted,
      following: r.following,
      mine: r.question.userId === userId,
    }),
  );
}

/** The most a lecture's thread returns at once; a busier lecture shows its newest or best 200. */
const threadLimit = 200;

/**
 * A lecture's thread for an enrolled learner: the public questions and their own private ones,
 * newest first, most voted first, or only those nobody answered yet.
 */
export async function lectureQuestionsFor(
  db: Db,
  user: CurrentUser,
  lectureId: number,
  sort: LectureQuestionSort = "newest",
) {
  await learnerOnLecture(db, user, lectureId);
  const rows = await readerQuery(db, user.id)
    .where(
      and(
        eq(lectureQuestions.lectureId, lectureId),
        readableBy(user.id),
        sort === "unanswered" ? sql`not ${hasAnswer(db)}` : undefined,
      ),
    )
    .orderBy(
      ...(sort === "votes"
        ? [desc(lectureQuestions.votes), desc(lectureQuestions.id)]
        : [desc(lectureQuestions.id)]),
    )
    .limit(threadLimit);
  return { data: await presentForReader(db, user.id, rows) };
}

/** One question as the learner sees it; another learner's private or hidden one is "not found". */
async function readableQuestion(db: Db, user: CurrentUser, id: number) {
  const [row] = await readerQuery(db, user.id).where(and(eq(lectureQuestions.id, id), readableBy(user.id)));
  if (!row) throw new AppError("not_found", "lecture.questionNotFound");
  // Enrolment is checked on the question's lecture, so leaving a title closes its thread too.
  await learnerOnLecture(db, user, row.question.lectureId);
  return row;
}

async function questionFor(db: Db, user: CurrentUser, id: number) {
  const row = await readableQuestion(db, user, id);
  const [question] = await presentForReader(db, user.id, [row]);
  return question!;
}

export async function askQuestion(
  db: Db,
  user: CurrentUser,
  lectureId: number,
  input: { body: string; is_public: boolean },
) {
  const lecture = await learnerOnLecture(db, user, lectureId);
  const [row] = await db
    .insert(lectureQuestions)
    .values({
      lectureId,
      courseId: lecture.courseId,
      userId: user.id,
      body: input.body,
      isPublic: input.is_public,
    })
    .returning();
  return questionFor(db, user, row!.id);
}

/** The author makes their question public or private again. */
export async function setQuestionVisibility(db: Db, user: CurrentUser, id: number, isPublic: boolean) {
  const row = await readableQuestion(db, user, id);
  // Only the author decides; to anyone else another's question is simply not theirs to change.
  if (row.question.userId !== user.id) throw new AppError("forbidden");
  await db.update(lectureQuestions).set({ isPublic }).where(eq(lectureQuestions.id, id));
  return questionFor(db, user, id);
}

/**
 * One vote per learner: the (question, learner) primary key makes concurrent votes collapse to one,
 * and the counter only moves when a row was really added or removed, in the same transaction.
 */
export async function setVote(db: Db, user: CurrentUser, id: number, on: boolean) {
  await readableQuestion(db, user, id);
  await transaction(db, async (tx) => {
    if (!(await setMark(tx, lectureQuestionVotes, { questionId: id, userId: user.id }, on))) return;
    await tx
      .update(lectureQuestions)
      .set({ votes: sql`${lectureQuestions.votes} + ${on ? 1 : -1}` })
      .where(eq(lectureQuestions.id, id));
  });
  return questionFor(db, user, id);
}

export async function setFollow(db: Db, user: CurrentUser, id: number, on: boolean) {
  await readableQuestion(db, user, id);
  await setMark(db, lectureQuestionFollows, { questionId: id, userId: user.id }, on);
  return questionFor(db, user, id);
}

/**
 * Tells the author ("your question was answered") and every follower ("a question you follow")
 * of a new answer, never the one who wrote it; inside the answer's transaction.
 */
async function notifyOfAnswer(tx: Tx, question: QuestionRow, answererId: number) {
  const [lecture] = await tx
    .select({
      titleEn: lectures.titleEn,
      titleEs: lectures.titleEs,
      teachingLanguage: courses.teachingLanguage,
    })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(eq(lectures.id, question.lectureId));
  const followers = await tx
    .select({ userId: lectureQuestionFollows.userId })
    .from(lectureQuestionFollows)
    .where(eq(lectureQuestionFollows.questionId, question.id));
  const titles = {
    en: lecture?.titleEn ?? "",
    es: localized("es", lecture?.titleEn ?? "", lecture?.titleEs ?? ""),
  };
  const text = (key: string, lang: LanguageCode) =>
    translate(messages, lang, messageKey(key, { lecture: titles[lang] }));
  const message = (userId: number, kind: "Answered" | "Followed"): NotifyInput => ({
    userId,
    type: NotificationType.lessonQaTicket,
    title: {
      en: translate(messages, "en", `lecture.qa${kind}Title`),
      es: translate(messages, "es", `lecture.qa${kind}Title`),
    },
    description: { en: text(`lecture.qa${kind}Body`, "en"), es: text(`lecture.qa${kind}Body`, "es") },
    quote: { en: titles.en, es: lecture?.titleEs ?? "", taught: lecture ? taughtIn(lecture) : undefined },
    action: {
      redirect: { id: question.id, courseId: question.courseId, lessonId: question.lectureId },
    },
  });
  const inputs: NotifyInput[] = [];
  if (question.userId !== answererId) inputs.push(message(question.userId, "Answered"));
  for (const { userId } of followers) {
    if (userId !== answererId && userId !== question.userId) inputs.push(message(userId, "Followed"));
  }
  await notifyMany({ db: tx }, inputs);
}

/**
 * A learner answers a public question (or adds to their own). The question's status stays the
 * team's: the back-office desk still lists it as waiting until staff answer.
 */
export async function answerAsLearner(db: Db, user: CurrentUser, id: number, body: string) {
  const row = await readableQuestion(db, user, id);
  if (row.question.hiddenAt) throw new AppError("not_found", "lecture.questionNotFound");
  await transaction(db, async (tx) => {
    await tx.insert(lectureAnswers).values({ questionId: id, adminId: user.id, isStaff: false, body });
    await notifyOfAnswer(tx, row.question, user.id);
  });
  return questionFor(db, user, id);
}

// ---------- administrators ----------

const qaColumns = {
  question: lectureQuestions,
  learnerId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  languageId: users.languageId,
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
    ...presentQuestion(row.question, answers, {
      authorName: row.firstName || row.username,
      authorLanguageId: row.languageId,
      voted: false,
      following: false,
      mine: false,
    }),
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
    sort?: QaSortKey | `-${QaSortKey}` | undefined;
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
      .orderBy(
        ...listOrder(
          query.sort,
          {
            created_at: lectureQuestions.createdAt,
            lecture: sql`lower(${language === "es" ? lectures.titleEs : lectures.titleEn})`,
            learner: sql`lower(${users.username})`,
            status: lectureQuestions.status,
          },
          lectureQuestions.id,
          [query.status === "unanswered" ? asc(lectureQuestions.id) : desc(lectureQuestions.id)],
        ),
      )
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
  await transaction(db, async (tx) => {
    const [question] = await tx
      .select()
      .from(lectureQuestions)
      .where(eq(lectureQuestions.id, id))
      .for("update");
    if (!question) throw new AppError("not_found", "lecture.questionNotFound");
    await tx
      .insert(lectureAnswers)
      .values({ questionId: id, adminId: admin.id, isStaff: true, body: answer });
    await tx
      .update(lectureQuestions)
      .set({ status: "answered", answeredAt: new Date() })
      .where(eq(lectureQuestions.id, id));
    await notifyOfAnswer(tx, question, admin.id);
  });
  return getQa(db, id, language);
}

/** A moderator hides a question from the title's learners (its author still sees it) or shows it again. */
export async function setQaHidden(db: Db, id: number, hidden: boolean, language: LanguageCode) {
  const [row] = await db
    .update(lectureQuestions)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(lectureQuestions.id, id))
    .returning({ id: lectureQuestions.id });
  if (!row) throw new AppError("not_found", "lecture.questionNotFound");
  return getQa(db, id, language);
}
