/**
 * An idle worker leaves the database alone (it asks for work every 30 s, not every 2 s), yet a job
 * starts as soon as it can: one written runnable wakes the worker (LISTEN/NOTIFY), one written with
 * a delay wakes it when the delay ends. pg-boss runs on its TestClock, moved only where a test says:
 * a job that runs while the clock stands still was not found by a poll.
 */
import { TestClock } from "pg-boss";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pollUntil } from "../../test/poll";
import { createTestDatabase } from "../../test/test-app";
import { createPgBossJobs, type PgBossJobs } from "./jobs";

let jobs: PgBossJobs;
let clock: TestClock;
beforeAll(async () => {
  clock = new TestClock(Date.now());
  jobs = await createPgBossJobs(await createTestDatabase(), pino({ level: "silent" }), { clock });
});
afterAll(() => jobs?.stop());

/** A worker on `queue` that records the data of each job it runs. */
async function worker(queue: string) {
  const ran: Record<string, unknown>[] = [];
  await jobs.work(queue, async (data) => {
    ran.push(data);
  });
  return ran;
}

const lastFetch = (queue: string) =>
  jobs.boss.getWipData().find((w) => w.name === queue)?.lastFetchedOn ?? null;

it("an idle worker asks for work once in 30 s of its clock, not every 2 s", async () => {
  await worker("test.idle");
  await pollUntil("the worker's first fetch", () => lastFetch("test.idle") !== null);
  const fetches = new Set<number>();
  for (let second = 0; second < 120; second++) {
    await clock.tick(1_000);
    fetches.add(lastFetch("test.idle")!);
  }
  // Polling every 2 s would have been 60 fetches.
  expect(fetches.size).toBeLessThanOrEqual(5);
});

it("starts a job sent now at once, with no poll (the clock stands still)", async () => {
  const ran = await worker("test.now");
  await pollUntil("the worker's first fetch", () => lastFetch("test.now") !== null);
  await jobs.send("test.now", { n: 1 });
  expect(await pollUntil("the job to run", () => ran.length > 0 && ran)).toEqual([{ n: 1 }]);
});

it("starts a delayed job when its delay ends, not at the worker's next poll", async () => {
  const ran = await worker("test.later");
  await pollUntil("the worker's first fetch", () => lastFetch("test.later") !== null);
  await jobs.send("test.later", { n: 2 }, { startAfterSeconds: 5 });
  await clock.tick(4_000);
  expect(ran).toEqual([]);
  await clock.tick(1_000);
  expect(await pollUntil("the job to run", () => ran.length > 0 && ran)).toEqual([{ n: 2 }]);
});

it("wakes the worker of a queue created before wake-ups existed", async () => {
  // As a database from an earlier release has it: the queue, without `notify`.
  await jobs.boss.createQueue("test.older");
  expect((await jobs.boss.getQueue("test.older"))?.notify).toBe(false);
  const ran = await worker("test.older");
  await pollUntil("the worker's first fetch", () => lastFetch("test.older") !== null);
  await jobs.send("test.older", { n: 3 });
  expect(await pollUntil("the job to run", () => ran.length > 0 && ran)).toEqual([{ n: 3 }]);
});
