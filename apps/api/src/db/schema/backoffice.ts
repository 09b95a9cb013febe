/**
 * The back office: institutions (schools, companies) with their classes of learners, the
 * titles a class was enrolled in, and the requests of learners who cannot log in with what was done.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courses } from "./catalog";

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true }).notNull().defaultNow();

export const institutionKinds = ["school", "company", "other"] as const;
export type InstitutionKind = (typeof institutionKinds)[number];

export const institutions = pgTable(
  "institutions",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 120 }).notNull(),
    kind: varchar({ length: 10 }).$type<InstitutionKind>().notNull(),
    country: varchar({ length: 2 }),
    city: varchar({ length: 100 }),
    contactEmail: varchar({ length: 254 }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("institutions_name_idx").on(sql`lower(${t.name})`),
    check("institutions_kind_check", sql`${t.kind} IN ('school', 'company', 'other')`),
  ],
);

/** A group of learners of one institution, enrolled together in titles. */
export const learnerClasses = pgTable(
  "learner_classes",
  {
    id: serial().primaryKey(),
    institutionId: integer()
      .notNull()
      .references(() => institutions.id, { onDelete: "cascade" }),
    name: varchar({ length: 120 }).notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [index("learner_classes_institution_idx").on(t.institutionId)],
);

export const classMembers = pgTable(
  "class_members",
  {
    classId: integer()
      .notNull()
      .references(() => learnerClasses.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: createdAt,
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index("class_members_user_idx").on(t.userId)],
);

/** A title a class was enrolled in: members who join later are enrolled on joining. */
export const classCourses = pgTable(
  "class_courses",
  {
    classId: integer()
      .notNull()
      .references(() => learnerClasses.id, { onDelete: "cascade" }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    enrolledBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.classId, t.courseId] })],
);

export const loginIssueReasons = ["lost_phone", "changed_email", "forgot_username", "other"] as const;
export type LoginIssueReason = (typeof loginIssueReasons)[number];
export const loginIssueStatuses = ["open", "in_progress", "resolved", "rejected"] as const;
export type LoginIssueStatus = (typeof loginIssueStatuses)[number];

/** "Can't log in?": a request from someone who cannot reach their account. */
export const externalLoginIssues = pgTable(
  "external_login_issues",
  {
    id: serial().primaryKey(),
    /** The account the request was matched to (by username, email or phone), if any. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    fullName: varchar({ length: 120 }).notNull(),
    /** What the person typed to name their account (username, old email or phone). */
    accountIdentifier: varchar({ length: 254 }).notNull(),
    /** Where to answer them now. */
    contactEmail: varchar({ length: 254 }).notNull(),
    reason: varchar({ length: 20 }).$type<LoginIssueReason>().notNull(),
    description: text().notNull(),
    languageId: smallint().notNull().default(1),
    status: varchar({ length: 12 }).$type<LoginIssueStatus>().notNull().default("open"),
    assignedTo: integer().references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("external_login_issues_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check(
      "external_login_issues_status_check",
      sql`${t.status} IN ('open', 'in_progress', 'resolved', 'rejected')`,
    ),
    check(
      "external_login_issues_reason_check",
      sql`${t.reason} IN ('lost_phone', 'changed_email', 'forgot_username', 'other')`,
    ),
  ],
);

export const loginIssueActionKinds = [
  "note",
  "contacted",
  "email_changed",
  "phone_removed",
  "reset_link_sent",
  "status_changed",
] as const;
export type LoginIssueActionKind = (typeof loginIssueActionKinds)[number];

/** What an administrator did for a request, in order. */
export const externalLoginIssueActions = pgTable(
  "external_login_issue_actions",
  {
    id: serial().primaryKey(),
    issueId: integer()
      .notNull()
      .references(() => externalLoginIssues.id, { onDelete: "cascade" }),
    adminId: integer().references(() => users.id, { onDelete: "set null" }),
    adminUsername: varchar({ length: 64 }),
    kind: varchar({ length: 20 }).$type<LoginIssueActionKind>().notNull(),
    note: text().notNull().default(""),
    createdAt,
  },
  (t) => [index("external_login_issue_actions_issue_idx").on(t.issueId, t.id)],
);
