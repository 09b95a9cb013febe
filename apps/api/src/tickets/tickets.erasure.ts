/**
 * When an account is erased after its grace period (accounts/erasure.ts sends "account.erased"),
 * the learner's tickets go with everything personal in them: descriptions, threads, screenshots.
 */
import { eq, inArray } from "drizzle-orm";
import { onAccountErased } from "../accounts/erasure.service";
import type { Deps } from "../context";
import { ticketAttachments, tickets } from "../db/schema/index";
import { removeStoredFiles } from "../storage/remove-files";

export async function eraseTicketsOf(deps: Deps, userId: number): Promise<number> {
  const owned = await deps.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, userId));
  if (owned.length === 0) return 0;
  const ids = owned.map((t) => t.id);
  const files = await deps.db
    .select({ key: ticketAttachments.storageKey })
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.ticketId, ids));
  // Messages and attachment rows cascade with their ticket.
  await deps.db.delete(tickets).where(inArray(tickets.id, ids));
  await removeStoredFiles(
    deps,
    files.map((f) => f.key),
    { during: "ticket erasure", userId },
  );
  return ids.length;
}

export async function registerTicketJobs(deps: Deps): Promise<void> {
  onAccountErased(deps, eraseTicketsOf);
}
