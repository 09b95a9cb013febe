/**
 * A database user that may not create schemas or extensions, or a server without
 * the contrib extensions, gets one line naming the privilege or the package, not the migration's
 * SQL; and the SQL docs/deployment.md gives the DBA is enough for the app to migrate.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../test/global-setup";
import { createDb } from "./client";
import { runMigrations } from "./migrate";
import { describeStartError } from "./start-errors";

const suffix = randomBytes(5).toString("hex");
const role = `app_${suffix}`;
const database = `priv_${suffix}`;
const password = randomBytes(12).toString("hex");
let admin: pg.Client;
let userUrl: string;

beforeAll(async () => {
  const adminUrl = inject("postgresAdminUrl");
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
  // An empty database the app's user does not own: PUBLIC may connect, nothing more.
  await admin.query(`CREATE DATABASE ${database} TEMPLATE template0`);
  const url = new URL(withDatabase(adminUrl, database));
  url.username = role;
  url.password = password;
  userUrl = url.toString();
});

// Dropping a database waits until every backend of the shared test server has acknowledged it
// (PostgreSQL's barrier for dropped files), and a backend busy cloning the demo template for another
// file acknowledges late: once over the default minute, in a clean-clone run under full load.
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`DROP ROLE IF EXISTS ${role}`);
  await admin.end();
}, 180_000);

async function failureOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return describeStartError(error);
  }
  throw new Error("expected a failure");
}

async function asUser<T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const { pool } = createDb(userUrl, { max: 2 });
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }
}

describe("start errors of an unprepared database", () => {
  it("no CREATE on the database: names the privilege and the GRANT, not the SQL", async () => {
    const line = await failureOf(() => asUser(runMigrations));
    expect(line).toMatch(/^The database user may not create schemas in this database/);
    expect(line).toContain("GRANT CREATE ON DATABASE");
    expect(line).not.toContain("Failed query");
    expect(line).not.toContain("\n");
  });

  it("no right to create an extension, or an extension missing from the server: what to run or install", async () => {
    const denied = await failureOf(() => asUser((pool) => pool.query("CREATE EXTENSION unaccent")));
    expect(denied).toMatch(/^The database user may not create the unaccent extension/);
    expect(denied).toContain("CREATE EXTENSION IF NOT EXISTS unaccent;");

    const missing = await failureOf(() => admin.query("CREATE EXTENSION IF NOT EXISTS aprendo_missing_ext"));
    expect(missing).toMatch(/^PostgreSQL's aprendo_missing_ext extension is not installed/);
    expect(missing).toContain("postgresql-contrib");
  });

  it("after the DBA's one-time SQL of docs/deployment.md, the user migrates the database itself", async () => {
    const dba = new pg.Client({ connectionString: withDatabase(inject("postgresAdminUrl"), database) });
    await dba.connect();
    try {
      await dba.query("CREATE EXTENSION IF NOT EXISTS unaccent");
      await dba.query(`GRANT CREATE ON DATABASE ${database} TO ${role}`);
      await dba.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    } finally {
      await dba.end();
    }
    await asUser(runMigrations);
    const tables = await asUser((pool) =>
      pool.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = $1", [
        role,
      ]),
    );
    expect(tables.rows[0].n).toBeGreaterThan(20);
  });
});
