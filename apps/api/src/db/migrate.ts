import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** The committed SQL migrations of apps/api/drizzle, found from the source file and from the bundle. */
export const migrationsFolder = process.env.MIGRATIONS_DIR ?? findMigrations();

function findMigrations(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("The migrations folder apps/api/drizzle was not found");
}

const MIGRATION_LOCK = 727_001;

/**
 * Applies pending migrations; an advisory lock on one connection keeps two starting nodes from
 * racing. The lock is a session's, so behind PgBouncer in transaction mode (where consecutive
 * statements of one client may run on different server connections) it must be taken on
 * `directUrl`, a connection straight to PostgreSQL (DATABASE_DIRECT_URL).
 */
export async function runMigrations(pool: pg.Pool, directUrl?: string): Promise<void> {
  if (directUrl) {
    const direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    // Closing the session releases the lock, also after a failed migration.
    try {
      await migrateLocked(direct);
    } finally {
      await direct.end();
    }
    return;
  }
  const client = await pool.connect();
  try {
    await migrateLocked(client);
  } finally {
    const unlocked = await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).then(
      () => true,
      () => false,
    );
    // A lock that could not be released goes with its connection (destroyed, not pooled), so the
    // next node to start is never kept waiting by it.
    client.release(!unlocked);
  }
}

async function migrateLocked(client: pg.Client | pg.PoolClient): Promise<void> {
  await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  await migrate(drizzle(client), { migrationsFolder });
}
