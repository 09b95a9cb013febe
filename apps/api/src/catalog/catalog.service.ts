/** Catalogue reads (lists, title page, dashboard) and enrolment. */
import type {
  CourseCard,
  CourseCategorySummary,
  CourseDetail,
  CourseListQuery,
  LanguageCode,
  LearningDashboard,
} from "@aprendo/contract";
import { messageKey } from "@aprendo/contract";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import { preparedFor } from "../db/prepared";
import { categories, courses, type EnrolmentSource, enrolments, lectureProgress } from "../db/schema/index";
import { nextLectureToStudy } from "../engagement/next-lecture.service";
import { grantEnrolmentRow } from "../grants/grants";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";
import { coverUrl, localized, taughtIn, textLanguage } from "../lib/text";
import { catalogPolicy } from "./catalog.policy";
import {
  cardColumns,
  type DetailRow,
  detailColumns,
  listedStatus,
  outlineStats,
  presentCard,
  presentCards,
  presentDetailExtras,
  presentOutline,
  withLearner,
} from "./catalog.presenter";
import { cached, forgetCourse } from "./catalog-cache.service";
import { catalogueFilters, catalogueOrder } from "./catalogue-query";
import {
  courseProgressOf,
  isOpenState,
  lectureStates,
  loadLearnerState,
  loadOutline,
} from "./outline.service";
import { catalogueSearch } from "./search.service";

export type ListScope = "all" | "enrolled" | "top" | "coming_soon";

export async function listCourses(
  db: Db,
  input: { scope: ListScope; query: CourseListQuery; language: LanguageCode; user: CurrentUser | null },
): Promise<{ data: CourseCard[]; total: number }> {
  const { scope, query, language, user } = input;
  const learnerId = isLearner(user) ? user.id : null;
  if (scope === "enrolled" && learnerId === null) return { data: [], total: 0 };
  const match = query.q ? catalogueSearch(query.q) : null;
  if (query.q && !match) return { data: [], total: 0 };

  const conditions: (SQL | undefined)[] = [
    scope === "coming_soon"
      ? eq(courses.status, "coming_soon")
      : scope === "top"
        ? eq(courses.status, "published")
        : listedStatus,
    query.status ? eq(courses.status, query.status) : undefined,
    query.category_id ? eq(courses.categoryId, query.category_id) : undefined,
    match?.where,
    scope === "enrolled" && learnerId !== null
      ? inArray(
          courses.id,
          db.select({ id: enrolments.courseId }).from(enrolments).where(eq(enrolments.userId, learnerId)),
        )
      : undefined,
    ...catalogueFilters(query),
  ];
  const where = and(...conditions);
  const order: SQL[] = [
    ...catalogueOrder(query.sort, match?.rank),
    ...(scope === "top" ? [desc(courses.enrolmentCount)] : []),
    asc(courses.position),
    desc(courses.publishedAt),
    asc(courses.id),
  ];
  const offset = (query.page - 1) * query.per_page;
  const load = async () => {
    const [rows, [total]] = await Promise.all([
      db
        .select(cardColumns)
        .from(courses)
        .leftJoin(categories, eq(categories.id, courses.categoryId))
        .where(where)
        .orderBy(...order)
        .limit(query.per_page)
        .offset(offset),
      db.select({ n: count() }).from(courses).where(where),
    ]);
    return { data: await presentCards(db, rows, language), total: total?.n ?? 0 };
  };
  // The enrolled list is the learner's own; the other lists are the same for everyone.
  const base =
    scope === "enrolled"
      ? await load()
      : await cached(db, `list:${scope}:${language}:${JSON.stringify(query)}`, load);
  return learnerId === null ? base : { ...base, data: await withLearner(db, base.data, learnerId) };
}

export function listCategories(db: Db, language: LanguageCode): Promise<CourseCategorySummary[]> {
  return cached(db, `categories:${language}`, () => readCategories(db, language));
}

