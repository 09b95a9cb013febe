/**
 * Pure helpers of the authoring pages: moving items up and down, applying a new order to the cached
 * outline, money in pence from what an administrator types, the title form <-> API mapping and
 * small formatters. No React, no network: unit-tested in logic.test.ts.
 */
import type { AdminCourse, CourseLevelName, PublicationStatus } from "@aprendo/contract";
import type { BadgeTone } from "../../components/ui";
import { formatFileSize } from "../../lib/fileSize";

// ---------- order ----------

/** The list with the item at `index` moved by `delta` places; the same list when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length || delta === 0)
    return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The ids in their new order after moving the item with `id` by `delta`, or null when it cannot move. */
export function movedIds(items: readonly { id: number }[], id: number, delta: -1 | 1): number[] | null {
  const index = items.findIndex((item) => item.id === id);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= items.length) return null;
  return moveItem(items, index, delta).map((item) => item.id);
}

/** Sorts `items` as `ids` lists them and renumbers positions 0..n-1 (what the server does). */
export function orderBy<T extends { id: number; position: number }>(
  items: readonly T[],
  ids: readonly number[],
) {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items]
    .sort((a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER))
    .map((item, position) => ({ ...item, position }));
}

export type OutlineKind = "levels" | "modules" | "lectures";

/**
 * The title with one list re-ordered: the levels of the title, the modules of a level or the lectures
 * of a module (`parentId`). Used for the optimistic update while the server stores the order.
 */
export function applyOrder(
  course: AdminCourse,
  kind: OutlineKind,
  parentId: number,
  ids: readonly number[],
): AdminCourse {
  if (kind === "levels") return { ...course, levels: orderBy(course.levels, ids) };
  return {
    ...course,
    levels: course.levels.map((level) => {
      if (kind === "modules")
        return level.id === parentId ? { ...level, modules: orderBy(level.modules, ids) } : level;
      return {
        ...level,
        modules: level.modules.map((module) =>
          module.id === parentId ? { ...module, lectures: orderBy(module.lectures, ids) } : module,
        ),
      };
    }),
  };
}

/** Where a lecture sits in the outline, for breadcrumbs and "lecture 3 of 8". */
export function locateLecture(course: AdminCourse, lectureId: number) {
  let number = 0;
  for (const level of course.levels) {
    for (const module of level.modules) {
      for (const lecture of module.lectures) {
        number += 1;
        if (lecture.id === lectureId) return { level, module, lecture, number };
      }
    }
  }
  return null;
}

export function countLectures(course: Pick<AdminCourse, "levels">): number {
  return course.levels.reduce(
    (sum, level) => sum + level.modules.reduce((n, module) => n + module.lectures.length, 0),
    0,
  );
}

// ---------- money ----------

/**
 * Pence from a price typed in pounds ("19.99", "19,99", "£20", "20"); null when it is not a price
 * with at most two decimals.
 */
export function parsePrice(text: string): number | null {
  const clean = text.trim().replace(/^£\s*/, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [pounds = "0", pence = ""] = clean.split(".");
  return Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
}

/** The price as typed back into the box: 1999 -> "19.99", 2000 -> "20.00", 0 -> "". */
export function priceText(pence: number): string {
  return pence > 0 ? (pence / 100).toFixed(2) : "";
}

// ---------- the title form ----------

/** What the title form edits: texts as typed, the category as a select value, the price as text. */
export type CourseFormValues = {
  title_en: string;
  title_es: string;
  short_description_en: string;
  short_description_es: string;
  description_en: string;
  description_es: string;
  category_id: string;
  is_free: boolean;
  price: string;
  level: CourseLevelName;
  language: "en" | "es";
  outcomes_en: string;
  outcomes_es: string;
  requirements_en: string;
  requirements_es: string;
};

export const emptyCourseForm: CourseFormValues = {
  title_en: "",
  title_es: "",
  short_description_en: "",
  short_description_es: "",
  description_en: "",
  description_es: "",
  category_id: "",
  is_free: true,
  price: "",
  level: "all",
  language: "en",
  outcomes_en: "",
  outcomes_es: "",
  requirements_en: "",
  requirements_es: "",
};

export function courseToForm(course: AdminCourse): CourseFormValues {
  return {
    title_en: course.title_en,
    title_es: course.title_es,
    short_description_en: course.short_description_en,
    short_description_es: course.short_description_es,
    description_en: course.description_en,
    description_es: course.description_es,
    category_id: course.category_id === null ? "" : String(course.category_id),
    is_free: course.is_free,
    price: course.is_free ? "" : priceText(course.price_pence),
    level: course.level,
    language: course.language,
    outcomes_en: course.outcomes_en,
    outcomes_es: course.outcomes_es,
    requirements_en: course.requirements_en,
    requirements_es: course.requirements_es,
  };
}

/**
 * The API body of POST /af/courses (and PATCH): a free title has price 0, an empty price is 0 (the
 * schema then says a paid title needs a price) and a price that is not a number is -1 (refused).
 */
export function formToCourse(values: CourseFormValues) {
  const price = values.is_free || values.price.trim() === "" ? 0 : (parsePrice(values.price) ?? -1);
  return {
    category_id: values.category_id === "" ? null : Number(values.category_id),
    title_en: values.title_en.trim(),
    title_es: values.title_es.trim(),
    short_description_en: values.short_description_en.trim(),
    short_description_es: values.short_description_es.trim(),
    description_en: values.description_en.trim(),
    description_es: values.description_es.trim(),
    is_free: values.is_free,
    price_pence: price,
    level: values.level,
    language: values.language,
    outcomes_en: values.outcomes_en.trim(),
    outcomes_es: values.outcomes_es.trim(),
    requirements_en: values.requirements_en.trim(),
    requirements_es: values.requirements_es.trim(),
  };
}

/** API field -> form field, for messages from the schema or the server. */
export function courseFieldOf(apiField: string): keyof CourseFormValues | null {
  if (apiField === "price_pence") return "price";
  if (apiField === "is_free") return "is_free";
  return apiField in emptyCourseForm ? (apiField as keyof CourseFormValues) : null;
}

/** Only the fields that differ from the stored title (PATCH sends what changed). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) out[key] = after[key];
  }
  return out;
}

// ---------- display ----------

export const statusTone: Record<PublicationStatus, BadgeTone> = {
  draft: "neutral",
  coming_soon: "info",
  published: "success",
};

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

export const formatBytes = formatFileSize;

/** The title of a two-language item in the reader's language, falling back to English. */
export function inLanguage(item: { title_en: string; title_es: string }, language: string): string {
  return language === "es" && item.title_es.trim() ? item.title_es : item.title_en;
}

/** A title for the e-book from its file name: "unit-1_notes.pdf" -> "unit 1 notes". */
export function titleFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
}

/** The learner's lecture page as the course editor previews it (any status, nothing saved). */
export const learnerLecturePath = (courseId: number, lectureId: number) =>
  `/af/courses/${courseId}/preview/lesson/${lectureId}`;
