/**
 * The outbox's hand-written statement (the retention's rule is in outbox-retention.ts): a named
 * constant, its text snapshotted in outbox.repository.test.ts, run by one function here.
 */
import type { DbOrTx } from "../db/client";
import { runNamed } from "../db/prepared";

/** $1 retention days, $2 rows at most: empties the oldest bodies past the retention, answers their ids. */
export const ERASE_OLD_BODIES = `UPDATE outbox SET body_text = '', body_html = NULL, attachments = NULL
        WHERE id IN (SELECT id FROM outbox
                      WHERE body_text <> '' AND created_at < now() - make_interval(days => $1)
                      ORDER BY created_at LIMIT $2)
        RETURNING id`;

/** Erases up to `limit` bodies older than `days`, oldest first; answers how many rows it emptied. */
export async function eraseOldBodies(db: DbOrTx, days: number, limit: number): Promise<number> {
  const rows = await runNamed<{ id: number }>(db, "outbox_erase_old_bodies", ERASE_OLD_BODIES, [days, limit]);
  return rows.length;
}
