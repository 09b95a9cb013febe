/**
 * Starts one PostgreSQL for the whole API test run (embedded, or the server of TEST_DATABASE_URL),
 * migrates a template database once, and hands its address to the test files, which clone it.
 * The demo's template (the migrated one with the full demo data, test/test-app.ts) is made only if
 * a file asks for it; its files go to the run's folder named here.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../src/db/client";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../src/db/embedded";
import { runMigrations } from "../src/db/migrate";
import { trimDurability } from "./throwaway-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
    /** The run's folder for the demo template's stored files (test/test-app.ts fills it). */
    demoFilesFolder: string;
    /** The run's folder for the built server (test/server-bundle.ts builds it on first use). */
    serverBundleFolder: string;
  }
}

const TEMPLATE = "aprendo_test_template";
/** The migrated template with the demo data: test/test-app.ts creates it on first use in a run. */
export const demoTemplateOf = (template: string) => `${template}_demo`;

type Server = { adminUrl: string; demoFiles: string; bundleFolder: string; stop: () => Promise<void> };
type Shared = { server: Promise<Server>; users: number };

// Both API projects (`api`, `api-isolated`) name this file; Vitest loads it once per project, in
// the same process, so the server is kept on `globalThis` and started once for the run: a second
// PostgreSQL would cost a start and a migration for nothing. The last project to finish stops it.
const SHARED = Symbol.for("aprendo.api-test-postgres");
const registry = globalThis as { [SHARED]?: Shared };

export default async function setup(project: TestProject) {
  registry[SHARED] ??= { server: startServer(), users: 0 };
  const shared = registry[SHARED];
  shared.users += 1;
  const { adminUrl, demoFiles, bundleFolder } = await shared.server;
  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE);
  project.provide("demoFilesFolder", demoFiles);
  project.provide("serverBundleFolder", bundleFolder);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    await (await shared.server).stop();
  };
}

async function startServer(): Promise<Server> {
  let embedded: EmbeddedDatabase | undefined;
  let folder: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    folder = await mkdtemp(path.join(tmpdir(), "aprendo-api-test-"));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
    await chmod(folder, 0o755);
    embedded = await startEmbeddedPostgres(path.join(folder, "pg"), "postgres");
    adminUrl = embedded.adminUrl;
    await trimDurability(adminUrl);
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A server kept between runs (TEST_DATABASE_URL) may hold a demo template of an older schema.
  for (const name of [demoTemplateOf(TEMPLATE), `${demoTemplateOf(TEMPLATE)}_building`, TEMPLATE])
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();
  const demoFiles = await mkdtemp(path.join(tmpdir(), "aprendo-api-test-demo-"));
  // Inside apps/api (ignored by git), where the bundle finds what it reads at run time.
  const bundleFolder = fileURLToPath(new URL(`../dist-test-run-${process.pid}`, import.meta.url));

  const templateUrl = withDatabase(adminUrl, TEMPLATE);
  const { pool } = createDb(templateUrl, { max: 1 });
  await runMigrations(pool);
  await pool.end();

  return {
    adminUrl,
    demoFiles,
    bundleFolder,
    stop: async () => {
      await embedded?.stop();
      if (folder) await rm(folder, { recursive: true, force: true });
      await rm(demoFiles, { recursive: true, force: true });
      await rm(bundleFolder, { recursive: true, force: true });
      await rm(`${bundleFolder}-building`, { recursive: true, force: true });
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
