/**
 * Catalogue and learning: titles (courses) with levels, modules and lectures; enrolment;
 * the lecture with tracked video, e-books, notes, FAQs and Q&A; course authoring.
 *
 * Texts come in the request language (X-Language-Id) on learner and public reads; authoring reads
 * and writes carry both languages (`_en`, `_es`). Money is in minor units (`price_pence`, GBP).
 *
 * Public (guests; a learner token is optional):
 *   GET  /categories                                 categories with their title counts
 *   GET  /courses?category_id&q&status&page&per_page published + coming-soon titles
 *   GET  /courses/:id                                public title page: outline, price, previews
 *   GET  /courses/:id/cover                          cover image
 *   GET  /lectures/:id/preview                       a preview lecture (video url, FAQs)
 *   GET  /lectures/:id/preview/video                 its video (HTTP Range, 206)
 *   GET  /courses/suggest?q=                         search suggestions as you type (titles)
 *   GET  /courses/:id/reviews?rating&page&per_page   visible reviews of a title (schemas/reviews.ts)
 *   GET  /ebooks/view?token=                         an e-book PDF by short-lived signed token (/webview/ebook)
 * Learner (role 1, under /iu):
 *   GET  /iu/courses  /iu/courses/enrolled  /iu/courses/top  /iu/courses/coming-soon  (paginated)
 *   GET  /iu/categories   GET /iu/categories/:id/courses  (page /iu/categories/course/{id})
 *   GET  /iu/courses/:id                             outline with each lecture's state for the caller
 *   POST /iu/courses/:id/enrol                       free titles; paid ones answer 409 "add it to your cart"
 *   GET  /iu/dashboard/learning                      continue where you left off, progress, recommendations
 *   GET  /iu/lectures/:id                            the lecture (403 with the spec's message when locked...)
 *   PUT  /iu/lectures/:id/progress                   watched ranges + position; distinct seconds counted
 *   GET  /iu/lectures/:id/quiz-gate                  can the quiz open ("watch the video before the quiz")
 *   GET  /iu/lectures/:id/video[?token=]             video stream with Range (bearer or media token)
 *   GET  /iu/lectures/:id/hls/:token/:file           HLS playlists, segments, poster, thumbnails (token in the path)
 *   GET  /lectures/:id/preview/hls/:file             the same for a public preview lecture
 *   GET  /iu/lectures/:id/ebooks/:ebookId/file[?token=]  PDF stream with Range
 *   POST /iu/lectures/:id/ebooks/:ebookId/view-token a signed URL for /webview/ebook
 *   PUT  /iu/ebooks/:ebookId/last-page               remember the page the reader is on
 *   GET|PUT|DELETE /iu/lectures/:id/note             the learner's own note (TipTap JSON; autosave PUT)
 *   GET  /iu/courses/:id/notes                       the learner's notes of a title
 *   GET  /iu/courses/:id/notes/export                all notes of a title as a Markdown download
 *   GET|POST /iu/lectures/:id/questions              the learner's Q&A thread on a lecture
 * Administrators (role 3+, by permission flag):
 *   GET  /af/lesson/qas?status&course_id&page        isTicketLessonQAManager
 *   GET|POST /af/lesson/qas/:id                      question thread / answer it (notifies the learner)
 *   GET|POST /af/categories, PATCH|DELETE /af/categories/:id, PUT /af/categories/order   isCategoryManager
 *   GET|POST /af/courses, GET|PATCH|DELETE /af/courses/:id, POST /af/courses/:id/cover  isCourseManager
 *   PUT  /af/courses/:id/status, PUT /af/lectures/:id/status                 isAbleToUpdateCourseStatus
 *   POST /af/courses/:id/levels, PATCH|DELETE /af/levels/:id, PUT /af/courses/:id/levels/order
 *   POST /af/levels/:id/modules, PATCH|DELETE /af/modules/:id, PUT /af/levels/:id/modules/order
 *   POST /af/modules/:id/lectures, GET|PATCH|DELETE /af/lectures/:id, PUT /af/modules/:id/lectures/order
 *   POST /af/lectures/:id/video (multipart mp4/webm), POST /af/lectures/:id/ebooks (multipart pdf)
 *   POST /af/lectures/:id/video/transcode             (re)make the HLS renditions of the lecture's video
 *   PATCH|DELETE /af/ebooks/:id, POST /af/lectures/:id/faqs, PATCH|DELETE /af/lecture-faqs/:id
 *   GET|POST /af/courses/:id/notes-access, DELETE /af/notes-access/:id   (lecture-notes access list)
 * An administrator holding isCourseManager (or the Q&A flag) may open any lecture and its media
 * through the /iu lecture endpoints, to preview as a learner.
 */
