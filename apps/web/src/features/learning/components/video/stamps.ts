/**
 * Time stamps in notes: "[1:05]" typed or inserted at the video's current time. They are plain text
 * in the note (so they survive the Markdown export and need nothing from the server), and clicking
 * one in the editor seeks the lecture's video there.
 */
import { clock } from "../../../catalog/logic";

const STAMP = /\[(?:(\d+):)?(\d{1,2}):(\d{2})\]/g;

/** The stamp text of a time in seconds: "[1:05]", "[1:02:03]". */
export const stampOf = (seconds: number) => `[${clock(seconds)}]`;

/** The seconds of the stamp that covers character `offset` of `text`, or null. */
export function stampAt(text: string, offset: number): number | null {
  for (const match of text.matchAll(STAMP)) {
    const start = match.index ?? 0;
    if (offset >= start && offset <= start + match[0].length) {
      const [, h, m, s] = match;
      return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
    }
  }
  return null;
}
