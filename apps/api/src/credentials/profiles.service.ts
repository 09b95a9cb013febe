/**
 * A learner's opt-in public certificates page: off until they choose an address; it lists
 * only valid certificates, and only while the learner passes the spec's §6 gate (a complete profile
 * and verified photo and identity), so it never shows what the learner could not see themselves.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { learnerName, verifyUrl } from "../certificates/certificates.service";
import type { DbOrTx } from "../db/client";
import { certificates, credentialProfiles, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { loadProfileRows, missingSteps } from "../profile/profile.service";

export const profileUrl = (publicUrl: string, handle: string) =>
  `${publicUrl.replace(/\/$/, "")}/u/${handle}`;

export async function mine(db: DbOrTx, userId: number, publicUrl: string) {
  const [row] = await db.select().from(credentialProfiles).where(eq(credentialProfiles.userId, userId));
  return { handle: row?.handle ?? null, url: row ? profileUrl(publicUrl, row.handle) : null };
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export async function save(db: DbOrTx, userId: number, handle: string) {
  const [owner] = await db
    .select({ userId: credentialProfiles.userId })
    .from(credentialProfiles)
    .where(eq(credentialProfiles.handle, handle));
  if (owner && owner.userId !== userId) throw new AppError("conflict", "credentials.handleTaken");
  try {
    await db
      .insert(credentialProfiles)
      .values({ userId, handle })
      .onConflictDoUpdate({ target: credentialProfiles.userId, set: { handle } });
  } catch (error) {
    // Two learners claiming the same address at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw new AppError("conflict", "credentials.handleTaken");
    throw error;
  }
}

export async function remove(db: DbOrTx, userId: number) {
  await db.delete(credentialProfiles).where(eq(credentialProfiles.userId, userId));
}

export async function publicPage(db: DbOrTx, handle: string, lang: "en" | "es", publicUrl: string) {
  const [row] = await db
    .select({
      userId: credentialProfiles.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(credentialProfiles)
    .innerJoin(users, eq(users.id, credentialProfiles.userId))
    .where(eq(credentialProfiles.handle, handle));
  if (!row) return null;
  if (missingSteps(await loadProfileRows(db, row.userId)).length > 0) return null;
  const list = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, row.userId),
        isNull(certificates.revokedAt),
        isNull(certificates.suspendedAt),
      ),
    )
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return {
    handle,
    name: learnerName(row),
    data: list.map((c) => ({
      item: lang === "es" ? c.itemTitleEs : c.itemTitleEn,
      kind: c.kind,
      issued_at: c.issuedAt.toISOString(),
      verify_url: verifyUrl(publicUrl, c.code),
    })),
  };
}
