/**
 * The administrators' audit log: every back-office action that changes data, with who did it,
 * what it touched, when, and the record before and after.
 * Rows are never updated or deleted by the application; an erased actor keeps the row with a null id
 * and the username captured at the time.
 */
import { bigserial, index, integer, jsonb, pgTable, smallint, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The actor's username and role at the time, so the record reads the same after erasure. */
    actorUsername: varchar({ length: 64 }),
    actorRoleId: smallint(),
    /** A dotted verb from the product's words, e.g. "user.delete", "permission_group.update". */
    action: varchar({ length: 64 }).notNull(),
    /** The kind of record touched ("user", "product", "configuration"...) and its id. */
    entity: varchar({ length: 64 }).notNull(),
    entityId: varchar({ length: 64 }),
    before: jsonb().$type<Record<string, unknown> | null>(),
    after: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.id.desc().nullsFirst()),
    index("audit_log_actor_idx").on(t.actorId, t.id.desc().nullsFirst()),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.id.desc().nullsFirst()),
  ],
);
