/**
 * Photo and identity verification (spec sections 4 and 5). Uploads are checked by
 * content, stored privately under `private/...` (never publicly addressable) and wait in the
 * review queue with status "processing"; an administrator (isUserManager) opens the document (the
 * read is logged, and written to the audit log as "verification.viewed"), then approves — only a
 * document they opened — or rejects with a reason, and the learner is notified. Every read of an
 * identity document is logged, the owner's own included.
 */
import { randomUUID } from "node:crypto";
import { MB, messageKey, NotificationType, profileLimits } from "@aprendo/contract";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type AuditActor, recordAudit } from "../audit/audit";
import { sha256 } from "../auth/secrets";
import type { Deps } from "../context";
import type { Db } from "../db/client";
import { identityDocumentReads, userProfiles, users } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { readUpload, storeUpload } from "../http/uploads";
import { notifyKey } from "../notifications/notifications.service";
import { ensureProfileRow } from "../profile/profile.service";
import { cleanImage } from "../storage/images";
import { extensionOf } from "../storage/sniff";
import { checkBackground, olderThanMonths, takenAt } from "./photo-checks";

export type DocumentKind = "photo" | "identity";
/** Stored automatic rejection reasons are message keys, translated when shown. */
export const automaticReasons = ["profile.photoBackground"] as const;

/** The learner-facing messages of a profile upload's refusals (too large, wrong type, missing). */
async function withProfileMessages<R>(typeKey: string, read: () => Promise<R>): Promise<R> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && error.code === "unsupported_media")
      throw new AppError("unsupported_media", typeKey, { fields: { file: [typeKey] } });
    // "No file" in the profile's words; a picture refused as unreadable keeps its own message.
    if (error instanceof AppError && error.message === "catalog.fileRequired")
      throw AppError.field("file", "profile.fileRequired");
    throw error;
  }
}

const tooLargeFor = (maxBytes: number) => () =>
  new AppError("payload_too_large", "profile.fileTooLarge", { params: { max: maxBytes / MB } });

async function currentKey(db: Db, userId: number, kind: DocumentKind) {
  await ensureProfileRow(db, userId);
  const [row] = await db
    .select({
      photoKey: userProfiles.photoKey,
      identityKey: userProfiles.identityKey,
      photoStatus: userProfiles.photoStatus,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return kind === "photo"
    ? { key: row?.photoKey ?? null, status: row?.photoStatus }
    : { key: row?.identityKey ?? null, status: undefined };
}

export async function uploadPhoto(
  deps: Pick<Deps, "db" | "storage">,
  userId: number,
  request: FastifyRequest,
) {
  // Read whole (at most 10 MB): sharp needs all of a picture before decoding it (it would collect a
  // stream the same way), and the key is the upload's hash, known only at the end.
  const upload = await withProfileMessages("profile.photoType", () =>
    readUpload(request, {
      maxBytes: profileLimits.photoMaxBytes,
      types: ["image/jpeg"],
      tooLarge: tooLargeFor(profileLimits.photoMaxBytes),
    }),
  );
  const hash = sha256(upload.data.toString("base64")).slice(0, 32);
  const previous = await currentKey(deps.db, userId, "photo");
  if (previous.key?.includes(hash)) throw new AppError("conflict", "profile.photoDuplicate");
  const date = await takenAt(upload.data);
  if (date && olderThanMonths(date, profileLimits.photoMaxAgeMonths))
    throw AppError.field("file", "profile.photoTooOld");
  const refusal = { field: "file", unreadable: "profile.photoUnreadable" };
  const background = await checkBackground(upload.data, refusal);
  // What is stored is the picture encoded again: no EXIF (GPS position, camera), upright.
  const photo = await cleanImage(upload.data, "image/jpeg", refusal);
  const key = `private/photos/${userId}/${hash}.jpg`;
  await deps.storage.put(key, photo);
  await deps.db
    .update(userProfiles)
    .set({
      photoKey: key,
      photoStatus: background.white ? "processing" : "failed",
      photoFailureReason: background.white ? null : "profile.photoBackground",
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId));
  if (previous.key && previous.key !== key) await deps.storage.delete(previous.key);
  return { white: background.white };
}

export async function uploadIdentity(
  deps: Pick<Deps, "db" | "storage">,
  userId: number,
  request: FastifyRequest,
) {
  // Streamed into storage as it arrives, judged by its first bytes and counted on the way: a
  // document over the limit or of another type leaves nothing stored. The key is random, since the
  // content's hash is known only once all of it is stored.
  const upload = await withProfileMessages("profile.identityType", () =>
    storeUpload(request, deps.storage, {
      maxBytes: profileLimits.identityMaxBytes,
      types: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
      tooLarge: tooLargeFor(profileLimits.identityMaxBytes),
      keyFor: (type) => `private/identity/${userId}/${randomUUID()}.${extensionOf[type]}`,
    }),
  );
  const { key } = upload;
  let previous: Awaited<ReturnType<typeof currentKey>>;
  try {
    previous = await currentKey(deps.db, userId, "identity");
    await deps.db
      .update(userProfiles)
      .set({
        identityKey: key,
        identityStatus: "processing",
        identityFailureReason: null,
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.userId, userId));
  } catch (error) {
    // The document is stored but names nobody: it goes, so a private file is never left orphaned.
    await deps.storage.delete(key);
    throw error;
  }
  if (previous.key && previous.key !== key) await deps.storage.delete(previous.key);
}

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
};

/**
 * The stored file of a learner's photo or identity document. Identity reads are logged, and so is
 * every read by someone other than the owner: a reviewer's read is what lets them approve.
 */
export async function readDocument(
  deps: Pick<Deps, "db" | "storage">,
  ownerId: number,
  kind: DocumentKind,
  readerId: number,
) {
  const { key } = await currentKey(deps.db, ownerId, kind);
  if (!key) throw new AppError("not_found", "profile.documentNotFound");
  const file = await deps.storage.get(key);
  if (!file) throw new AppError("not_found", "profile.documentNotFound");
  if (kind === "identity" || readerId !== ownerId)
    await deps.db.insert(identityDocumentReads).values({ ownerId, readerId, documentKey: key });
  const ext = key.split(".").pop() ?? "";
  return {
    file,
    contentType: contentTypes[ext] ?? "application/octet-stream",
    key,
    filename: `${kind}.${ext}`,
    // An identity document is only ever downloaded (the app previews it from a fetched blob); a
    // photo may show inline, sandboxed like every upload (docs/security.md section 10).
    disposition: kind === "identity" ? ("attachment" as const) : ("inline" as const),
  };
}

/** A reviewer opens a learner's document: the read is logged and the audit log says who looked. */
export async function openForReview(
  deps: Pick<Deps, "db" | "storage">,
  actor: AuditActor,
  ownerId: number,
  kind: DocumentKind,
) {
  const doc = await readDocument(deps, ownerId, kind, actor.userId);
  await recordAudit(deps.db, actor, {
    action: "verification.viewed",
    entity: "user",
    entityId: ownerId,
    after: { kind, document: doc.key },
  });
  return doc;
}

/** Learners with something to review: uploads waiting, and photos the automatic check refused. */
export async function pendingReviews(db: Db) {
  const rows = await db
    .select({ user: users, profile: userProfiles })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.userId))
    .where(
      and(
        eq(users.status, "active"),
        or(
          eq(userProfiles.photoStatus, "processing"),
          eq(userProfiles.identityStatus, "processing"),
          and(
            eq(userProfiles.photoStatus, "failed"),
            sql`${userProfiles.photoFailureReason} LIKE 'profile.%'`,
          ),
        ),
      ),
    )
    .orderBy(desc(userProfiles.updatedAt))
    .limit(200);
  return rows;
}