import { z } from "zod";
import { catalogLimits } from "../domain/constants";
import { messageKey } from "../i18n/translate";
import { pageQuery, paginated, sortQuery } from "./common";
import { idParam, msg, optionalId, text } from "./validators";

export { catalogLimits };

export const videoTypes = ["video/mp4", "video/webm"] as const;
export const imageTypes = ["image/jpeg", "image/png", "image/webp"] as const;

export const publicationStatuses = ["draft", "coming_soon", "published"] as const;
export const publicationStatus = z.enum(publicationStatuses);
export type PublicationStatus = z.infer<typeof publicationStatus>;

/**
 * A lecture's state for the caller (spec section 4): locked = not available until the previous
 * lecture is completed; not_enrolled = the caller has no access to the title (guests, visitors).
 */
export const lectureStates = [
  "locked",
  "not_published",
  "coming_soon",
  "to_start",
  "in_progress",
  "completed",
  "quiz_passed",
  "not_enrolled",
] as const;
export const lectureState = z.enum(lectureStates);
export type LectureState = z.infer<typeof lectureState>;

export const courseLevels = ["beginner", "intermediate", "advanced", "all"] as const;
export type CourseLevelName = (typeof courseLevels)[number];
/** Length bands of the catalogue filter, in hours: [from, to). */
export const courseLengthBands = ["under_1h", "1_3h", "3_6h", "over_6h"] as const;
export const courseLengthHours: Record<(typeof courseLengthBands)[number], [number, number | null]> = {
  under_1h: [0, 1],
  "1_3h": [1, 3],
  "3_6h": [3, 6],
  over_6h: [6, null],
};
export const courseSorts = ["relevance", "popular", "newest", "rating", "price_low", "price_high"] as const;
export type CourseSort = (typeof courseSorts)[number];

export const enrolmentSources = ["free", "purchase", "sponsorship", "admin"] as const;
/** What the title page offers: enrol (free), add to cart (paid), nothing yet (coming soon), open. */
export const enrolActions = ["enrol", "cart", "coming_soon", "enrolled", "login"] as const;

const isoDate = z.string();
const id = z.number().int();

// ---------- catalogue reads ----------

export const courseCategorySummary = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  course_count: z.number().int(),
});
export type CourseCategorySummary = z.infer<typeof courseCategorySummary>;
export const courseCategoryList = z.object({ data: z.array(courseCategorySummary) });

/**
 * The language a bilingual text is written in, sent only when it is not the request's (WCAG 3.1.2:
 * the page marks it `lang`): English when the Spanish side is empty, the taught language when both
 * sides hold the same words.
 */
const textLang = z.enum(["en", "es"]).optional();

export const courseCard = z.object({
  id,
  title: z.string(),
  title_lang: textLang,
  short_description: z.string(),
  short_description_lang: textLang,
  status: publicationStatus,
  category: z.object({ id, name: z.string() }).nullable(),
  price_pence: z.number().int(),
  currency: z.string(),
  is_free: z.boolean(),
  /** Absolute path under /api, or null without a cover. */
  cover_url: z.string().nullable(),
  level_count: z.number().int(),
  lecture_count: z.number().int(),
  duration_seconds: z.number().int(),
  enrolment_count: z.number().int(),
  published_at: isoDate.nullable(),
  /** For a logged-in learner: enrolled, and the share of published lectures completed (0..100). */
  enrolled: z.boolean(),
  progress_percent: z.number().int().nullable(),
  /** beginner / intermediate / advanced / all levels. */
  level: z.enum(courseLevels),
  /** The language the title is taught in. */
  language: z.enum(["en", "es"]),
  /** Average of the visible ratings (one decimal), 0 without ratings. */
  rating_average: z.number(),
  rating_count: z.number().int(),
});
export type CourseCard = z.infer<typeof courseCard>;
export const courseList = paginated(courseCard);
export type CourseList = z.infer<typeof courseList>;
export const categoryCourseList = courseList.extend({ category: courseCategorySummary });

