/** The lecture page: its detail, the video progress that unlocks the next lecture, the quiz gate. */
import type {
  LanguageCode,
  LectureDetail,
  LectureState,
  ProgressReport,
  ProgressResult,
} from "@aprendo/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { cached } from "../catalog/catalog-cache.service";
import { lectureStates, type ProgressRow, watchedPercent } from "../catalog/outline.service";
import { issueDueCertificates } from "../certificates/certificates.service";
import type { Config } from "../config/config";
import type { Db, DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { ebookReads, lectureEbooks, lectureFaqs, lectureProgress } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { signMediaToken } from "../http/media-token";
import { localized, named, taughtIn, textLanguage } from "../lib/text";
import { mediaOf, playerUrls, renditionUrl } from "../media/media.service";
import { videoExtras } from "./captions.service";
import { type LectureAccess, neighbours, resolveLecture } from "./lecture-access.service";
import { beginView } from "./progress.sql";
import { saveProgressReport } from "./progress.store";

type Translate = (message: string) => string;

function progressBody(access: LectureAccess, p: ProgressRow | undefined) {
  const duration = access.lecture.durationSeconds;
  return {
    watched_seconds: p?.watchedSeconds ?? 0,
    watched_percent: watchedPercent(p?.watchedSeconds ?? 0, duration),
    last_position_seconds: p?.lastPositionSeconds ?? 0,
    video_watched: Boolean(p?.videoWatchedAt),
    completed: Boolean(p?.completedAt),
    quiz_passed: Boolean(p?.quizPassedAt),
  };
}

function quizGateOf(access: LectureAccess, p: ProgressRow | undefined, t: Translate) {
  if (!access.lecture.hasQuiz) return { can_take_quiz: false, message: null };
  if (access.mode === "admin") return { can_take_quiz: true, message: null };
  if (access.mode === "learner" && p?.videoWatchedAt) return { can_take_quiz: true, message: null };
  const first = access.lecture.videoKey ? "lecture.watchVideoFirst" : "lecture.markCompleteFirst";
  return { can_take_quiz: false, message: t(first) };
}

function neighbourOf(access: LectureAccess, language: LanguageCode, which: "previous" | "next") {
  const lecture = neighbours(access.outline, access.lecture.id)[which];
  if (!lecture) return null;
  return {
    id: lecture.id,
    ...named(language, lecture.titleEn, lecture.titleEs, taughtIn(access.course)),
    state: access.states.get(lecture.id) ?? ("locked" as LectureState),
  };
}

/** Where the learner stopped in each of the lecture's e-books (prepared: every lecture page runs it). */
const ebookPagesQuery = preparedFor((db) =>
  db
    .select({ ebookId: ebookReads.ebookId, lastPage: ebookReads.lastPage })
    .from(ebookReads)
    .innerJoin(lectureEbooks, eq(lectureEbooks.id, ebookReads.ebookId))
    .where(
      and(
        eq(ebookReads.userId, sql.placeholder("userId")),
        eq(lectureEbooks.lectureId, sql.placeholder("lectureId")),
      ),
    )
    .prepare("lecture_ebook_pages"),
);

export async function lectureDetail(
  deps: { db: Db; config: Config },
  input: {
    user: CurrentUser | null;
    lectureId: number;
    language: LanguageCode;
    t: Translate;
    via?: "learner" | "preview";
  },
): Promise<LectureDetail> {
  const { db, config } = deps;
  const { user, language, t } = input;
  const access = await resolveLecture(db, user, input.lectureId, input.via ?? "learner");
  const { lecture, outline } = access;
  const taught = taughtIn(access.course);
  const place = outline.levels
    .flatMap((level) => level.modules.map((module) => ({ level, module })))
    .find(({ module }) => module.id === lecture.moduleId);
  const p = access.progress.get(lecture.id);
  const withFiles = access.mode !== "preview" && user !== null;

  // Opening the lecture begins the learner's view of its video (the watch-time budget, view-budget.ts).
  const viewBegun = access.mode === "learner" && user ? beginView(db, user.id, lecture.id) : undefined;
  const filesRead = cached(db, `lecture-files:${lecture.id}`, async () => {
    const [ebookRows, faqRows] = await Promise.all([
      db
        .select()
        .from(lectureEbooks)
        .where(eq(lectureEbooks.lectureId, lecture.id))
        .orderBy(asc(lectureEbooks.position), asc(lectureEbooks.id)),
      db
        .select()
        .from(lectureFaqs)
        .where(eq(lectureFaqs.lectureId, lecture.id))
        .orderBy(asc(lectureFaqs.position), asc(lectureFaqs.id)),
    ]);
    return { ebooks: ebookRows, faqs: faqRows };
  });
  const [files] = await Promise.all([filesRead, viewBegun]);
  const ebooks = withFiles ? files.ebooks : [];
  const faqs = files.faqs;
  const pages =
    withFiles && ebooks.length > 0
      ? await ebookPagesQuery(db).execute({ userId: user.id, lectureId: lecture.id })
      : [];
  const lastPage = new Map(pages.map((p) => [p.ebookId, p.lastPage]));

  const expiresAt = new Date(Date.now() + 4 * 60 * 60 * 1000);
  let video: LectureDetail["video"] = null;
  if (lecture.videoKey) {
    const token =
      access.mode === "preview" || !user
        ? null
        : (
            await signMediaToken(config.jwtSecret, {
              userId: user.id,
              lectureId: lecture.id,
              kind: "video",
              sessionId: user.sessionId,
            })
          ).token;
    const url = token
      ? `/api/iu/lectures/${lecture.id}/video?token=${token}`
      : `/api/lectures/${lecture.id}/preview/video`;
    video = {
      url,
      type: lecture.videoType ?? "video/mp4",
      duration_seconds: lecture.durationSeconds,
      ...playerUrls(await mediaOf(db, lecture.id), renditionUrl(lecture.id, token)),
    };
  }
  if (video) {
    // Caption files sit beside the video and open with its URL's token (or its preview route).
    const videoUrl = video.url;
    const captionUrl = (l: string) => videoUrl.replace(/\/video(\?|$)/, `/captions/${l}$1`);
    Object.assign(video, await videoExtras(db, lecture.id, language, captionUrl));
  }
  const ebookList = await Promise.all(
    ebooks.map(async (e) => {
      const { token } = await signMediaToken(config.jwtSecret, {
        userId: user!.id,
        lectureId: lecture.id,
        kind: "ebook",
        ebookId: e.id,
        sessionId: user!.sessionId,
      });
      return {
        id: e.id,
        ...named(language, e.titleEn, e.titleEs, taught),
        pages: e.pages,
        size_bytes: e.fileBytes,
        file_url: `/api/iu/lectures/${lecture.id}/ebooks/${e.id}/file?token=${token}`,
        last_page: lastPage.get(e.id) ?? 1,
      };
    }),
  );
  const gate = quizGateOf(access, p, t);
  const course = named(language, access.course.titleEn, access.course.titleEs, taught);

  return {
    id: lecture.id,
    course_id: access.course.id,
    course_title: course.title,
    course_title_lang: course.title_lang,
    level: {
      id: place?.level.id ?? 0,
      ...(place ? named(language, place.level.titleEn, place.level.titleEs, taught) : { title: "" }),
    },
    module: {
      id: lecture.moduleId,
      ...(place ? named(language, place.module.titleEn, place.module.titleEs, taught) : { title: "" }),
    },
    ...named(language, lecture.titleEn, lecture.titleEs, taught),
    description: localized(language, lecture.descriptionEn, lecture.descriptionEs),
    description_lang: textLanguage(language, lecture.descriptionEn, lecture.descriptionEs),
    status: lecture.status,
    state: access.state,
    is_preview: lecture.isPreview,
    has_quiz: lecture.hasQuiz,
    video,
    progress: access.mode === "learner" ? progressBody(access, p) : null,
    can_take_quiz: gate.can_take_quiz,
    quiz_message: gate.message,
    ebooks: ebookList,
    faqs: faqs.map((f) => ({
      id: f.id,
      question: localized(language, f.questionEn, f.questionEs),
      question_lang: textLanguage(language, f.questionEn, f.questionEs),
      answer: localized(language, f.answerEn, f.answerEs),
      answer_lang: textLanguage(language, f.answerEn, f.answerEs),
    })),
    previous_lecture: neighbourOf(access, language, "previous"),
    next_lecture: neighbourOf(access, language, "next"),
    media_expires_at: expiresAt.toISOString(),
  };
}

/**
 * Records a progress report. Only seconds not yet watched are added, and no more of them than the
 * lecture view allows (2x the real time since the lecture was opened: view-budget.ts), so a forged
 * report cannot "watch" an hour in a second; what is left over is answered as `uncredited_seconds`.
 * The lecture completes when the distinct seconds reach the threshold and, with a quiz, the quiz
 * is passed; the next lecture unlocks in the same answer.
 */
export async function recordProgress(
  db: Db,
  input: {
    user: CurrentUser;
    lectureId: number;
    report: ProgressReport;
    language: LanguageCode;
    t: Translate;
  },
): Promise<ProgressResult> {
  const access = await resolveLecture(db, input.user, input.lectureId);
  const { lecture } = access;
  let row: ProgressRow | undefined = access.progress.get(lecture.id);
  let uncredited = 0;

  if (access.mode === "learner") {
    const saved = await saveProgressReport(db, { userId: input.user.id, lecture, report: input.report });
    row = saved.row;
    uncredited = saved.uncredited;
  }
  return progressOutcome(db, access, { ...input, row, uncredited });
}

/**
 * The answer to a progress write (a report, or marking a lecture without a video complete): a
 * lecture just completed issues the certificates now due, and the states are read again so the
 * next lecture comes back unlocked in the same answer.
 */
export async function progressOutcome(
  db: Db,
  access: LectureAccess,
  input: {
    user: CurrentUser;
    row: ProgressRow | undefined;
    uncredited: number;
    language: LanguageCode;
    t: Translate;
  },
): Promise<ProgressResult> {
  const { lecture } = access;
  const { row } = input;
  if (access.mode === "learner" && row) {
    if (row.completedAt && !access.progress.get(lecture.id)?.completedAt)
      await issueDueCertificates({ db }, input.user.id);
    access.progress.set(lecture.id, row);
    access.states = lectureStates(access.outline, access.progress, { entitled: true });
    access.state = access.states.get(lecture.id) ?? access.state;
  }

  const gate = quizGateOf(access, row, input.t);
  return {
    ...progressBody(access, row),
    state: access.state,
    can_take_quiz: gate.can_take_quiz,
    next_lecture: neighbourOf(access, input.language, "next"),
    uncredited_seconds: input.uncredited,
  };
}

export async function quizGate(db: Db, user: CurrentUser, lectureId: number, t: Translate) {
  const access = await resolveLecture(db, user, lectureId);
  const gate = quizGateOf(access, access.progress.get(lectureId), t);
  if (!access.lecture.hasQuiz) return { can_take_quiz: false, message: t("lecture.noQuiz") };
  return gate;
}

/**
 * For the quiz engine: may this learner start the lecture's quiz now (entitled, past the lock,
 * whole video watched)? Throws the lecture's refusal (403) or returns the gate.
 */
export async function canTakeLectureQuiz(db: Db, user: CurrentUser, lectureId: number) {
  const access = await resolveLecture(db, user, lectureId);
  const p = access.progress.get(lectureId);
  return access.mode === "admin" || (access.mode === "learner" && Boolean(p?.videoWatchedAt));
}

/** For the quiz engine: the lecture's quiz was passed; the lecture completes if its video was watched. */
export async function markLectureQuizPassed(db: DbOrTx, userId: number, lectureId: number, courseId: number) {
  const now = new Date();
  await db
    .insert(lectureProgress)
    .values({ userId, lectureId, courseId, quizPassedAt: now })
    .onConflictDoUpdate({
      target: [lectureProgress.userId, lectureProgress.lectureId],
      set: {
        quizPassedAt: sql`coalesce(${lectureProgress.quizPassedAt}, ${now.toISOString()}::timestamptz)`,
        completedAt: sql`coalesce(${lectureProgress.completedAt}, CASE WHEN ${lectureProgress.videoWatchedAt} IS NOT NULL THEN ${now.toISOString()}::timestamptz END)`,
      },
    });
}

/** Remembers the page a reader is on in an e-book (for /ebook and /webview/ebook). */
export async function saveEbookPage(db: Db, userId: number, ebookId: number, page: number) {
  await db
    .insert(ebookReads)
    .values({ userId, ebookId, lastPage: page })
    .onConflictDoUpdate({
      target: [ebookReads.userId, ebookReads.ebookId],
      set: { lastPage: page, updatedAt: new Date() },
    });
}

/** An e-book by its id, or the translated 404 (whoever asks, the lecture's access is checked after). */
export async function findEbook(db: Db, ebookId: number) {
  const [ebook] = await db.select().from(lectureEbooks).where(eq(lectureEbooks.id, ebookId));
  if (!ebook) throw new AppError("not_found", "lecture.ebookNotFound");
  return ebook;
}

export async function ebooksOfLecture(db: Db, lectureId: number, ids?: number[]) {
  return db
    .select()
    .from(lectureEbooks)
    .where(and(eq(lectureEbooks.lectureId, lectureId), ids ? inArray(lectureEbooks.id, ids) : undefined));
}
