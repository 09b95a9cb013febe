/**
 * Certificates (spec sections 3 and 6): issued automatically, once per item, when a
 * learner completes a title (every published lecture completed), or passes a module or level exam
 * (exam_passes). Viewing and downloading need a complete profile and verified photo and identity;
 * anyone can verify a code. Administrators search and revoke.
 */

import { randomBytes } from "node:crypto";
import {
  type CertificateItem,
  type CertificateSortKey,
  type LanguageCode,
  messageKey,
  messages,
  NotificationType,
  translate,
} from "@aprendo/contract";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { certificates, courses, users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { localized, taughtIn, textLanguage } from "../lib/text";
import { type NotifyInput, notifyMany } from "../notifications/notifications.service";
import { type Due, dueItems, issueCertificates } from "./certificates.repository";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 16 characters from a 32-letter alphabet without look-alikes: 80 bits, unguessable. */
export function newCertificateCode(): string {
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => ALPHABET[b % 32]).join("");
}

export function verifyUrl(publicUrl: string, code: string) {
  return `${publicUrl.replace(/\/$/, "")}/certificates/verify/${code}`;
}

/**
 * Issues what is due to each learner (idempotent: one certificate per learner and item) and
 * notifies them (type 3), in three statements however many learners: a batch of exam passes costs
 * what one does. Answers the new certificates' ids. Cheap when nothing is due.
 */
export async function issueDueCertificatesOf(deps: { db: DbOrTx }, userIds: number[]): Promise<number[]> {
  const { db } = deps;
  if (userIds.length === 0) return [];
  const due = await dueItems(db, userIds);
  if (due.length === 0) return [];
  const issued = await issueCertificates(
    db,
    due.map((item) => ({
      ...item,
      en: item.en.slice(0, 400),
      es: item.es.slice(0, 400),
      code: newCertificateCode(),
    })),
  );
  const itemOf = new Map(due.map((item) => [`${item.user_id}:${item.kind}:${item.item_id}`, item]));
  const sorted = issued.sort((a, b) => a.id - b.id);
  const taught =
    sorted.length > 0
      ? await taughtLanguages(
          db,
          due.map((item) => item.course_id),
        )
      : new Map();
  await notifyMany(
    { db },
    sorted.map((row) => {
      const item = itemOf.get(`${row.user_id}:${row.kind}:${row.item_id}`)!;
      return issuedNotice(row.user_id, row.id, item, taught.get(item.course_id));
    }),
  );
  return sorted.map((row) => row.id);
}

/** issueDueCertificatesOf for one learner: after a completed lecture, on opening the certificates. */
export const issueDueCertificates = (deps: { db: DbOrTx }, userId: number) =>
  issueDueCertificatesOf(deps, [userId]);

/** The "certificate issued" notification; both languages carry the item in their own language. */
function issuedNotice(userId: number, id: number, item: Due, taught?: LanguageCode): NotifyInput {
  const text = (lang: "en" | "es") =>
    translate(messages, lang, messageKey("certificates.issued", { item: lang === "es" ? item.es : item.en }));
  return {
    userId,
    type: NotificationType.certificate,
    title: {
      en: translate(messages, "en", "certificates.issuedTitle"),
      es: translate(messages, "es", "certificates.issuedTitle"),
    },
    description: { en: text("en"), es: text("es") },
    quote: { en: item.en, es: item.es, taught },
    action: { redirect: { id, courseId: item.course_id } },
  };
}

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * The language each title teaches, for the names of its certificates: a name written the same in both
 * languages ("Buenos días") is read in it (WCAG 3.1.2 Language of parts), as the catalogue does.
 */
export async function taughtLanguages(db: DbOrTx, courseIds: number[]): Promise<Map<number, LanguageCode>> {
  const ids = [...new Set(courseIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, teachingLanguage: courses.teachingLanguage })
    .from(courses)
    .where(inArray(courses.id, ids));
  return new Map(rows.map((r) => [r.id, taughtIn(r)]));
}

/** A certificate's item name in the reader's language and the language it is written in, when not theirs. */
export const itemName = (
  row: Pick<CertificateRow, "itemTitleEn" | "itemTitleEs">,
  lang: LanguageCode,
  taught?: LanguageCode,
) => ({
  item: localized(lang, row.itemTitleEn, row.itemTitleEs),
  item_lang: textLanguage(lang, row.itemTitleEn, row.itemTitleEs, taught),
});