export const courseListQuery = pageQuery.extend({
  category_id: optionalId,
  q: z.string().trim().max(100).optional(),
  status: z.enum(["published", "coming_soon"]).optional(),
  /** Catalogue filters: free or paid, level, teaching language, length band, minimum rating. */
  price: z.enum(["free", "paid"]).optional(),
  level: z.enum(courseLevels).optional(),
  language: z.enum(["en", "es"]).optional(),
  length: z.enum(courseLengthBands).optional(),
  min_rating: z.enum(["3", "3.5", "4", "4.5"]).optional(),
  /** relevance (with q; else the catalogue's order), popular, newest, rating, price_low, price_high. */
  sort: z.enum(courseSorts).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuery>;

export const courseExamStates = ["locked", "available", "in_progress", "passed", "buy"] as const;
/** GET /iu/courses/:id/exams: the title's module and level exams with the learner's state. */
export const courseExamList = z.object({
  data: z.array(
    z.object({
      kind: z.enum(["module", "level"]),
      /** The module or level id (the quiz routes take it: /course-module/{id}/quiz, /course-level/{id}/quiz). */
      owner_id: z.number().int(),
      quiz_id: z.number().int(),
      title: z.string(),
      state: z.enum(courseExamStates),
      is_paid: z.boolean(),
      price_pence: z.number().int(),
      currency: z.string(),
      pass_mark_percent: z.number().int(),
      /** Attempts left on the learner's exam accesses; null when unlimited or not counted (preview). */
      attempts_left: z.number().int().nullable(),
      best_score_percent: z.number().int().nullable(),
      /** Published lectures of the module or level, and how many the learner completed. */
      lectures_total: z.number().int(),
      lectures_completed: z.number().int(),
    }),
  ),
});
export type CourseExamList = z.infer<typeof courseExamList>;

export const lectureOutline = z.object({
  id,
  title: z.string(),
  title_lang: textLang,
  position: z.number().int(),
  duration_seconds: z.number().int(),
  is_preview: z.boolean(),
  has_quiz: z.boolean(),
  state: lectureState,
  /** Distinct seconds watched as a share of the duration (0..100), for an enrolled learner. */
  watched_percent: z.number().int().nullable(),
});
export type LectureOutline = z.infer<typeof lectureOutline>;
export const moduleOutline = z.object({
  id,
  title: z.string(),
  title_lang: textLang,
  position: z.number().int(),
  exam_quiz_id: id.nullable(),
  lectures: z.array(lectureOutline),
});
export const levelOutline = z.object({
  id,
  title: z.string(),
  title_lang: textLang,
  position: z.number().int(),
  exam_quiz_id: id.nullable(),
  modules: z.array(moduleOutline),
});
export type LevelOutline = z.infer<typeof levelOutline>;

export const courseProgressBody = z.object({
  completed_lectures: z.number().int(),
  total_lectures: z.number().int(),
  percent: z.number().int(),
});

export const courseResumePoint = z.object({
  lecture_id: id,
  lecture_title: z.string(),
  position_seconds: z.number().int(),
  duration_seconds: z.number().int(),
});

/** GET /courses/:id (guest) and GET /iu/courses/:id (learner): the same shape. */
export const courseDetail = courseCard.extend({
  description: z.string(),
  description_lang: textLang,
  levels: z.array(levelOutline),
  enrolment: z.object({ source: z.enum(enrolmentSources), enrolled_at: isoDate }).nullable(),
  progress: courseProgressBody.nullable(),
  /** Continue where you left off; for a learner who never started, the first available lecture. */
  resume: courseResumePoint.nullable(),
  enrol_action: z.enum(enrolActions),
  /** "What you'll learn" and requirements, one point each. */
  outcomes: z.array(z.string()),
  outcomes_lang: textLang,
  requirements: z.array(z.string()),
  requirements_lang: textLang,
  updated_at: isoDate,
  /** Visible ratings per star: [1 star, 2, 3, 4, 5]. */
  rating_distribution: z.array(z.number().int()),
});
export type CourseDetail = z.infer<typeof courseDetail>;

export const enrolResult = z.object({
  message: z.string(),
  course_id: id,
  enrolment: z.object({ source: z.enum(enrolmentSources), enrolled_at: isoDate }),
});

export const learningDashboard = z.object({
  /** The next unfinished lecture of the title studied last, with the title's progress. */
  continue: courseResumePoint
    .extend({
      course_id: id,
      course_title: z.string(),
      course_title_lang: textLang,
      lecture_title_lang: textLang,
      cover_url: z.string().nullable(),
      course_progress: courseProgressBody,
    })
    .nullable(),
  enrolled: z.array(courseCard),
  recommendations: z.array(courseCard),
});
export type LearningDashboard = z.infer<typeof learningDashboard>;

// ---------- the lecture ----------

export const lectureEbook = z.object({
  id,
  title: z.string(),
  title_lang: textLang,
  pages: z.number().int(),
  size_bytes: z.number().int(),
  /** Opens the PDF (Range supported); carries a short-lived media token, so it works in <iframe>/pdf.js. */
  file_url: z.string(),
  last_page: z.number().int(),
});
export const lectureFaq = z.object({
  id,
  question: z.string(),
  question_lang: textLang,
  answer: z.string(),
  answer_lang: textLang,
});

export const lectureProgressBody = z.object({
  watched_seconds: z.number().int(),
  watched_percent: z.number().int(),
  last_position_seconds: z.number().int(),
  video_watched: z.boolean(),
  completed: z.boolean(),
  quiz_passed: z.boolean(),
});

const lectureNeighbour = z
  .object({ id, title: z.string(), title_lang: textLang, state: lectureState })
  .nullable();

export const captionLanguages = ["en", "es"] as const;
export const captionLanguage = z.enum(captionLanguages);
export type CaptionLanguage = z.infer<typeof captionLanguage>;

/** A caption file of the lecture (WebVTT), served with the video's access rules; `url` carries the media token. */
export const lectureCaption = z.object({ language: captionLanguage, url: z.string() });
/** A chapter of the video: its title in the request language and where it starts. */
export const lectureChapter = z.object({ title: z.string(), start_seconds: z.number().int().min(0) });
export type LectureCaption = z.infer<typeof lectureCaption>;
export type LectureChapter = z.infer<typeof lectureChapter>;

export const lectureVideo = z.object({
  url: z.string(),
  type: z.string(),
  duration_seconds: z.number().int(),
  /** HLS master playlist (same access token as `url`); null until the video was transcoded. */
  hlsUrl: z.string().nullable().optional(),
  /** A frame shown before playback; null when there is none. */
  posterUrl: z.string().nullable().optional(),
  /** A WebVTT file of `#xywh=` sprite cues for seek previews; null when there is none. */
  thumbnailsUrl: z.string().nullable().optional(),
  captions: z.array(lectureCaption).optional(),
  chapters: z.array(lectureChapter).optional(),
});
export type LectureVideo = z.infer<typeof lectureVideo>;

export const lectureDetail = z.object({
  id,
  course_id: id,
  course_title: z.string(),
  course_title_lang: textLang,
  level: z.object({ id, title: z.string(), title_lang: textLang }),
  module: z.object({ id, title: z.string(), title_lang: textLang }),
  title: z.string(),
  title_lang: textLang,
  description: z.string(),
  description_lang: textLang,
  status: publicationStatus,
  state: lectureState,
  is_preview: z.boolean(),
  has_quiz: z.boolean(),
  /** The stream URL carries a short-lived media token (a <video> element sends no Authorization). */
  video: lectureVideo.nullable(),
  /** Null on a guest preview. */
  progress: lectureProgressBody.nullable(),
  can_take_quiz: z.boolean(),
  /** "Watch the video before the quiz" while the quiz is closed; null otherwise. */
  quiz_message: z.string().nullable(),
  ebooks: z.array(lectureEbook),
  faqs: z.array(lectureFaq),
  previous_lecture: lectureNeighbour,
  next_lecture: lectureNeighbour,
  media_expires_at: isoDate,
});
export type LectureDetail = z.infer<typeof lectureDetail>;

/**
 * PUT /iu/lectures/:id/progress: the ranges of the video played since the last report, in
 * seconds (`[from, to]`, to > from), and the current position. Skipped parts are simply not in
 * a range, so they never count; seconds watched twice count once.
 */
export const progressReport = z.object({
  ranges: z
    .array(z.tuple([z.number().min(0).max(86_400), z.number().min(0).max(86_400)]))
    .max(100)
    .refine((list) => list.every(([from, to]) => to >= from), { error: "validation.invalid" }),
  position: z.number().min(0).max(86_400),
});
export type ProgressReport = z.infer<typeof progressReport>;

export const progressResult = lectureProgressBody.extend({
  state: lectureState,
  can_take_quiz: z.boolean(),
  /** The next lecture in order and its state now (unlocked when this one was just completed). */
  next_lecture: lectureNeighbour,
  /**
   * Seconds of this report not credited yet because they came faster than real time allows (the
   * lecture view's budget); the player keeps them and reports them again a little later.
   */
  uncredited_seconds: z.number().int().min(0),
});
export type ProgressResult = z.infer<typeof progressResult>;

export const lectureQuizGate = z.object({ can_take_quiz: z.boolean(), message: z.string().nullable() });

export const lectureEbookViewToken = z.object({ token: z.string(), url: z.string(), expires_at: isoDate });
export const lectureEbookViewQuery = z.object({ token: z.string().min(10).max(2_000) });
export const lectureEbookLastPage = z.object({ page: z.number().int().min(1).max(10_000) });
/** The page remembered for the reader. */
export const lectureEbookPageSaved = z.object({ page: z.number().int() });
export const mediaTokenQuery = z.object({ token: z.string().max(2_000).optional() });

// ---------- notes ----------

/** A TipTap / ProseMirror document: `{ type: "doc", content: [...] }`. */
export const noteDoc = z
  .object({ type: z.literal("doc"), content: z.array(z.record(z.string(), z.unknown())).optional() })
  .passthrough();
export type NoteDoc = z.infer<typeof noteDoc>;
export const lectureNoteContent = noteDoc.refine(
  (doc) => JSON.stringify(doc).length <= catalogLimits.noteMaxBytes,
  { error: messageKey("lecture.noteTooLong") },
);
export const lectureNoteBody = z.object({ content: lectureNoteContent });
/** A saved note: its content is the document as it was accepted (`lectureNoteContent`). */
export const lectureNote = z.object({
  lecture_id: id,
  content: noteDoc,
  updated_at: isoDate,
});
export type LectureNote = z.infer<typeof lectureNote>;
export const lectureNoteOrNull = z.object({ data: lectureNote.nullable() });
export const lectureNoteListItem = z.object({
  lecture_id: id,
  lecture_title: z.string(),
  module_title: z.string(),
  level_title: z.string(),
  excerpt: z.string(),
  updated_at: isoDate,
});
export type LectureNoteListItem = z.infer<typeof lectureNoteListItem>;
export const lectureNoteList = z.object({ data: z.array(lectureNoteListItem) });

// ---------- Q&A ----------

export const lectureQuestionStatuses = ["unanswered", "answered"] as const;

/** Spec section 5: a lecture question has a minimum and a maximum length. */
export const lectureQuestionBody = z.object({
  body: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required, abort: true })
    .min(catalogLimits.lectureQuestionMin, {
      error: messageKey("lecture.questionTooShort", { min: catalogLimits.lectureQuestionMin }),
    })
    .max(catalogLimits.lectureQuestionMax, {
      error: messageKey("lecture.questionTooLong", { max: catalogLimits.lectureQuestionMax }),
    }),
  /** Public questions are read (and answered) by the title's learners; private ones by staff only. */
  is_public: z.boolean().default(false),
});
/**
 * The language a learner's or author's text is read in (WCAG 3.1.2): its author's account language,
 * the language they use the product in (a text's own language is not stored). The page marks it
 * `lang` where it is not the reader's interface language.
 */
