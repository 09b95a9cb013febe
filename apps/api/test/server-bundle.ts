/**
 * The built server (`node build.mjs`, what `npm start` runs), built once per test run for the tests
 * that start the product as a process. Started from the bundle, a node costs about 4 CPU-seconds
 * less than from the TypeScript source through tsx (5.0 against 8.9 to its first query, 27 Nov), and
 * the build itself about 1.2. The run's folder sits in apps/api (the bundle finds the migrations, the
 * seed's assets and node_modules from where it lies) and is private to the run, so no other build
 * swaps the bundle under a running node; the global setup removes it at the end.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

const apiDir = path.resolve(import.meta.dirname, "..");
// Any fixed number, distinct from the product's locks and the demo template's (test/test-app.ts).
const BUNDLE_LOCK = 727_102;

/** The path of the run's `server.js`, built by the first file that asks (the others wait for it). */
export async function serverBundle(): Promise<string> {
  const folder = inject("serverBundleFolder");
  const script = path.join(folder, "server.js");
  // Files run in several worker processes: a lock on the test database server lets one build.
  const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [BUNDLE_LOCK]);
    if (!existsSync(script)) await build(folder);
    return script;
  } finally {
    // Ending the session releases the lock, also after a failed build.
    await admin.end();
  }
}

async function build(folder: string) {
  // Built beside and renamed once complete: a build that failed half-way is never started.
  const building = `${folder}-building`;
  await rm(building, { recursive: true, force: true });
  const child = spawn(process.execPath, ["build.mjs"], {
    cwd: apiDir,
    env: { ...process.env, API_OUTFILE: path.join(building, "server.js") },
    stdio: "inherit",
  });
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the server bundle's build exited with ${code}`);
  await rename(building, folder);
}
