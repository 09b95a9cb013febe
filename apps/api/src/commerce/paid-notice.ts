/**
 * The paid-order notice and mail (receipt PDF attached) leave the paying request: the buyer's answer
 * does not depend on them. They go through a transactional outbox: the statement that makes an order
 * paid (commerce.sql.ts WRITE_ORDER, or `closePaidOrder` for an order settled later) also inserts
 * its row in `order_paid_notices`, so the notice commits with the order or not at all, and no crash
 * between the commit and a queue can lose it. The drain below tells the buyers of the rows due. The
 * mail's row names the receipt and the delivery renders it (receipts.ts `receiptRenderers`), so
 * neither the request nor the drain draws a PDF.
 *
 * Exactly once per paid order: only the statement that made the order paid inserts the row (a
 * replayed checkout or a repeated confirmation does not reach it, and the primary key refuses a
 * second), and the drain deletes each row in the transaction that writes the notice and the mail
 * (`SKIP LOCKED`: two drains at once never take the same row; a drain that fails gives its rows back
 * with nothing sent).
 *
 * What runs the drain costs a checkout nothing per order: after its commit the paying request wakes
 * it (`wakeOrderPaidNotices`), which sends at most one pg-boss job per second per process (the rest
 * of that second's wake-ups are a set lookup); a schedule every minute drains whatever a wake-up
 * missed (a process that stopped between the commit and the wake-up).
 */
import type { Deps } from "../context";
import { transaction } from "../db/transaction";
import { tellOrdersPaid } from "./commerce.mails";
import { takePaidNotices } from "./commerce.sql";

export const ORDER_PAID_NOTICE_JOB = "commerce.order-paid-notice";

/** Notices told per drain transaction: a sale's burst drains in a few transactions, each short. */
const DRAIN_BATCH = 100;

type DrainDeps = Pick<Deps, "db" | "mail" | "config" | "log">;

/**
 * Wakes the drain once the paying transaction committed. Never throws: the order and its notice are
 * written, so a failed wake-up is logged (the minute's schedule drains the notice), not turned into
 * a failed payment. The job is keyed by the current second and starts a second later, after every
 * commit whose wake-up that second's key absorbed (`once`: later sends of the key cost nothing).
 * Where jobs run inline (tests, JOBS=off) each wake-up drains at once, before the answer.
 */
export async function wakeOrderPaidNotices(deps: Pick<Deps, "jobs" | "log">): Promise<void> {
  const second = Math.floor(deps.jobs.now() / 1000);
  try {
    await deps.jobs.send(
      ORDER_PAID_NOTICE_JOB,
      {},
      { singletonKey: `drain:${second}`, once: true, startAfterSeconds: 1 },
    );
  } catch (error) {
    deps.log.error(
      { err: error, job: ORDER_PAID_NOTICE_JOB },
      "paid-order notices not woken; the schedule drains them within a minute",
    );
  }
}

/**
 * Tells the buyer of every notice due, `DRAIN_BATCH` orders per transaction; answers how many. A
 * batch costs a fixed number of statements whatever its size: one takes the notices with their
 * orders and buyers, one writes every notification, one every mail, in a savepoint. When that
 * savepoint fails (one order's row refused, say), the batch's orders are told one by one, each in a
 * savepoint of its own: one whose notice fails is logged with its id and dropped alone, never
 * re-sent, and the others of the batch stand.
 */
export async function drainOrderPaidNotices(deps: DrainDeps): Promise<number> {
  let told = 0;
  for (;;) {
    const taken = await transaction(deps.db, async (tx) => {
      const paid = await takePaidNotices(tx, DRAIN_BATCH);
      if (paid.length === 0) return 0;
      try {
        await transaction(tx, (savepoint) => tellOrdersPaid({ ...deps, db: savepoint }, paid));
      } catch (error) {
        deps.log.warn(
          { err: error, orderIds: paid.map((o) => o.id), job: ORDER_PAID_NOTICE_JOB },
          "paid-order notices not sent as a batch; telling each order alone",
        );
        for (const order of paid)
          await transaction(tx, (savepoint) => tellOrdersPaid({ ...deps, db: savepoint }, [order])).catch(
            (failure: unknown) => {
              deps.log.error(
                { err: failure, orderId: order.id, job: ORDER_PAID_NOTICE_JOB },
                "paid-order notice not sent",
              );
            },
          );
      }
      return paid.length;
    });
    told += taken;
    if (taken < DRAIN_BATCH) return told;
  }
}

export async function registerOrderPaidNoticeJob(deps: DrainDeps & Pick<Deps, "jobs">) {
  await deps.jobs.work(
    ORDER_PAID_NOTICE_JOB,
    async () => {
      await drainOrderPaidNotices(deps);
    },
    { batchSize: 10 },
  );
  await deps.jobs.schedule(ORDER_PAID_NOTICE_JOB, "* * * * *");
}
