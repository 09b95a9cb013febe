/** Ticket screenshots in private storage: written with their rows in one transaction, read back for readers. */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../context";
import type { Tx } from "../db/client";
import { ticketAttachments } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { removeStoredFiles } from "../storage/remove-files";
import { extensionOf } from "../storage/sniff";
import type { CheckedImage } from "./screenshots";
import type { TicketViewer } from "./tickets.policy";
import { findTicketFor } from "./tickets.queries";

/** Stores the images and their rows; returns the storage keys written (to remove them if the transaction fails). */
export async function storeAttachments(
  deps: Deps,
  tx: Tx,
  ticketId: number,
  messageId: number | null,
  images: CheckedImage[],
  written: string[],
): Promise<void> {
  for (const image of images) {
    const key = `tickets/${ticketId}/${randomUUID()}.${extensionOf[image.mimeType]}`;
    await deps.storage.put(key, image.data);
    written.push(key);
    await tx.insert(ticketAttachments).values({
      ticketId,
      messageId,
      storageKey: key,
      fileName: image.fileName,
      mimeType: image.mimeType,
      size: image.data.length,
      sha256: image.sha256,
    });
  }
}

/** Runs a transaction that writes files; files of a failed transaction are removed again. */
export async function withFiles<T>(deps: Deps, work: (tx: Tx, written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await transaction(deps.db, (tx) => work(tx, written));
  } catch (error) {
    await removeStoredFiles(deps, written, { during: "rollback of a ticket upload" });
    throw error;
  }
}

export async function findAttachment(
  deps: Deps,
  viewer: TicketViewer,
  ticketId: number,
  attachmentId: number,
) {
  await findTicketFor(deps.db, viewer, ticketId);
  const [row] = await deps.db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
  if (!row) throw new AppError("not_found", "support.attachmentNotFound");
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw new AppError("not_found", "support.attachmentNotFound");
  return { row, file };
}
