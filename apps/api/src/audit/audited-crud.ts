/**
 * The back office's create / update / delete of one row by id, each with its audit record written in
 * the caller's transaction (`<entity>.create|update|delete`, with the row before and after), and a
 * typed "not found" when the id names nothing. Rules of the resource (in use, stock...) stay with
 * the caller, between `lockRow` and the change.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { AppError } from "../http/errors";
import { type AuditActor, recordAudit } from "./audit";

/** A table whose rows have a numeric `id`. */
type IdTable = PgTable & { id: PgColumn };
/** One that also stamps `updatedAt` on change. */
type StampedTable = IdTable & { updatedAt: PgColumn };
type Row<T extends IdTable> = T["$inferSelect"] & { id: number };

export type Audited<T extends IdTable> = {
  table: T;
  /** The audit entity name, e.g. "shop_category". */
  entity: string;
  /** The message key of the 404, e.g. "shop.categoryNotFound". */
  notFound: string;
};

/** The row with this id, locked until the transaction ends; not_found when there is none. */
export async function lockRow<T extends IdTable>(tx: Tx, { table, notFound }: Audited<T>, id: number) {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  if (!row) throw new AppError("not_found", notFound);
  return row as Row<T>;
}

/** Inserts a row and records its creation; returns the new row. */
export async function auditedInsert<T extends IdTable>(
  tx: Tx,
  actor: AuditActor,
  { table, entity }: Audited<T>,
  values: T["$inferInsert"],
) {
  // Drizzle cannot follow a generic table through returning(); the row is the table's own select type.
  const [row] = (await tx.insert(table).values(values).returning()) as unknown as Row<T>[];
  await recordAudit(tx, actor, { action: `${entity}.create`, entity, entityId: row!.id, after: row! });
  return row!;
}

/** Updates the row with this id (stamping `updatedAt`) and records before and after; not_found when missing. */
export async function auditedUpdate<T extends StampedTable>(
  tx: Tx,
  actor: AuditActor,
  resource: Audited<T>,
  id: number,
  values: Partial<T["$inferInsert"]>,
) {
  const before = await lockRow(tx, resource, id);
  const [after] = (await tx
    .update(resource.table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(resource.table.id, id))
    .returning()) as unknown as Row<T>[];
  await recordAudit(tx, actor, {
    action: `${resource.entity}.update`,
    entity: resource.entity,
    entityId: id,
    before,
    after: after!,
  });
  return after!;
}

/** Creates (id null) or updates a row from the same values; returns its id. */
export async function auditedSave<T extends StampedTable>(
  tx: Tx,
  actor: AuditActor,
  resource: Audited<T>,
  id: number | null,
  values: T["$inferInsert"],
) {
  if (id === null) return (await auditedInsert(tx, actor, resource, values)).id;
  await auditedUpdate(tx, actor, resource, id, values);
  return id;
}

/** Deletes a row the caller locked (see lockRow) and records what it was. */
export async function auditedDelete<T extends IdTable>(
  tx: Tx,
  actor: AuditActor,
  { table, entity }: Audited<T>,
  before: Row<T>,
) {
  await tx.delete(table).where(eq(table.id, before.id));
  await recordAudit(tx, actor, { action: `${entity}.delete`, entity, entityId: before.id, before });
}
