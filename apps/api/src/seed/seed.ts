/**
 * Demo data for `npm start`: runs once, on an empty database. Each feature adds its seeder to the
 * list, in dependency order (accounts before the titles they enrol in, and so on).
 */
import { count } from "drizzle-orm";
import { seedAdministration } from "../administration/administration.seed";
import { seedBackoffice } from "../backoffice/backoffice.seed";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";
import { seedShop } from "../shop/shop.seed";
import type { Storage } from "../storage/storage";
import { seedAccounts } from "./accounts.seed";
import { seedCatalog } from "./catalog.seed";
import { seedCommerce } from "./commerce.seed";
import { seedPlatform } from "./platform.seed";
import { seedQuizzes } from "./quizzes.seed";
import { seedSupport } from "./support.seed";

export type SeedContext = { db: Db; storage: Storage };
export type Seeder = (context: SeedContext) => Promise<void>;

const seeders: Seeder[] = [
  seedPlatform,
  seedAccounts,
  seedCatalog,
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
 * Nodes starting together on an empty database take turns under an advisory lock, held by one
 * connection of the pool while the seeders use the others: the first seeds, the rest find users
 * and leave the data as it is.
 */
export async function seedIfEmpty(context: SeedContext): Promise<boolean> {
  const holder = await context.db.$client.connect();
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [SEED_LOCK]);
    try {
      await seedPlatform(context);
      const [row] = await context.db.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return false;
      for (const seeder of seeders) await seeder(context);
      return true;
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [SEED_LOCK]);
    }
  } finally {
    holder.release();
  }
}
