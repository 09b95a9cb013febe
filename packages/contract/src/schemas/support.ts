/**
 * Support and communication: tickets, ticket subjects, FAQs, events, global
 * notifications (admin side) and adverts. Field names are snake_case on the wire.
 *
 * Texts that administrators write in both languages travel as `{ en, es }` (`translatedText`), so
 * the web app shows the reader's language without asking again when the language changes.
 *
 * Endpoints (all under /api). "multipart" means multipart/form-data (JSON is accepted too when no
 * file is sent). Error bodies follow spec section 8 (`{ message }` or `{ message, errors }`).
 *
 * Tickets, guest (no token; the guest follows the ticket with the private token of the mail link
 * `${PUBLIC_URL}/tickets?ticket={id}&token={token}`; a wrong token answers 404 "Ticket not found"):
 *   GET  /tickets/subjects                        active subjects + "Other" (id 0)  -> ticketSubjectsPublicList
 *   POST /tickets                                 multipart guestTicketInput + screenshots (<= 3)
 *                                                  rate limited                      -> 201 guestTicketCreated
 *   GET  /tickets/{id}?token=                     -> ticketDetail
 *   POST /tickets/{id}/messages?token=            multipart ticketMessageInput + screenshots -> 201 ticketDetailEnvelope
 *   PUT  /tickets/{id}/resolve?token=             -> ticketDetailEnvelope
 *   PUT  /tickets/{id}/reopen?token=              -> ticketDetailEnvelope
 *   GET  /tickets/{id}/attachments/{attachmentId}?token=   the image (private, no-store)
 * Tickets, learner (role 1; another learner's ticket answers 404):
 *   GET  /iu/tickets?status=&search=&page=&per_page=       -> ticketList
 *   POST /iu/tickets                              multipart learnerTicketInput + screenshots -> 201 ticketDetailEnvelope
 *   GET  /iu/tickets/{id}                         -> ticketDetail
 *   POST /iu/tickets/{id}/messages                multipart ticketMessageInput + screenshots -> 201 ticketDetailEnvelope
 *   PUT  /iu/tickets/{id}/resolve | /reopen       -> ticketDetailEnvelope
 *   GET  /iu/tickets/{id}/attachments/{attachmentId}
 * Ticket desk (role 3+ with isTicketContentManager or isTicketSystemManager):
 *   GET  /af/tickets?filter=all|resolved|in_progress|unclaimed&search=&sort=&subject_id=&page=&per_page= -> ticketList
 *        (also priority=, tag=, assignee=me|none; notes, canned replies, triage, merge, bulk: helpdesk.ts)
 *   GET  /af/tickets/me?...                       the same, claimed by me            -> ticketList
 *   GET  /af/tickets/assignees                    administrators who work the desk   -> ticketAssigneeList
 *   GET  /af/tickets/{id}                         -> ticketDetail
 *   PUT  /af/tickets/{id}/claim                   one conditional UPDATE: 200, or 409 when already claimed
 *   POST /af/tickets/{id}/messages                multipart (claims an unclaimed ticket)  -> 201 ticketDetailEnvelope
 *   PUT  /af/tickets/{id}/resolve | /reopen       -> ticketDetailEnvelope
 *   PUT  /af/tickets/{id}/hand-over               ticketHandOverInput                -> ticketDetailEnvelope
 *   GET  /af/tickets/{id}/attachments/{attachmentId}
 *   Replying, resolving, reopening and handing over need the claimer or isTicketTeamLeadership.
 * Ticket subjects (isTicketSubjectManager):
 *   GET  /af/tickets/subjects                     -> ticketSubjectList
 *   POST /af/tickets/subjects                     ticketSubjectInput -> 201 ticketSubjectEnvelope
 *   GET|PUT|DELETE /af/tickets/subjects/{id}      (DELETE of a subject used by tickets: 409, deactivate it)
 *
 * FAQs:
 *   GET  /faqs?search=&category_id=               public, grouped by category       -> faqPublicList
 *   GET  /faqs/categories                         public                            -> faqCategoryPublicList
 *   GET  /faqs/{id}                               public, one entry + related        -> faqPublicDetail
 *   GET  /iu/faqs?search=&category_id= | /iu/faqs/{id}     the same for learners (role 1)
 *   GET|POST /af/faqs/categories, GET|PUT|DELETE /af/faqs/categories/{id}   (isFaqCategoryManager)
 *   GET|POST /af/faqs/entries,    GET|PUT|DELETE /af/faqs/entries/{id}      (isFaqManager)
 *
 * Events:
 *   GET  /iu/events?from=YYYY-MM-DD&to=YYYY-MM-DD&scope=all|national|global   -> eventList
 *        (events overlapping the range; national = events of the learner's profile country)
 *   GET  /iu/events/{id}                          -> eventEnvelope
 *   GET  /iu/events/ical?from=&to=&scope=         text/calendar (RFC 5545), one VEVENT per event
 *   GET  /iu/events/{id}/ical                     text/calendar with one VEVENT
 *   GET|POST /af/events, GET|PUT|DELETE /af/events/{id}    (isEventManager)   list: eventAdminListQuery
 *
 * Global notifications (isGlobalNotificationsManager; learners read them through the shell's
 * notification endpoints, type 2):
 *   GET  /af/global-notifications?page=&per_page=&search=  -> globalNotificationList
 *   POST /af/global-notifications                 globalNotificationInput (publish: true sends at once) -> 201
 *   GET|PUT|DELETE /af/global-notifications/{id}  (PUT only before publishing; DELETE retracts)
 *   POST /af/global-notifications/{id}/publish    -> globalNotificationEnvelope
 *
 * Adverts (isAdvertManager):
 *   GET|POST /af/advertisement-blocks, GET|PUT|DELETE /af/advertisement-blocks/{id}
 *   GET  /af/adverts?block_id=&page=&per_page=    -> advertList
 *   POST /af/adverts                              multipart: `data` (JSON advertInput) + `image` file -> 201
 *   GET|DELETE /af/adverts/{id}; PUT /af/adverts/{id}  JSON advertInput, or multipart with `data` and optional `image`
 *   GET  /adverts?placement=course_list_top       public: live adverts of the active blocks there -> advertPublicList
 *   GET  /adverts/{id}/image                      public image
 */
