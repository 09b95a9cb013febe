/**
 * A lecture's adaptive-streaming renditions. One row per lecture, made when its
 * video is uploaded (or a transcode is asked for): the background job (media/transcode.job.ts)
 * writes its state, progress and error here, and the renditions under `prefix` in storage
 * (`master.m3u8`, one playlist and its segments per height, `poster.jpg`, `thumbs.jpg` + `thumbs.vtt`).
 * `sourceKey` is the video the row was made from: a job whose source was since replaced stops.
 * The original upload stays the lecture's `video_key`; the player falls back to it until `ready`.
 */
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { lectures } from "./catalog";

export type MediaStatus = "queued" | "processing" | "ready" | "failed" | "unavailable";

export const lectureMedia = pgTable(
  "lecture_media",
  {
    lectureId: integer()
      .primaryKey()
      .references(() => lectures.id, { onDelete: "cascade" }),
    status: varchar({ length: 20 }).$type<MediaStatus>().notNull(),
    /** 0–100, from ffmpeg's `-progress` over every rendition. */
    progress: integer().notNull().default(0),
    /** What went wrong, for the author (a message key of `media.*` and ffmpeg's last line). */
    error: text(),
    sourceKey: text().notNull(),
    /** Storage folder of the renditions (ends with `/`); a new transcode writes a new one. */
    prefix: text(),
    /** Heights made, lowest first (e.g. [360, 720, 1080]). */
    heights: jsonb().$type<number[]>().notNull().default([]),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "lecture_media_status_check",
      sql`${t.status} IN ('queued', 'processing', 'ready', 'failed', 'unavailable')`,
    ),
    check("lecture_media_progress_check", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
