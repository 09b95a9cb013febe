/** The bench harness's statements: PostgreSQL's costliest statements and the title an exam belongs to. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** Is pg_stat_statements installed and loaded at start? Without both there is nothing to report. */
export const statementStatsLoaded = sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements' AND current_setting('shared_preload_libraries') LIKE '%pg_stat_statements%'`;

export const costliestStatementsSince = (top: number) => sql`
  SELECT calls, round((total_exec_time + total_plan_time)::numeric, 1)::float AS total_ms,
         round(((total_exec_time + total_plan_time) / greatest(calls, 1))::numeric, 3)::float AS ms_per_call,
         left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) AS statement
  FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'
  ORDER BY total_exec_time + total_plan_time DESC LIMIT ${top}`;

export const resetStatementStats = sql`SELECT pg_stat_statements_reset()`;

/**
 * The work a scenario's requests left for later and the server still owes: paid-order notices not
 * yet told (the outbox the paying statement writes) and jobs due within a few seconds, waiting or
 * running (pg-boss's `created`, `retry`, `active`; a job delayed further, a retry hours away, is not
 * owed now).
 */
export const pendingNotices = sql`SELECT count(*)::int AS n FROM order_paid_notices`;
export const jobsTable = sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
export const pendingJobs = sql`SELECT count(*)::int AS n FROM pgboss.job
  WHERE state < 'completed' AND start_after < now() + interval '5 seconds'`;

/** What the server still owes; no jobs where they run inline (pg-boss's tables never made). */
export async function takePendingWork(db: DbOrTx): Promise<{ paid_notices: number; jobs: number }> {
  const count = async (statement: typeof pendingJobs) =>
    (await db.execute<{ n: number }>(statement)).rows[0]!.n;
  const [present] = (await db.execute<{ present: boolean }>(jobsTable)).rows;
  return { paid_notices: await count(pendingNotices), jobs: present?.present ? await count(pendingJobs) : 0 };
}

export const courseOfQuiz = (quizId: number) => sql`SELECT course_id FROM quizzes WHERE id = ${quizId}`;

/**
 * The statements that cost PostgreSQL most since the last call, which starts the count again; empty
 * without the extension (the default).
 */
export async function takeCostliestStatements(db: DbOrTx, top: number) {
  const loaded = await db.execute(statementStatsLoaded);
  if (loaded.rows.length === 0) return [];
  const { rows } = await db.execute(costliestStatementsSince(top));
  await db.execute(resetStatementStats);
  return rows;
}

/** The title an exam belongs to, 0 when there is no such exam (the learners then join no title). */
export async function quizCourseId(db: DbOrTx, quizId: number): Promise<number> {
  const { rows } = await db.execute<{ course_id: number }>(courseOfQuiz(quizId));
  return rows[0]?.course_id ?? 0;
}
