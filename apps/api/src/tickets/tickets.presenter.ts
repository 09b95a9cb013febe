/** Ticket rows -> the contract's response shapes, with URLs and abilities for the caller. */
import {
  type DeskTriage,
  languageById,
  messages,
  OTHER_SUBJECT_ID,
  type TicketAttachment,
  type TicketDetail,
  type TicketMessage,
  type TicketPriority,
  type TicketStatus,
  type TicketSummary,
  type TranslatedText,
} from "@aprendo/contract";
import type { ticketAttachments, tickets } from "../db/schema/index";
import { abilitiesOf, type TicketViewer } from "./tickets.policy";

export type TicketRow = typeof tickets.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type PersonFields = {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
};
export type SummaryRow = {
  ticket: TicketRow;
  subjectTitleEn: string | null;
  subjectTitleEs: string | null;
  requester: PersonFields | null;
  claimer: PersonFields | null;
  messagesCount: number;
  firstResponseAt: Date | null;
};
export type MessageRow = {
  id: number;
  body: string;
  authorId: number | null;
  authorKind: string;
  createdAt: Date;
  author: PersonFields | null;
};

export const ticketReference = (id: number) => `TCK-${String(id).padStart(6, "0")}`;

/** "TCK-000042", "tck-42", "#42" or "42" -> 42. */
export function referenceNumber(search: string): number | null {
  const match = /^(?:tck-?|#)?0*(\d{1,9})$/i.exec(search.trim());
  return match ? Number(match[1]) : null;
}

export const otherSubjectTitle: TranslatedText = {
  en: messages.en["support.subjectOther"] ?? "Other",
  es: messages.es["support.subjectOther"] ?? "Otro",
};

export function displayName(person: PersonFields | null): string {
  if (!person) return "";
  const full = `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim();
  return full || person.username || "";
}

const excerpt = (text: string, length = 160) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

/**
 * `staffView`: administrators see usernames; requesters only see the administrator's name (a
 * username is a login identifier).
 */
export function presentSummary(row: SummaryRow, staffView: boolean): TicketSummary {
  const t = row.ticket;
  const claimer = t.claimedBy !== null && row.claimer?.username ? row.claimer : null;
  return {
    id: t.id,
    reference: ticketReference(t.id),
    subject:
      t.subjectId === null
        ? { id: OTHER_SUBJECT_ID, title: otherSubjectTitle }
        : { id: t.subjectId, title: { en: row.subjectTitleEn ?? "", es: row.subjectTitleEs ?? "" } },
    status: t.status as TicketStatus,
    excerpt: excerpt(t.description),
    language: languageById(t.languageId),
    requester:
      t.userId === null
        ? { kind: "guest", id: null, name: t.guestEmail ?? "", email: t.guestEmail }
        : {
            kind: "learner",
            id: t.userId,
            name: displayName(row.requester),
            email: row.requester?.email ?? null,
          },
    claimed_by: claimer
      ? { id: t.claimedBy!, username: staffView ? (claimer.username ?? "") : "", name: displayName(claimer) }
      : null,
    course_id: t.courseId,
    lecture_id: t.lectureId,
    video_time: t.videoTime,
    messages_count: row.messagesCount,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    last_activity_at: t.lastActivityAt.toISOString(),
    resolved_at: t.resolvedAt?.toISOString() ?? null,
    merged_into:
      t.mergedIntoId === null ? null : { id: t.mergedIntoId, reference: ticketReference(t.mergedIntoId) },
    // Triage and response times are the desk's working data: never in a requester's answer.
    ...(staffView ? { desk: deskTriageOf(t, row.firstResponseAt) } : {}),
  };
}

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

export function deskTriageOf(t: TicketRow, firstResponseAt: Date | null): DeskTriage {
  return {
    priority: t.priority as TicketPriority,
    language: languageById(t.languageId),
    tags: t.tags,
    first_response_at: firstResponseAt?.toISOString() ?? null,
    first_response_seconds: firstResponseAt ? secondsBetween(t.createdAt, firstResponseAt) : null,
    resolution_seconds: t.resolvedAt ? secondsBetween(t.createdAt, t.resolvedAt) : null,
  };
}

export function attachmentUrl(viewer: TicketViewer, ticketId: number, attachmentId: number): string {
  const path = `/tickets/${ticketId}/attachments/${attachmentId}`;
  if (viewer.kind === "guest") return `/api${path}?token=${encodeURIComponent(viewer.token)}`;
  return viewer.kind === "learner" ? `/api/iu${path}` : `/api/af${path}`;
}

function presentAttachment(viewer: TicketViewer, row: AttachmentRow): TicketAttachment {
  return {
    id: row.id,
    name: row.fileName,
    mime_type: row.mimeType as TicketAttachment["mime_type"],
    size: row.size,
    url: attachmentUrl(viewer, row.ticketId, row.id),
  };
}

export function presentDetail(
  viewer: TicketViewer,
  row: SummaryRow,
  messageRows: MessageRow[],
  attachmentRows: AttachmentRow[],
): TicketDetail {
  const t = row.ticket;
  const requesterName = t.userId === null ? (t.guestEmail ?? "") : displayName(row.requester);
  const thread: TicketMessage[] = messageRows.map((m) => ({
    id: m.id,
    body: m.body,
    author: {
      kind: m.authorKind === "staff" ? "staff" : "requester",
      id: m.authorId,
      name: m.authorKind === "staff" ? displayName(m.author) : requesterName,
    },
    created_at: m.createdAt.toISOString(),
    attachments: attachmentRows.filter((a) => a.messageId === m.id).map((a) => presentAttachment(viewer, a)),
  }));
  return {
    ...presentSummary(row, viewer.kind === "staff"),
    description: t.description,
    attachments: attachmentRows.filter((a) => a.messageId === null).map((a) => presentAttachment(viewer, a)),
    messages: thread,
    abilities: abilitiesOf(viewer, t),
  };
}
