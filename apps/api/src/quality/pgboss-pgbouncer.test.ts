/**
 * Background jobs (pg-boss) through a real PgBouncer in transaction mode (test/pgbouncer.ts), with
 * the same `?pgbouncer=true` DATABASE_URL the runtime hands to pg-boss (runtime.ts): pg-boss names
 * no prepared statement and holds no session state (its locks are transaction-level), so it needs
 * no direct connection. A job sent through the pooler is worked through it; one written inside an
 * application transaction exists only if that transaction commits.
 */
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgBouncer, pgbouncerInstalled, startPgBouncer } from "../../test/pgbouncer";
import { createTestDatabase } from "../../test/test-app";
import { createDb } from "../db/client";
import { transaction } from "../db/transaction";
import { createPgBossJobs, type PgBossJobs } from "../jobs/jobs";

let bouncer: PgBouncer | undefined;
let jobs: PgBossJobs | undefined;
let app: ReturnType<typeof createDb> | undefined;

beforeAll(async () => {
  if (!pgbouncerInstalled) return;
  const directUrl = await createTestDatabase();
  // Two server connections for pg-boss's pool, its workers and the app's pool: they must share.
  bouncer = await startPgBouncer(directUrl, 2);
  const pooledUrl = `${bouncer.urlFor(directUrl)}?pgbouncer=true`;
  app = createDb(pooledUrl, { max: 2 });
  jobs = await createPgBossJobs(pooledUrl, pino({ level: "silent" }));
}, 60_000);

afterAll(async () => {
  await jobs?.stop();
  await app?.pool.end();
  await bouncer?.close();
});

/** Resolves with the data of each job worked, in order. */
function collector() {
  const seen: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  return {
    seen,
    handler: async (data: Record<string, unknown>) => {
      seen.push(data);
      for (const wake of waiters.splice(0)) wake();
    },
    async until(count: number, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (seen.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${seen.length} of ${count} jobs were worked`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
      return seen;
    },
  };
}

describe.skipIf(!pgbouncerInstalled)("pg-boss behind PgBouncer in transaction mode", () => {
  it("works a job sent through the pooler, with retries configured", async () => {
    const worked = collector();
    await jobs!.work("bouncer.probe", worked.handler);
    await jobs!.send("bouncer.probe", { n: 1 }, { retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 2 } });
    expect(await worked.until(1)).toEqual([{ n: 1 }]);
  });

  it("writes a job inside the sender's transaction: committed it runs, rolled back it never exists", async () => {
    const worked = collector();
    await jobs!.work("bouncer.tx", worked.handler);
    await transaction(app!.db, async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await jobs!.send("bouncer.tx", { kept: true }, { tx });
    });
    const rollback = new Error("rolled back on purpose");
    await expect(
      transaction(app!.db, async (tx) => {
        await jobs!.send("bouncer.tx", { kept: false }, { tx });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await worked.until(1)).toEqual([{ kept: true }]);

    // pg-boss's own table holds the committed job only.
    const rows = await app!.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'bouncer.tx'`);
    expect(rows.rows.map((row) => row.data)).toEqual([{ kept: true }]);
  });
});
