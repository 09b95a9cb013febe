/**
 * Demo commerce data: the WEEK20 (20 %) and FIVEOFF (£5) coupons, salary scales for a few countries
 * with household income categories, an e-notes offer, and a past paid order of `ana` (with a
 * receipt at GET /api/iu/purchases/{orderId}/receipt).
 */
import { and, eq } from "drizzle-orm";
import { grantEnrolment } from "../catalog/catalog.service";
import {
  couponRedemptions,
  coupons,
  courses,
  householdIncomeCategories,
  notesOffers,
  orderLines,
  orders,
  payments,
  salaryScales,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import type { SeedContext } from "./seed";

export async function seedCommerce({ db }: SeedContext) {
  const [week20] = await db
    .insert(coupons)
    .values([
      { code: "WEEK20", discountType: "percentage", percentage: 20, itemTypes: [], perUserLimit: 1 },
      {
        code: "FIVEOFF",
        discountType: "flat",
        amountPence: 500,
        itemTypes: ["course", "ebook", "exam_accesses"],
        maxUses: 500,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: coupons.id });

  await db
    .insert(salaryScales)
    .values([
      { country: "IN", name: "India", discountPercentage: 60 },
      { country: "NG", name: "Nigeria", discountPercentage: 60 },
      { country: "BR", name: "Brazil", discountPercentage: 40 },
      { country: "MX", name: "Mexico", discountPercentage: 40 },
      { country: "ES", name: "Spain", discountPercentage: 20 },
    ])
    .onConflictDoNothing();
  await db.insert(householdIncomeCategories).values([
    { nameEn: "Under £10,000 a year", nameEs: "Menos de 10.000 £ al año", position: 1, qualifies: true },
    {
      nameEn: "£10,000 to £25,000 a year",
      nameEs: "De 10.000 £ a 25.000 £ al año",
      position: 2,
      qualifies: true,
    },
    {
      nameEn: "£25,000 to £50,000 a year",
      nameEs: "De 25.000 £ a 50.000 £ al año",
      position: 3,
      qualifies: true,
    },
    { nameEn: "Over £50,000 a year", nameEs: "Más de 50.000 £ al año", position: 4, qualifies: false },
  ]);

  // The first paid title: its e-notes are on sale, and ana bought it a month ago with WEEK20.
  const [paid] = await db
    .select({ id: courses.id, titleEn: courses.titleEn, pricePence: courses.pricePence })
    .from(courses)
    .where(and(eq(courses.status, "published"), eq(courses.isFree, false)))
    .orderBy(courses.id)
    .limit(1);
  if (!paid) return;
  await db.insert(notesOffers).values({ courseId: paid.id, pricePence: 499 });
  const [ana] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.username, "ana"));
  if (!ana || !week20) return;
  const discount = Math.round(paid.pricePence * 0.2);
  const total = paid.pricePence - discount;
  const paidAt = new Date(Date.now() - 30 * 86_400_000);
  await transaction(db, async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: ana.id,
        email: ana.email,
        status: "paid",
        subtotalPence: paid.pricePence,
        discountPence: discount,
        totalPence: total,
        couponId: week20.id,
        couponCode: "WEEK20",
        createdAt: paidAt,
        paidAt,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    const grant = await grantEnrolment(tx, { userId: ana.id, courseId: paid.id, source: "purchase" });
    await tx.insert(orderLines).values({
      orderId,
      type: "course",
      itemId: paid.id,
      name: paid.titleEn,
      unitPricePence: paid.pricePence,
      discountPence: discount,
      paidPence: total,
      grant: { enrolmentCreated: grant.created, courseId: paid.id, userId: ana.id },
      createdAt: paidAt,
    });
    await tx.insert(payments).values({
      orderId,
      provider: "sandbox",
      providerRef: `pi_sandbox_seed_${orderId}`,
      amountPence: total,
      status: "succeeded",
      cardLabel: "visa •••• 4242",
      createdAt: paidAt,
    });
    await tx.update(coupons).set({ uses: 1 }).where(eq(coupons.id, week20.id));
    await tx
      .insert(couponRedemptions)
      .values({ couponId: week20.id, userId: ana.id, orderId, discountPence: discount });
  });
}
