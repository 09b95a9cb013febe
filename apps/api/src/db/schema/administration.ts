/**
 * The administrator hierarchy: permission groups (named sets of the 30 flags),
 * which administrators belong to which group, and the creation requests through which a head
 * administrator's grants wait for a master administrator's decision.
 *
 * The effective flags of an administrator stay in `admin_permissions` (accounts.ts), rewritten from
 * the groups whenever a change takes effect, so authentication stays one cheap query.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const permissionGroups = pgTable(
  "permission_groups",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 80 }).notNull(),
    description: varchar({ length: 500 }),
    /** The flag numbers (1..30) in effect; additions wait in a creation request. */
    permissions: smallint().array().notNull().default(sql`'{}'::smallint[]`),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("permission_groups_name_idx").on(sql`lower(${t.name})`)],
);

export const adminGroupMembers = pgTable(
  "admin_group_members",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer()
      .notNull()
      .references(() => permissionGroups.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index("admin_group_members_group_idx").on(t.groupId),
  ],
);

export const creationRequestKinds = ["administrator_create", "group_grant", "administrator_groups"] as const;
export type CreationRequestKind = (typeof creationRequestKinds)[number];
export const creationRequestStatuses = ["pending", "approved", "rejected", "cancelled"] as const;
export type CreationRequestStatus = (typeof creationRequestStatuses)[number];

/**
 * A head administrator's request that grants something: a new administrator (with groups), flags
 * added to a group, or groups added to an administrator. Nothing takes effect before approval.
 */
export const creationRequests = pgTable(
  "creation_requests",
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 30 }).$type<CreationRequestKind>().notNull(),
    status: varchar({ length: 20 }).$type<CreationRequestStatus>().notNull().default("pending"),
    requestedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** The group or administrator it changes (null for a new administrator until approval). */
    targetGroupId: integer().references(() => permissionGroups.id, { onDelete: "cascade" }),
    targetUserId: integer().references(() => users.id, { onDelete: "cascade" }),
    /** What is asked: the new administrator's details and group ids, or the flags / group ids to add. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    decidedById: integer().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    reason: varchar({ length: 500 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("creation_requests_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("creation_requests_requester_idx").on(t.requestedById, t.id.desc().nullsFirst()),
    check(
      "creation_requests_kind_check",
      sql`${t.kind} IN ('administrator_create', 'group_grant', 'administrator_groups')`,
    ),
    check(
      "creation_requests_status_check",
      sql`${t.status} IN ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
  ],
);
