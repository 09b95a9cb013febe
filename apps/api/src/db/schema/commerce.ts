/**
 * Commerce: server carts, coupons and their uses, salary scales, e-notes offers, orders with their
 * lines (the price paid, never recomputed), payments through the provider, refunds, checkout
 * idempotency, saved cards (provider tokens only), sponsorships and sponsorship credit, and the
 * embedded sandbox provider's own state. Money is in pence (integers).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { courseModules, courses } from "./catalog";

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true }).notNull().defaultNow();

/** The learner's cart as the browser keeps it (items of spec section 3), for the merge at login. */
export const carts = pgTable("carts", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  items: jsonb().$type<unknown[]>().notNull().default([]),
  /** The browser's timestamp (ms) of its last change: the newer cart wins on merge. */
  updatedAtMs: bigint({ mode: "number" }).notNull().default(0),
  updatedAt,
});

export const couponDiscountTypes = ["percentage", "flat"] as const;
export type CouponDiscountType = (typeof couponDiscountTypes)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: serial().primaryKey(),
    /** Stored upper case; matched case-insensitively by upper-casing the input. */
    code: varchar({ length: 32 }).notNull(),
    discountType: varchar({ length: 10 }).$type<CouponDiscountType>().notNull(),
    /** Whole percent (1..100) for percentage coupons. */
    percentage: smallint(),
    /** Flat amount in pence for flat coupons. */
    amountPence: integer(),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    /** Total uses allowed (null: unlimited); `uses` is taken by one conditional UPDATE at checkout. */
    maxUses: integer(),
    uses: integer().notNull().default(0),
    perUserLimit: integer(),
    /** Cart item types it applies to; empty: every type but sponsorship. */
    itemTypes: jsonb().$type<string[]>().notNull().default([]),
    active: boolean().notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("coupons_code_unique").on(t.code),
    check("coupons_uses_check", sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`),
    check("coupons_type_check", sql`${t.discountType} IN ('percentage', 'flat')`),
    check(
      "coupons_value_check",
      sql`(${t.discountType} = 'percentage' AND ${t.percentage} BETWEEN 1 AND 100 AND ${t.amountPence} IS NULL) OR (${t.discountType} = 'flat' AND ${t.amountPence} > 0 AND ${t.percentage} IS NULL)`,
    ),
    check(
      "coupons_limits_check",
      sql`(${t.maxUses} IS NULL OR ${t.maxUses} > 0) AND (${t.perUserLimit} IS NULL OR ${t.perUserLimit} > 0)`,
    ),
  ],
);

/** One use of a coupon by a paid (or awaiting confirmation) order; deleted when that order fails. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    orderId: integer().notNull(),
    discountPence: integer().notNull(),
    createdAt,
  },
  (t) => [
    index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId),
    uniqueIndex("coupon_redemptions_order_unique").on(t.orderId),
  ],
);

/** A country's salary scale: the spec's discounted_country_range with its discount_percentage. */
export const salaryScales = pgTable(
  "salary_scales",
  {
    id: serial().primaryKey(),
    /** ISO 3166-1 alpha-2. */
    country: varchar({ length: 2 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    discountPercentage: smallint().notNull(),
    /** The first and last days (UTC, both included) the discount applies; no last day: open-ended. */
    effectiveFrom: date({ mode: "string" }).notNull().default(sql`CURRENT_DATE`),
    effectiveUntil: date({ mode: "string" }),
    active: boolean().notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("salary_scales_country_unique").on(t.country),
    check("salary_scales_percentage_check", sql`${t.discountPercentage} BETWEEN 1 AND 90`),
    check(
      "salary_scales_effective_check",
      sql`${t.effectiveUntil} IS NULL OR ${t.effectiveUntil} >= ${t.effectiveFrom}`,
    ),
  ],
);

export const householdIncomeCategories = pgTable(
  "household_income_categories",
  {
    id: serial().primaryKey(),
    nameEn: varchar({ length: 120 }).notNull(),
    nameEs: varchar({ length: 120 }).notNull(),
    position: integer().notNull().default(0),
    /** Whether learners in this category get their country's discount. */
    qualifies: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [index("household_income_categories_position_idx").on(t.position, t.id)],
);

/** A learner's salary-scale application: country, income category and the declaration that it is true. */
export const salaryScaleApplications = pgTable(
  "salary_scale_applications",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    country: varchar({ length: 2 }).notNull(),
    householdIncomeCategoryId: integer()
      .notNull()
      .references(() => householdIncomeCategories.id, { onDelete: "restrict" }),
    declaredAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The salary-scale manager's review of the declaration: `declared` (trusted until reviewed, the
     * discount applies), `confirmed`, or `rejected` with a reason (no discount until the learner
     * declares again, which starts a new review).
     */
    reviewStatus: varchar({ length: 12 }).notNull().default("declared"),
    reviewReason: varchar({ length: 300 }),
    reviewedById: integer().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("salary_scale_applications_review_idx").on(t.reviewStatus, t.declaredAt),
    check(
      "salary_scale_applications_review_check",
      sql`${t.reviewStatus} IN ('declared', 'confirmed', 'rejected')`,
    ),
  ],
);

/** E-notes for sale: the lecture e-books of a title (or of one module), bought as an `ebook` cart item. */
export const notesOffers = pgTable(
  "notes_offers",
  {
    id: serial().primaryKey(),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: integer().references(() => courseModules.id, { onDelete: "cascade" }),
    pricePence: integer().notNull(),
    active: boolean().notNull().default(true),
    createdAt,
  },
  (t) => [
    index("notes_offers_course_idx").on(t.courseId),
    check("notes_offers_price_check", sql`${t.pricePence} > 0`),
  ],
);

export const orderStatuses = [
  "pending",
  "requires_action",
  "paid",
  "failed",
  "refunded",
  "partially_refunded",
] as const;
export type OrderStatusValue = (typeof orderStatuses)[number];

export type ShippingAddressValue = {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  country: string;
};

export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    /** Null for a guest sponsorship (then `email` is the sponsor's). */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    email: varchar({ length: 254 }),
    status: varchar({ length: 20 }).$type<OrderStatusValue>().notNull().default("pending"),
    currency: varchar({ length: 3 }).notNull().default("GBP"),
    /** The bought lines' list prices × quantities (shipping apart; docs/commerce.md "Money model"). */
    subtotalPence: integer().notNull(),
    /** Every line discount: coupon, salary scale, printed books' bindings. */
    discountPence: integer().notNull().default(0),
    /** Shipping of printed books (its line is the order's `shipping` line). */
    shippingPence: integer().notNull().default(0),
    /** Sponsorship credit spent on this order. */
    creditPence: integer().notNull().default(0),
    /** What the card was charged: subtotal - discounts + shipping - credit. */
    totalPence: integer().notNull(),
    refundedPence: integer().notNull().default(0),
    /** Credit given back by refunds (part of refundedPence). */
    creditRefundedPence: integer().notNull().default(0),
    couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
    couponCode: varchar({ length: 32 }),
    salaryScalePercentage: smallint(),
    shippingAddress: jsonb().$type<ShippingAddressValue>(),
    language: varchar({ length: 2 }).notNull().default("en"),
    createdAt,
    paidAt: timestamp({ withTimezone: true }),
    /**
     * The public order number (`A-000123`), gapless over paid orders: the deferred trigger
     * `orders_public_number` (migration 0018) takes the next value of `order_number_counter` when the
     * transaction that marks the order paid commits, so an attempt that fails or rolls back takes none.
     */
    publicNumber: varchar({ length: 20 }).unique(),
    updatedAt,
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.id.desc().nullsFirst()),
    index("orders_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check(
      "orders_status_check",
      sql`${t.status} IN ('pending', 'requires_action', 'paid', 'failed', 'refunded', 'partially_refunded')`,
    ),
    check(
      "orders_amounts_check",
      sql`${t.subtotalPence} >= 0 AND ${t.discountPence} >= 0 AND ${t.creditPence} >= 0 AND ${t.totalPence} >= 0 AND ${t.refundedPence} >= 0 AND ${t.refundedPence} <= ${t.totalPence} + ${t.creditPence}`,
    ),
  ],
);

/**
 * The one row counting paid orders: the last public order number given. A sequence would leave
 * gaps (its values are not rolled back); this row's update is, and it is taken at the commit of the
 * paying transaction so concurrent checkouts queue on it only for their commit.
 */
export const orderNumberCounter = pgTable(
  "order_number_counter",
  {
    id: smallint().primaryKey().default(1),
    last: integer().notNull().default(0),
  },
  (t) => [check("order_number_counter_one_row", sql`${t.id} = 1`)],
);

export const orderLineTypes = [
  "ebook",
  "course",
  "exam_accesses",
  "physical_product",
  "shipping",
  "sponsorship",
] as const;
export type OrderLineType = (typeof orderLineTypes)[number];

/** One bought item with the price paid (the payment line of spec section 3 payment types). */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** A child line (a module's exam access bought with its title). */
    parentId: integer(),
    type: varchar({ length: 20 }).$type<OrderLineType>().notNull(),
    /** The course, quiz, notes offer, product or sponsorship id. */
    itemId: integer(),
    name: varchar({ length: 300 }).notNull(),
    quantity: integer().notNull().default(1),
    unitPricePence: integer().notNull(),
    discountPence: integer().notNull().default(0),
    /** What this line cost, discounts included; never recomputed. */
    paidPence: integer().notNull(),
    /** Options such as the binding of a printed book; the course id of an exam access. */
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** What checkout granted, so a refund takes exactly that back (enrolment id, exam access id...). */
    grant: jsonb().$type<Record<string, unknown>>(),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt,
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.id),
    index("order_lines_item_idx").on(t.type, t.itemId),
    check(
      "order_lines_type_check",
      sql`${t.type} IN ('ebook', 'course', 'exam_accesses', 'physical_product', 'shipping', 'sponsorship')`,
    ),
    check(
      "order_lines_amounts_check",
      sql`${t.quantity} > 0 AND ${t.unitPricePence} >= 0 AND ${t.discountPence} >= 0 AND ${t.paidPence} >= 0`,
    ),
  ],
);

export const paymentStatusValues = [
  "succeeded",
  "requires_action",
  "failed",
  "refunded",
  "partially_refunded",
] as const;
export type PaymentStatusValue = (typeof paymentStatusValues)[number];

/** Money moved through the provider for an order (the back office's transactions). */
export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: varchar({ length: 20 }).notNull(),
    /** The provider's payment id (transaction id). */
    providerRef: varchar({ length: 200 }).notNull(),
    amountPence: integer().notNull(),
    refundedPence: integer().notNull().default(0),
    currency: varchar({ length: 3 }).notNull().default("GBP"),
    status: varchar({ length: 20 }).$type<PaymentStatusValue>().notNull(),
    /** "visa •••• 4242", for the back office and the receipt. */
    cardLabel: varchar({ length: 60 }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("payments_provider_ref_unique").on(t.provider, t.providerRef),
    index("payments_order_idx").on(t.orderId),
    index("payments_created_idx").on(t.id.desc().nullsFirst()),
    check("payments_refund_check", sql`${t.refundedPence} >= 0 AND ${t.refundedPence} <= ${t.amountPence}`),
  ],
);

export const refunds = pgTable(
  "refunds",
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer().references(() => payments.id, { onDelete: "set null" }),
    /** Total taken back: card part + credit part. */
    amountPence: integer().notNull(),
    creditPence: integer().notNull().default(0),
    lineIds: jsonb().$type<number[]>().notNull(),
    reason: text().notNull(),
    providerRef: varchar({ length: 200 }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_created_idx").on(t.id.desc().nullsFirst()),
  ],
);

/**
 * The buyer's paid-order notices still to send (a transactional outbox): the statement that makes an
 * order paid inserts its row, so the notice commits with the order or not at all; the drain job
 * (commerce/paid-notice.ts) deletes rows as it tells their buyers, in the same transaction, so each
 * is told once. The primary key refuses a second notice for an order. No foreign key: checking it
 * would cost every checkout a lookup, and a notice for an order deleted meanwhile is simply skipped.
 */
export const orderPaidNotices = pgTable("order_paid_notices", {
  orderId: integer().primaryKey(),
  createdAt,
});

/**
 * Checkout idempotency: one row per (scope, key), inserted in the checkout transaction; a second
 * request with the key waits for the first to commit, then replays its answer.
 */
export const checkoutRequests = pgTable(
  "checkout_requests",
  {
    /** `u:{userId}` or `g:{email}`. */
    scope: varchar({ length: 300 }).notNull(),
    key: varchar({ length: 100 }).notNull(),
    requestHash: varchar({ length: 64 }).notNull(),
    orderId: integer().references(() => orders.id, { onDelete: "cascade" }),
    statusCode: smallint().notNull(),
    response: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** A saved card: the provider's token and what can be shown, never a number or CVC. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: varchar({ length: 20 }).notNull(),
    token: varchar({ length: 200 }).notNull(),
    brand: varchar({ length: 20 }).notNull(),
    last4: varchar({ length: 4 }).notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    holderName: varchar({ length: 120 }).notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt,
  },
  (t) => [
    uniqueIndex("saved_cards_user_token_unique").on(t.userId, t.token),
    uniqueIndex("saved_cards_one_default").on(t.userId).where(sql`${t.isDefault}`),
    check("saved_cards_last4_check", sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/** The provider's customer for a user (Stripe customers own saved payment methods). */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: varchar({ length: 20 }).notNull(),
    customerRef: varchar({ length: 200 }).notNull(),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const sponsorshipKinds = ["amount", "course"] as const;
export type SponsorshipKind = (typeof sponsorshipKinds)[number];
export const sponsorshipStatuses = ["draft", "paid", "refunded"] as const;
export type SponsorshipStatus = (typeof sponsorshipStatuses)[number];

/** Money or a title paid by one person (a learner or a guest) for a named learner. */
export const sponsorships = pgTable(
  "sponsorships",
  {
    id: serial().primaryKey(),
    sponsorUserId: integer().references(() => users.id, { onDelete: "set null" }),
    sponsorEmail: varchar({ length: 254 }),
    recipientUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar({ length: 10 }).$type<SponsorshipKind>().notNull(),
    courseId: integer().references(() => courses.id, { onDelete: "set null" }),
    amountPence: integer().notNull(),
    message: text(),
    status: varchar({ length: 10 }).$type<SponsorshipStatus>().notNull().default("draft"),
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    orderLineId: integer(),
    createdAt,
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("sponsorships_recipient_idx").on(t.recipientUserId, t.id.desc().nullsFirst()),
    index("sponsorships_sponsor_idx").on(t.sponsorUserId, t.id.desc().nullsFirst()),
    index("sponsorships_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check("sponsorships_kind_check", sql`${t.kind} IN ('amount', 'course')`),
    check("sponsorships_status_check", sql`${t.status} IN ('draft', 'paid', 'refunded')`),
    check("sponsorships_course_check", sql`${t.kind} <> 'course' OR ${t.courseId} IS NOT NULL`),
    check("sponsorships_amount_check", sql`${t.amountPence} >= 0`),
  ],
);

/** A learner's sponsorship credit, spent by one conditional UPDATE; never negative. */
export const creditBalances = pgTable(
  "credit_balances",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balancePence: integer().notNull().default(0),
    updatedAt,
  },
  (t) => [check("credit_balances_check", sql`${t.balancePence} >= 0`)],
);

/** Every credit movement: + sponsorship received / refund returned, - spent / taken back. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountPence: integer().notNull(),
    reason: varchar({ length: 20 }).notNull(),
    sponsorshipId: integer(),
    orderId: integer(),
    createdAt,
  },
  (t) => [index("credit_ledger_user_idx").on(t.userId, t.id.desc().nullsFirst())],
);

/**
 * The sandbox provider's record of payments confirmed on its 3-D Secure style page. Its card tokens
 * and payment references are signed and self-describing, so it keeps nothing else (and no card number).
 */
export const sandboxAuthentications = pgTable("sandbox_authentications", {
  ref: varchar({ length: 400 }).primaryKey(),
  /** authenticated or failed. */
  status: varchar({ length: 20 }).notNull(),
  createdAt,
});
