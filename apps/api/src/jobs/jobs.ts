/**
 * Background jobs on the same PostgreSQL (pg-boss): deletion after the grace period, attempt
 * deadlines, notification fan-out. Features register handlers with `work` and enqueue with `send`.
 * With JOBS=off (unit-speed tests) jobs still run, inline and at once, through the same handlers.
 *
 * An idle node asks the database for work about once every 30 s per queue, not every 2 s: a job
 * that is runnable when it is written wakes the workers of every node at once (LISTEN/NOTIFY, sent
 * on the commit of the job's transaction), and a delayed one wakes this process's worker when its
 * delay ends (`wakeAt`). The 30 s poll is only the floor for what no wake-up covers: retries after
 * their backoff, and a delayed job whose sender stopped. Behind PgBouncer in transaction mode,
 * which cannot hold a LISTEN, workers poll every 2 s as before.
 */
import {
  type Clock,
  type ClockTimer,
  type ConstructorOptions,
  type JobResult,
  PgBoss,
  systemClock,
} from "pg-boss";
import type { Logger } from "pino";
import { behindPgBouncer, type DbOrTx } from "../db/client";
import { sqlExecutorOf } from "../db/prepared";

/** pg-boss's internal queue its cron pass puts due occurrences on; its worker sends the jobs. */
const CRON_SEND_IT_QUEUE = "__pgboss__send-it";
/** Longer delays are left to the poll: a timer that long would outlive most processes anyway. */
const MAX_WAKE_DELAY_MS = 24 * 60 * 60 * 1000;
const A_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Not in pg-boss's option types, passed on to pg.Pool all the same. */
const KEEP_CONNECTIONS = { idleTimeoutMillis: 5 * 60 * 1000 };

/**
 * `context`: given only by the inline queue, which has no retries (`inline`) and runs a job sent
 * with `tx` inside that transaction (`db`), so the handler sees the sender's uncommitted rows;
 * pg-boss runs the job after the commit, on its own connection.
 */
export type JobHandler = (
  data: Record<string, unknown>,
  context?: { inline: true; db?: DbOrTx },
) => Promise<void>;

/** Retries with exponential backoff: about `delaySeconds`, then twice that each time, at most `maxDelaySeconds`. */
export type RetryPolicy = { limit: number; delaySeconds: number; maxDelaySeconds: number };

export interface Jobs {
  /**
   * Enqueue now, or after `startAfterSeconds`. `singletonKey`: one queued job per key. `once` (with
   * a key): this process sends that key at most once, later sends cost nothing, not even a round
   * trip to the queue; for jobs keyed by a time slot that a burst of requests shares. Inline jobs
   * ignore it (each send runs the handler, as tests expect).
   */
  send(
    name: string,
    data: Record<string, unknown>,
    options?: {
      startAfterSeconds?: number;
      singletonKey?: string;
      once?: boolean;
      /**
       * The transaction the job belongs to: pg-boss writes the job in it, so the job exists exactly
       * when the sender's rows do (committed together, or rolled back together).
       */
      tx?: DbOrTx;
      retry?: RetryPolicy;
      /** How long the job may run before pg-boss counts it lost (default 15 minutes; a transcode needs more). */
      expireInSeconds?: number;
    },
  ): Promise<void>;
  /**
   * `batchSize`: jobs taken per fetch (default 1). While fetches come back full the worker fetches
   * again at once instead of waiting for its next poll, so a burst of short jobs (a sale's paid
   * notices) drains in seconds; keep 1 for long jobs, whose expiry starts at the fetch.
   */
  work(name: string, handler: JobHandler, options?: { batchSize?: number }): Promise<void>;
  /** A recurring job, `cron` in the usual five-field form. */
  schedule(name: string, cron: string): Promise<void>;
  /** Aborts `stopping`, then lets running jobs end (pg-boss: up to 5 s) and stops taking new ones. */
  stop(): Promise<void>;
  /**
   * Aborted when this node begins to stop. A long job (a lecture's transcode) stops its work and
   * throws, so pg-boss runs it again later, here or on another node, instead of its child processes
   * outliving the node and the lecture showing "processing" until the job's expiry (hours).
   */
  readonly stopping: AbortSignal;
  /**
   * The queue's time in milliseconds: `Date.now()`, or the clock a test moves by hand. A job keyed
   * by a time slot takes its slot from here, so the slot and the job's start agree on what "now" is.
   */
  now(): number;
  /** Jobs per queue, for /metrics (http/metrics.ts); absent where jobs run inline. */
  sizes?(): Promise<{ queue: string; queued: number; active: number; failed: number }[]>;
}

/** The queue on pg-boss, with the instance itself for tests that drive it through pg-boss's own API. */
export type PgBossJobs = Jobs & { boss: PgBoss };

/**
 * `options` go to pg-boss as they are; production passes none. Tests pass pg-boss's TestClock, so
 * the real scheduler and workers run on a clock the test moves (jobs.production.test.ts).
 */
