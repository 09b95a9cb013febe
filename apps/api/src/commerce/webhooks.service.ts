/**
 * What a verified provider event does to our orders: a payment waiting for its extra confirmation
 * step is settled (paid or declined); a succeeded payment we hold no record of is watched as a
 * possible orphan (its checkout may have died before committing). Anything else changes nothing.
 */
import type { LanguageCode } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { payments } from "../db/schema/index";
import type { PaymentEvent } from "../payments/payments.port";
import { watchForOrphan } from "./orphan-payments";
import { settleOrder } from "./settle";

export async function applyPaymentEvent(
  deps: Pick<Deps, "db" | "config" | "mail" | "jobs" | "log">,
  event: PaymentEvent,
  language: LanguageCode,
): Promise<void> {
  if (event.type === "ignored") return;
  const [payment] = await deps.db
    .select({ orderId: payments.orderId, status: payments.status })
    .from(payments)
    .where(eq(payments.providerRef, event.providerRef));
  if (!payment && event.type === "payment_succeeded") await watchForOrphan(deps, event);
  if (payment?.status !== "requires_action") return;
  await settleOrder(
    deps,
    payment.orderId,
    event.type === "payment_succeeded"
      ? { status: "succeeded", providerRef: event.providerRef, card: null, message: null }
      : { status: "declined", providerRef: event.providerRef, card: null, message: event.message },
    language,
  );
}
