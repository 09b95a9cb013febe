/** Certificates (spec section 3) and the log of every read of an identity document (issue 9). */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courses } from "./catalog";

export const certificateKinds = ["title", "module", "level"] as const;
export type CertificateKind = (typeof certificateKinds)[number];

export const certificates = pgTable(
  "certificates",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar({ length: 10 }).$type<CertificateKind>().notNull(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    /** The title, module or level id (by kind). */
    itemId: integer().notNull(),
    /** The item's name when issued, so a later rename does not change a certificate. */
    itemTitleEn: varchar({ length: 400 }).notNull(),
    itemTitleEs: varchar({ length: 400 }).notNull(),
    /** Public, unguessable verification code printed on the PDF and in its QR code. */
    code: varchar({ length: 32 }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id, { onDelete: "set null" }),
    revokeReason: text(),
  },
  (t) => [
    uniqueIndex("certificates_code_unique").on(t.code),
    uniqueIndex("certificates_user_item_unique").on(t.userId, t.kind, t.itemId),
    index("certificates_issued_idx").on(t.issuedAt.desc().nullsFirst()),
    check("certificates_kind_check", sql`${t.kind} IN ('title', 'module', 'level')`),
  ],
);

/** Every read of an identity document, by whom and when (privacy, issue 9 point 5). */
export const identityDocumentReads = pgTable(
  "identity_document_reads",
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readerId: integer().references(() => users.id, { onDelete: "set null" }),
    documentKey: text().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("identity_document_reads_owner_idx").on(t.ownerId, t.readAt)],
);
