/** Certificates (spec section 3) and the log of every read of an identity document. */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
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
    /** Suspended (on hold, may be reinstated): the status list's suspension bit. */
    suspendedAt: timestamp({ withTimezone: true }),
    suspendReason: text(),
  },
  (t) => [
    uniqueIndex("certificates_code_unique").on(t.code),
    uniqueIndex("certificates_user_item_unique").on(t.userId, t.kind, t.itemId),
    index("certificates_issued_idx").on(t.issuedAt.desc().nullsFirst()),
    check("certificates_kind_check", sql`${t.kind} IN ('title', 'module', 'level')`),
  ],
);

/**
 * The platform's Ed25519 keys that sign Open Badges credentials. The newest unretired key
 * signs; every key stays published in the DID document and JWKS so earlier credentials verify. The
 * private key is stored encrypted (AES-256-GCM, key derived from CREDENTIALS_SECRET or JWT_SECRET).
 */
export const issuerKeys = pgTable(
  "issuer_keys",
  {
    id: serial().primaryKey(),
    kid: varchar({ length: 64 }).notNull(),
    publicJwk: jsonb().$type<{ kty: string; crv: string; x: string }>().notNull(),
    privateKeyEncrypted: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("issuer_keys_kid_unique").on(t.kid)],
);

/** A learner's opt-in public page of certificates (`/u/<handle>`); no row: no page. */
export const credentialProfiles = pgTable(
  "credential_profiles",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    handle: varchar({ length: 40 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("credential_profiles_handle_unique").on(t.handle)],
);

/** Every read of an identity document, by whom and when (privacy). */
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
