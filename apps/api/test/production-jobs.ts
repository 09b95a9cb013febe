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
import type { Config } from "../src/config/config";
import { createPgBossJobs } from "../src/jobs/jobs";
import { createTestApp, type TestApp } from "./test-app";

export type ProductionJobsApp = TestApp & {
  boss: PgBoss;
  clock: TestClock;
  /** Moves pg-boss time to `ms` before the next occurrence of `cron` (UTC) after the current time. */
  beforeNext: (cron: string, ms?: number) => Promise<Date>;
  /**
   * Polls `check` until it answers something truthy. Between two polls pg-boss time moves a second
   * (its due timers fire: cron passes, worker polls, delayed jobs), up to `clockBudgetMs` in all;
   * after that only real time passes (the job's handler may still be running). Fails after
   * `timeoutMs` of real time, naming `what`.
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

  const until: ProductionJobsApp["until"] = async (what, check, options = {}) => {
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    let budget = options.clockBudgetMs ?? 120_000;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (errors.length) throw errors[0];
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
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
      const [next] = queue.previewSchedule(cron, { from: new Date(clock.now()), count: 1 });
      await clock.setTime(next!.getTime() - ms);
      return next!;
    },
    async jobsOf(name) {
      const jobs = await queue.findJobs(name);
      return jobs.sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
    },
  };
}
