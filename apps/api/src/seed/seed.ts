/**
 * Demo data for `npm start`: runs once, on an empty database. Each feature adds its seeder to the
 * list, in dependency order (accounts before the titles they enrol in, and so on).
 */
import { count } from "drizzle-orm";
import pg from "pg";
import { seedAdministration } from "../administration/administration.seed";
import { seedBackoffice } from "../backoffice/backoffice.seed";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { seedReviews } from "../reviews/reviews.seed";
import { seedShop } from "../shop/shop.seed";
import type { Storage } from "../storage/storage";
import { seedAccounts } from "./accounts.seed";
import { seedCatalog } from "./catalog.seed";
import { seedCommerce } from "./commerce.seed";
import { seedCommunity } from "./community.seed";
import { seedLearningTime } from "./learning.seed";
import { seedPlatform } from "./platform.seed";
import { seedQuizzes } from "./quizzes.seed";
import { seedSupport } from "./support.seed";

export type SeedContext = { db: Db; storage: Storage };
export type Seeder = (context: SeedContext) => Promise<void>;

const seeders: Seeder[] = [
  seedPlatform,
  seedAccounts,
  seedLearningTime,
  seedCatalog,
  seedReviews,
  seedCommunity,
  seedQuizzes,
  seedCommerce,
  seedShop,
  seedSupport,
  seedAdministration,
  seedBackoffice,
];

// Any fixed number, distinct from the migrations' lock (db/migrate.ts).
const SEED_LOCK = 727_002;

/**
 * Seeds when no user exists yet; returns whether it did. The platform rows are always ensured.
 * Nodes starting together on an empty database take turns under an advisory lock: the first seeds,
 * the rest find users and leave the data as it is. The lock is held by a connection of its own,
 * outside the pool, so a small pool (the CLI's) still has every connection for the seeders; behind
 * PgBouncer it goes to `lockUrl` (DATABASE_DIRECT_URL), since transaction pooling keeps no session lock.
 */
export async function seedIfEmpty(context: SeedContext, lockUrl?: string): Promise<boolean> {
  const { connectionString } = context.db.$client.options as { connectionString?: string };
  const holder = new pg.Client({ connectionString: lockUrl ?? connectionString });
  // A lost lock connection (the server restarting) must fail the seed, not crash the process.
  let lost: Error | undefined;
  holder.on("error", (error) => {
    lost = error;
  });
  await holder.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [SEED_LOCK]);
    await seedPlatform(context);
    const [row] = await context.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return false;
    for (const seeder of seeders) await seeder(context);
    if (lost) throw lost;
    return true;
  } finally {
    // Closing the session releases its lock, also after a failed seed.
    await holder.end();
  }
}
