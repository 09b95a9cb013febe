/**
 * A short-lived in-process cache of catalogue structure (title rows, outlines, public lists and
 * pages), which every catalogue and lecture read needs and which changes only through authoring.
 * Authoring writes on this node clear it at once; other nodes see a change within the TTL.
 * Per-learner data (enrolment, progress, notes) is never cached. The shop's public pages live here
 * too, under their own prefix and a much shorter life (they show stock).
 */
import { LRUCache } from "lru-cache";
import type { DbOrTx } from "../db/client";

const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

// One cache per database handle (a WeakMap, not a module-level map), so two apps in one process
// (API test files sharing a worker, each with its own database) never read each other's rows.
type Cache = LRUCache<string, Promise<unknown>>;
const caches = new WeakMap<object, Cache>();

function cacheOf(db: DbOrTx): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache({ max: MAX_ENTRIES, ttl: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The cached value of `key`, loading it once even under concurrent requests. */
export function cached<T>(db: DbOrTx, key: string, load: () => Promise<T>, ttlMs = TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit) return hit as Promise<T>;
  const value = load();
  cache.set(key, value, { ttl: ttlMs });
  // A failed load is not remembered: the next reader tries again. The caller still sees the failure.
  value.catch(() => {
    if (cache.get(key) === value) cache.delete(key);
  });
  return value;
}

/**
 * Drops one title's cached row and pages (every language) on this node: its learner count has moved,
 * and the learner who just enrolled (or anyone reading next) must see it at once, not after the TTL.
 */
export function forgetCourse(db: DbOrTx, courseId: number): void {
  const cache = cacheOf(db);
  cache.delete(`course-row:${courseId}`);
  for (const key of [...cache.keys()]) if (key.startsWith(`page:${courseId}:`)) cache.delete(key);
}

export function invalidateCatalog(db: DbOrTx): void {
  const cache = cacheOf(db);
  for (const key of [...cache.keys()]) if (!key.startsWith(SHOP_PREFIX)) cache.delete(key);
}

/**
 * The public shop's lists and product pages, which show stock: kept 5 seconds, and dropped on this
 * node by every stock movement and shop administration write (other nodes: within the 5 seconds).
 * Stock moves inside checkout transactions, which have no handle on this cache, so dropping works by
 * generation: each change starts a new one and older entries are never read again.
 */
const SHOP_PREFIX = "shop:";
const SHOP_TTL_MS = 5_000;
let shopGeneration = 0;

export function shopCached<T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  return cached(db, `${SHOP_PREFIX}${shopGeneration}:${key}`, load, SHOP_TTL_MS);
}

export function invalidateShop(): void {
  shopGeneration++;
}
