/**
 * Who may do what in commerce: learners buy (cart, checkout, their orders, cards, credit and
 * sponsorships); administrators work coupons, orders, refunds, sponsorships, purchase histories and
 * salary scales by their flags (spec section 3); children never reach payment settings.
 */
import { isChildAccount as childAccount } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema/index";
import { AppError } from "../http/errors";
import { definePolicy, flags, isLearner } from "../http/policy";

export const commercePolicy = definePolicy("commerce", {
  /** The learner's own cart, checkout, orders, saved cards, credit, sponsorships and salary scale. */
  buy: isLearner,
  manageCoupons: flags("isCouponManager"),
  /** The back office's order list and an order's page. */
  viewOrders: flags("isOrderManager", "isAbleToViewRefunds", "isRefundsManager"),
  manageOrders: flags("isOrderManager"),
  viewRefunds: flags("isAbleToViewRefunds", "isRefundsManager"),
  refund: flags("isRefundsManager"),
  manageSponsorships: flags("isSponsorshipManager"),
  viewPurchaseHistory: flags("isAbleToViewUserPurchaseHistory"),
  manageSalaryScales: flags("isSalaryScaleManager"),
});

/** A learner under 13 (or a guardian-registered account without its own email). */
export async function isChildAccount(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ dateOfBirth: users.dateOfBirth, email: users.email, guardianEmail: users.guardianEmail })
    .from(users)
    .where(eq(users.id, userId));
  return !!row && childAccount(row);
}

export async function refuseChildren(db: DbOrTx, userId: number) {
  if (await isChildAccount(db, userId)) throw new AppError("forbidden", "commerce.childrenNoPayments");
}
