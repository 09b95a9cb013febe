/** What the app reads at start: public configuration entries and the interface languages. */
import { and, asc, eq, ilike, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { configurations, locales } from "../db/schema/index";
import { containsPattern } from "../http/paging";

/**
 * Public entries whose key contains `search` (any when it is blank), by key; `keys` narrows them to
 * those keys (the first paint's entries, embedded in index.html by http/web-app.ts).
 */
export async function publicConfigurations(db: DbOrTx, searchText: string | undefined, keys?: string[]) {
  const search = searchText?.trim();
  return db
    .select({
      id: configurations.id,
      key: configurations.key,
      status: configurations.status,
      value: configurations.value,
    })
    .from(configurations)
    .where(
      and(
        eq(configurations.isPublic, 1),
        search ? ilike(configurations.key, containsPattern(search)) : undefined,
        keys ? inArray(configurations.key, keys) : undefined,
      ),
    )
    .orderBy(asc(configurations.key));
}

export async function listLocales(db: DbOrTx) {
  return db.select().from(locales).orderBy(asc(locales.id));
}
