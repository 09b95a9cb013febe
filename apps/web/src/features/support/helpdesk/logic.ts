/** Pure rules of the desk's helpdesk tools: durations, priority tones, tags and ticket numbers. */

import type { TicketPriority } from "@aprendo/contract";
import type { BadgeTone } from "../../../components/ui";

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Seconds as "< 1 min", "42 min", "3 h 5 min" or "2 d 4 h" (the words come from `t`). */
export function formatDuration(seconds: number, t: Translate): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return t("helpdesk.duration.lessThanMinute");
  if (minutes < 60) return t("helpdesk.duration.minutes", { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("helpdesk.duration.hours", { h: hours, m: minutes % 60 });
  return t("helpdesk.duration.days", { d: Math.floor(hours / 24), h: hours % 24 });
}

export const priorityTone: Record<TicketPriority, BadgeTone> = {
  low: "neutral",
  normal: "info",
  high: "warning",
  urgent: "danger",
};

/** A tag as the API keeps it: trimmed, lower case. */
export const normaliseTag = (tag: string) => tag.trim().toLowerCase();

/** "TCK-000042", "tck-42", "#42" or "42" -> 42; anything else -> null (the API's reference rule). */
export function ticketNumber(text: string): number | null {
  const match = /^(?:tck-?|#)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}