export const authorLanguage = z.enum(["en", "es"]);
export const lectureQuestionAnswer = z.object({
  id,
  body: z.string(),
  language: authorLanguage,
  author_name: z.string(),
  /** Answered by the team: shown as "Instructor/Staff". */
  is_staff: z.boolean(),
  created_at: isoDate,
});
export const lectureQuestion = z.object({
  id,
  lecture_id: id,
  course_id: id,
  body: z.string(),
  language: authorLanguage,
  status: z.enum(lectureQuestionStatuses),
  created_at: isoDate,
  answered_at: isoDate.nullable(),
  answers: z.array(lectureQuestionAnswer),
  is_public: z.boolean(),
  /** The asker's first name (learners see each other by first name only). */
  author_name: z.string(),
  votes: z.number().int(),
  /** The reader's own: voted for it, follows it, asked it. */
  voted: z.boolean(),
  following: z.boolean(),
  mine: z.boolean(),
  /** Hidden by a moderator: only its author and staff see it. */
  hidden: z.boolean(),
});
export type LectureQuestion = z.infer<typeof lectureQuestion>;
export const lectureQuestionSorts = ["newest", "votes", "unanswered"] as const;
export type LectureQuestionSort = (typeof lectureQuestionSorts)[number];
export const lectureQuestionListQuery = z.object({
  sort: z.enum(lectureQuestionSorts).default("newest"),
});
export const lectureQuestionList = z.object({ data: z.array(lectureQuestion) });
export const lectureQuestionCreated = z.object({ message: z.string(), data: lectureQuestion });
export const lectureQuestionVisibility = z.object({ is_public: z.boolean({ error: msg.required }) });
export const lectureQuestionFlag = z.object({ on: z.boolean({ error: msg.required }) });
export const qaHideBody = z.object({ hidden: z.boolean({ error: msg.required }) });

