/**
 * Composes the running product: database (embedded or DATABASE_URL), migrations, demo data,
 * the outside-service ports and the app. Used by main.ts, the browser tests and the benchmark.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "./app";
import type { Config } from "./config/config";
import type { Deps } from "./context";
import { createDb } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { findWebDist } from "./http/web-app";
import { createInlineJobs, createPgBossJobs } from "./jobs/jobs";
import { createMailer, createSmsSender } from "./mail/outbox";
import { seedIfEmpty } from "./seed/seed";
import { createLocalStorage } from "./storage/storage";
import { registerWorkers } from "./workers";

export type Runtime = { app: FastifyInstance; deps: Deps; seeded: boolean; stop: () => Promise<void> };

export async function startRuntime(config: Config): Promise<Runtime> {
  const log = pino({ level: config.logLevel });
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), "aprendo");
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const { db, pool } = createDb(databaseUrl, { max: config.databasePoolSize });
  try {
    await runMigrations(pool);
    if (config.storage.driver !== "local")
      throw new Error("Only STORAGE_DRIVER=local is available in this build");
    const storage = createLocalStorage(config.storage.dir);
    const seeded = config.seedDemo ? await seedIfEmpty({ db, storage }) : false;
    const jobs = config.jobs ? await createPgBossJobs(databaseUrl, log) : createInlineJobs(log);
    const deps: Deps = {
      config,
      db,
      pool,
      storage,
      jobs,
      mail: createMailer(db, log, config.smtpUrl, config.mailFrom),
      sms: createSmsSender(db, log),
    };
    await registerWorkers(deps);
    const app = await buildApp(deps, { webRoot: findWebDist() });
    const stop = async () => {
      await app.close();
      await jobs.stop();
      await pool.end();
      await embedded?.stop();
    };
    return { app, deps, seeded, stop };
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}
