/**
 * @fastify/rate-limit's counters in PostgreSQL, so a limit holds across every API node behind the
 * balancer (three nodes would otherwise let three times the limit through). One UNLOGGED table
 * (migration 0022), one upsert per counted request: a fixed window per key that starts with its
 * first hit. The statements are in rate-limit.repository.ts.
 *
 * Not supported (no route uses them): `continueExceeding`, `exponentialBackoff`.
 */

import { BlockList, isIPv6 } from "node:net";
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type pg from "pg";
import { countHit, pruneOldWindows, readHits } from "./rate-limit.repository";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteInfo = { method?: string | string[]; url?: string };

/** Windows over for an hour are deleted (PRUNE), by whichever node counts first after a minute. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The addresses RATE_LIMIT_ALLOW names (a school's NAT address, a CIDR range): their requests skip
 * the rate limits of @fastify/rate-limit, so a class behind one address is not refused; the
 * per-account wrong-password lock (auth/login-lock.ts) still applies to them.
 */
export function allowListOf(entries: readonly string[]): ((request: { ip: string }) => boolean) | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIPv6(address) ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (request) => {
    const ip = request.ip.startsWith("::ffff:") ? request.ip.slice(7) : request.ip;
    return list.check(ip, isIPv6(ip) ? "ipv6" : "ipv4");
  };
}

/** The store class @fastify/rate-limit instantiates, bound to this app's pool. */
export function postgresRateLimitStore(pool: pg.Pool, log: { error: (o: object, m: string) => void }) {
  let lastPrune = 0;
  const prune = () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    pruneOldWindows(pool).catch((error) =>
      log.error({ err: error }, "rate limit: pruning old windows failed"),
    );
  };

  class PostgresStore implements FastifyRateLimitStore {
    /** Each route's (or named limiter's) counters apart, as the in-memory store keeps them. */
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      prune();
      countHit(pool, this.prefix + key, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readHits(pool, this.prefix + key).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    // Typed as the route's options, called with the merged limit settings and `routeInfo` (the route).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: RouteInfo }).routeInfo;
      const prefix = route?.url ? `${[route.method].flat().join(",")} ${route.url}|` : "";
      return new PostgresStore(undefined, prefix);
    }
  }
  return PostgresStore;
}
