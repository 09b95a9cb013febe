/**
 * Coupons: a code worth a percentage or a flat amount in pounds, with validity dates, a total usage
 * limit and a per-user limit, for some item types. Checkout takes a use with ONE conditional UPDATE
 * (`uses = uses + 1 WHERE uses < max_uses`, commerce.sql.ts) backed by a CHECK constraint, so
 * concurrent checkouts can never exceed the limit.
 */
import type { CartItemType, couponInput, couponListQuery } from "@aprendo/contract";
import { count, desc, eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import { couponRedemptions, coupons } from "../db/schema/index";
import { AppError } from "../http/errors";
import { listOrder } from "../http/sorting";
import { pounds, toPence } from "./money";

export type CouponRow = typeof coupons.$inferSelect;

const dayStart = (date: string) => new Date(`${date}T00:00:00.000Z`);
const dayEnd = (date: string) => new Date(`${date}T23:59:59.999Z`);
const dateOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export function presentCoupon(row: CouponRow) {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    value: row.discountType === "percentage" ? (row.percentage ?? 0) : pounds(row.amountPence ?? 0),
    valid_from: dateOf(row.validFrom),
    valid_to: dateOf(row.validTo),
    max_uses: row.maxUses,
    uses: row.uses,
    per_user_limit: row.perUserLimit,
    item_types: row.itemTypes as CartItemType[],
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** The item types a coupon covers: its list, or every type but sponsorship. */
export function couponCovers(row: Pick<CouponRow, "itemTypes">, type: string): boolean {
  return row.itemTypes.length > 0 ? row.itemTypes.includes(type) : type !== "sponsorship";
}

export type CouponVerdict =
  | { coupon: CouponRow; problem: null }
  | { coupon: CouponRow | null; problem: string };

/**
 * Whether a coupon can be used now by this user: active, within its dates, uses left in total and
 * for the user. Returns the row or the reason (a message key). Pricing reads the coupon and the
 * caller's uses of it with the rest of its inputs (commerce.sql.ts).
 */
export function couponVerdict(
  found: { row: CouponRow; usedByCaller: number } | null,
  userId: number | null,
  now = new Date(),
): CouponVerdict {
  if (!found) return { coupon: null, problem: "commerce.couponInvalid" };
  const { row, usedByCaller } = found;
  if (userId === null) return { coupon: row, problem: "commerce.couponLoginRequired" };
  const invalid = { coupon: row, problem: "commerce.couponInvalid" };
  if (!row.active) return invalid;
  if (row.validFrom && now < row.validFrom) return invalid;
  if (row.validTo && now > row.validTo) return invalid;
  if (row.maxUses !== null && row.uses >= row.maxUses) return invalid;
  if (row.perUserLimit !== null && usedByCaller >= row.perUserLimit) return invalid;
  return { coupon: row, problem: null };
}

/** Gives back the use of an order that was never paid (declined after an extra confirmation step). */
export async function releaseCouponUse(tx: DbOrTx, orderId: number) {
  const [redemption] = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  if (redemption)
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, redemption.couponId));
}

// Administration (isCouponManager).

export async function listCoupons(db: Db, query: z.output<typeof couponListQuery>) {
  const where = query.search
    ? ilike(coupons.code, `%${query.search.replace(/[%_\\]/g, "\\$&")}%`)
    : undefined;
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          code: coupons.code,
          // Percentages and flat amounts compare on one scale: a percentage counts as that many pounds.
          value: sql`coalesce(${coupons.percentage} * 100, ${coupons.amountPence})`,
          valid_to: coupons.validTo,
          uses: coupons.uses,
          active: coupons.active,
          created_at: coupons.createdAt,
        },
        coupons.id,
        [desc(coupons.id)],
      ),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(coupons).where(where);
  return { rows: rows.map(presentCoupon), total: total?.n ?? 0 };
}

export async function getCoupon(db: DbOrTx, id: number) {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError("not_found", "commerce.couponNotFound");
  return row;
}

function valuesOf(input: z.output<typeof couponInput>) {
  return {
    code: input.code,
    discountType: input.discount_type,
    percentage: input.discount_type === "percentage" ? input.value : null,
    amountPence: input.discount_type === "flat" ? toPence(input.value) : null,
    validFrom: input.valid_from ? dayStart(input.valid_from) : null,
    validTo: input.valid_to ? dayEnd(input.valid_to) : null,
    maxUses: input.max_uses ?? null,
    perUserLimit: input.per_user_limit ?? null,
    itemTypes: input.item_types,
    active: input.active,
  };
}

const isUnique = (error: unknown) =>
  (error as { code?: string })?.code === "23505" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23505";
const isCheck = (error: unknown) =>
  (error as { code?: string })?.code === "23514" ||
  (error as { cause?: { code?: string } })?.cause?.code === "23514";

export async function saveCoupon(db: Db, id: number | null, input: z.output<typeof couponInput>) {
  try {
    if (id === null) {
      const [row] = await db.insert(coupons).values(valuesOf(input)).returning();
      return presentCoupon(row!);
    }
    await getCoupon(db, id);
    const [row] = await db
      .update(coupons)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning();
    return presentCoupon(row!);
  } catch (error) {
    if (isUnique(error)) throw AppError.field("code", "commerce.couponCodeTaken");
    // Lowering max_uses below the uses already taken.
    if (isCheck(error)) throw AppError.field("max_uses", "validation.invalid");
    throw error;
  }
}

export async function deleteCoupon(db: Db, id: number) {
  const row = await getCoupon(db, id);
  if (row.uses > 0) throw new AppError("conflict", "commerce.couponInUse");
  await db.delete(coupons).where(eq(coupons.id, id));
}