import { z } from "zod";
import { limits, MB } from "../domain/constants";
import { ticketStatuses } from "../domain/enums";
import { messageKey } from "../i18n/translate";
import { pageQuery, paginated, sortQuery } from "./common";
import { deskHelpdeskFilters, deskTriage, ticketMergedInto } from "./helpdesk";
import {
  dateField,
  dateTimeField,
  emailField,
  idParam,
  msg,
  optionalId,
  optionalText,
  text,
  urlField,
} from "./validators";

/* ------------------------------------------------------------------ shared pieces */

/** Bounds and limits of the support features (spec sections 5 and 9 plus our choices). */
export const supportLimits = {
  ticketDescriptionMin: 20,
  ticketDescriptionMax: 2_000,
  ticketMessageMax: limits.ticketMessageMax,
  ticketScreenshotsMax: limits.ticketScreenshotsMax,
  ticketScreenshotMaxBytes: limits.ticketScreenshotMaxBytes,
  ticketSearchMax: 100,
  advertImageMaxBytes: 1 * MB,
  eventRangeMaxDays: 400,
} as const;

/** Image types accepted for screenshots and advert images (checked by content on the server). */
export const supportImageTypes = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

/** The "Other" ticket subject (spec section 3): always id 0, never a row an administrator edits. */
export const OTHER_SUBJECT_ID = 0;

export const translatedText = z.object({ en: z.string(), es: z.string() });
export type TranslatedText = z.infer<typeof translatedText>;
/** Input of a text written in both languages, each side with the same bounds. */
export function translatedInput(min: number, max: number) {
  return z.object({ en: text(min, max), es: text(min, max) });
}