export async function createPgBossJobs(
  databaseUrl: string,
  log: Logger,
  options: Omit<ConstructorOptions, "connectionString"> = {},
): Promise<PgBossJobs> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    // One more connection, held by the listener. PgBouncer's transaction mode may hand LISTEN and
    // its heartbeat different server connections, so the listener could not be trusted to hear a
    // job: there pg-boss polls every 2 s, as before.
    useListenNotify: !behindPgBouncer(databaseUrl).pgbouncer,
    // pg-boss hands its options to pg.Pool. Idle 10 s (pg's default), its connections would close
    // between two 30 s polls and open again for the next: a new PostgreSQL process and a password
    // check each time, which cost the database more than the polls saved.
    ...KEEP_CONNECTIONS,
    // The resolver of flows (jobs that wait for other jobs) asks every 5 s; no job here has any.
    flowIntervalSeconds: 600,
    // The listener's heartbeat (every 10 s, 5 s to answer) runs on pg-boss's clock: one a test moves
    // by 30 s at once fires the timeout before the query can answer, and the listener "fails".
    ...(options.clock ? { notifyHeartbeatIntervalMs: A_YEAR_MS, notifyHeartbeatTimeoutMs: A_YEAR_MS } : {}),
    ...options,
  });
  boss.on("error", (error: Error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  const queues = new Set<string>();
  // Every queue wakes its workers when a job is written: created so, or changed once on a database
  // whose queues were created before.
  const notifying = async (name: string) => {
    const queue = await boss.getQueue(name);
    if (!queue) await boss.createQueue(name, { notify: true });
    else if (!queue.notify) await boss.updateQueue(name, { notify: true });
  };
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await notifying(name);
    queues.add(name);
  };
  // The cron pass (every 30 s) then wakes the send-it worker, which sends the cron job, which wakes
  // its worker: a cron job starts when the pass finds it due, not after a 5 s poll of send-it.
  if (await boss.getQueue(CRON_SEND_IT_QUEUE)) await notifying(CRON_SEND_IT_QUEUE);
  // The keys sent with `once`, oldest first; the oldest is forgotten past 10,000.
  const sentOnce = new Set<string>();
  const clock = options.clock;
  const timers: Clock = clock ?? systemClock;
  // This process's worker of each queue, and the pending wake-ups of delayed jobs.
  const workers = new Map<string, string>();
  const wakeUps = new Set<ClockTimer>();
  const stopping = new AbortController();
  /**
   * A delayed job writes no NOTIFY (it is not runnable yet), so without this it would wait for the
   * 30 s poll after its delay: a paid order's notice would come up to half a minute late. The timer
   * starts after the job is written, so when it fires the job is due. One timer per send: the
   * frequent senders already send once per second (`once`).
   */
  const wakeAt = (name: string, delaySeconds: number) => {
    const workerId = workers.get(name);
    if (!workerId || delaySeconds * 1000 > MAX_WAKE_DELAY_MS) return;
    const timer = timers.setTimeout(() => {
      wakeUps.delete(timer);
      boss.notifyWorker(workerId);
    }, delaySeconds * 1000);
    // A pending wake-up must not keep alive a process that has nothing else to do.
    (timer as { unref?: () => void }).unref?.();
    wakeUps.add(timer);
  };
  return {
    boss,
    stopping: stopping.signal,
    now: () => clock?.now() ?? Date.now(),
    async send(name, data, options = {}) {
      const once = options.once && options.singletonKey ? `${name}:${options.singletonKey}` : null;
      if (once) {
        if (sentOnce.has(once)) return;
        if (sentOnce.size >= 10_000) sentOnce.delete(sentOnce.values().next().value as string);
        sentOnce.add(once);
      }
      try {
        await ensureQueue(name);
        await boss.send(name, data, {
          ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.tx ? { db: sqlExecutorOf(options.tx) } : {}),
          ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
          ...(options.retry
            ? {
                retryLimit: options.retry.limit,
                retryDelay: options.retry.delaySeconds,
                retryBackoff: true,
                retryDelayMax: options.retry.maxDelaySeconds,
              }
            : {}),
        });
      } catch (error) {
        if (once) sentOnce.delete(once);
        throw error;
      }
      if (options.startAfterSeconds) wakeAt(name, options.startAfterSeconds);
    },
    async work(name, handler, options = {}) {
      await ensureQueue(name);
      const workerId = await boss.work(
        name,
        { batchSize: options.batchSize ?? 1, burstWhenBatchFull: true, perJobResults: true },
        async (batch) => {
          // Each job of a batch completes or fails on its own: one bad job neither fails nor re-runs
          // the others. pg-boss keeps the failure on the job (and retries it); the log says which.
          const results: JobResult[] = [];
          for (const job of batch) {
            try {
              await handler(job.data as Record<string, unknown>);
              results.push({ id: job.id, status: "completed" });
            } catch (error) {
              log.error({ err: error, job: name, jobId: job.id }, "job failed");
              const message = error instanceof Error ? error.message : String(error);
              results.push({ id: job.id, status: "failed", output: { message } });
            }
          }
          return results;
        },
      );
      workers.set(name, workerId);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    async stop() {
      stopping.abort();
      for (const timer of wakeUps.values()) timers.clearTimeout(timer);
      wakeUps.clear();
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
    async sizes() {
      // pg-boss's own counts per queue, kept up to date by its monitor.
      return (await boss.getQueues()).map((q) => ({
        queue: q.name,
        queued: q.queuedCount,
        active: q.activeCount,
        failed: q.failedCount,
      }));
    },
  };
}

/** Runs each job inline when it is sent (delays are ignored); for tests and JOBS=off. */
export function createInlineJobs(log: Logger): Jobs {
  const handlers = new Map<string, JobHandler>();
  const stopping = new AbortController();
  return {
    stopping: stopping.signal,
    now: () => Date.now(),
    async send(name, data, options = {}) {
      const handler = handlers.get(name);
      if (!handler) return;
      try {
        await handler(data, { inline: true, ...(options.tx ? { db: options.tx } : {}) });
      } catch (error) {
        log.error({ err: error, job: name }, "inline job failed");
        throw error;
      }
    },
    async work(name, handler) {
      handlers.set(name, handler);
    },
    async schedule() {},
    async stop() {
      stopping.abort();
    },
  };
}
