/**
 * Money taken with no order behind it is given back. Checkout charges the card inside the database
 * transaction that writes the order; if the server dies between the charge and the commit, the
 * order is rolled back but the provider has the payment. The provider then tells us (Stripe's
 * `payment_intent.succeeded` webhook, which Stripe retries for days, so it also arrives after a
 * restart) about a payment we have no record of.
 *
 * An unknown payment is not refunded at once: its checkout may simply not have committed yet
 * (webhooks can be faster than our transaction). A job looks again after a grace period and
 * refunds it in full only if still no order holds it. Refunds are keyed by the payment, so a
 * repeated event cannot refund twice.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { payments } from "../db/schema/index";
import { paymentProvider } from "../payments/payments.service";

export const ORPHAN_PAYMENT_JOB = "commerce.orphan-payment";
/** Longer than any checkout transaction can stay open (the statement timeout is far shorter). */
export const ORPHAN_GRACE_SECONDS = 10 * 60;

type OrphanCheck = { providerRef: string; amountPence: number };

/** Called for a succeeded payment event: schedules the check when we hold no record of it. */
export async function watchForOrphan(deps: Pick<Deps, "db" | "jobs">, event: OrphanCheck): Promise<boolean> {
  if (await isRecorded(deps, event.providerRef)) return false;
  await deps.jobs.send(ORPHAN_PAYMENT_JOB, event, {
    startAfterSeconds: ORPHAN_GRACE_SECONDS,
    singletonKey: event.providerRef,
  });
  return true;
}

async function isRecorded(deps: Pick<Deps, "db">, providerRef: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerRef, providerRef))
    .limit(1);
  return row !== undefined;
}

/** The job: refunds the payment in full if, after the grace period, still no order holds it. */
export async function refundIfOrphan(
  deps: Pick<Deps, "db" | "config" | "jobs" | "log">,
  check: OrphanCheck,
): Promise<"refunded" | "recorded"> {
  if (await isRecorded(deps, check.providerRef)) return "recorded";
  const provider = paymentProvider(deps);
  await provider.refund(check.providerRef, check.amountPence, `orphan:${check.providerRef}`);
  return "refunded";
}

export async function registerOrphanPaymentJob(deps: Deps): Promise<void> {
  await deps.jobs.work(ORPHAN_PAYMENT_JOB, async (data) => {
    await refundIfOrphan(deps, data as OrphanCheck);
  });
}
