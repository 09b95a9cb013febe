/**
 * Support and communication: ticket subjects, tickets with their message thread and screenshots,
 * FAQ categories and entries, events, advertisement blocks and adverts.
 * (Global notifications live in notifications.ts.)
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courses, lectures } from "./catalog";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** Subjects a ticket is about. "Other" (id 0 in the API) is not a row: a ticket stores a null subject. */
export const ticketSubjects = pgTable("ticket_subjects", {
  id: serial().primaryKey(),
  titleEn: varchar({ length: 80 }).notNull(),
  titleEs: varchar({ length: 80 }).notNull(),
  active: boolean().notNull().default(true),
  position: integer().notNull().default(0),
  ...timestamps,
});

/**
 * A support request. The requester is a learner (user_id) or a guest (guest_email plus the hash of
 * the private token of the mail link). Course, lecture and video time say where a ticket from a
 * lecture was opened.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    guestEmail: varchar({ length: 254 }),
    /** sha256 of the guest's token; the token itself is an HMAC of guest_token_salt, sent only by mail. */
    guestTokenHash: varchar({ length: 64 }),
    guestTokenSalt: varchar({ length: 32 }),
    /** Language of the requester when the ticket was opened: mails to a guest use it. */
    languageId: smallint().notNull().default(1),
    subjectId: integer().references(() => ticketSubjects.id, { onDelete: "restrict" }),
    description: text().notNull(),
    status: varchar({ length: 12 }).notNull().default("unclaimed"),
    claimedBy: integer().references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamp({ withTimezone: true }),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    lectureId: integer().references(() => lectures.id, { onDelete: "set null" }),
    videoTime: integer(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** Desk triage (docs/support.md, helpdesk): never shown to the requester. */
    priority: varchar({ length: 8 }).notNull().default("normal"),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** The ticket this duplicate was merged into; the duplicate is resolved and its thread moved. */
    mergedIntoId: integer().references((): AnyPgColumn => tickets.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("tickets_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("tickets_tags_idx").using("gin", t.tags),
    check("tickets_priority_check", sql`${t.priority} IN ('low', 'normal', 'high', 'urgent')`),
    index("tickets_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("tickets_claimed_by_idx").on(t.claimedBy, t.id.desc().nullsFirst()),
    check("tickets_status_check", sql`${t.status} IN ('unclaimed', 'in_progress', 'resolved')`),
    check(
      "tickets_requester_check",
      sql`(${t.userId} IS NOT NULL AND ${t.guestEmail} IS NULL) OR (${t.userId} IS NULL AND ${t.guestEmail} IS NOT NULL AND ${t.guestTokenHash} IS NOT NULL)`,
    ),
    check("tickets_description_check", sql`char_length(${t.description}) BETWEEN 1 AND 2000`),
    check("tickets_video_time_check", sql`${t.videoTime} IS NULL OR ${t.videoTime} >= 0`),
  ],
);

/** The thread: replies of the requester and of administrators. */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    /** The author's account; null for a guest (and for an account erased since). */
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    authorKind: varchar({ length: 10 }).notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_messages_ticket_idx").on(t.ticketId, t.id),
    check("ticket_messages_author_kind_check", sql`${t.authorKind} IN ('requester', 'staff')`),
    check("ticket_messages_body_check", sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);

/** Screenshots of a ticket (message_id null: sent with the description) or of one message. */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    messageId: integer().references(() => ticketMessages.id, { onDelete: "cascade" }),
    storageKey: text().notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    mimeType: varchar({ length: 40 }).notNull(),
    size: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_attachments_ticket_idx").on(t.ticketId),
    check("ticket_attachments_size_check", sql`${t.size} BETWEEN 1 AND 512000`),
  ],
);

export const faqCategories = pgTable("faq_categories", {
  id: serial().primaryKey(),
  nameEn: varchar({ length: 100 }).notNull(),
  nameEs: varchar({ length: 100 }).notNull(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

export const faqEntries = pgTable(
  "faq_entries",
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => faqCategories.id, { onDelete: "restrict" }),
    questionEn: varchar({ length: 300 }).notNull(),
    questionEs: varchar({ length: 300 }).notNull(),
    answerEn: text().notNull(),
    answerEs: text().notNull(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index("faq_entries_category_idx").on(t.categoryId, t.position)],
);

/** National (one country) or global events shown in the learners' calendar. */
export const events = pgTable(
  "events",
  {
    id: serial().primaryKey(),
    scope: varchar({ length: 10 }).notNull(),
    country: varchar({ length: 2 }),
    titleEn: varchar({ length: 150 }).notNull(),
    titleEs: varchar({ length: 150 }).notNull(),
    descriptionEn: text().notNull().default(""),
    descriptionEs: text().notNull().default(""),
    websiteUrl: varchar({ length: 500 }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("events_range_idx").on(t.startsAt, t.endsAt),
    check("events_scope_check", sql`${t.scope} IN ('national', 'global')`),
    check(
      "events_country_check",
      sql`(${t.scope} = 'national' AND ${t.country} IS NOT NULL) OR (${t.scope} = 'global' AND ${t.country} IS NULL)`,
    ),
    check("events_range_check", sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/**
 * A group of adverts shown at one placement of the web app. The placements are a fixed list, the one
 * the web app renders (`advertPlacements` in the contract); several blocks may share a placement.
 */
export const advertisementBlocks = pgTable(
  "advertisement_blocks",
  {
    id: serial().primaryKey(),
    key: varchar({ length: 60 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 500 }),
    placement: varchar({ length: 40 }).notNull().default("dashboard_sidebar"),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("advertisement_blocks_key_unique").on(t.key),
    index("advertisement_blocks_placement_idx").on(t.placement),
    check(
      "advertisement_blocks_placement_check",
      sql`${t.placement} IN ('dashboard_sidebar', 'course_list_top', 'title_page', 'shop_top')`,
    ),
  ],
);

export const adverts = pgTable(
  "adverts",
  {
    id: serial().primaryKey(),
    blockId: integer()
      .notNull()
      .references(() => advertisementBlocks.id, { onDelete: "restrict" }),
    titleEn: varchar({ length: 120 }).notNull(),
    titleEs: varchar({ length: 120 }).notNull(),
    imageKey: text(),
    imageMime: varchar({ length: 40 }),
    linkUrl: varchar({ length: 500 }),
    startsOn: date({ mode: "string" }).notNull(),
    endsOn: date({ mode: "string" }),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("adverts_block_idx").on(t.blockId, t.position),
    check("adverts_range_check", sql`${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
  ],
);
