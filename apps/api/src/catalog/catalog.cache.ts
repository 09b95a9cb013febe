/**
 * A short-lived in-process cache of catalogue structure (title rows, outlines, public lists and
 * pages), which every catalogue and lecture read needs and which changes only through authoring.
 * Authoring writes on this node clear it at once; other nodes see a change within the TTL.
 * Per-learner data (enrolment, progress, notes) is never cached.
 */
import type { DbOrTx } from "../db/client";

const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

type Entry = { expires: number; value: Promise<unknown> };
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(db: DbOrTx): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** The cached value of `key`, loading it once even under concurrent requests. */
export function cached<T>(db: DbOrTx, key: string, load: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const entry: Entry = { expires: now + TTL_MS, value: load() };
  cache.set(key, entry);
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return entry.value as Promise<T>;
}

export function invalidateCatalog(db: DbOrTx): void {
  cacheOf(db).clear();
}
