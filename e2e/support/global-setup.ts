/**
 * Once per browser-test run: one embedded PostgreSQL, and a template database migrated and seeded by
 * the built server itself, with every demo account logged in once. Each worker then clones the
 * template (fixtures.ts), so the sessions made here exist in every worker's database.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../apps/api/src/db/embedded";
import { trimDurability } from "../../apps/api/test/throwaway-postgres";
import { repoRoot, startServer } from "./server";
import { type DemoAccount, demoPasswords, type SavedSession } from "./session";

export const TEMPLATE_DATABASE = "e2e_template";

export default async function globalSetup() {
  const builtWeb = path.join(repoRoot, "apps", "web", "dist");
  if (!existsSync(path.join(builtWeb, "index.html")))
    throw new Error("No built web app in apps/web/dist: run `npm run build` first (npm run test:e2e does).");
  const runDir = mkdtempSync(path.join(tmpdir(), "aprendo-e2e-"));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the folder.
  chmodSync(runDir, 0o755);
  const started = Date.now();
  // The servers serve a copy of the built web app: a build in the work tree during the run (vite
  // empties apps/web/dist first) would otherwise blank the pages of every test running meanwhile.
  process.env.WEB_DIST = path.join(runDir, "web");
  cpSync(builtWeb, process.env.WEB_DIST, { recursive: true });
  const postgres = await startEmbeddedPostgres(path.join(runDir, "pg"), TEMPLATE_DATABASE);
  const stopAll = async () => {
    await postgres.stop();
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    await trimDurability(postgres.adminUrl);
    const jwtSecret = randomBytes(32).toString("hex");
    const templateDir = path.join(runDir, "template");
    mkdirSync(templateDir);
    const server = await startServer({
      name: "template",
      databaseUrl: withDatabase(postgres.adminUrl, TEMPLATE_DATABASE),
      dataDir: templateDir,
      jwtSecret,
    });
    let sessions: Record<string, SavedSession>;
    try {
      sessions = Object.fromEntries(
        await Promise.all(
          (Object.keys(demoPasswords) as DemoAccount[]).map(async (role) => [
            role,
            await logInOnce(server.url, role),
          ]),
        ),
      );
    } finally {
      // The template must have no connection left before workers clone it.
      await server.stop();
    }
    const sessionsFile = path.join(runDir, "sessions.json");
    writeFileSync(sessionsFile, JSON.stringify(sessions));
    // Read by the workers (fixtures.ts), which inherit this environment.
    process.env.E2E_PG_ADMIN_URL = postgres.adminUrl;
    process.env.E2E_RUN_DIR = runDir;
    process.env.E2E_TEMPLATE_UPLOADS = path.join(templateDir, "uploads");
    process.env.E2E_JWT_SECRET = jwtSecret;
    process.env.E2E_SESSIONS = sessionsFile;
    console.log(`Browser tests: template database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/** Logs a demo account in through the API; the session row lands in the template database. */
async function logInOnce(url: string, role: DemoAccount): Promise<SavedSession> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: role, password: demoPasswords[role] }),
  });
  if (res.status !== 200) {
    throw new Error(
      `Logging the demo account "${role}" in failed (${res.status} ${await res.text()}): is the template seeded with demo data (APP_MODE=demo)?`,
    );
  }
  const refresh = res.headers
    .getSetCookie()
    .map((cookie) => /^refresh_token=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  if (!refresh) throw new Error(`The login of "${role}" set no refresh_token cookie`);
  const body = (await res.json()) as { access_token: string };
  return { accessToken: body.access_token, refreshToken: refresh, issuedAt: Date.now() };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