export function presentCertificate(
  row: CertificateRow,
  lang: "en" | "es",
  publicUrl: string,
  taught?: LanguageCode,
): CertificateItem {
  return {
    id: row.id,
    kind: row.kind,
    ...itemName(row, lang, taught),
    course_id: row.courseId,
    code: row.code,
    issued_at: row.issuedAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    verify_url: verifyUrl(publicUrl, row.code),
  };
}

export async function listOwn(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** The learner's own certificate; another learner's id answers "Certificate not found". */
export async function ownCertificate(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.userId, userId)));
  if (!row) throw new AppError("not_found", "certificates.notFound");
  return row;
}

export async function certificateWithLearner(db: DbOrTx, where: { id?: number; code?: string }) {
  const [row] = await db
    .select({
      cert: certificates,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(where.id !== undefined ? eq(certificates.id, where.id) : eq(certificates.code, where.code ?? ""));
  return row ?? null;
}

export function learnerName(r: { firstName: string; lastName: string; username: string }) {
  return `${r.firstName} ${r.lastName}`.trim() || r.username;
}

export async function adminSearch(
  db: DbOrTx,
  q: {
    q?: string;
    status: "all" | "valid" | "suspended" | "revoked";
    sort?: CertificateSortKey | `-${CertificateSortKey}`;
    page: number;
    per_page: number;
  },
) {
  const term = q.q ? `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    term
      ? or(
          ilike(certificates.code, term),
          ilike(certificates.itemTitleEn, term),
          ilike(certificates.itemTitleEs, term),
          ilike(users.username, term),
          ilike(users.email, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        )
      : undefined,
    // Valid means neither revoked nor on hold; a revoked certificate stays revoked even if it was
    // suspended first, so it is listed only under "revoked".
    q.status === "valid"
      ? and(isNull(certificates.revokedAt), isNull(certificates.suspendedAt))
      : q.status === "suspended"
        ? and(isNull(certificates.revokedAt), isNotNull(certificates.suspendedAt))
        : q.status === "revoked"
          ? isNotNull(certificates.revokedAt)
          : undefined,
  );
  const rows = await db
    .select({
      cert: certificates,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(where)
    .orderBy(
      ...listOrder(
        q.sort,
        {
          learner: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
          item: sql`lower(${certificates.itemTitleEn})`,
          issued_at: certificates.issuedAt,
          code: certificates.code,
          // The order the list shows them: valid, suspended, revoked.
          status: sql`CASE WHEN ${certificates.revokedAt} IS NOT NULL THEN 2 WHEN ${certificates.suspendedAt} IS NOT NULL THEN 1 ELSE 0 END`,
        },
        certificates.id,
        [desc(certificates.issuedAt), desc(certificates.id)],
      ),
    )
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function revoke(db: DbOrTx, id: number, adminId: number, reason: string) {
  const rows = await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokedBy: adminId, revokeReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  if (rows.length === 0) {
    await existing(db, id);
    throw new AppError("conflict", "certificates.alreadyRevoked");
  }
}

/** On hold: the suspension status list's bit is set until an administrator reinstates it. */
export async function suspend(db: DbOrTx, id: number, reason: string) {
  const rows = await db
    .update(certificates)
    .set({ suspendedAt: new Date(), suspendReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt), isNull(certificates.suspendedAt)))
    .returning({ id: certificates.id });
  if (rows.length === 0) {
    await existing(db, id);
    throw new AppError("conflict", "certificates.alreadySuspended");
  }
}

export async function reinstate(db: DbOrTx, id: number) {
  const rows = await db
    .update(certificates)
    .set({ suspendedAt: null, suspendReason: null })
    .where(and(eq(certificates.id, id), isNotNull(certificates.suspendedAt)))
    .returning({ id: certificates.id });
  if (rows.length === 0) {
    await existing(db, id);
    throw new AppError("conflict", "certificates.notSuspended");
  }
}

async function existing(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: certificates.id }).from(certificates).where(eq(certificates.id, id));
  if (!row) throw new AppError("not_found", "certificates.notFound");
}
