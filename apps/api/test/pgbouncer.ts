/**
 * A real PgBouncer (Debian's `pgbouncer` package, installed by .ci/run) in transaction mode in front
 * of the test PostgreSQL, on a free port with its files in a temporary folder. PgBouncer refuses to
 * run as root, so under root it runs as the `postgres` user.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../src/db/embedded";

export const PGBOUNCER = "/usr/sbin/pgbouncer";
export const pgbouncerInstalled = existsSync(PGBOUNCER);

export type PgBouncer = {
  /** `postgresUrl` with PgBouncer's address instead of PostgreSQL's (same user, password, database). */
  urlFor: (postgresUrl: string) => string;
  close: () => Promise<void>;
};

/** Starts PgBouncer in front of the server of `postgresUrl` with `poolSize` server connections per database. */
export async function startPgBouncer(postgresUrl: string, poolSize = 3): Promise<PgBouncer> {
  const target = new URL(postgresUrl);
  const folder = await mkdtemp(path.join(tmpdir(), "aprendo-pgbouncer-"));
  const port = await freePort();
  const asUser = process.getuid?.() === 0 ? idsOf("postgres") : undefined;
  // `auth_type = any`: PgBouncer accepts the client as is and logs in to PostgreSQL with the
  // credentials of [databases]; the test's own PostgreSQL is the only thing behind it.
  const ini = `[databases]
* = host=${target.hostname} port=${target.port || 5432} user=${decodeURIComponent(target.username)} password=${decodeURIComponent(target.password)}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = any
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 500
logfile = ${folder}/pgbouncer.log
`;
  await writeFile(path.join(folder, "pgbouncer.ini"), ini);
  if (asUser) {
    await chown(folder, asUser.uid, asUser.gid);
    await chown(path.join(folder, "pgbouncer.ini"), asUser.uid, asUser.gid);
  }
  await chmod(folder, 0o755);
  const child: ChildProcess = spawn(PGBOUNCER, [path.join(folder, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
    ...(asUser ?? {}),
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const urlFor = (postgresUrl: string) => {
    const u = new URL(postgresUrl);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };
  // Ready when a query goes through it.
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer stopped at start:\n${output}`);
    const client = new pg.Client({ connectionString: urlFor(postgresUrl) });
    client.on("error", () => {});
    const ok = await client.connect().then(
      () => client.query("SELECT 1").then(() => true),
      () => false,
    );
    // A client that never connected has nothing to close; its error is the `ok` above.
    await client.end().catch(() => undefined);
    if (ok) break;
    if (attempt > 100) throw new Error(`pgbouncer did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    urlFor,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function idsOf(user: string): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", user], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", user], { encoding: "utf8" }).trim());
  return { uid, gid };
}
