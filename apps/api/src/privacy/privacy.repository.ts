/** Privacy's hand-written statements (text snapshotted in privacy.repository.test.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** The person's row, locked until the transaction ends: their requests are then taken one at a time. */
export const lockPerson = (userId: number) => sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;

/** Locks the person's row in the caller's transaction; false when there is no such person. */
export async function lockPersonRow(tx: DbOrTx, userId: number): Promise<boolean> {
  const { rows } = await tx.execute(lockPerson(userId));
  return rows.length > 0;
}
