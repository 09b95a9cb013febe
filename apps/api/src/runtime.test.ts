/**
 * A real production start (startRuntime, as `npm start` runs it) on an empty database: no demo
 * account with a published password appears unless SEED_DEMO=true says so, and then loudly.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app";
import { loadConfig } from "./config/config";
import { users } from "./db/schema/index";
import { type Runtime, startRuntime } from "./runtime";

let running: { runtime: Runtime; folder: string } | undefined;
afterEach(async () => {
  await running?.runtime.stop();
  if (running) await rm(running.folder, { recursive: true, force: true });
  running = undefined;
});

/** Starts the product on a fresh, migrated, empty database with these settings. */
async function start(env: Record<string, string>) {
  const folder = await mkdtemp(path.join(tmpdir(), "aprendo-runtime-"));
  const config = loadConfig({
    // DATABASE_URL alone makes this a production start (nothing says APP_MODE).
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: folder,
    JWT_SECRET: randomBytes(32).toString("hex"),
    JOBS: "off",
    LOG_LEVEL: "silent",
    ...env,
  });
  const runtime = await startRuntime(config);
  running = { runtime, folder };
  return { config, runtime };
}

const login = (runtime: Runtime, login: string, password: string) =>
  runtime.app.inject({ method: "POST", url: "/api/auth/login", payload: { login, password } });

describe("a production start on an empty database", () => {
  it("creates no demo account, only the platform's own rows", async () => {
    const { config, runtime } = await start({});
    expect(config).toMatchObject({ mode: "production", modeReason: "DATABASE_URL is set", warnings: [] });
    expect(runtime).toMatchObject({ seeded: false, demoAccounts: [], hasMasterAdministrator: false });

    for (const [name, password] of [
      ["admin", "Admin-Pass1"],
      ["master@aprendo.test", "Master-Pass1"],
      ["ana", "Learner-Pass1"],
    ] as const)
      expect((await login(runtime, name, password)).statusCode, name).toBe(401);
    const [row] = await runtime.deps.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(0);
    // The product itself works: languages and configuration are there.
    const locales = await runtime.app.inject({ url: "/api/locales" });
    expect(locales.statusCode).toBe(200);
    expect(locales.json().data.map((l: { code: string }) => l.code)).toEqual(["en", "es"]);
    expect((await runtime.app.inject({ url: "/api/dev/outbox" })).statusCode).toBe(404);
  });

  // Seeds the whole demo (about 8 CPU-seconds): on 2 cores shared with two other test files and the
  // type check, 30 s was not enough (two runs under load, 27 Nov).
  it("seeds the demo accounts with SEED_DEMO=true, and warns", { timeout: 90_000 }, async () => {
    const { config, runtime } = await start({ SEED_DEMO: "true" });
    expect(config.mode).toBe("production");
    expect(config.warnings).toEqual([expect.stringMatching(/^SEED_DEMO=true in production/)]);
    expect(runtime.seeded).toBe(true);
    expect(runtime.demoAccounts.map((a) => a.username)).toEqual([
      "ana",
      "leo",
      "admin",
      "support",
      "head",
      "master",
    ]);
    expect((await login(runtime, "admin", "Admin-Pass1")).statusCode).toBe(200);
  });
});

describe("a demo start", () => {
  // Seeds the whole demo (about 8 CPU-seconds): on 2 cores shared with two other test files and the
  // type check, 30 s was not enough (two runs under load, 27 Nov).
  it("seeds the demo accounts on an empty database", { timeout: 90_000 }, async () => {
    const { config, runtime } = await start({ APP_MODE: "demo" });
    expect(config).toMatchObject({ mode: "demo", host: "127.0.0.1", warnings: [] });
    expect(runtime).toMatchObject({ seeded: true, hasMasterAdministrator: true });
    expect(runtime.demoAccounts).toHaveLength(6);
    expect((await login(runtime, "ana", "Learner-Pass1")).statusCode).toBe(200);
  });
});
