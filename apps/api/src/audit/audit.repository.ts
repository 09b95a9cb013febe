/** The audit log's hand-written statements (text snapshotted in audit.repository.test.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { auditLog } from "../db/schema/index";

export const distinctActions = sql`SELECT DISTINCT action FROM ${auditLog} ORDER BY action LIMIT 500`;
export const distinctEntities = sql`SELECT DISTINCT entity FROM ${auditLog} ORDER BY entity LIMIT 200`;

/** The actions and entities that occur in the log, alphabetically. */
export async function selectAuditFacets(db: DbOrTx): Promise<{ actions: string[]; entities: string[] }> {
  const actions = await db.execute<{ action: string }>(distinctActions);
  const entities = await db.execute<{ entity: string }>(distinctEntities);
  return { actions: actions.rows.map((r) => r.action), entities: entities.rows.map((r) => r.entity) };
}
