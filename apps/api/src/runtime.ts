/**
 * Composes the running product: database (embedded or DATABASE_URL), migrations, demo data (demo
 * mode, or SEED_DEMO=true), the outside-service ports and the app; then listening and a clean stop
 * on a signal. Used by main.ts (the product) and bench-server.ts (the bench harness).
 */

import path from "node:path";
import { Role } from "@aprendo/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import { type Config, ConfigError } from "./config/config";
import type { Deps } from "./context";
import { createDb } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { users } from "./db/schema/index";
import { describeStartError } from "./db/start-errors";
import { findWebDist } from "./http/web-app";
import { createInlineJobs, createPgBossJobs } from "./jobs/jobs";
import { createMessaging } from "./mail/outbox";
import { type DemoAccount, demoAccountsPresent } from "./seed/demo-accounts";
import { seedPlatform } from "./seed/platform.seed";
import { seedIfEmpty } from "./seed/seed";
import { createStorage } from "./storage/storage";
import { startTelemetry } from "./telemetry/telemetry";
import { registerWorkers } from "./workers";

export type Runtime = {
  app: FastifyInstance;
  deps: Deps;
  /** Whether this start created the demo data. */
  seeded: boolean;
  /** The demo accounts found in the database (for the banner; none on a real deployment). */
  demoAccounts: readonly DemoAccount[];
  /** Whether an active master administrator exists (otherwise the banner says how to create one). */
  hasMasterAdministrator: boolean;
  stop: () => Promise<void>;
};

export async function startRuntime(config: Config): Promise<Runtime> {
  const log = pino({ level: config.logLevel });
  // Before the pool, so its connections carry query spans; nothing is loaded when it is off.
  const telemetry = await startTelemetry(log);
  const embedded = config.databaseUrl
    ? undefined
    : // stopOnSignals stops it after the requests in flight, not the package's own exit hook.
      await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), "aprendo", { ownSignals: true });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDb(databaseUrl, { max: config.databasePoolSize });
  telemetry?.instrumentPool(pool);
  pool.on("error", (error) =>
    log.warn({ err: error }, "idle database connection lost; the pool opens another"),
  );
  try {
    await runMigrations(pool, config.databaseDirectUrl);
    const storage = createStorage(config.storage);
    // The platform rows (languages, configuration) every mode needs; demo data only when asked.
    await seedPlatform({ db, storage });
    const seeded = config.seedDemo ? await seedIfEmpty({ db, storage }, config.databaseDirectUrl) : false;
    const demoAccounts = await demoAccountsPresent(db);
    const [master] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleId, Role.masterAdmin), eq(users.status, "active")))
      .limit(1);
    const jobs = config.jobs ? await createPgBossJobs(databaseUrl, log) : createInlineJobs(log);
    const deps: Deps = {
      config,
      db,
      pool,
      storage,
      jobs,
      log,
      ...createMessaging({ db, jobs, log, config }),
    };
    await registerWorkers(deps);
    const app = await buildApp(deps, { webRoot: findWebDist(), telemetry });
    // The order matters: requests in flight still use jobs and the pool, jobs use the pool.
    const stop = async () => {
      await closeApp(app, config.shutdownGraceSeconds * 1000);
      await jobs.stop();
      await pool.end();
      await embedded?.stop();
      await telemetry?.stop();
    };
    return { app, deps, seeded, demoAccounts, hasMasterAdministrator: master !== undefined, stop };
  } catch (error) {
    // The start failed: the error below is what the operator needs; these only say what was left.
    await pool.end().catch((closing: unknown) => log.error({ err: closing }, "database pool not closed"));
    await embedded
      ?.stop()
      .catch((closing: unknown) => log.error({ err: closing }, "embedded PostgreSQL not stopped"));
    await telemetry?.stop();
    throw error;
  }
}

/**
 * Stops accepting connections and lets the requests in flight finish, for at most `graceMs`; then
 * cuts what is left. Event streams are ended first with an event telling the browser to reconnect
 * (notifications.stream.ts), since they would never finish on their own.
 */
async function closeApp(app: FastifyInstance, graceMs: number): Promise<void> {
  const closed = app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  if ((await Promise.race([closed, late])) === "late") {
    app.log.warn({ graceMs }, "requests still running after the shutdown grace period: cutting them");
    app.server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
}

/** Listens on HOST:PORT; a busy or privileged port ends the start with one line saying what to do. */
export async function listen(runtime: Runtime, { port, host }: Config): Promise<void> {
  try {
    await runtime.app.listen({ port, host });
  } catch (error) {
    await runtime.stop();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      throw new ConfigError(
        `Port ${port} is already in use. Stop the other program or start with PORT=<another port>.`,
      );
    if (code === "EACCES")
      throw new ConfigError(
        `Port ${port} needs more privileges. Start with PORT=3000 or another port above 1024.`,
      );
    if (code === "EADDRNOTAVAIL")
      throw new ConfigError(
        `HOST=${host} is not an address of this machine. Set HOST to one of its addresses.`,
      );
    throw error;
  }
}

/**
 * On SIGTERM or Ctrl-C: stop listening, let requests in flight finish (SHUTDOWN_GRACE_SECONDS), end
 * event streams, stop jobs, the pool and the embedded PostgreSQL, then exit 0.
 */
export function stopOnSignals(runtime: Runtime): void {
  let stopping = false;
  // While PostgreSQL stops, a background connection (job queue, listener) may still hear
  // "terminating connection" (57P01); that is the stop itself, not a crash.
  process.on("uncaughtException", (error: NodeJS.ErrnoException) => {
    if (stopping && (error.code === "57P01" || error.code === "ECONNRESET")) return;
    console.error(`Unexpected error: ${error.stack ?? error.message}`);
    process.exit(1);
  });
  const shutdown = async (signal: string) => {
    // Under `npm start` a Ctrl-C arrives twice (from the terminal, and forwarded by npm): once is enough.
    if (stopping) return;
    stopping = true;
    // Human lines go to stderr: stdout carries only the JSON log, for log shippers.
    console.error(`\n${signal} received: finishing requests and stopping the database...`);
    try {
      await runtime.stop();
      console.error("Stopped cleanly. Your data is kept for the next start.");
      process.exit(0);
    } catch (error) {
      console.error(`Stopped with an error: ${(error as Error).message}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** The last word of a failed start: one line, never a stack trace. */
export function exitWithStartError(error: unknown): never {
  // Ours are one safe line; anything else is described without the data it may quote.
  const message = error instanceof ConfigError ? error.message : describeStartError(error);
  console.error(`\n  Cannot start: ${message}\n`);
  process.exit(1);
}
