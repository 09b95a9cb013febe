/**
 * Starting the built product (apps/api/dist/server.js) for browser tests: one process per Playwright
 * worker, each on its own port, database and upload folder, so specs never see each other's data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { freePort } from "../../apps/api/src/db/embedded";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export type RunningServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the built server against `databaseUrl` and resolves once `/api/ready` answers. The
 * environment is what a local demo on a shared PostgreSQL needs: APP_MODE=demo (a DATABASE_URL alone
 * would mean production: no demo data, no outbox; demo mode has the outbox for loopback clients),
 * loopback only, no rate limits (every test comes from one address; the API tests cover the limits),
 * real pg-boss jobs.
 */
export async function startServer(options: {
  name: string;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
  /**
   * The host PUBLIC_URL names (default 127.0.0.1, the address the browser opens): `localhost` makes
   * the app run at another origin than its configured one, as a `www.` name or a second domain does.
   */
  publicHost?: string | undefined;
}): Promise<RunningServer> {
  const bundle = path.join(repoRoot, process.env.API_BUNDLE ?? "apps/api/dist/server.js");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      APP_MODE: "demo",
      // The production build's strict Content Security Policy, in demo mode all the same.
      NODE_ENV: "production",
      RATE_LIMITS: "off",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: options.publicHost ? `http://${options.publicHost}:${port}` : url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      // Two or more servers share one PostgreSQL on a small machine.
      DATABASE_POOL_SIZE: "6",
      // The same secret everywhere: the sessions made once in the template are valid on every server.
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: "warn",
      JOBS: "on",
    },
  });
  const stderr = forwardStderr(child, options.name);
  const stop = () => stopProcess(child);
  try {
    await waitUntilReady(url, child, stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/** The server's warnings and errors go to the test output, prefixed; the last lines explain a failed start. */
function forwardStderr(child: ChildProcess, name: string): string[] {
  const tail: string[] = [];
  let partial = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 20) tail.shift();
      process.stderr.write(`[${name}] ${line}\n`);
    }
  });
  return tail;
}

async function waitUntilReady(url: string, child: ChildProcess, stderr: string[]): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) =>
      reject(
        new Error(`The server at ${url} exited (code ${code}) before it was ready:\n${stderr.join("\n")}`),
      ),
    ),
  );
  exited.catch(() => {});
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await Promise.race([
      fetch(`${url}/api/ready`).then(
        (res) => res.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) return;
    // Polling a process that is starting: nothing to wait on but its answer.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
  }
  throw new Error(`The server at ${url} was not ready within 120 s:\n${stderr.join("\n")}`);
}

/** SIGTERM (the server drains and closes its pool), SIGKILL if it hangs. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