async function readCategories(db: Db, language: LanguageCode): Promise<CourseCategorySummary[]> {
  const rows = await db
    .select({
      id: categories.id,
      nameEn: categories.nameEn,
      nameEs: categories.nameEs,
      slug: categories.slug,
      n: sql<number>`count(${courses.id}) FILTER (WHERE ${listedStatus})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(courses, eq(courses.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => ({
    id: r.id,
    name: localized(language, r.nameEn, r.nameEs),
    slug: r.slug,
    course_count: r.n,
  }));
}

export async function findCategory(
  db: Db,
  id: number,
  language: LanguageCode,
): Promise<CourseCategorySummary> {
  const category = (await listCategories(db, language)).find((c) => c.id === id);
  if (!category) throw new AppError("not_found", "catalog.categoryNotFound");
  return category;
}

export async function loadCourseRow(db: DbOrTx, courseId: number): Promise<DetailRow> {
  const [row] = await db
    .select({ ...cardColumns, ...detailColumns })
    .from(courses)
    .leftJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.id, courseId));
  if (!row) throw new AppError("not_found", "catalog.courseNotFound");
  return row;
}

/** The title page, for a guest (outline, price, previews) or a learner (with each lecture's state). */
export async function courseDetail(
  db: Db,
  input: { courseId: number; user: CurrentUser | null; language: LanguageCode },
): Promise<CourseDetail> {
  if (input.user === null)
    return cached(db, `page:${input.courseId}:${input.language}`, () => buildCourseDetail(db, input));
  return buildCourseDetail(db, input);
}

async function buildCourseDetail(
  db: Db,
  input: { courseId: number; user: CurrentUser | null; language: LanguageCode },
): Promise<CourseDetail> {
  const { courseId, user, language } = input;
  // The title's row is catalogue structure, cached like the outline (authoring writes clear it).
  const row = await cached(db, `course-row:${courseId}`, () => loadCourseRow(db, courseId));
  if (!catalogPolicy.allow(user, "see", row)) throw new AppError("not_found", "catalog.courseNotFound");
  const learner = isLearner(user);
  const [outline, { enrolment, progress }] = await Promise.all([
    loadOutline(db, courseId),
    learner
      ? loadLearnerState(db, user.id, courseId)
      : Promise.resolve({ enrolment: null, progress: new Map() }),
  ]);
  const preview = !learner && catalogPolicy.allow(user, "preview");
  const states = lectureStates(outline, progress, { entitled: Boolean(enrolment) || preview, preview });
  const stats = outlineStats(outline);
  const courseProgress = enrolment ? courseProgressOf(outline, progress) : null;
  const card = presentCard(
    row,
    language,
    stats,
    learner ? { enrolled: Boolean(enrolment), completed: courseProgress?.completed_lectures ?? 0 } : null,
  );

  let resume: CourseDetail["resume"] = null;
  if (enrolment) {
    const last = enrolment.lastLectureId
      ? outline.order.find((l) => l.id === enrolment.lastLectureId)
      : undefined;
    const target =
      last && isOpenState(states.get(last.id) ?? "locked")
        ? last
        : outline.order.find((l) => {
            const s = states.get(l.id);
            return s === "in_progress" || s === "to_start";
          });
    if (target)
      resume = {
        lecture_id: target.id,
        lecture_title: localized(language, target.titleEn, target.titleEs),
        position_seconds: progress.get(target.id)?.lastPositionSeconds ?? 0,
        duration_seconds: target.durationSeconds,
      };
  }

  return {
    ...card,
    ...presentDetailExtras(row, language),
    levels: presentOutline(outline, language, states, enrolment ? progress : null, taughtIn(row)),
    enrolment: enrolment
      ? { source: enrolment.source, enrolled_at: enrolment.createdAt.toISOString() }
      : null,
    progress: courseProgress,
    resume,
    enrol_action:
      enrolment || preview
        ? "enrolled"
        : !user
          ? "login"
          : row.status === "coming_soon"
            ? "coming_soon"
            : row.isFree
              ? "enrol"
              : "cart",
  };
}

export async function findEnrolment(db: DbOrTx, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  return row ?? null;
}

/**
 * Gives a learner access to a title; idempotent. Commerce (purchase), sponsorship and
 * administrators call this too; it runs the one enrolment grant (grants/grants.ts), which moves the
 * title's enrolment count and empties the wish list in the same statement.
 */
export async function grantEnrolment(
  db: DbOrTx,
  input: { userId: number; courseId: number; source: EnrolmentSource },
): Promise<{ id: number; created: boolean; source: EnrolmentSource; enrolledAt: Date }> {
  const result = await grantEnrolmentRow(db, input);
  if (result.created) forgetCourse(db, input.courseId);
  return result;
}

/** A learner enrols in a free title; a paid title is bought through the cart instead. */
export async function enrolInFreeCourse(db: Db, user: CurrentUser, courseId: number, language: LanguageCode) {
  if (!isLearner(user)) throw new AppError("forbidden", "catalog.learnersOnly");
  const row = await loadCourseRow(db, courseId);
  if (row.status === "draft") throw new AppError("not_found", "catalog.courseNotFound");
  const existing = await findEnrolment(db, user.id, courseId);
  if (!existing) {
    if (row.status === "coming_soon") throw new AppError("conflict", "catalog.comingSoonNotEnrollable");
    if (!row.isFree) throw new AppError("conflict", "catalog.paidUseCart");
  }
  const result = await grantEnrolment(db, { userId: user.id, courseId, source: "free" });
  return {
    created: result.created,
    body: {
      message: result.created
        ? messageKey("catalog.enrolled", { title: localized(language, row.titleEn, row.titleEs) })
        : "catalog.alreadyEnrolled",
      course_id: courseId,
      enrolment: { source: result.source, enrolled_at: result.enrolledAt.toISOString() },
    },
  };
}

/**
 * Every listed title (published or coming soon) as a card without the caller's part, indexed and
 * pre-ordered the two ways the dashboard recommends by, so a request picks six titles by walking a
 * list instead of sorting thousands. Catalogue structure: cached like the public lists.
 */
function listedCatalogue(db: Db, language: LanguageCode) {
  return cached(db, `listed-cards:${language}`, async () => {
    const rows = await db
      .select({ ...cardColumns, position: courses.position })
      .from(courses)
      .leftJoin(categories, eq(categories.id, courses.categoryId))
      .where(listedStatus);
    const cards = await presentCards(db, rows, language);
    const entries = rows.map((row, i) => ({ row, card: cards[i]! }));
    type Entry = (typeof entries)[number];
    const published = entries.filter(({ row }) => row.status === "published");
    const mostFollowed = (a: Entry, b: Entry) =>
      b.row.enrolmentCount - a.row.enrolmentCount || a.row.id - b.row.id;
    return {
      byId: new Map(entries.map((entry) => [entry.row.id, entry])),
      byPosition: published.toSorted((a, b) => a.row.position - b.row.position || mostFollowed(a, b)),
      byFollowers: published.toSorted(mostFollowed),
    };
  });
}

type ListedCatalogue = Awaited<ReturnType<typeof listedCatalogue>>;
type ListedEntry = ListedCatalogue["byPosition"][number];

/** The first `count` entries of an ordered list that pass a test. */
function firstOf(list: ListedEntry[], keep: (entry: ListedEntry) => boolean, count: number) {
  const found: ListedEntry[] = [];
  for (const entry of list) {
    if (found.length === count) break;
    if (keep(entry)) found.push(entry);
  }
  return found;
}

/**
 * Published titles the learner is not in: titles of their categories first, then the most
 * followed; a learner with no titles yet gets the catalogue's own order.
 */
function recommendations(
  catalogue: ListedCatalogue,
  enrolledIds: Set<number>,
  myCategories: Set<number | null>,
  count: number,
) {
  const open = (entry: ListedEntry) => !enrolledIds.has(entry.row.id);
  if (myCategories.size === 0) return firstOf(catalogue.byPosition, open, count);
  const mine = firstOf(catalogue.byFollowers, (e) => open(e) && myCategories.has(e.row.categoryId), count);
  const others = firstOf(
    catalogue.byFollowers,
    (e) => open(e) && !myCategories.has(e.row.categoryId),
    count - mine.length,
  );
  return [...mine, ...others];
}

/** A learner's enrolments, most recent activity first, with the position in each one's last lecture. */
const learnerEnrolmentsQuery = preparedFor((db) =>
  db
    .select({
      courseId: enrolments.courseId,
      lastLectureId: enrolments.lastLectureId,
      position: lectureProgress.lastPositionSeconds,
    })
    .from(enrolments)
    .leftJoin(
      lectureProgress,
      and(
        eq(lectureProgress.userId, enrolments.userId),
        eq(lectureProgress.lectureId, enrolments.lastLectureId),
      ),
    )
    .where(eq(enrolments.userId, sql.placeholder("userId")))
    .orderBy(sql`${enrolments.lastActivityAt} DESC NULLS LAST`, desc(enrolments.createdAt))
    .prepare("catalog_dashboard_enrolments"),
);

/**
 * The learner's dashboard: where to continue, their titles, and six recommendations (published titles
 * they are not in, their categories first, then the most followed). Two queries besides the cached
 * catalogue: the learner's enrolments with the position in each last lecture, and their progress.
 */
export async function learningDashboard(
  db: Db,
  user: CurrentUser,
  language: LanguageCode,
): Promise<LearningDashboard> {
  const [mine, catalogue] = await Promise.all([
    learnerEnrolmentsQuery(db).execute({ userId: user.id }),
    listedCatalogue(db, language),
  ]);
  const { byId } = catalogue;
  const listed = mine.filter((m) => byId.has(m.courseId)).slice(0, 50);
  const enrolledIds = new Set(mine.map((m) => m.courseId));

  let resume: LearningDashboard["continue"] = null;
  const latest = listed.find((m) => m.lastLectureId !== null);
  if (latest?.lastLectureId) {
    const course = byId.get(latest.courseId)!.row;
    const [outline, { progress }] = await Promise.all([
      loadOutline(db, course.id),
      loadLearnerState(db, user.id, course.id),
    ]);
    // The next unfinished lecture, not the last one opened when that one is finished.
    const lecture = nextLectureToStudy(outline, progress, latest.lastLectureId);
    if (lecture)
      resume = {
        course_id: course.id,
        course_title: localized(language, course.titleEn, course.titleEs),
        course_title_lang: textLanguage(language, course.titleEn, course.titleEs, taughtIn(course)),
        cover_url: coverUrl(course),
        lecture_id: lecture.id,
        lecture_title: localized(language, lecture.titleEn, lecture.titleEs),
        lecture_title_lang: textLanguage(language, lecture.titleEn, lecture.titleEs, taughtIn(course)),
        position_seconds: progress.get(lecture.id)?.lastPositionSeconds ?? 0,
        duration_seconds: lecture.durationSeconds,
        course_progress: courseProgressOf(outline, progress),
      };
  }

  const myCategories = new Set<number | null>(
    listed.map((m) => byId.get(m.courseId)!.row.categoryId).filter((c) => c !== null),
  );
  const recommended = recommendations(catalogue, enrolledIds, myCategories, 6);
  const cards = await withLearner(
    db,
    [...listed.map((m) => byId.get(m.courseId)!.card), ...recommended.map((r) => r.card)],
    user.id,
    enrolledIds,
  );
  return {
    continue: resume,
    enrolled: cards.slice(0, listed.length),
    recommendations: cards.slice(listed.length),
  };
}

/** Whether a title has any learner (authoring refuses to delete it). */
export async function hasEnrolments(db: DbOrTx, courseId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId));
  return (row?.n ?? 0) > 0;
}

/** Where a title's cover is stored, or the title's 404 when the caller may not see it or it has none. */
export async function visibleCover(db: DbOrTx, user: CurrentUser | null, courseId: number) {
  const [course] = await db
    .select({ status: courses.status, key: courses.coverImageKey, type: courses.coverImageType })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course?.key || !catalogPolicy.allow(user, "see", course))
    throw new AppError("not_found", "catalog.courseNotFound");
  return { status: course.status, key: course.key, type: course.type };
}
