/**
 * What authors add to a lecture's video: WebVTT caption files per
 * language, chapters (title and start), and downloadable resources (PDF, ZIP, code and text files).
 * The files live in storage (`fileKey`); learners get them with the same access rules as the video.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { lectures } from "./catalog";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const lectureCaptions = pgTable(
  "lecture_captions",
  {
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    language: varchar({ length: 2 }).$type<"en" | "es">().notNull(),
    fileKey: text().notNull(),
    fileBytes: integer().notNull(),
    cueCount: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.lectureId, t.language] }),
    check("lecture_captions_language_check", sql`${t.language} IN ('en', 'es')`),
  ],
);

export const lectureChapters = pgTable(
  "lecture_chapters",
  {
    id: serial().primaryKey(),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    titleEn: varchar({ length: 120 }).notNull(),
    titleEs: varchar({ length: 120 }).notNull(),
    startSeconds: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    index("lecture_chapters_lecture_idx").on(t.lectureId, t.startSeconds),
    check("lecture_chapters_start_check", sql`${t.startSeconds} >= 0`),
  ],
);

export const lectureResources = pgTable(
  "lecture_resources",
  {
    id: serial().primaryKey(),
    lectureId: integer()
      .notNull()
      .references(() => lectures.id, { onDelete: "cascade" }),
    title: varchar({ length: 160 }).notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    contentType: varchar({ length: 80 }).notNull(),
    fileKey: text().notNull(),
    fileBytes: integer().notNull(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("lecture_resources_lecture_idx").on(t.lectureId, t.position)],
);
