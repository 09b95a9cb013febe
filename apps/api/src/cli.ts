/**
 * `npm run db:migrate`, `npm run db:seed` and `npm run admin:create`: the same steps `npm start`
 * takes, on their own, against DATABASE_URL or the embedded database in DATA_DIR. Each applies the
 * migrations first, so they work on a brand-new database too. Failures end with one line, exit 1.
 */
import path from "node:path";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import {
  adminCreate,
  adminCreateUsage,
  CommandError,
  type CommandIo,
  collectAdminInput,
} from "./administration/admin-create";
import { type Config, ConfigError, loadConfig, printWarnings } from "./config/config";
import { rotateSigningKey } from "./credentials/keys";
import { createDb, type Db } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { describeStartError } from "./db/start-errors";

const usage = `Usage: cli.ts migrate | seed | credentials:rotate-key | admin:create [options]\n  ${adminCreateUsage}`;

async function cli([command, ...args]: string[]) {
  if (!["migrate", "seed", "admin:create", "credentials:rotate-key"].includes(command ?? ""))
    throw new ConfigError(usage);
  if (command === "admin:create" && (args.includes("--help") || args.includes("-h"))) {
    console.log(adminCreateUsage);
    return;
  }
  const config = loadConfig();
  printWarnings(config.warnings);
  if (command === "seed" && config.mode === "production" && !config.seedDemo)
    throw new ConfigError(
      `refusing to seed demo data in production mode (${config.modeReason}): the demo accounts' passwords are published. Set SEED_DEMO=true to seed anyway.`,
    );
  if (command === "admin:create") {
    // Everything is asked and checked before the database starts: a typo costs nothing.
    const io = terminalIo();
    try {
      const input = await collectAdminInput(args, io);
      await withDatabase(config, (db) => adminCreate(db, config.publicUrl, input, io));
    } finally {
      io.close();
    }
    return;
  }
  await withDatabase(config, async (db) => {
    if (command === "credentials:rotate-key") {
      // Earlier credentials keep verifying (the old key stays in the DID document).
      const kid = await rotateSigningKey(db, config.credentialSecrets);
      console.log(`New credential signing key ${kid}; earlier keys stay published for verification.`);
    }
    if (command === "seed") {
      // Loaded for this command only: the demo's seeders and the storage clients are most of the
      // CLI's modules, and the other commands (admin:create above all) need none of them.
      const [{ seedIfEmpty }, { createStorage }] = await Promise.all([
        import("./seed/seed"),
        import("./storage/storage"),
      ]);
      const storage = createStorage(config.storage);
      console.log(
        (await seedIfEmpty({ db, storage }, config.databaseDirectUrl))
          ? "Demo data created."
          : "The database already has users: demo data left as it is.",
      );
    }
  });
}

/** Opens the database (starting the embedded one when there is no DATABASE_URL), migrates, runs `work`. */
async function withDatabase(config: Config, work: (db: Db) => Promise<void>) {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), "aprendo");
  const { db, pool } = createDb(config.databaseUrl ?? embedded!.url, { max: 2 });
  try {
    await runMigrations(pool, config.databaseDirectUrl);
    console.log("Migrations applied.");
    await work(db);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

/**
 * Prompts on the terminal; a hidden prompt echoes nothing (readline's echo goes to a muted stream).
 * Lines are queued as they arrive, so answers piped in (`printf ... |`) are not lost between prompts.
 * Ctrl-C or the end of the input answers null: the command stops before changing anything.
 */
function terminalIo(): CommandIo & { close(): void } {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const queued: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let ended = false;
  rl.on("line", (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else queued.push(line);
  });
  rl.on("close", () => {
    ended = true;
    for (const next of waiting.splice(0)) next(null);
  });
  rl.on("SIGINT", () => rl.close());
  const nextLine = async () => {
    const line = await new Promise<string | null>((resolve) => {
      if (queued.length > 0) resolve(queued.shift()!);
      else if (ended) resolve(null);
      else waiting.push(resolve);
    });
    // Piped answers are not echoed by a terminal: end the prompt's line ourselves.
    if (!process.stdin.isTTY) process.stdout.write("\n");
    return line;
  };
  return {
    print: (line) => console.log(line),
    ask: (question) => {
      process.stdout.write(question);
      return nextLine();
    },
    askHidden: async (question) => {
      process.stdout.write(question);
      muted = true;
      try {
        return await nextLine();
      } finally {
        muted = false;
        // The muted echo swallowed the Enter key's new line.
        if (process.stdin.isTTY) process.stdout.write("\n");
      }
    },
    close: () => rl.close(),
  };
}

cli(process.argv.slice(2)).catch((error: unknown) => {
  // Ours are one safe line; anything else shows its first line only, never a stack or a row.
  const known = error instanceof ConfigError || error instanceof CommandError;
  const message = known ? (error as Error).message : `Failed: ${describeStartError(error)}`;
  console.error(`\n  ${message}\n`);
  process.exit(1);
});
