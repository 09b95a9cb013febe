/**
 * iCalendar (RFC 5545) export of events: one VEVENT per event, UTC times, TEXT values escaped,
 * lines folded at 75 octets without splitting a UTF-8 character, CRLF line ends.
 */
import type { LanguageCode } from "@aprendo/contract";

export type CalendarEvent = {
  id: number;
  scope: string;
  country: string | null;
  title: string;
  description: string;
  websiteUrl: string | null;
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
};

/** TEXT escaping of RFC 5545 section 3.3.11. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** 20250314T093000Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const limit = 75;
  if (Buffer.byteLength(line) <= limit) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    // The first line holds 75 octets; continuation lines 74 plus their leading space.
    const max = out.length === 0 ? limit : limit - 1;
    if (size + bytes > max) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function buildCalendar(options: {
  events: CalendarEvent[];
  calendarName: string;
  brand: string;
  host: string;
  language: LanguageCode;
  scopeLabel: (scope: string) => string;
  now?: Date;
}): string {
  const stamp = utcStamp(options.now ?? new Date());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(options.brand)}//Events//${options.language.toUpperCase()}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.calendarName)}`,
  ];
  for (const event of options.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:event-${event.id}@${options.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(event.startsAt)}`,
    );
    // An event without duration has no DTEND (RFC 5545: it then ends when it starts).
    if (event.endsAt.getTime() > event.startsAt.getTime()) lines.push(`DTEND:${utcStamp(event.endsAt)}`);
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.websiteUrl) lines.push(`URL:${event.websiteUrl.replace(/[\r\n]/g, "")}`);
    if (event.country) lines.push(`LOCATION:${escapeText(event.country)}`);
    lines.push(
      `CATEGORIES:${escapeText(options.scopeLabel(event.scope))}`,
      `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
