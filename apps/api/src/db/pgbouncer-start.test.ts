/**
 * Nodes started together behind a real PgBouncer in transaction mode (test/pgbouncer.ts). Their
 * start-time migrations and demo seed take session-level advisory locks, which transaction pooling
 * cannot hold (the lock and its release may run on different server connections): with
 * DATABASE_DIRECT_URL they take them on a connection straight to PostgreSQL, while every query of
 * the running app goes through the pooler.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgBouncer, pgbouncerInstalled, startPgBouncer } from "../../test/pgbouncer";
import { createEmptyDatabase } from "../../test/test-app";
import { loadConfig } from "../config/config";
import { type Runtime, startRuntime } from "../runtime";

let bouncer: PgBouncer | undefined;
let directUrl: string;
const runtimes: Runtime[] = [];
const folders: string[] = [];

beforeAll(async () => {
  if (!pgbouncerInstalled) return;
  directUrl = await createEmptyDatabase();
  // Two server connections for two nodes: statements of different clients share them.
  bouncer = await startPgBouncer(directUrl, 2);
});

afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop();
  await bouncer?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe.skipIf(!pgbouncerInstalled)(
  "behind PgBouncer in transaction mode (apt-get install pgbouncer)",
  () => {
    it("two nodes started at the same moment on an empty database both come up, one seeds, both serve", async () => {
      const secret = randomBytes(32).toString("hex");
      const settings = async () => {
        const folder = await mkdtemp(path.join(tmpdir(), "aprendo-bouncer-"));
        folders.push(folder);
        return loadConfig({
          DATABASE_URL: `${bouncer!.urlFor(directUrl)}?pgbouncer=true`,
          DATABASE_DIRECT_URL: directUrl,
          DATABASE_POOL_SIZE: "4",
          DATA_DIR: folder,
          JWT_SECRET: secret,
          SEED_DEMO: "true",
          JOBS: "off",
          LOG_LEVEL: "silent",
        });
      };
      const configs = [await settings(), await settings()];
      expect(configs[0]!.warnings.join("\n")).not.toContain("DATABASE_DIRECT_URL");
      const started = await Promise.allSettled(configs.map((config) => startRuntime(config)));
      for (const result of started) if (result.status === "fulfilled") runtimes.push(result.value);
      expect(started.map((result) => (result.status === "rejected" ? String(result.reason) : "up"))).toEqual([
        "up",
        "up",
      ]);
      expect(runtimes.map((runtime) => runtime.seeded).sort()).toEqual([false, true]);

      // Logged in on one node through the pooler, the token works on the other.
      const login = await runtimes[0]!.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { login: "ana", password: "Learner-Pass1" },
      });
      expect(login.statusCode).toBe(200);
      const me = await runtimes[1]!.app.inject({
        url: "/api/auth/me",
        headers: { authorization: `Bearer ${login.json().access_token}` },
      });
      expect(me.statusCode).toBe(200);

      // No advisory lock stayed behind on a pooled server connection to hold the next start. Only
      // this database's: pg_locks lists the whole server's, and other test files run beside this one.
      const direct = new pg.Client({ connectionString: directUrl });
      await direct.connect();
      const { rows } = await direct.query(
        "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      await direct.end();
      expect(rows).toEqual([]);
    }, 120_000);

    it("warns when DATABASE_URL goes through PgBouncer with no direct address for the locks", () => {
      const config = loadConfig({
        DATABASE_URL: "postgres://a:b@pgbouncer:6432/app?pgbouncer=true",
        JWT_SECRET: "x".repeat(32),
      });
      expect(config.warnings.join("\n")).toContain("Set DATABASE_DIRECT_URL");
      expect(() => loadConfig({ DATABASE_DIRECT_URL: "postgres://a:b@db/app" })).toThrow(
        /without DATABASE_URL/,
      );
    });
  },
);
