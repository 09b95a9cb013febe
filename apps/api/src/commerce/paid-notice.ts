/**
 * The paid-order notice and mail (receipt PDF attached) leave the paying request: the buyer's answer
 * does not depend on them. The paying code queues `commerce.order-paid-notice` once the order is
 * paid; the job tells the buyer. The mail's row names the receipt and the delivery renders it
 * (receipts.ts `receiptRenderers`), so neither the request nor this job draws a PDF.
 *
 * Exactly once per paid order: only the call that made the order paid queues it (a replayed
 * checkout or a repeated confirmation does not), the job is keyed by the order (`singletonKey`), and
 * its handler never throws (tellOrderPaid logs a failure with the order id), so pg-boss never runs
 * it again to send the notice a second time.
 */
import type { Deps } from "../context";
import { tellOrderPaid } from "./commerce.mails";

export const ORDER_PAID_NOTICE_JOB = "commerce.order-paid-notice";

type NoticeDeps = Pick<Deps, "db" | "jobs" | "log">;

/**
 * Queues the buyer's notice for an order that was just paid (its transaction committed). Never
 * throws: the money is taken and the order is written, so a failed enqueue is logged, not turned
 * into a failed payment. The job is written on the app's pool (`tx: deps.db`), where the queue's
 * insert is a prepared statement (db/prepared.ts `sqlExecutorOf`): every paid checkout sends one,
 * and planning pg-boss's insert anew each time cost as much as running it.
 */
export async function queueOrderPaidNotice(deps: NoticeDeps, orderId: number): Promise<void> {
  try {
    await deps.jobs.send(
      ORDER_PAID_NOTICE_JOB,
      { orderId },
      { singletonKey: `order:${orderId}`, tx: deps.db },
    );
  } catch (error) {
    deps.log.error({ err: error, orderId, job: ORDER_PAID_NOTICE_JOB }, "paid-order notice not queued");
  }
}

export async function registerOrderPaidNoticeJob(
  deps: Pick<Deps, "db" | "mail" | "config" | "log" | "jobs">,
) {
  await deps.jobs.work(
    ORDER_PAID_NOTICE_JOB,
    async (data) => {
      const orderId = Number(data.orderId);
      if (!Number.isInteger(orderId)) {
        deps.log.error({ job: ORDER_PAID_NOTICE_JOB, data }, "paid-order notice without an order id");
        return;
      }
      await tellOrderPaid(deps, orderId);
    },
    { batchSize: 10 },
  );
}
