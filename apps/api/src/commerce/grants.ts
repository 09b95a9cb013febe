/**
 * What a paid order line gives, and how a refund takes exactly that back. Each grant is recorded on
 * the line (`order_lines.grant`) so the refund revokes what this line created and nothing else
 * (an enrolment the learner already had, or got for free, stays).
 *
 * Every way an order grants comes here (`grantLine`), but for checkout's paid write of exam
 * accesses and titles, which composes the same grant statements (grants/grants.sql.ts) into the
 * order's one statement (commerce.sql.ts WRITE_ORDER; why: docs/decisions.md, "One grant path,
 * composed into checkout's statement").
 */
import { messageKey, messages, NotificationType, translate } from "@aprendo/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { grantEnrolment } from "../catalog/catalog.service";
import type { DbOrTx } from "../db/client";
import {
  courses,
  creditBalances,
  creditLedger,
  enrolments,
  examAccesses,
  lectureNotesAccess,
  type OrderLineType,
  sponsorships,
  users,
} from "../db/schema/index";
import { notify, notifyKey } from "../notifications/notifications.service";
import { grantPurchasedExamAccesses } from "../quizzes/access.service";
import { formatPounds } from "./money";
import { physicalProductsHook } from "./sellables";

export type LineGrant = {
  enrolmentCreated?: boolean;
  courseId?: number;
  userId?: number;
  examAccessIds?: number[];
  notesAccessId?: number;
  sponsorshipId?: number;
  creditPence?: number;
  physical?: boolean;
};

export type GrantableLine = {
  id: number;
  orderId: number;
  type: OrderLineType;
  itemId: number | null;
  name: string;
  quantity: number;
  paidPence: number;
  meta: Record<string, unknown>;
};

type Buyer = { userId: number | null; email: string | null; sponsorName: string | null };

async function addCredit(
  tx: DbOrTx,
  userId: number,
  pence: number,
  reason: string,
  ref: { sponsorshipId?: number; orderId?: number },
) {
  await tx
    .insert(creditBalances)
    .values({ userId, balancePence: pence })
    .onConflictDoUpdate({
      target: creditBalances.userId,
      set: { balancePence: sql`${creditBalances.balancePence} + ${pence}`, updatedAt: new Date() },
    });
  await tx.insert(creditLedger).values({ userId, amountPence: pence, reason, ...ref });
}

export async function returnCredit(tx: DbOrTx, userId: number, pence: number, orderId: number) {
  if (pence > 0) await addCredit(tx, userId, pence, "returned", { orderId });
}

async function grantSponsorship(tx: DbOrTx, line: GrantableLine, buyer: Buyer): Promise<LineGrant> {
  const [s] = await tx
    .update(sponsorships)
    .set({
      status: "paid",
      orderId: line.orderId,
      orderLineId: line.id,
      amountPence: line.paidPence,
      paidAt: new Date(),
    })
    .where(and(eq(sponsorships.id, line.itemId!), eq(sponsorships.status, "draft")))
    .returning();
  if (!s) return {};
  const [sponsor] = buyer.userId
    ? await tx.select({ username: users.username }).from(users).where(eq(users.id, buyer.userId))
    : [];
  const sponsorName = sponsor?.username ?? buyer.sponsorName ?? null;
  // A guest without a name shows as "A sponsor" (a key: translate() translates key-valued params).
  const who = sponsorName ?? "commerce.aGuest";
  if (s.kind === "course" && s.courseId) {
    const result = await grantEnrolment(tx, {
      userId: s.recipientUserId,
      courseId: s.courseId,
      source: "sponsorship",
    });
    const [course] = await tx
      .select({ titleEn: courses.titleEn, titleEs: courses.titleEs })
      .from(courses)
      .where(eq(courses.id, s.courseId));
    const both = (key: string) => ({
      en: translate(messages, "en", messageKey(key, { sponsor: who, title: course?.titleEn ?? "" })),
      es: translate(messages, "es", messageKey(key, { sponsor: who, title: course?.titleEs ?? "" })),
    });
    await notify(
      { db: tx },
      {
        userId: s.recipientUserId,
        type: NotificationType.congratulations,
        title: both("commerce.sponsoredTitle"),
        description: both("commerce.sponsoredTitleBody"),
        action: { redirect: { courseId: s.courseId } },
      },
    );
    return {
      sponsorshipId: s.id,
      enrolmentCreated: result.created,
      courseId: s.courseId,
      userId: s.recipientUserId,
    };
  }
  await addCredit(tx, s.recipientUserId, line.paidPence, "sponsorship", {
    sponsorshipId: s.id,
    orderId: line.orderId,
  });
  await notifyKey(
    { db: tx },
    {
      userId: s.recipientUserId,
      type: NotificationType.congratulations,
      title: messageKey("commerce.sponsoredAmount", { sponsor: who }),
      description: messageKey("commerce.sponsoredAmountBody", { amount: formatPounds(line.paidPence) }),
    },
  );
  return { sponsorshipId: s.id, creditPence: line.paidPence, userId: s.recipientUserId };
}

