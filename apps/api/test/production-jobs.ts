/**
 * An app whose jobs run as in production: pg-boss on the test's own database, with the schedules
 * and workers that workers.ts registers, its real scheduler (the cron pass and its send-it queue)
 * and nothing inline. Only the clock is pg-boss's TestClock, so a test moves pg-boss time to just
 * before a cron occurrence, or past a delayed job's start, instead of waiting for it: the scheduler,
 * the pollers and the job table all read that clock (pg-boss points its `job_now()` at it), while
 * the app's own code keeps reading real time.
 */
import { type JobWithMetadata, type PgBoss, TestClock } from "pg-boss";
import pino from "pino";
import { TestRunner } from "vitest";
import type { Config } from "../src/config/config";
import { createPgBossJobs } from "../src/jobs/jobs";
import { createTestApp, type TestApp } from "./test-app";

export type ProductionJobsApp = TestApp & {
  boss: PgBoss;
  clock: TestClock;
  /**
   * Moves pg-boss time forward to `ms` before the next occurrence of `cron` (UTC) that is more than
   * `ms` away, and answers that occurrence. A job of an earlier occurrence may still come after the
   * jump: pg-boss sends an occurrence for 60 s after it, so just before a minute the previous minute
   * is still due, and the pass the jump made overdue (or a send-it job from before it) delivers it
   * late. Wait for the occurrence's own job with `occurrenceCompleted`, not for the first effect.
   */
  beforeNext: (cron: string, ms?: number) => Promise<Date>;
  /**
   * Waits until pg-boss has completed a job of `queue` sent for `occurrence` or later (created at or
   * after it), moving pg-boss time as `until` does: that job is only sent once pg-boss time reaches
   * the occurrence, so a wait that left the clock still (because an earlier occurrence's late job had
   * already brought the effect) would never see it.
   */
  occurrenceCompleted: (queue: string, occurrence: Date) => Promise<JobWithMetadata<unknown>>;
  /**
   * Polls `check` until it answers something truthy. Between two polls pg-boss time moves a second
   * (its due timers fire: cron passes, worker polls, delayed jobs), up to `clockBudgetMs` in all;
   * after that only real time passes (the job's handler may still be running). Fails naming `what`
   * after `timeoutMs` of real time, and a second before the running test's own time limit at the
   * latest (without `timeoutMs`: at that point, or after 20 s in a hook): a slow wait then fails
   * saying what it waited for, not "Test timed out", and a wait the test has time for is not cut
   * short on a loaded machine.
   */
  until: <T>(
    what: string,
    check: () => Promise<T | null | undefined | false>,
    options?: { clockBudgetMs?: number; timeoutMs?: number },
  ) => Promise<T>;
  /** The jobs of a queue as pg-boss records them (state, start, completion), oldest first. */
  jobsOf: (queue: string) => Promise<JobWithMetadata<unknown>[]>;
};

export async function createProductionJobsApp(overrides: Partial<Config> = {}): Promise<ProductionJobsApp> {
  const clock = new TestClock(Date.now());
  let boss: PgBoss | undefined;
  const t = await createTestApp(overrides, {
    jobs: async (databaseUrl) => {
      const jobs = await createPgBossJobs(databaseUrl, pino({ level: "silent" }), { clock });
      boss = jobs.boss;
      return jobs;
    },
  });
  const queue = boss!;
  // A failing handler is logged by the app and retried by pg-boss; here it should fail the test.
  const errors: Error[] = [];
  queue.on("error", (error: Error) => errors.push(error));

  const jobsOf: ProductionJobsApp["jobsOf"] = async (name) => {
    const jobs = await queue.findJobs(name);
    return jobs.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
  };

  const until: ProductionJobsApp["until"] = async (what, check, options = {}) => {
    const started = Date.now();
    const test = testDeadline();
    const own =
      options.timeoutMs === undefined && test !== undefined ? test : started + (options.timeoutMs ?? 20_000);
    const deadline = test !== undefined && test < own ? test : own;
    const limit = deadline === test ? "the test's time limit" : "the wait's own limit";
    let budget = options.clockBudgetMs ?? 120_000;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (errors.length) throw errors[0];
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}: ${Math.round((Date.now() - started) / 1000)} s, ${limit}`,
        );
      if (budget > 0) {
        budget -= 1_000;
        await clock.tick(1_000);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };

  return {
    ...t,
    boss: queue,
    clock,
    until,
    async beforeNext(cron, ms = 5_000) {
      // Never backwards: an occurrence within `ms` of now would put pg-boss time behind the jobs and
      // the cron pass it has already stamped.
      const [next] = queue.previewSchedule(cron, { from: new Date(clock.now() + ms), count: 1 });
      await clock.setTime(next!.getTime() - ms);
      return next!;
    },
    jobsOf,
    occurrenceCompleted: (name, occurrence) =>
      until(`a completed ${name} job of ${occurrence.toISOString()}`, async () =>
        (await jobsOf(name)).find((job) => job.state === "completed" && job.createdOn >= occurrence),
      ),
  };
}

/**
 * A second before the running test's time limit (none in a hook, or for a test without a limit),
 * so that a wait inside the test fails first and says what it waited for.
 */
function testDeadline(): number | undefined {
  const test = TestRunner.getCurrentTest();
  const started = test?.result?.startTime;
  if (!test?.timeout || !started) return undefined;
  return started + test.timeout - 1_000;
}
