/**
 * Pure client rules of support tickets: the screenshot checks of spec sections 5 and 9 (the server
 * checks again), status tones, the lecture context a ticket carries, and the selected ticket.
 */

import { KB, limits, type TicketStatus } from "@aprendo/contract/domain";
import { type Bilingual, pickText } from "../../lib/contentLanguage";
import { formatFileSize } from "../../lib/fileSize";

export const screenshotRules = {
  max: limits.ticketScreenshotsMax,
  maxBytes: limits.ticketScreenshotMaxBytes,
  accept: "image/jpeg,image/png,image/webp,image/gif",
} as const;

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The image type a file's first bytes say it is (the same magic numbers the server reads), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

async function bytesOf(file: Blob, count?: number): Promise<Uint8Array> {
  const part = count === undefined ? file : file.slice(0, count);
  return new Uint8Array(await part.arrayBuffer());
}

/** What identifies a file's content: its SHA-256 where the browser offers it, else name, size and date. */
export async function fingerprint(file: File): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    try {
      const digest = await subtle.digest("SHA-256", (await bytesOf(file)) as BufferSource);
      return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    } catch {
      // Falls through to the cheap identity below.
    }
  }
  return `${file.name}:${file.size}:${file.lastModified}`;
}

export type ScreenshotProblem = "count" | "size" | "type" | "duplicate";
export type ScreenshotIssue = { name: string; problem: ScreenshotProblem };

/**
 * Adds files to those already chosen under the screenshot rules: at most 3, each at most 500 KB,
 * an image by its content, not a file already chosen. Returns the new list and one issue per refused file.
 */
export async function addScreenshots(
  chosen: readonly File[],
  incoming: readonly File[],
): Promise<{ files: File[]; issues: ScreenshotIssue[] }> {
  const files = [...chosen];
  const issues: ScreenshotIssue[] = [];
  const seen = new Set(await Promise.all(chosen.map(fingerprint)));
  for (const file of incoming) {
    if (files.length >= screenshotRules.max) {
      issues.push({ name: file.name, problem: "count" });
      continue;
    }
    if (file.size > screenshotRules.maxBytes) {
      issues.push({ name: file.name, problem: "size" });
      continue;
    }
    if (sniffImageType(await bytesOf(file, 12)) === null) {
      issues.push({ name: file.name, problem: "type" });
      continue;
    }
    const print = await fingerprint(file);
    if (seen.has(print)) {
      issues.push({ name: file.name, problem: "duplicate" });
      continue;
    }
    seen.add(print);
    files.push(file);
  }
  return { files, issues };
}

/** The contract message (a portable key, translated where shown) of a refused screenshot. */
export function screenshotIssueMessage(issue: ScreenshotIssue): string {
  const params = (values: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  switch (issue.problem) {
    case "count":
      return `support.screenshotsTooMany?${params({ max: screenshotRules.max })}`;
    case "size":
      return `support.screenshotTooLarge?${params({ name: issue.name, max: screenshotRules.maxBytes / KB })}`;
    case "type":
      return `support.screenshotType?${params({ name: issue.name })}`;
    case "duplicate":
      return `support.screenshotDuplicate?${params({ name: issue.name })}`;
  }
}

export const statusTone = {
  unclaimed: "warning",
  in_progress: "info",
  resolved: "success",
} as const satisfies Record<TicketStatus, "warning" | "info" | "success">;

/** "4:05" or "1:02:03": the video time a ticket opened from a lecture points at. */
export function formatVideoTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

export type LectureContext = { course_id: number; lecture_id: number; video_time?: number };

const positiveInt = (value: string | null, allowZero = false): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && (allowZero ? n >= 0 : n > 0) ? n : undefined;
};

/**
 * The lecture a ticket is opened from: `/iu/tickets?new=1&course_id=3&lecture_id=12&video_time=95`
 * (the lecture page links there). Both ids or nothing; the video time is optional.
 */
export function lectureContextFrom(search: URLSearchParams): LectureContext | null {
  const course = positiveInt(search.get("course_id"));
  const lecture = positiveInt(search.get("lecture_id"));
  if (!course || !lecture) return null;
  const time = positiveInt(search.get("video_time"), true);
  return time === undefined || time > 86_400
    ? { course_id: course, lecture_id: lecture }
    : { course_id: course, lecture_id: lecture, video_time: time };
}

/** The link a lecture page uses to open a ticket about itself. */
export function ticketFromLectureLink(context: LectureContext): string {
  const query = new URLSearchParams({
    new: "1",
    course_id: String(context.course_id),
    lecture_id: String(context.lecture_id),
  });
  if (context.video_time !== undefined) query.set("video_time", String(Math.floor(context.video_time)));
  return `/iu/tickets?${query.toString()}`;
}

/** The ticket to show: the path's id, else the notification's `individualTicketSelect` query. */
export function selectedTicketId(param: string | undefined, search: URLSearchParams): number | null {
  return positiveInt(param ?? null) ?? positiveInt(search.get("individualTicketSelect")) ?? null;
}

/** Pages of a paginated answer. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** "416 bytes", "12 kB", "1.2 MB" in the reader's language (the app's one file-size text). */
export const fileSize = formatFileSize;

/** The reader's side of a text written in both languages (English when the other is empty; lib/contentLanguage). */
export const inLanguage = (text: Bilingual, language: string | undefined): string =>
  pickText(text, language).text;
