/**
 * A fresh app for one test file: its own database cloned from the migrated template, its own
 * upload folder, jobs run inline. Call `createTestApp()` in `beforeAll` and `close()` in `afterAll`.
 */
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config/config";
import type { Deps } from "../src/context";
import { createDb } from "../src/db/client";
import { createInlineJobs, type Jobs } from "../src/jobs/jobs";
import { createMessaging } from "../src/mail/outbox";
import { seedPlatform } from "../src/seed/platform.seed";
import { seedIfEmpty } from "../src/seed/seed";
import { createLocalStorage, type Storage } from "../src/storage/storage";
import { registerWorkers } from "../src/workers";
import { demoTemplateOf, withDatabase } from "./global-setup";

export type TestApp = {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  databaseUrl: string;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  webRoot?: string;
  /** The job queue (default: inline). jobs.production.test.ts passes pg-boss on the test's database. */
  jobs?: (databaseUrl: string) => Promise<Jobs>;
  /** The file store (default: a local folder of the test's own); test/s3-server.ts gives an S3 one. */
  storage?: () => Storage;
  /**
   * Start on the full demo data, as `npm start` seeds it (seed/seed.ts): its rows and its stored
   * files, copied from the run's demo template (local storage only).
   */
  demo?: boolean;
};

/** A fresh database of its own, cloned from the migrated template (no rows, not even the platform's). */
export async function createTestDatabase(template = inject("templateDatabase")): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const database = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${template}`);
  await admin.end();
  return withDatabase(adminUrl, database);
}

// Any fixed number, distinct from the product's locks (db/migrate.ts, seed/seed.ts).
const DEMO_TEMPLATE_LOCK = 727_101;

/**
 * The run's demo template, seeded the first time a file asks for it: seeding the demo costs about
 * 8 CPU-seconds, a clone of its database and a copy of its files a small part of that. Files run in
 * several worker processes; a lock on the server lets the first build it while the others wait.
 */
async function demoTemplate(): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const demo = demoTemplateOf(inject("templateDatabase"));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [DEMO_TEMPLATE_LOCK]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [demo]);
    if (found.rowCount === 0) await buildDemoTemplate(admin, adminUrl, demo);
    return demo;
  } finally {
    // Ending the session releases the lock, also after a failed build.
    await admin.end();
  }
}

async function buildDemoTemplate(admin: pg.Client, adminUrl: string, demo: string) {
  // Built under another name and renamed once complete: a build that failed half-way is never cloned.
  const building = `${demo}_building`;
  await admin.query(`DROP DATABASE IF EXISTS ${building}`);
  await admin.query(`CREATE DATABASE ${building} TEMPLATE ${inject("templateDatabase")}`);
  const files = inject("demoFilesFolder");
  await rm(files, { recursive: true, force: true });
  await mkdir(files, { recursive: true });
  const { db, pool } = createDb(withDatabase(adminUrl, building), { max: 10 });
  try {
    await seedIfEmpty({ db, storage: createLocalStorage(files) });
  } finally {
    await pool.end();
  }
  // A database is renamed (and cloned) only with no session on it: the server ends the pool's
  // sessions a moment after their clients have gone.
  for (;;) {
    const open = await admin.query("SELECT 1 FROM pg_stat_activity WHERE datname = $1", [building]);
    if (open.rowCount === 0) break;
  }
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${demo}`);
}

/** A database with nothing in it, not even the migrations: what a fresh deployment starts on. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject("postgresAdminUrl");
  const database = `empty_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  return withDatabase(adminUrl, database);
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase(options.demo ? await demoTemplate() : undefined);
  const folder = await mkdtemp(path.join(tmpdir(), "aprendo-test-files-"));
  if (options.demo) await cp(inject("demoFilesFolder"), path.join(folder, "uploads"), { recursive: true });
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      DATA_DIR: folder,
      JWT_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "silent",
      // Inline jobs would transcode every uploaded test video in its request; media tests turn it on.
      FFMPEG_PATH: "none",
    }),
    ...overrides,
  };
  const node = await startNode(config, databaseUrl, folder, true, options);
  return {
    ...node,
    close: async () => {
      await node.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A second API process on the same database, secret and file store as `first` (scale-out tests):
 * nothing is shared in memory between the two.
 */
export async function createSiblingApp(first: TestApp): Promise<TestApp> {
  return startNode(first.config, first.databaseUrl, first.config.dataDir, false);
}

async function startNode(
  config: Config,
  databaseUrl: string,
  folder: string,
  seed: boolean,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const log = pino({ level: "silent" });
  const { db, pool } = createDb(databaseUrl, { max: 10 });
  const storage = options.storage?.() ?? createLocalStorage(path.join(folder, "uploads"));
  if (seed) await seedPlatform({ db, storage });
  const jobs = options.jobs ? await options.jobs(databaseUrl) : createInlineJobs(log);
  const deps: Deps = { config, db, pool, storage, jobs, log, ...createMessaging({ db, jobs, log, config }) };
  await registerWorkers(deps);
  const app = await buildApp(deps, { logger: false, webRoot: options.webRoot });
  await app.ready();
  return {
    app,
    deps,
    config,
    databaseUrl,
    close: async () => {
      await app.close();
      await deps.jobs.stop();
      await pool.end();
    },
  };
}
