/**
 * `test` and `expect` for every spec: each Playwright worker gets its own built server, on its own
 * port, with its own database cloned from the seeded template (global-setup.ts) and its own copy of
 * the uploads, so tests in different workers never see each other's data. `baseURL` is that server.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import pg from "pg";
import { TEMPLATE_DATABASE, withDatabase } from "./global-setup";
import { holdWhileLeavingKeptPages } from "./kept-pages";
import { startServer } from "./server";
import { useServer } from "./session";

export type WorkerServer = { url: string; databaseUrl: string };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with -c e2e/playwright.config.ts`);
  return value;
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: required("E2E_PG_ADMIN_URL") });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export const test = base.extend<
  { database: pg.Client; closeOwnContexts: undefined },
  { server: WorkerServer; publicHost: string | undefined }
>({
  /** `test.use({ publicHost: "localhost" })`: PUBLIC_URL names another host than the one the browser opens (a worker of its own). */
  publicHost: [undefined, { scope: "worker", option: true }],
  server: [
    async ({ publicHost }, use, workerInfo) => {
      // workerIndex is new for every worker process (a restart after a failure gets a fresh clone).
      const name = `w${workerInfo.workerIndex}`;
      const databaseUrl = withDatabase(required("E2E_PG_ADMIN_URL"), name);
      const dataDir = path.join(required("E2E_RUN_DIR"), name);
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      mkdirSync(dataDir, { recursive: true });
      const uploads = required("E2E_TEMPLATE_UPLOADS");
      if (existsSync(uploads)) cpSync(uploads, path.join(dataDir, "uploads"), { recursive: true });
      const server = await startServer({
        name: `server ${name}`,
        databaseUrl,
        dataDir,
        jwtSecret: required("E2E_JWT_SECRET"),
        publicHost,
      });
      useServer(server.url);
      try {
        await use({ url: server.url, databaseUrl });
      } finally {
        await server.stop();
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  /** The test's page, holding its actions while the learner area shows a page it left (kept-pages.ts). */
  page: async ({ page }, use) => {
    await holdWhileLeavingKeptPages(page);
    await use(page);
  },
  /**
   * Closes the browser contexts a test opened itself (a second user's page) even when it failed
   * before closing them: a page left open keeps its live notification stream, and a learner's open
   * page marks the next test's announcement as seen before that test's own page loads.
   */
  closeOwnContexts: [
    // `context` first, so that the test's own page (closed by Playwright after its failure
    // screenshot and trace) counts as already open here.
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context]);
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
  /** This worker's own database, for the few facts no product action can set up. */
  database: async ({ server }, use) => {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await use(client);
    } finally {
      await client.end();
    }
  },
});

export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
export { expect };
