/** Authentication state: refresh token families and single-use tokens/codes (all stored hashed). */
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
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** All tokens descending from one login; reuse of a rotated token revokes the whole family. */
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: varchar({ length: 300 }),
  },
  (t) => [
    index("refresh_tokens_user_idx").on(t.userId),
    // Every authenticated request asks whether its family has a live row (http/authenticate.ts);
    // revoking a family updates only its live rows. Only those are indexed.
    index("refresh_tokens_live_family_idx").on(t.familyId).where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Single-use secrets sent by mail or SMS: email and guardian verification links, password reset
 * links and codes, phone codes, account restore links. Only a hash is stored.
 */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar({ length: 30 }).notNull(),
    tokenHash: text().notNull(),
    attempts: integer().notNull().default(0),
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("one_time_tokens_hash_idx").on(t.purpose, t.tokenHash),
    index("one_time_tokens_user_idx").on(t.userId, t.purpose),
    check(
      "one_time_tokens_purpose_check",
      sql`${t.purpose} IN ('email_verification', 'age_verification', 'password_reset', 'password_reset_code', 'phone_verification', 'account_restore', 'email_change')`,
    ),
  ],
);

/**
 * Failed password logins per account, whatever identifier was typed (username, email or phone),
 * counted in a window that starts with the first failure (auth/login-lock.ts). Kept in the database
 * so every node counts the same attempts and a password reset can clear the lock.
 */
export const loginFailures = pgTable("login_failures", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});
