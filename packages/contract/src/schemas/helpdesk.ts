/**
 * The helpdesk of the ticket desk (docs/support.md): internal notes, canned
 * replies per language, priority and tags, response times, merging duplicates, bulk claim/resolve.
 * Everything here is staff-only (isTicketContentManager or isTicketSystemManager); no requester
 * endpoint (guest link or /iu/tickets) ever answers a note, a priority or a tag.
 *
 *   GET  /af/tickets/{id}/notes                   -> ticketNoteList
 *   POST /af/tickets/{id}/notes                   ticketNoteInput -> 201 ticketNoteEnvelope
 *   PUT  /af/tickets/{id}/triage                  ticketTriageInput (priority, tags) -> ticketDetailEnvelope
 *   PUT  /af/tickets/{id}/merge                   ticketMergeInput (into_id): the thread moves there,
 *                                                  this one is resolved with merged_into -> ticketDetailEnvelope
 *   POST /af/tickets/bulk                         ticketBulkInput (claim|resolve, ids) -> ticketBulkResult
 *   GET  /af/tickets/tags                         tags in use, most used first -> ticketTagList
 *   GET  /af/tickets/response-times               averages over the desk's tickets -> deskResponseTimes
 *   GET  /af/tickets/canned-replies?language=     -> cannedReplyList
 *   POST /af/tickets/canned-replies               cannedReplyInput -> 201 cannedReplyEnvelope
 *   GET|PUT|DELETE /af/tickets/canned-replies/{id}
 * The desk list (GET /af/tickets, /af/tickets/me) also filters `priority`, `tag` and
 * `assignee=me|none`, and each staff-side ticket carries `desk` (deskTriage).
 */
import { z } from "zod";
import { idParam, msg, text } from "./validators";

export const ticketPriorities = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const helpdeskLimits = {
  noteMax: 4_000,
  cannedTitleMax: 80,
  cannedBodyMax: 4_000,
  tagMax: 30,
  tagsPerTicket: 10,
  bulkMax: 100,
} as const;

/** A tag: lower case letters, digits, spaces, "-" or "_", starting with a letter or digit. */
export const ticketTag = z
  .string({ error: msg.required })
  .trim()
  .toLowerCase()
  .min(1, { error: msg.required })
  .max(helpdeskLimits.tagMax, { error: msg.max(helpdeskLimits.tagMax) })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, { error: msg.invalidCharacters });

export const ticketTriageInput = z
  .object({
    priority: z.enum(ticketPriorities, { error: msg.oneOf }).optional(),
    tags: z
      .array(ticketTag)
      .max(helpdeskLimits.tagsPerTicket, { error: msg.max(helpdeskLimits.tagsPerTicket, "entry.items") })
      .transform((tags) => [...new Set(tags)])
      .optional(),
  })
  .refine((v) => v.priority !== undefined || v.tags !== undefined, { error: msg.required });
export type TicketTriageInput = z.infer<typeof ticketTriageInput>;

/** What only the desk sees of a ticket; times are in whole seconds. */
export const deskTriage = z.object({
  priority: z.enum(ticketPriorities),
  /** The requester's language: it picks the canned replies offered first. */
  language: z.enum(["en", "es"]),
  tags: z.array(z.string()),
  /** The first staff reply (or null while nobody has answered). */
  first_response_at: z.string().nullable(),
  first_response_seconds: z.number().int().nullable(),
  /** From opening to resolving, while resolved. */
  resolution_seconds: z.number().int().nullable(),
});
export type DeskTriage = z.infer<typeof deskTriage>;

/** Set on a duplicate that was merged into another ticket (the requester sees it too). */
export const ticketMergedInto = z.object({ id: z.number().int(), reference: z.string() }).nullable();

export const deskAssigneeFilters = ["me", "none"] as const;
/** The desk list's helpdesk filters (added to deskTicketListQuery). */
export const deskHelpdeskFilters = {
  priority: z.enum(ticketPriorities, { error: msg.oneOf }).optional(),
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(helpdeskLimits.tagMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
  assignee: z.enum(deskAssigneeFilters, { error: msg.oneOf }).optional(),
};

export const ticketNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
});
export type TicketNote = z.infer<typeof ticketNote>;
export const ticketNoteList = z.object({ data: z.array(ticketNote) });
export const ticketNoteInput = z.object({ body: text(1, helpdeskLimits.noteMax) });
export type TicketNoteInput = z.infer<typeof ticketNoteInput>;
export const ticketNoteEnvelope = z.object({ message: z.string().optional(), data: ticketNote });

const languageCode = z.enum(["en", "es"], { error: msg.oneOf });
export const cannedReply = z.object({
  id: z.number().int(),
  language: languageCode,
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedReplyInput = z.object({
  language: languageCode,
  title: text(1, helpdeskLimits.cannedTitleMax),
  body: text(1, helpdeskLimits.cannedBodyMax),
});
export type CannedReplyInput = z.infer<typeof cannedReplyInput>;
export const cannedReplyListQuery = z.object({ language: languageCode.optional() });
export const cannedReplyList = z.object({ data: z.array(cannedReply) });
export const cannedReplyEnvelope = z.object({ message: z.string().optional(), data: cannedReply });

export const ticketMergeInput = z.object({ into_id: idParam });

export const ticketBulkActions = ["claim", "resolve"] as const;
export const ticketBulkInput = z.object({
  action: z.enum(ticketBulkActions, { error: msg.oneOf }),
  ids: z
    .array(idParam)
    .min(1, { error: msg.required })
    .max(helpdeskLimits.bulkMax, { error: msg.max(helpdeskLimits.bulkMax, "entry.items") })
    .transform((ids) => [...new Set(ids)]),
});
export type TicketBulkInput = z.infer<typeof ticketBulkInput>;
export const ticketBulkResult = z.object({
  message: z.string(),
  data: z.object({
    done: z.array(z.number().int()),
    failed: z.array(z.object({ id: z.number().int(), reference: z.string(), message: z.string() })),
  }),
});
export type TicketBulkResult = z.infer<typeof ticketBulkResult>;

export const ticketTagList = z.object({
  data: z.array(z.object({ tag: z.string(), tickets: z.number().int() })),
});

export const deskResponseTimes = z.object({
  data: z.object({
    tickets: z.number().int(),
    responded: z.number().int(),
    resolved: z.number().int(),
    first_response_avg_seconds: z.number().int().nullable(),
    resolution_avg_seconds: z.number().int().nullable(),
  }),
});
export type DeskResponseTimes = z.infer<typeof deskResponseTimes>["data"];
