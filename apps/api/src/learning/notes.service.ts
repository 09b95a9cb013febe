/** A learner's own notes: one rich-text note per lecture, listed and exported per title. */
import { type LanguageCode, messageKey, messages, type NoteDoc, translate } from "@aprendo/contract";
import { and, desc, eq } from "drizzle-orm";
import { findEnrolment } from "../catalog/catalog.service";
import { loadOutline } from "../catalog/outline.service";
import type { Db } from "../db/client";
import { courses, lectureNotes } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { isLearner } from "../http/policy";
import { localized } from "../lib/text";
import { resolveLecture } from "./lecture-access.service";
import { type DocNode, noteText, noteToMarkdown } from "./notes.markdown";

const presentNote = (row: typeof lectureNotes.$inferSelect) => ({
  lecture_id: row.lectureId,
  content: row.content,
  updated_at: row.updatedAt.toISOString(),
});

async function learnerLecture(db: Db, user: CurrentUser, lectureId: number) {
  if (!isLearner(user)) throw new AppError("forbidden");
  const access = await resolveLecture(db, user, lectureId);
  if (access.mode !== "learner") throw new AppError("forbidden", "catalog.notEnrolled");
  return access.lecture;
}

export async function getNote(db: Db, user: CurrentUser, lectureId: number) {
  await learnerLecture(db, user, lectureId);
  const [row] = await db
    .select()
    .from(lectureNotes)
    .where(and(eq(lectureNotes.userId, user.id), eq(lectureNotes.lectureId, lectureId)));
  return { data: row ? presentNote(row) : null };
}

/** Autosave: the latest content replaces the note (an empty document deletes it). */
export async function saveNote(db: Db, user: CurrentUser, lectureId: number, content: NoteDoc) {
  const lecture = await learnerLecture(db, user, lectureId);
  if (noteText(content as DocNode) === "" && !JSON.stringify(content).includes('"image"')) {
    await db
      .delete(lectureNotes)
      .where(and(eq(lectureNotes.userId, user.id), eq(lectureNotes.lectureId, lectureId)));
    return { data: null };
  }
  const now = new Date();
  const [row] = await db
    .insert(lectureNotes)
    .values({ userId: user.id, lectureId, courseId: lecture.courseId, content })
    .onConflictDoUpdate({
      target: [lectureNotes.userId, lectureNotes.lectureId],
      set: { content, updatedAt: now },
    })
    .returning();
  return { data: presentNote(row!) };
}

export async function deleteNote(db: Db, user: CurrentUser, lectureId: number) {
  await learnerLecture(db, user, lectureId);
  await db
    .delete(lectureNotes)
    .where(and(eq(lectureNotes.userId, user.id), eq(lectureNotes.lectureId, lectureId)));
}

/** The learner's notes of a title, in the title's order, with where each belongs. */
async function notesOfCourse(db: Db, user: CurrentUser, courseId: number, language: LanguageCode) {
  if (!isLearner(user) || !(await findEnrolment(db, user.id, courseId)))
    throw new AppError("forbidden", "catalog.notEnrolled");
  const [outline, rows, [course]] = await Promise.all([
    loadOutline(db, courseId),
    db
      .select()
      .from(lectureNotes)
      .where(and(eq(lectureNotes.userId, user.id), eq(lectureNotes.courseId, courseId)))
      .orderBy(desc(lectureNotes.updatedAt)),
    db
      .select({ titleEn: courses.titleEn, titleEs: courses.titleEs })
      .from(courses)
      .where(eq(courses.id, courseId)),
  ]);
  const byLecture = new Map(rows.map((r) => [r.lectureId, r]));
  const items = outline.levels.flatMap((level) =>
    level.modules.flatMap((module) =>
      module.lectures.flatMap((lecture) => {
        const note = byLecture.get(lecture.id);
        if (!note) return [];
        return [
          {
            note,
            lecture: localized(language, lecture.titleEn, lecture.titleEs),
            module: localized(language, module.titleEn, module.titleEs),
            level: localized(language, level.titleEn, level.titleEs),
          },
        ];
      }),
    ),
  );
  return { items, courseTitle: course ? localized(language, course.titleEn, course.titleEs) : "" };
}

export async function listNotes(db: Db, user: CurrentUser, courseId: number, language: LanguageCode) {
  const { items } = await notesOfCourse(db, user, courseId, language);
  return {
    data: items.map((i) => ({
      lecture_id: i.note.lectureId,
      lecture_title: i.lecture,
      module_title: i.module,
      level_title: i.level,
      excerpt: noteText(i.note.content as DocNode).slice(0, 200),
      updated_at: i.note.updatedAt.toISOString(),
    })),
  };
}

export async function exportNotes(db: Db, user: CurrentUser, courseId: number, language: LanguageCode) {
  const { items, courseTitle } = await notesOfCourse(db, user, courseId, language);
  const heading = translate(
    messages,
    language,
    messageKey("lecture.notesExportTitle", { title: courseTitle }),
  );
  const sections = items.map(
    (i) => `## ${i.level} › ${i.module} › ${i.lecture}\n\n${noteToMarkdown(i.note.content as DocNode)}`,
  );
  return {
    filename: `${
      courseTitle
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase() || "notes"
    }-notes.md`,
    markdown: `# ${heading}\n\n${sections.join("\n\n")}\n`,
  };
}