export const qaSortKeys = ["created_at", "lecture", "learner", "status"] as const;
export type QaSortKey = (typeof qaSortKeys)[number];
export const qaListQuery = pageQuery.extend({
  status: z.enum(["unanswered", "answered", "all"]).default("unanswered"),
  course_id: optionalId,
  sort: sortQuery(qaSortKeys),
});
export const qaItem = lectureQuestion.extend({
  learner: z.object({ id, username: z.string(), name: z.string() }),
  course_title: z.string(),
  lecture_title: z.string(),
  level_title: z.string(),
  module_title: z.string(),
});
export type QaItem = z.infer<typeof qaItem>;
export const qaList = paginated(qaItem);
export const qaAnswerBody = z.object({ answer: text(2, catalogLimits.lectureAnswerMax) });
export const qaAnswerResult = z.object({ message: z.string(), data: qaItem });

// ---------- authoring ----------

const title = text(1, 160);
const longText = z.string().trim().max(20_000).default("");

export const adminCourseCategory = z.object({
  id,
  name_en: z.string(),
  name_es: z.string(),
  slug: z.string(),
  position: z.number().int(),
  course_count: z.number().int(),
});
export const adminCourseCategoryList = z.object({ data: z.array(adminCourseCategory) });
export const courseCategoryInput = z.object({
  name_en: text(1, 80),
  name_es: text(1, 80),
  /** Lowercase words joined by hyphens; made from the English name when left out. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: msg.invalidCharacters })
    .optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export const courseCategoryPatch = courseCategoryInput.partial();

export const catalogOrderBody = z.object({ ids: z.array(idParam).min(1).max(500) });

/** The title page's facts authors set: level, teaching language, outcomes and requirements. */
const pointsText = z.string().trim().max(4_000);
const courseFacts = {
  level: z.enum(courseLevels),
  language: z.enum(["en", "es"]),
  outcomes_en: pointsText,
  outcomes_es: pointsText,
  requirements_en: pointsText,
  requirements_es: pointsText,
};

const priceFields = {
  price_pence: z.number().int().min(0).max(catalogLimits.priceMaxPence),
  is_free: z.boolean(),
};
export const courseInput = z
  .object({
    category_id: idParam.nullable().default(null),
    title_en: title,
    title_es: title,
    short_description_en: z.string().trim().max(300).default(""),
    short_description_es: z.string().trim().max(300).default(""),
    description_en: longText,
    description_es: longText,
    ...priceFields,
    level: courseFacts.level.default("all"),
    language: courseFacts.language.default("en"),
    outcomes_en: pointsText.default(""),
    outcomes_es: pointsText.default(""),
    requirements_en: pointsText.default(""),
    requirements_es: pointsText.default(""),
    position: z.number().int().min(0).max(100_000).optional(),
    /** Only with isAbleToUpdateCourseStatus; new titles start as drafts. */
    status: publicationStatus.optional(),
  })
  .superRefine(priceRule);
export const coursePatch = z
  .object({
    category_id: z.number().int().positive().nullable(),
    title_en: title,
    title_es: title,
    short_description_en: z.string().trim().max(300),
    short_description_es: z.string().trim().max(300),
    description_en: z.string().trim().max(20_000),
    description_es: z.string().trim().max(20_000),
    ...priceFields,
    ...courseFacts,
    position: z.number().int().min(0).max(100_000),
    status: publicationStatus,
  })
  .partial()
  .superRefine(priceRule);

function priceRule(
  v: { is_free?: boolean | undefined; price_pence?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.is_free === true && v.price_pence !== undefined && v.price_pence > 0)
    ctx.addIssue({ code: "custom", path: ["price_pence"], message: "catalog.freeHasPrice" });
  if (v.is_free === false && v.price_pence === 0)
    ctx.addIssue({ code: "custom", path: ["price_pence"], message: "catalog.paidNeedsPrice" });
}

export const publicationStatusBody = z.object({ status: publicationStatus });

export const levelInput = z.object({
  title_en: title,
  title_es: title,
  position: z.number().int().min(0).max(100_000).optional(),
});
export const levelPatch = levelInput.partial();
export const moduleInput = levelInput;
export const modulePatch = levelPatch;

export const lectureInput = z.object({
  title_en: title,
  title_es: title,
  description_en: longText,
  description_es: longText,
  is_preview: z.boolean().default(false),
  position: z.number().int().min(0).max(100_000).optional(),
  status: publicationStatus.optional(),
});
export const lecturePatch = z
  .object({
    title_en: title,
    title_es: title,
    description_en: z.string().trim().max(20_000),
    description_es: z.string().trim().max(20_000),
    is_preview: z.boolean(),
    position: z.number().int().min(0).max(100_000),
    /** Correct a duration that could not be read from the file. */
    duration_seconds: z.number().int().min(0).max(86_400),
    status: publicationStatus,
  })
  .partial();

export const lectureFaqInput = z.object({
  question_en: text(2, 300),
  question_es: text(2, 300),
  answer_en: text(1, 5_000),
  answer_es: text(1, 5_000),
  position: z.number().int().min(0).max(100_000).optional(),
});
export const lectureFaqPatch = lectureFaqInput.partial();
export const lectureEbookPatch = z
  .object({ title_en: title, title_es: title, position: z.number().int().min(0) })
  .partial();

export const adminLectureSummary = z.object({
  id,
  title_en: z.string(),
  title_es: z.string(),
  position: z.number().int(),
  status: publicationStatus,
  is_preview: z.boolean(),
  has_video: z.boolean(),
  has_quiz: z.boolean(),
  duration_seconds: z.number().int(),
  ebook_count: z.number().int(),
  faq_count: z.number().int(),
  /** At least one caption file (the readiness checklist warns about videos without). */
  has_captions: z.boolean().optional(),
});
export const adminModule = z.object({
  id,
  title_en: z.string(),
  title_es: z.string(),
  position: z.number().int(),
  lectures: z.array(adminLectureSummary),
});
export const adminLevel = z.object({
  id,
  title_en: z.string(),
  title_es: z.string(),
  position: z.number().int(),
  modules: z.array(adminModule),
});
export const adminCourseSummary = z.object({
  id,
  category_id: id.nullable(),
  category_name: z.string().nullable(),
  status: publicationStatus,
  title_en: z.string(),
  title_es: z.string(),
  price_pence: z.number().int(),
  currency: z.string(),
  is_free: z.boolean(),
  cover_url: z.string().nullable(),
  position: z.number().int(),
  enrolment_count: z.number().int(),
  published_at: isoDate.nullable(),
  updated_at: isoDate,
});
export const adminCourseList = paginated(adminCourseSummary);
export const adminCourseSortKeys = [
  "title",
  "category",
  "status",
  "price",
  "learners",
  "updated_at",
] as const;
export const adminCourseListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  sort: sortQuery(adminCourseSortKeys),
  status: publicationStatus.optional(),
  category_id: optionalId,
});
export const adminCourse = adminCourseSummary.extend({
  short_description_en: z.string(),
  short_description_es: z.string(),
  description_en: z.string(),
  description_es: z.string(),
  level: z.enum(courseLevels),
  language: z.enum(["en", "es"]),
  outcomes_en: z.string(),
  outcomes_es: z.string(),
  requirements_en: z.string(),
  requirements_es: z.string(),
  created_at: isoDate,
  levels: z.array(adminLevel),
});
export type AdminCourse = z.infer<typeof adminCourse>;