/** Grants one paid line (inside the checkout transaction). */
export async function grantLine(tx: DbOrTx, line: GrantableLine, buyer: Buyer): Promise<LineGrant> {
  switch (line.type) {
    case "course": {
      if (line.meta.anchor || buyer.userId === null) return {};
      const result = await grantEnrolment(tx, {
        userId: buyer.userId,
        courseId: line.itemId!,
        source: "purchase",
      });
      return { enrolmentCreated: result.created, courseId: line.itemId!, userId: buyer.userId };
    }
    case "exam_accesses": {
      // Pricing read the exam (paid, published) in this same transaction.
      const ids = await grantPurchasedExamAccesses(tx, {
        userId: buyer.userId!,
        quizId: line.itemId!,
        orderLineId: line.id,
        quantity: line.quantity,
        checked: true,
      });
      return { examAccessIds: ids };
    }
    case "ebook": {
      const [row] = await tx
        .insert(lectureNotesAccess)
        .values({
          userId: buyer.userId!,
          courseId: Number(line.meta.courseId),
          moduleId: (line.meta.moduleId as number | null) ?? null,
          source: "purchase",
          note: `order ${line.orderId}`,
        })
        .returning({ id: lectureNotesAccess.id });
      return { notesAccessId: row!.id };
    }
    case "sponsorship":
      return grantSponsorship(tx, line, buyer);
    case "physical_product": {
      // Stock and fulfilment belong to the shop issue, through its hook.
      await physicalProductsHook()?.onPaid(tx, {
        orderId: line.orderId,
        lineId: line.id,
        productId: line.itemId!,
        quantity: line.quantity,
        meta: line.meta,
        userId: buyer.userId,
      });
      return { physical: true };
    }
    default:
      return {};
  }
}

/** Takes back what a line granted (inside the refund transaction). */
export async function revokeLine(tx: DbOrTx, line: GrantableLine, grant: LineGrant, buyerId: number | null) {
  if (line.type === "course" && grant.enrolmentCreated && grant.courseId && grant.userId) {
    await dropEnrolment(tx, grant.userId, grant.courseId, "purchase");
  } else if (line.type === "exam_accesses" && grant.examAccessIds?.length) {
    await tx
      .update(examAccesses)
      .set({ revokedAt: new Date(), revokeReason: `refund of order ${line.orderId}` })
      .where(and(inArray(examAccesses.id, grant.examAccessIds), isNull(examAccesses.revokedAt)));
  } else if (line.type === "ebook" && grant.notesAccessId) {
    await tx.delete(lectureNotesAccess).where(eq(lectureNotesAccess.id, grant.notesAccessId));
  } else if (line.type === "sponsorship" && grant.sponsorshipId) {
    await tx.update(sponsorships).set({ status: "refunded" }).where(eq(sponsorships.id, grant.sponsorshipId));
    if (grant.enrolmentCreated && grant.courseId && grant.userId)
      await dropEnrolment(tx, grant.userId, grant.courseId, "sponsorship");
    if (grant.creditPence && grant.userId) {
      // Take back the credit; what the learner already spent cannot be taken back (never below zero).
      const [row] = await tx
        .select({ balance: creditBalances.balancePence })
        .from(creditBalances)
        .where(eq(creditBalances.userId, grant.userId))
        .for("update");
      const taken = Math.min(row?.balance ?? 0, grant.creditPence);
      if (taken > 0) {
        await tx
          .update(creditBalances)
          .set({ balancePence: sql`${creditBalances.balancePence} - ${taken}`, updatedAt: new Date() })
          .where(eq(creditBalances.userId, grant.userId));
        await tx.insert(creditLedger).values({
          userId: grant.userId,
          amountPence: -taken,
          reason: "refunded",
          sponsorshipId: grant.sponsorshipId,
          orderId: line.orderId,
        });
      }
    }
  } else if (line.type === "physical_product") {
    await physicalProductsHook()?.onRefunded(tx, {
      orderId: line.orderId,
      lineId: line.id,
      productId: line.itemId!,
      quantity: line.quantity,
      meta: line.meta,
      userId: buyerId,
    });
  }
}

async function dropEnrolment(
  tx: DbOrTx,
  userId: number,
  courseId: number,
  source: "purchase" | "sponsorship",
) {
  const removed = await tx
    .delete(enrolments)
    .where(
      and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId), eq(enrolments.source, source)),
    )
    .returning({ id: enrolments.id });
  if (removed.length > 0)
    await tx
      .update(courses)
      .set({ enrolmentCount: sql`greatest(${courses.enrolmentCount} - 1, 0)` })
      .where(eq(courses.id, courseId));
}
