/** The credentials' hand-written statements (text snapshotted in credentials.repository.test.ts). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** One issuer-key generation however many nodes or requests ask at once: a transaction-scoped advisory lock. */
export const issuerKeysLock = sql`SELECT pg_advisory_xact_lock(hashtext('aprendo.issuer_keys'))`;

/** Holds the issuer keys' lock until the caller's transaction ends. */
export async function lockIssuerKeys(tx: DbOrTx): Promise<void> {
  await tx.execute(issuerKeysLock);
}

/** The certificates revoked (or suspended): the bits set in that status list. */
export const revokedCertificates = sql`SELECT id FROM certificates WHERE revoked_at IS NOT NULL`;
export const suspendedCertificates = sql`SELECT id FROM certificates WHERE suspended_at IS NOT NULL`;
/** The highest certificate id: how long the status lists must be. */
export const highestCertificateId = sql`SELECT max(id) AS max FROM certificates`;

/** The ids of the certificates the status list marks, and the highest certificate id (0 with none). */
export async function statusListEntries(db: DbOrTx, purpose: "revocation" | "suspension") {
  const marked = await db.execute<{ id: number }>(
    purpose === "revocation" ? revokedCertificates : suspendedCertificates,
  );
  const [max] = (await db.execute<{ max: number | null }>(highestCertificateId)).rows;
  return { ids: marked.rows.map((r) => r.id), maxId: max?.max ?? 0 };
}
