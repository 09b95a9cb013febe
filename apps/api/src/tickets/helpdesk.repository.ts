/** The help desk's hand-written aggregate statements (text snapshotted in helpdesk.repository.test.ts). */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** Tags in use on the tickets `visible` lets through (all with undefined), most used first. */
export const tagCounts = (visible: SQL | undefined) => sql`
    SELECT tag, count(*)::int AS tickets
    FROM tickets, unnest(tickets.tags) AS tag
    WHERE ${visible ?? sql`TRUE`}
    GROUP BY tag ORDER BY count(*) DESC, tag LIMIT 200`;

export async function selectTagCounts(db: DbOrTx, visible: SQL | undefined) {
  const { rows } = await db.execute<{ tag: string; tickets: number }>(tagCounts(visible));
  return rows;
}

/**
 * Over the tickets `visible` lets through, merged duplicates left out: how many, how many answered
 * by staff and resolved, and the average seconds to the first staff reply and to resolving.
 */
export const responseTimeAverages = (visible: SQL | undefined) => sql`
    WITH t AS (
      SELECT tickets.created_at, tickets.resolved_at, tickets.status,
        (SELECT min(m.created_at) FROM ticket_messages m
          WHERE m.ticket_id = tickets.id AND m.author_kind = 'staff') AS first_at
      FROM tickets
      WHERE tickets.merged_into_id IS NULL AND ${visible ?? sql`TRUE`}
    )
    SELECT count(*)::int AS tickets,
      count(first_at)::int AS responded,
      count(*) FILTER (WHERE status = 'resolved' AND resolved_at IS NOT NULL)::int AS resolved,
      avg(GREATEST(0, EXTRACT(EPOCH FROM first_at - created_at))) AS first_avg,
      avg(GREATEST(0, EXTRACT(EPOCH FROM resolved_at - created_at)))
        FILTER (WHERE status = 'resolved') AS resolution_avg
    FROM t`;

export async function selectResponseTimes(db: DbOrTx, visible: SQL | undefined) {
  const { rows } = await db.execute<{
    tickets: number;
    responded: number;
    resolved: number;
    first_avg: string | null;
    resolution_avg: string | null;
  }>(responseTimeAverages(visible));
  return rows[0]!;
}
