/**
 * `npm run db:migrate` and `npm run db:seed`: the same steps `npm start` takes, on their own,
 * against DATABASE_URL or the embedded database in DATA_DIR.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "./config/config";
import { createDb } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { seedIfEmpty } from "./seed/seed";
import { createLocalStorage } from "./storage/storage";

async function cli(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") throw new ConfigError("Usage: cli.ts migrate|seed");
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), "aprendo");
  const { db, pool } = createDb(config.databaseUrl ?? embedded!.url, { max: 2 });
  try {
    await runMigrations(pool);
    console.log("Migrations applied.");
    if (command === "seed") {
      const storage = createLocalStorage(
        config.storage.driver === "local" ? config.storage.dir : path.join(config.dataDir, "uploads"),
      );
      console.log(
        (await seedIfEmpty({ db, storage }))
          ? "Demo data created."
          : "The database already has users: demo data left as it is.",
      );
    }
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

cli(process.argv[2]).catch((error: unknown) => {
  console.error(`\n  ${error instanceof ConfigError ? "" : "Failed: "}${(error as Error).message}\n`);
  process.exit(1);
});
