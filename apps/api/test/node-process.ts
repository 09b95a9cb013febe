/**
 * The real product (`src/main.ts`, as `npm start` runs it) as a child process, for tests that need
 * several separate nodes: nothing shared in memory, only what the environment names.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

export type NodeProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the node printed (stdout and stderr), for failure messages. */
  output: () => string;
  /**
   * Until `/api/ready` answers 200. Fails naming the node and with its output when the node stops,
   * or after `timeoutMs` (keep it under the caller's own time limit, so that the failure says which
   * node was not ready and why rather than "Hook timed out").
   */
  ready: (timeoutMs?: number) => Promise<void>;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
};

/**
 * `script`: a built bundle (`apps/api/dist-x/server.js`, what `npm start` runs) instead of the
 * TypeScript source.
 */
export function startNodeProcess(env: Record<string, string>, script?: string): NodeProcess {
  const url = `http://127.0.0.1:${env.PORT}`;
  let output = "";
  const args = script ? ["--enable-source-maps", script] : ["--import", "tsx", "apps/api/src/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url,
    child,
    output: () => output,
    ready: async (timeoutMs = 90_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the node on ${url} stopped at start:\n${output}`);
        if (Date.now() > deadline)
          throw new Error(`the node on ${url} was not ready after ${timeoutMs / 1000} s:\n${output}`);
        const ok = await fetch(`${url}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