// Every form here with a yes/no or a position is sent as JSON (an advert's multipart carries its
// fields as a JSON `data` part), so both are strict: "true" or null is refused, never read as a value.
const flag = z.boolean();
const position = z.number().int().min(0).max(10_000).default(0);
const searchText = z
  .string()
  .trim()
  .max(supportLimits.ticketSearchMax)
  .optional()
  .transform((v) => (v ? v : undefined));
const pageFields = pageQuery.shape;
const isoDateTime = dateTimeField;
const person = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

/* ------------------------------------------------------------------ ticket subjects */

export const ticketSubjectPublic = z.object({ id: z.number().int(), title: translatedText });
export const ticketSubjectsPublicList = z.object({ data: z.array(ticketSubjectPublic) });

export const ticketSubject = ticketSubjectPublic.extend({
  active: z.boolean(),
  position: z.number().int(),
  tickets_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSubject = z.infer<typeof ticketSubject>;
export const ticketSubjectList = z.object({ data: z.array(ticketSubject) });
export const ticketSubjectEnvelope = z.object({ message: z.string().optional(), data: ticketSubject });
export const ticketSubjectInput = z.object({
  title: translatedInput(2, 80),
  active: flag.default(true),
  /** Left out: a new subject goes after the last one, an edited one keeps its place. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export type TicketSubjectInput = z.infer<typeof ticketSubjectInput>;

/* ------------------------------------------------------------------ tickets: input */

/** The "Other" subject is 0 (OTHER_SUBJECT_ID); any other subject is a row's id. */
const subjectId = z
  .union([z.literal(OTHER_SUBJECT_ID), z.literal(String(OTHER_SUBJECT_ID)), idParam], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? msg.required : msg.invalidCharacters,
  })
  .transform(Number);
const ticketDescription = text(supportLimits.ticketDescriptionMin, supportLimits.ticketDescriptionMax);

/** The guest form at /tickets (multipart, with `screenshots` files). */
export const guestTicketInput = z.object({
  email: emailField,
  subject_id: subjectId,
  description: ticketDescription,
});
export type GuestTicketInput = z.infer<typeof guestTicketInput>;

/** A learner's ticket; from a lecture it carries the course, the lecture and the video time (seconds). */
export const learnerTicketInput = z.object({
  subject_id: subjectId,
  description: ticketDescription,
  course_id: optionalId,
  lecture_id: optionalId,
  video_time: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : v),
    z.coerce.number().int().min(0).max(86_400).optional(),
  ),
});
export type LearnerTicketInput = z.infer<typeof learnerTicketInput>;

/** A reply in the thread: at most 4000 characters (spec section 9). */
export const ticketMessageInput = z.object({
  body: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(supportLimits.ticketMessageMax, {
      error: messageKey("support.messageMax", { max: supportLimits.ticketMessageMax }),
    }),
});
export type TicketMessageInput = z.infer<typeof ticketMessageInput>;

export const guestTicketTokenQuery = z.object({ token: z.string().max(200).default("") });

export const learnerTicketStatusFilters = ["all", ...ticketStatuses] as const;
export const learnerTicketListQuery = z.object({
  ...pageFields,
  status: z.enum(learnerTicketStatusFilters).default("all"),
  search: searchText,
});
export type LearnerTicketListQuery = z.infer<typeof learnerTicketListQuery>;

/** The desk filters of spec section 2: All, Resolved, In Progress, Unclaimed. */
export const deskTicketFilters = ["all", "resolved", "in_progress", "unclaimed"] as const;
export type DeskTicketFilter = (typeof deskTicketFilters)[number];
export const deskTicketSorts = ["newest", "oldest", "recent_activity"] as const;
export const deskTicketListQuery = z.object({
  ...pageFields,
  filter: z.enum(deskTicketFilters).default("all"),
  search: searchText,
  sort: z.enum(deskTicketSorts).default("newest"),
  subject_id: subjectId.optional(),
  ...deskHelpdeskFilters,
});
export type DeskTicketListQuery = z.infer<typeof deskTicketListQuery>;

export const ticketHandOverInput = z.object({ admin_id: idParam });

/* ------------------------------------------------------------------ tickets: output */

export const ticketAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.enum(supportImageTypes),
  size: z.number().int(),
  /** API path that serves the image to whoever may read the ticket (add the bearer header or token). */
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  /** requester: the learner or guest who opened the ticket; staff: an administrator. */
  author: z.object({
    kind: z.enum(["requester", "staff"]),
    id: z.number().int().nullable(),
    name: z.string(),
  }),
  created_at: z.string(),
  attachments: z.array(ticketAttachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketSummary = z.object({
  id: z.number().int(),
  /** Human reference shown to users and in mails, e.g. TCK-000042. */
  reference: z.string(),
  subject: ticketSubjectPublic,
  status: z.enum(ticketStatuses),
  excerpt: z.string(),
  /**
   * The conversation's language: the requester's interface language when the ticket was opened. The
   * description, excerpt and thread are read in it (WCAG 3.1.2; staff answer in the requester's
   * language, as the canned replies do), marked `lang` where it is not the reader's interface language.
   */
  language: z.enum(["en", "es"]),
  requester: z.object({
    kind: z.enum(["learner", "guest"]),
    id: z.number().int().nullable(),
    name: z.string(),
    email: z.string().nullable(),
  }),
  claimed_by: person.nullable(),
  course_id: z.number().int().nullable(),
  lecture_id: z.number().int().nullable(),
  video_time: z.number().int().nullable(),
  messages_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  last_activity_at: z.string(),
  resolved_at: z.string().nullable(),
  /** The ticket this one was merged into (helpdesk.ts). */
  merged_into: ticketMergedInto,
  /** Staff-side only: priority, tags, response times (helpdesk.ts); absent for the requester. */
  desk: deskTriage.optional(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketAbilities = z.object({
  reply: z.boolean(),
  resolve: z.boolean(),
  reopen: z.boolean(),
  claim: z.boolean(),
  hand_over: z.boolean(),
});
export type TicketAbilities = z.infer<typeof ticketAbilities>;

export const ticketDetail = ticketSummary.extend({
  description: z.string(),
  attachments: z.array(ticketAttachment),
  messages: z.array(ticketMessage),
  abilities: ticketAbilities,
});
export type TicketDetail = z.infer<typeof ticketDetail>;
export const ticketDetailEnvelope = z.object({ message: z.string().optional(), data: ticketDetail });

export const ticketCounts = z.object({
  all: z.number().int(),
  unclaimed: z.number().int(),
  in_progress: z.number().int(),
  resolved: z.number().int(),
});
export const ticketList = paginated(ticketSummary).extend({ counts: ticketCounts });
export type TicketList = z.infer<typeof ticketList>;

export const guestTicketCreated = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), reference: z.string(), email: z.string() }),
});

