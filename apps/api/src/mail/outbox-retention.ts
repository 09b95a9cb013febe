/**
 * Outbox retention: a sent mail or SMS keeps its body (verification and reset links, codes) for
 * OUTBOX_RETENTION_DAYS (default 7); a daily job then erases the body and keeps the row as the
 * delivery record (recipient, subject, channel, when, delivery status); attachments (receipts) go
 * with the body. Links live at most a few days anyway; the outbox must not become a store of
 * working-looking secrets and personal messages.
 */
import type { Deps } from "../context";
import { eraseOldBodies } from "./outbox.repository";

export const OUTBOX_RETENTION_JOB = "mail.erase-old-bodies";
// Rows per statement: a first run on a large outbox erases in short transactions, not one long one.
const BATCH = 5_000;

/** Erases the bodies of rows older than the retention; returns how many rows it emptied. */
export async function eraseOldOutboxBodies(deps: Pick<Deps, "db" | "config">): Promise<number> {
  let total = 0;
  for (;;) {
    const erased = await eraseOldBodies(deps.db, deps.config.outboxRetentionDays, BATCH);
    total += erased;
    if (erased < BATCH) return total;
  }
}

export async function registerOutboxJobs(deps: Deps): Promise<void> {
  await deps.jobs.work(OUTBOX_RETENTION_JOB, async () => {
    await eraseOldOutboxBodies(deps);
  });
  await deps.jobs.schedule(OUTBOX_RETENTION_JOB, "45 4 * * *");
}
