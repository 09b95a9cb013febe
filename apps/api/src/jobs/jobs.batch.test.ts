/**
 * A queue worked in batches drains a burst without waiting a poll per job, and one failing job of a
 * batch fails alone. pg-boss runs on its TestClock, which this file never moves: anything handled
 * beyond the first fetch was fetched at once, not after a poll interval.
 */
import { type JobWithMetadata, TestClock } from "pg-boss";
import pino from "pino";
import { afterAll, expect, it } from "vitest";
import { pollUntil } from "../../test/poll";
import { createTestDatabase } from "../../test/test-app";
import { createPgBossJobs, type PgBossJobs } from "./jobs";

let jobs: PgBossJobs | undefined;
afterAll(() => jobs?.stop());

it("drains 25 queued jobs in batches of 10 at once, and a failing job fails alone (to be retried)", async () => {
  // The log lines the queue writes, to see which job it says failed.
  const logged: { msg: string; jobId?: string; err?: { message: string } }[] = [];
  const log = pino({ level: "error" }, { write: (line: string) => logged.push(JSON.parse(line)) });
  jobs = await createPgBossJobs(await createTestDatabase(), log, { clock: new TestClock(Date.now()) });
  const queue = "test.burst";
  for (let n = 1; n <= 25; n++) await jobs.send(queue, { n });

  const handled: number[] = [];
  await jobs.work(
    queue,
    async (data) => {
      if (data.n === 7) throw new Error("job 7 cannot be done");
      handled.push(Number(data.n));
    },
    { batchSize: 10 },
  );

  // A failed job waits for its retry (pg-boss's default policy), on the clock that does not move.
  const settled = (job: JobWithMetadata<unknown>) => job.state === "completed" || job.state === "retry";
  const all = await pollUntil("every job settled", async () => {
    const found = await jobs!.boss.findJobs(queue);
    return found.length === 25 && found.every(settled) && found;
  });
  expect(handled.sort((a, b) => a - b)).toEqual(
    Array.from({ length: 25 }, (_, i) => i + 1).filter((n) => n !== 7),
  );
  const failed = all.filter((job) => job.state === "retry");
  expect(failed.map((job) => (job.data as { n: number }).n)).toEqual([7]);
  // Logged with its job, once per attempt, and only job 7.
  const failures = logged.filter((line) => line.msg === "job failed");
  expect(failures.length).toBeGreaterThan(0);
  expect(new Set(failures.map((line) => `${line.err?.message} ${line.jobId}`))).toEqual(
    new Set([`job 7 cannot be done ${failed[0]!.id}`]),
  );
});