/** Whether this reviewer opened the document as it is now (a new upload has a new key). */
async function openedBy(db: Db, ownerId: number, readerId: number, key: string) {
  const [read] = await db
    .select({ id: identityDocumentReads.id })
    .from(identityDocumentReads)
    .where(
      and(
        eq(identityDocumentReads.ownerId, ownerId),
        eq(identityDocumentReads.readerId, readerId),
        eq(identityDocumentReads.documentKey, key),
      ),
    )
    .limit(1);
  return Boolean(read);
}

export async function review(
  deps: Pick<Deps, "db">,
  actor: AuditActor,
  input: { userId: number; kind: DocumentKind; decision: "approve" | "reject"; reason?: string },
) {
  const { db } = deps;
  await ensureProfileRow(db, input.userId);
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, input.userId));
  const key = input.kind === "photo" ? row?.photoKey : row?.identityKey;
  const status = input.kind === "photo" ? row?.photoStatus : row?.identityStatus;
  if (!row || !key) throw new AppError("not_found", "profile.documentNotFound");
  if (status === "completed" && input.decision === "approve")
    throw new AppError("conflict", "profile.nothingToReview");
  const approved = input.decision === "approve";
  // Approving vouches for what the document shows, so the approver must have looked at this very file.
  if (approved && !(await openedBy(db, input.userId, actor.userId, key)))
    throw new AppError("conflict", "profile.reviewOpenFirst");
  const reason = approved ? null : (input.reason ?? "").trim();
  if (!approved && !reason) throw AppError.field("reason", "profile.reviewReasonRequired");
  const newStatus = approved ? "completed" : "failed";
  await transaction(db, async (tx) => {
    await tx
      .update(userProfiles)
      .set(
        input.kind === "photo"
          ? {
              photoStatus: newStatus,
              photoFailureReason: reason,
              updatedAt: new Date(),
            }
          : {
              identityStatus: newStatus,
              identityFailureReason: reason,
              updatedAt: new Date(),
            },
      )
      .where(eq(userProfiles.userId, input.userId));
    await recordAudit(tx, actor, {
      action: `verification.${approved ? "approve" : "reject"}`,
      entity: "user",
      entityId: input.userId,
      before: { kind: input.kind, status },
      after: { kind: input.kind, status: newStatus, reason, document: key },
    });
    const base = `profile.${input.kind}${approved ? "Approved" : "Rejected"}`;
    await notifyKey(
      { db: tx },
      {
        userId: input.userId,
        type: NotificationType.certificate,
        title: `${base}Title`,
        description: messageKey(base, { reason: reason ?? "" }),
        action: {},
      },
    );
  });
}
