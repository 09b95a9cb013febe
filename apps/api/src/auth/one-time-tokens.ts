/**
 * Single-use secrets sent by mail or SMS (table one_time_tokens): email and guardian links, reset
 * links and codes, phone-step tickets, restore links. Only a hash is stored; using one is one
 * conditional UPDATE, so a secret can never be used twice, even by concurrent requests.
 */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { oneTimeTokens } from "../db/schema/index";
import { newToken, sha256 } from "./secrets";

export type TokenPurpose =
  | "email_verification"
  | "age_verification"
  | "password_reset"
  | "password_reset_code"
  | "phone_verification"
  | "account_restore";

export type OneTimeToken = typeof oneTimeTokens.$inferSelect;

/** Ends every live secret of this purpose for the user (a new one replaces them). */
export async function expireTokens(db: DbOrTx, userId: number, purpose: TokenPurpose, now = new Date()) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** Stores a secret (its hash) and returns the raw value to send. */
export async function issueToken(
  db: DbOrTx,
  options: {
    userId: number;
    purpose: TokenPurpose;
    ttlMs: number;
    meta?: Record<string, unknown>;
    /** The raw secret when the caller made it (a code); a fresh random token otherwise. */
    hash?: string;
    replacePrevious?: boolean;
  },
): Promise<string> {
  const raw = newToken();
  const now = new Date();
  if (options.replacePrevious) await expireTokens(db, options.userId, options.purpose, now);
  await db.insert(oneTimeTokens).values({
    userId: options.userId,
    purpose: options.purpose,
    tokenHash: options.hash ?? sha256(raw),
    meta: options.meta ?? null,
    expiresAt: new Date(now.getTime() + options.ttlMs),
  });
  return raw;
}

/** The row of a raw secret, used or not, expired or not (callers decide); null when unknown. */
export async function findToken(
  db: DbOrTx,
  purpose: TokenPurpose,
  raw: string,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.tokenHash, sha256(raw))))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row ?? null;
}

export function isLive(row: OneTimeToken, now = new Date()): boolean {
  return row.usedAt === null && row.expiresAt > now;
}

/** Marks a live secret used; false when it was used or expired in the meantime. */
export async function consumeToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)),
    )
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** The newest live secret of a purpose for a user (codes, throttling of resends). */
export async function latestToken(
  db: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
): Promise<OneTimeToken | null> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  return row ?? null;
}

/** Counts one wrong try; returns the tries so far. With `killAt`, the secret dies at that many tries. */
export async function countAttempt(db: DbOrTx, id: number, killAt: number | null): Promise<number> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({
      attempts: sql`${oneTimeTokens.attempts} + 1`,
      ...(killAt !== null
        ? {
            usedAt: sql`CASE WHEN ${oneTimeTokens.attempts} + 1 >= ${killAt} THEN now() ELSE ${oneTimeTokens.usedAt} END`,
          }
        : {}),
    })
    .where(eq(oneTimeTokens.id, id))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}
