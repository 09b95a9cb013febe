/**
 * Claiming or resolving several tickets at once: each ticket goes on its own, a refusal of one
 * (claimed by someone else, not found) is reported and the others go on, and every ticket changed
 * gets its own audit record with its status before and after.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { Deps } from "../context";
import type { DbOrTx } from "../db/client";
import { tickets } from "../db/schema/index";
import type { CurrentUser } from "../http/authenticate";
import { AppError } from "../http/errors";
import { assertMayHandle } from "./specialist.service";
import { ticketReference } from "./tickets.presenter";
import { claimTicket, resolveTicket } from "./tickets.service";

async function claimState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ status: tickets.status, claimedBy: tickets.claimedBy })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

/** The ids done, and for each refused one its reference and the message key saying why. */
export async function bulkTicketAction(
  deps: Deps,
  actor: AuditActor,
  user: CurrentUser,
  action: "claim" | "resolve",
  ids: readonly number[],
  log: FastifyBaseLogger,
) {
  const { db } = deps;
  const done: number[] = [];
  const failed: { id: number; reference: string; messageKey: string }[] = [];
  for (const id of ids) {
    const before = await claimState(db, id);
    try {
      await assertMayHandle(db, user, id);
      if (action === "claim") await claimTicket(deps, user, id);
      else await resolveTicket(deps, { kind: "staff", user }, id);
    } catch (error) {
      // Anything but a refusal (a database failure) fails the whole request as usual.
      if (!(error instanceof AppError)) throw error;
      log.info({ ticketId: id, action, reason: error.message }, "bulk ticket action refused");
      failed.push({ id, reference: ticketReference(id), messageKey: error.message });
      continue;
    }
    const after = await claimState(db, id);
    await recordAudit(db, actor, {
      action: `tickets.${action}`,
      entity: "tickets",
      entityId: id,
      before: before ? { status: before.status, claimed_by: before.claimedBy } : null,
      after: after ? { status: after.status, claimed_by: after.claimedBy, bulk: true } : null,
    });
    done.push(id);
  }
  return { done, failed };
}
