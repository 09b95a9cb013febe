// Small helpers shared by the root scripts (start, dev, test, bench).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The newest modification time of the files under the given folders (skipping build output). */
export function newestMtime(folders) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    // A single file (index.html) counts by itself.
    if (!statSync(dir).isDirectory()) {
      newest = Math.max(newest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === "dist") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return newest;
}

/** Whether the built web app and API are missing or older than their sources. */
export function buildIsStale() {
  const outputs = ["apps/web/dist/index.html", "apps/api/dist/server.js"].map((f) => path.join(root, f));
  if (outputs.some((f) => !existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return (
    newestMtime([
      "packages/contract/src",
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/api/src",
    ]) > built
  );
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 200 or the time is up. */
export async function waitForUrl(url, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Refused while the server is still starting: poll again. A server that never answers is
      // reported by the timeout below.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts the built server (production mode) on a free port with a fresh embedded database and the
 * demo data, for the benchmarks. Resolves once it is ready; `stop()` ends it and removes its data.
 */
export async function startBuiltServer({ bundle = "apps/api/dist/server.js", env = {} } = {}) {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const os = await import("node:os");
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aprendo-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [bundle], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      // The local demo (its data), built as for production; PUBLIC_URL alone would mean production.
      APP_MODE: "demo",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: base,
      ...env,
    },
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`${base}/api/ready`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * The CPU time (ms) of every finished child process of this one, their own children included (on
 * Linux, from /proc; undefined elsewhere): what the run cost the machine, whatever else ran beside.
 */
export function childrenCpu() {
  try {
    // Fields after the command name (which may hold spaces): cutime and cstime are the 14th and 15th.
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const tick = 1000 / 100; // USER_HZ is 100 on Linux.
    return { user: Number(fields[13]) * tick, system: Number(fields[14]) * tick };
  } catch {
    return undefined;
  }
}
