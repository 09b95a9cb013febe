/**
 * `npm start` as a user runs it: the built bundle (not the TypeScript source), the embedded
 * PostgreSQL in a short DATA_DIR (so the app reaches it over a Unix socket, whose URL has
 * credentials and no host name), the demo mode that scripts/start.mjs picks, a demo login. A start
 * once failed with "Cannot start: Invalid URL" on that socket URL while every in-process test passed.
 * The bundle is the run's own (test/server-bundle.ts), so a run never swaps the bundle another
 * process runs.
 */
import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type NodeProcess, startNodeProcess } from "../../test/node-process";
import { serverBundle } from "../../test/server-bundle";
import { freePort } from "../db/embedded";

let node: NodeProcess | undefined;
let dataDir: string;
let script: string;

beforeAll(async () => {
  script = await serverBundle();
  // Short, as in a home folder: the socket path stays under its 100-byte limit.
  dataDir = await mkdtemp(path.join(tmpdir(), "ap-"));
  await chmod(dataDir, 0o755);
}, 120_000);

afterAll(async () => {
  await node?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("starts the built server on the embedded database's socket, seeds the demo and lets ana log in", async () => {
    const port = String(await freePort());
    // What scripts/start.mjs sets when the user set nothing.
    node = startNodeProcess(
      { PORT: port, DATA_DIR: dataDir, APP_MODE: "demo", NODE_ENV: "production", LOG_LEVEL: "info" },
      script,
    );
    // An empty DATA_DIR: the embedded database's first start and the demo seed come first.
    await node.ready(200_000);
    const login = await fetch(`${node.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "ana", password: "Learner-Pass1" }),
    });
    expect(login.status, node.output()).toBe(200);
    expect(await login.json()).toMatchObject({ access_token: expect.any(String) });
    // The short DATA_DIR gave the embedded database a Unix socket, the address form that failed.
    expect((await readdir(path.join(dataDir, "postgres"))).some((f) => f.startsWith(".s.PGSQL."))).toBe(true);

    expect(await node.stop(), node.output()).toBe(0);
    node = undefined;
  }, 240_000);

  it("loads no OpenTelemetry module unless tracing is configured: the bundle imports them only on demand", async () => {
    const bundle = await readFile(script, "utf8");
    expect(bundle).toContain('import("@opentelemetry/sdk-trace-node")');
    expect(bundle).not.toMatch(/^import[^;]*from\s*"@opentelemetry\//m);
  });
});
