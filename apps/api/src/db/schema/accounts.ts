/** Accounts: users of every role, their profile, administrator permission flags. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: varchar({ length: 30 }).notNull(),
    email: varchar({ length: 254 }),
    phone: varchar({ length: 20 }),
    passwordHash: text().notNull(),
    roleId: smallint().notNull().default(1),
    languageId: smallint().notNull().default(1),
    firstName: varchar({ length: 60 }).notNull().default(""),
    lastName: varchar({ length: 60 }).notNull().default(""),
    dateOfBirth: date({ mode: "string" }),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /** A child's legal guardian (spec: registration of a child needs the guardian's email and phone). */
    guardianEmail: varchar({ length: 254 }),
    guardianPhone: varchar({ length: 20 }),
    guardianVerifiedAt: timestamp({ withTimezone: true }),
    newsletterConsent: boolean().notNull().default(false),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    /** active, disabled (by an administrator) or pending_deletion (restorable until erased). */
    status: varchar({ length: 20 }).notNull().default("active"),
    deletionRequestedAt: timestamp({ withTimezone: true }),
    deletionFeedback: text(),
    erasedAt: timestamp({ withTimezone: true }),
    lastActiveAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_unique").on(t.phone),
    index("users_role_idx").on(t.roleId),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.roleId} IN (1, 3, 4, 5)`),
    check("users_language_check", sql`${t.languageId} IN (1, 2)`),
    check("users_status_check", sql`${t.status} IN ('active', 'disabled', 'pending_deletion', 'erased')`),
  ],
);

/** The learner's profile (spec section 3: profile fields, salary scale switch, verifications). */
export const userProfiles = pgTable(
  "user_profiles",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    gender: varchar({ length: 10 }),
    address: varchar({ length: 200 }),
    city: varchar({ length: 100 }),
    country: varchar({ length: 2 }),
    postalCode: varchar({ length: 20 }),
    occupation: varchar({ length: 60 }),
    facebookUrl: varchar({ length: 500 }),
    snapchatUrl: varchar({ length: 500 }),
    twitterUrl: varchar({ length: 500 }),
    instagramUrl: varchar({ length: 500 }),
    youtubeUrl: varchar({ length: 500 }),
    pinterestUrl: varchar({ length: 500 }),
    linkedinUrl: varchar({ length: 500 }),
    enableSalaryScale: boolean().notNull().default(false),
    photoKey: text(),
    photoStatus: varchar({ length: 12 }).notNull().default("pending"),
    photoFailureReason: text(),
    identityKey: text(),
    identityStatus: varchar({ length: 12 }).notNull().default("pending"),
    identityFailureReason: text(),
    ...timestamps,
  },
  (t) => [
    check(
      "user_profiles_photo_status_check",
      sql`${t.photoStatus} IN ('pending', 'processing', 'failed', 'completed')`,
    ),
    check(
      "user_profiles_identity_status_check",
      sql`${t.identityStatus} IN ('pending', 'processing', 'failed', 'completed')`,
    ),
    check(
      "user_profiles_gender_check",
      sql`${t.gender} IS NULL OR ${t.gender} IN ('male', 'female', 'other')`,
    ),
  ],
);

/** One row per granted flag (1..30, spec section 6); read from the database on every admin request. */
export const adminPermissions = pgTable(
  "admin_permissions",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionId: smallint().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionId] }),
    check("admin_permissions_range_check", sql`${t.permissionId} BETWEEN 1 AND 30`),
  ],
);