export const ticketAssigneeList = z.object({ data: z.array(person) });

/* ------------------------------------------------------------------ FAQs */

export const faqCategoryPublic = z.object({
  id: z.number().int(),
  name: translatedText,
  entries_count: z.number().int(),
});
export type FaqCategoryPublic = z.infer<typeof faqCategoryPublic>;
export const faqCategoryPublicList = z.object({ data: z.array(faqCategoryPublic) });

export const faqEntryPublic = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  question: translatedText,
  answer: translatedText,
  updated_at: z.string(),
});
export type FaqEntryPublic = z.infer<typeof faqEntryPublic>;
export const faqListQuery = z.object({ search: searchText, category_id: optionalId });
export const faqPublicList = z.object({
  data: z.array(faqCategoryPublic.extend({ entries: z.array(faqEntryPublic) })),
  total: z.number().int(),
});
export type FaqPublicList = z.infer<typeof faqPublicList>;
export const faqPublicDetail = z.object({
  data: faqEntryPublic.extend({ category: faqCategoryPublic.omit({ entries_count: true }) }),
  related: z.array(faqEntryPublic),
});
export type FaqPublicDetail = z.infer<typeof faqPublicDetail>;

export const faqCategory = faqCategoryPublic.extend({
  position: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FaqCategory = z.infer<typeof faqCategory>;
export const faqCategoryList = z.object({ data: z.array(faqCategory) });
export const faqCategoryEnvelope = z.object({ message: z.string().optional(), data: faqCategory });
export const faqCategoryInput = z.object({
  name: translatedInput(2, 100),
  position,
  active: flag.default(true),
});
export type FaqCategoryInput = z.infer<typeof faqCategoryInput>;

export const faqEntry = faqEntryPublic.extend({
  category: z.object({ id: z.number().int(), name: translatedText }),
  position: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqEntryList = paginated(faqEntry);
export const faqEntryEnvelope = z.object({ message: z.string().optional(), data: faqEntry });
export const faqEntrySortKeys = ["question", "category", "position", "active", "updated_at"] as const;
export type FaqEntrySortKey = (typeof faqEntrySortKeys)[number];
export const faqEntryAdminQuery = z.object({
  ...pageFields,
  search: searchText,
  category_id: optionalId,
  sort: sortQuery(faqEntrySortKeys),
});
export const faqEntryInput = z.object({
  category_id: idParam,
  question: translatedInput(5, 300),
  answer: translatedInput(5, 5_000),
  position,
  active: flag.default(true),
});
export type FaqEntryInput = z.infer<typeof faqEntryInput>;

/* ------------------------------------------------------------------ events */

export const eventScopes = ["national", "global"] as const;
export type EventScope = (typeof eventScopes)[number];

export const eventItem = z.object({
  id: z.number().int(),
  scope: z.enum(eventScopes),
  /** ISO 3166-1 alpha-2 country of a national event; null for a global one. */
  country: z.string().nullable(),
  title: translatedText,
  description: translatedText,
  website_url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EventItem = z.infer<typeof eventItem>;
export const eventEnvelope = z.object({ message: z.string().optional(), data: eventItem });
export const eventList = z.object({
  data: z.array(eventItem),
  from: z.string(),
  to: z.string(),
  country: z.string().nullable(),
});
export type EventList = z.infer<typeof eventList>;
export const eventListQuery = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
  scope: z.enum(["all", ...eventScopes]).default("all"),
});
export type EventListQuery = z.infer<typeof eventListQuery>;
export const eventSortKeys = ["title", "scope", "starts_at", "ends_at"] as const;
export type EventSortKey = (typeof eventSortKeys)[number];
export const eventAdminListQuery = z.object({
  ...pageFields,
  search: searchText,
  sort: sortQuery(eventSortKeys),
  scope: z.enum(["all", ...eventScopes]).default("all"),
  when: z.enum(["all", "upcoming", "past"]).default("all"),
});
export const eventAdminList = paginated(eventItem);
export type EventAdminList = z.infer<typeof eventAdminList>;
export const eventInput = z
  .object({
    scope: z.enum(eventScopes),
    country: z.preprocess(
      (v) => (v === "" ? null : v),
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: "events.countryFormat" })
        .nullish(),
    ),
    title: translatedInput(3, 150),
    description: z.object({ en: optionalTextOrEmpty(5_000), es: optionalTextOrEmpty(5_000) }),
    website_url: urlField,
    starts_at: isoDateTime,
    ends_at: isoDateTime,
  })
  .superRefine((v, ctx) => {
    if (v.scope === "national" && !v.country)
      ctx.addIssue({ code: "custom", path: ["country"], message: "events.countryRequired" });
    if (Date.parse(v.ends_at) < Date.parse(v.starts_at))
      ctx.addIssue({ code: "custom", path: ["ends_at"], message: "events.endBeforeStart" });
  });
export type EventInput = z.infer<typeof eventInput>;

function optionalTextOrEmpty(max: number) {
  return optionalText(max).transform((v) => v ?? "");
}

/* ------------------------------------------------------------------ global notifications (admin) */

export const globalNotificationAdmin = z.object({
  id: z.number().int(),
  title: translatedText,
  description: translatedText,
  show_as_modal: z.boolean(),
  published_at: z.string().nullable(),
  created_by: person.nullable(),
  recipients_count: z.number().int(),
  read_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GlobalNotificationAdmin = z.infer<typeof globalNotificationAdmin>;
export const globalNotificationList = paginated(globalNotificationAdmin);
export const globalNotificationEnvelope = z.object({
  message: z.string().optional(),
  data: globalNotificationAdmin,
});
export const globalNotificationSortKeys = ["title", "published_at", "show_as_modal", "author"] as const;
export type GlobalNotificationSortKey = (typeof globalNotificationSortKeys)[number];
export const globalNotificationListQuery = z.object({
  ...pageFields,
  search: searchText,
  sort: sortQuery(globalNotificationSortKeys),
});
export const globalNotificationInput = z.object({
  title: translatedInput(3, 120),
  description: translatedInput(3, 2_000),
  show_as_modal: flag.default(false),
  /** Create and send at once. */
  publish: flag.default(false),
});
export type GlobalNotificationInput = z.infer<typeof globalNotificationInput>;

/* ------------------------------------------------------------------ adverts */

/**
 * The places of the web app that show adverts, each rendered by one `<AdvertSlot placement=…>`: the
 * learner dashboard's column, above the course lists, on a title's page, above the shop. A block
 * declares one of them; every active block of a placement shows there.
 */
export const advertPlacements = ["dashboard_sidebar", "course_list_top", "title_page", "shop_top"] as const;
export type AdvertPlacement = (typeof advertPlacements)[number];
export const advertPlacement = z.enum(advertPlacements, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? msg.required : msg.oneOf),
});

export const advertisementBlock = z.object({
  id: z.number().int(),
  /** The block's own name for administrators and the audit log, e.g. spring_sale. */
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  placement: advertPlacement,
  active: z.boolean(),
  adverts_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const advertisementBlockList = z.object({ data: z.array(advertisementBlock) });
export const advertisementBlockEnvelope = z.object({
  message: z.string().optional(),
  data: advertisementBlock,
});
export const advertisementBlockInput = z.object({
  key: z
    .string({ error: msg.required })
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_]{2,59}$/, { error: "adverts.blockKeyFormat" }),
  name: text(2, 100),
  description: optionalText(500),
  placement: advertPlacement,
  active: flag.default(true),
});
export type AdvertisementBlockInput = z.infer<typeof advertisementBlockInput>;

export const advertItem = z.object({
  id: z.number().int(),
  block: z.object({ id: z.number().int(), key: z.string(), name: z.string(), placement: advertPlacement }),
  title: translatedText,
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  /** First and last day shown (UTC dates, both included); no end date means until deactivated. */
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  active: z.boolean(),
  position: z.number().int(),
  /** Active, inside its dates, with an image and an active block: shown to learners now. */
  is_live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdvertItem = z.infer<typeof advertItem>;
export const advertList = paginated(advertItem);
export const advertEnvelope = z.object({ message: z.string().optional(), data: advertItem });
export const advertSortKeys = ["title", "block", "starts_on", "active"] as const;
export type AdvertSortKey = (typeof advertSortKeys)[number];
export const advertAdminQuery = z.object({
  ...pageFields,
  block_id: optionalId,
  sort: sortQuery(advertSortKeys),
});
export const advertInput = z
  .object({
    block_id: idParam,
    title: translatedInput(2, 120),
    link_url: urlField,
    starts_on: dateField,
    ends_on: z.preprocess((v) => (v === "" ? null : v), dateField.nullish()),
    active: flag.default(true),
    position,
  })
  .superRefine((v, ctx) => {
    if (v.ends_on && v.ends_on < v.starts_on)
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: "adverts.endBeforeStart" });
  });
export type AdvertInput = z.infer<typeof advertInput>;

export const advertPublic = z.object({
  id: z.number().int(),
  title: translatedText,
  image_url: z.string(),
  link_url: z.string().nullable(),
});
export const advertPublicQuery = z.object({ placement: advertPlacement });
export const advertPublicList = z.object({ data: z.array(advertPublic) });