/**
 * The HLS transcode of a lecture's video, for the lecture editor: `queued`,
 * `processing` (with `progress` 0–100), `ready` (renditions' `heights`, the `hls_url` to preview),
 * `failed` (`error`: ffmpeg's words) or `unavailable` (no ffmpeg on the server: the MP4 plays).
 * `message` says it for the author in the request language.
 */
export const lectureStreaming = z.object({
  status: z.enum(["queued", "processing", "ready", "failed", "unavailable"]),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  error: z.string().nullable(),
  heights: z.array(z.number().int()),
  hls_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  updated_at: isoDate,
});
export type LectureStreaming = z.infer<typeof lectureStreaming>;

export const adminLectureEbook = z.object({
  id,
  title_en: z.string(),
  title_es: z.string(),
  pages: z.number().int(),
  size_bytes: z.number().int(),
  position: z.number().int(),
});
export const adminLectureFaq = z.object({
  id,
  question_en: z.string(),
  question_es: z.string(),
  answer_en: z.string(),
  answer_es: z.string(),
  position: z.number().int(),
});
export const adminLecture = adminLectureSummary.extend({
  course_id: id,
  module_id: id,
  level_id: id,
  description_en: z.string(),
  description_es: z.string(),
  video: z
    .object({
      type: z.string(),
      size_bytes: z.number().int(),
      url: z.string(),
      /** The adaptive-streaming transcode of this video; null before any was asked for. */
      streaming: lectureStreaming.nullable().optional(),
    })
    .nullable(),
  ebooks: z.array(adminLectureEbook),
  faqs: z.array(adminLectureFaq),
});
export type AdminLecture = z.infer<typeof adminLecture>;

export const catalogCreated = z.object({ id, message: z.string() });

export const notesAccessGrant = z.object({
  user_id: z.number().int().positive(),
  module_id: z.number().int().positive().nullable().default(null),
  lecture_id: z.number().int().positive().nullable().default(null),
  note: z.string().trim().max(300).nullable().default(null),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const notesAccessItem = z.object({
  id,
  user: z.object({ id, username: z.string() }),
  course_id: id,
  module_id: id.nullable(),
  lecture_id: id.nullable(),
  source: z.string(),
  note: z.string().nullable(),
  expires_at: isoDate.nullable(),
  created_at: isoDate,
});
export const notesAccessList = z.object({ data: z.array(notesAccessItem) });

export const catalogIdParams = z.object({ id: idParam });
export const lectureEbookParams = z.object({ id: idParam, ebookId: idParam });
