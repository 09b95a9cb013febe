/**
 * Commerce: cart pricing, the server cart, coupons, salary-scale discounts, checkout through
 * the payment provider port, saved cards, purchase history with PDF receipts, sponsorship, orders,
 * transactions and refunds. Money travels in pounds with 2 decimals (`price`, `total`...) and, where
 * exactness matters, in pence too (`*_pence`). The browser's prices are shown, never trusted: every
 * price, discount and coupon is computed again by the server at pricing and at checkout.
 *
 * Learner (role 1):
 *   GET  /iu/cart                               the server cart { items, updated_at } (merged at login)
 *   PUT  /iu/cart                               cartBody: replaces it (the newer cart wins on merge)
 *   POST /iu/cart/price                         pricingRequest -> pricedCart (lines, discounts, totals)
 *   GET  /iu/salary-scale                       my application + countries and categories to choose from
 *   POST /iu/salary-scale                       salaryScaleApplicationInput (declaration required)
 *   DELETE /iu/salary-scale                     withdraw
 *   POST /iu/checkout                           checkoutInput, header Idempotency-Key (required, 8..100)
 *                                               201 checkoutResult: paid, or requires_action + next_action_url;
 *                                               402 { message } when the card is declined (nothing changes);
 *                                               the same key replays the same answer; another body -> 409
 *   POST /iu/checkout/{orderId}/confirm         after the extra confirmation step -> checkoutResult
 *   GET  /iu/cards                              saved cards (children: 403)
 *   POST /iu/cards                              cardInput (a provider token, never a number) -> 201 savedCard
 *   PUT  /iu/cards/{id}/default                 -> savedCardList
 *   DELETE /iu/cards/{id}                       -> messageBody
 *   GET  /iu/purchases?page=&per_page=          purchase history -> purchaseList
 *   GET  /iu/purchases/{orderId}/receipt        application/pdf (owner only; others 404)
 *   POST /iu/sponsorships                       sponsorshipDraftInput -> 201 sponsorshipDraft (its cart item)
 *   GET  /iu/sponsorships                       given and received, and the credit balance -> mySponsorships
 * Guest:
 *   POST /cart/price                            pricingRequest (no salary scale, no coupons) -> pricedCart
 *   POST /sponsorships                          sponsorshipDraftInput (+ email) -> 201 sponsorshipDraft
 *   POST /checkout                              guestCheckoutInput (sponsorship items only), Idempotency-Key
 * Payment provider (the port chosen by configuration; see docs/commerce.md):
 *   GET  /payments/config                       { provider: sandbox|stripe, publishable_key }
 *   GET  /payments/sandbox/form?origin=         the hosted card form (HTML, for an iframe); it posts the
 *                                               card to the sandbox and `postMessage`s the token to `origin`
 *   POST /payments/sandbox/tokens               sandboxCardInput -> sandboxToken (sandbox only)
 *   GET|POST /payments/sandbox/authenticate/{ref}  the 3-D Secure style confirmation page / its answer
 *   POST /payments/stripe/webhook               Stripe events, signature checked (Stripe only)
 * Administrator (role 3+):
 *   GET|POST /af/coupons, GET|PUT|DELETE /af/coupons/{id}                    (isCouponManager)
 *   Salary scales, income categories and declarations: schemas/salary-scales.ts (isSalaryScaleManager)
 *   GET  /af/transactions?search=&status=&provider=&from=&to=&page=         payments (isOrderManager,
 *                                                                            isAbleToViewRefunds or isRefundsManager)
 *   GET  /af/orders?search=&status=&page=, GET /af/orders/{id}              (isOrderManager)
 *   GET  /af/refunds?search=&page=                                          (isAbleToViewRefunds or isRefundsManager)
 *   POST /af/refunds                                                        refundInput (isRefundsManager)
 *   GET  /af/sponsorships?search=&sort=&page=                                   (isSponsorshipManager)
 *   GET  /af/users/{id}/purchases                                           (isAbleToViewUserPurchaseHistory)
 */
import { z } from "zod";
import { cartItemTypes, paymentTypes } from "../domain/enums";
import { messageKey } from "../i18n/translate";
import { pageQuery, paginated, sortQuery } from "./common";
import { purchaseFulfilment } from "./shop";
import { dateField, idParam, maxId, msg, optionalText, text } from "./validators";

const id = z.number().int().positive();
const money = z.number();
/**
 * The language of the title in a line's name when it is not the interface's (WCAG 3.1.2 Language of
 * parts), as the catalogue's `title_lang`: the whole name's when it is the title alone, else the part
 * `name_title` ("Exam access: Buenos días" → "Buenos días"; the interface's words keep the page's).
 */
const nameLang = z.enum(["en", "es"]).optional();
/** The title inside a line's name made of more words (set with `name_lang` only). */
const nameTitle = z.string().optional();
export const commerceLimits = {
  sponsorshipMinPounds: 1,
  sponsorshipMaxPounds: 5_000,
  quantityMax: 99,
  childItemsMax: 50,
  cartItemsMax: 50,
  couponCodeMin: 3,
  couponCodeMax: 32,
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 100,
  flatCouponMaxPounds: 10_000,
  refundReasonMax: 500,
  sponsorshipMessageMax: 500,
} as const;

export const cartItemType = z.enum(cartItemTypes);
export const paymentType = z.enum(paymentTypes);

/** A cart item as the browser keeps it (spec section 3); every price in it is ignored by the server. */
export type CartItemInput = {
  type: (typeof cartItemTypes)[number];
  id: number;
  name?: string | undefined;
  price?: number | undefined;
  course_module_id?: number | undefined;
  is_discounted?: boolean | undefined;
  salaryScaleDiscount?: number | undefined;
  bookBindingDiscount?: number | undefined;
  img?: string | undefined;
  items?: CartItemInput[] | undefined;
  quantity?: number | undefined;
  productMetas?: Record<string, string | number> | undefined;
  code?: string | undefined;
  discountedAmount?: number | undefined;
  discountedPrice?: number | undefined;
  discountedType?: "percentage" | "flat" | undefined;
  key?: string | undefined;
};

const cartItemFields = {
  type: cartItemType,
  // No row can have an id beyond maxId; the lower bound is unchanged.
  id: z.number().int().min(0).max(maxId),
  name: z.string().max(300).optional(),
  /** Shown by the browser; for a sponsorship by amount it is the amount chosen, else ignored. */
  price: z.number().min(0).max(1_000_000).optional(),
  course_module_id: idParam.optional(),
  is_discounted: z.boolean().optional(),
  salaryScaleDiscount: z.number().optional(),
  bookBindingDiscount: z.number().optional(),
  img: z.string().max(1000).optional(),
  quantity: z
    .number()
    .int()
    .min(1, { error: msg.min(1, "entry.number") })
    .max(commerceLimits.quantityMax, { error: msg.max(commerceLimits.quantityMax, "entry.number") })
    .optional(),
  productMetas: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
  code: z.string().max(64).optional(),
  discountedAmount: z.number().optional(),
  discountedPrice: z.number().optional(),
  discountedType: z.enum(["percentage", "flat"]).optional(),
  key: z.string().max(100).optional(),
};

export const cartItemInput: z.ZodType<CartItemInput> = z.lazy(() =>
  z.object({
    ...cartItemFields,
    items: z.array(cartItemInput).max(commerceLimits.childItemsMax).optional(),
  }),
);

export const couponCodeField = z
  .string()
  .trim()
  .max(commerceLimits.couponCodeMax, { error: msg.max(commerceLimits.couponCodeMax) })
  .transform((v) => v.toUpperCase())
  .optional()
  .nullable();

export const pricingRequest = z.object({
  items: z.array(cartItemInput).max(commerceLimits.cartItemsMax, {
    error: msg.max(commerceLimits.cartItemsMax, "entry.items"),
  }),
  coupon_code: couponCodeField,
  /** Use sponsorship credit received (learners only). */
  use_credit: z.boolean().optional(),
});
export type PricingRequest = z.infer<typeof pricingRequest>;

const pence = z.number().int();
/**
 * One line in the money model (domain/money.ts), in pence: the list unit price, the quantity, the
 * discounts by source and what was paid. The same shape in the cart, the history and the back office.
 */
export const lineMoney = z.object({
  list_unit_pence: pence,
  quantity: pence,
  /** list_unit_pence × quantity. */
  list_pence: pence,
  discounts: z.object({ coupon: pence, salary_scale: pence, binding: pence }),
  discount_pence: pence,
  /** list_pence − discount_pence. */
  paid_pence: pence,
});
export type LineMoney = z.infer<typeof lineMoney>;
/** An order's (or a priced cart's) figures in pence: subtotal − discounts + shipping = total; total − credit = charged. */
export const moneyFigures = z.object({
  subtotal_pence: pence,
  discount_pence: pence,
  shipping_pence: pence,
  total_pence: pence,
  credit_pence: pence,
  charged_pence: pence,
});

export type PricedLine = {
  key: string;
  type: (typeof cartItemTypes)[number];
  id: number;
  name: string;
  name_lang?: "en" | "es";
  name_title?: string;
  course_module_id: number | null;
  quantity: number;
  /** Unit price from the catalogue, before discounts. */
  unit_price: number;
  unit_price_pence: number;
  is_discounted: boolean;
  salaryScaleDiscount: number;
  code: string | null;
  discountedAmount: number | null;
  discountedPrice: number | null;
  discountedType: "percentage" | "flat" | null;
  /** What this line costs after its discounts (quantity included, children excluded). */
  price: number;
  price_pence: number;
  /** Why it cannot be bought now (translated), e.g. already owned; checkout refuses such a cart. */
  problem: string | null;
  /** The most copies that can be bought now (a printed book's stock); null: no stock bound. */
  max_quantity: number | null;
  /** The line in the money model (children apart). */
  money: LineMoney;
  items: PricedLine[];
};

export const pricedLine: z.ZodType<PricedLine> = z.lazy(() =>
  z.object({
    key: z.string(),
    type: cartItemType,
    id: z.number().int(),
    name: z.string(),
    name_lang: nameLang,
    name_title: nameTitle,
    course_module_id: z.number().int().nullable(),
    quantity: z.number().int(),
    unit_price: money,
    unit_price_pence: z.number().int(),
    is_discounted: z.boolean(),
    salaryScaleDiscount: money,
    code: z.string().nullable(),
    discountedAmount: money.nullable(),
    discountedPrice: money.nullable(),
    discountedType: z.enum(["percentage", "flat"]).nullable(),
    price: money,
    price_pence: z.number().int(),
    problem: z.string().nullable(),
    max_quantity: z.number().int().nullable(),
    money: lineMoney,
    items: z.array(pricedLine),
  }),
);

export const couponState = z.object({
  /** emptyCoupon (none given), applied, or invalid (with the message). */
  status: z.enum(["emptyCoupon", "applied", "invalid"]),
  code: z.string().nullable(),
  /** The coupon's value: the percentage or the flat amount in pounds. */
  value: money.nullable(),
  discount_type: z.enum(["percentage", "flat"]).nullable(),
  total_discounted_amount: money,
  message: z.string().nullable(),
});
export type CouponState = z.infer<typeof couponState>;

export const pricedCart = z.object({
  lines: z.array(pricedLine),
  currency: z.literal("GBP"),
  subtotal: money,
  salary_scale: z.object({ discount_percentage: z.number(), total_discounted_amount: money }).nullable(),
  coupon: couponState,
  /** Sponsorship credit available and applied (learners). */
  credit: z.object({ available: money, applied: money }),
  discount_total: money,
  shipping: money,
  total: money,
  total_pence: z.number().int(),
  /** The same figures in the money model (the bought lines only: problems and anchors excluded). */
  figures: moneyFigures,
  item_count: z.number().int(),
  /** True when a line has a problem: checkout would refuse. */
  has_problems: z.boolean(),
});
export type PricedCart = z.infer<typeof pricedCart>;

export const cartBody = z.object({
  items: z.array(cartItemInput).max(commerceLimits.cartItemsMax),
  /** Milliseconds since the epoch, as the browser's cart keeps it. */
  updated_at: z.number().int().min(0),
});
export type CartBody = z.infer<typeof cartBody>;

export const shippingAddress = z.object({
  name: text(1, 120),
  line1: text(1, 200),
  line2: optionalText(200),
  city: text(1, 100),
  postal_code: text(1, 20),
  country: z
    .string({ error: msg.required })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: msg.oneOf })
    .transform((v) => v.toUpperCase()),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;
/**
 * A stored shipping address as replies show it. Never the input schema above: a reply is encoded
 * through its schema, and the input's country transform cannot be encoded (every order list and
 * refund lookup answered 500 once one order had an address).
 */
export const shippingAddressView = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/** How to pay: a saved card, or a fresh provider token from the hosted card form (never a number). */
export const paymentMethodInput = z
  .object({
    saved_card_id: idParam.optional(),
    card_token: z.string().trim().min(1).max(200).optional(),
    /** Keep the fresh card for next time (learners). */
    save_card: z.boolean().optional(),
  })
  .optional();

export const checkoutInput = pricingRequest.extend({
  payment: paymentMethodInput,
  shipping_address: shippingAddress.optional(),
  /** Where the browser returns after an extra confirmation step. */
  return_url: z.string().max(500).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;

export const guestCheckoutInput = checkoutInput.extend({
  email: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .pipe(z.email({ error: msg.email }))
    .transform((v) => v.toLowerCase()),
  name: optionalText(120),
});
export type GuestCheckoutInput = z.infer<typeof guestCheckoutInput>;

export const orderStatuses = [
  "pending",
  "requires_action",
  "paid",
  "failed",
  "refunded",
  "partially_refunded",
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

export const checkoutResult = z.object({
  status: z.enum(["succeeded", "requires_action"]),
  message: z.string(),
  order_id: id,
  /** The public order number (`A-000123`), given when the order is paid (null until then). */
  order_number: z.string().nullable(),
  order_status: orderStatus,
  total: money,
  transaction_id: z.string().nullable(),
  /** Open this page (sandbox) or hand `client_secret` to Stripe.js to finish the extra step. */
  next_action_url: z.string().nullable(),
  client_secret: z.string().nullable(),
  /** What was granted, for the confirmation page. */
  granted: z.array(
    z.object({
      type: paymentType,
      id: z.number().int(),
      name: z.string(),
      name_lang: nameLang,
      name_title: nameTitle,
    }),
  ),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

export const couponDiscountType = z.enum(["percentage", "flat"]);
export const coupon = z.object({
  id,
  code: z.string(),
  discount_type: couponDiscountType,
  /** Percentage (1..100) or flat amount in pounds. */
  value: money,
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  per_user_limit: z.number().int().nullable(),
  item_types: z.array(cartItemType),
  active: z.boolean(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof coupon>;
export const couponInput = z
  .object({
    code: z
      .string({ error: msg.required })
      .trim()
      .min(1, { error: msg.required, abort: true })
      .min(commerceLimits.couponCodeMin, { error: msg.min(commerceLimits.couponCodeMin) })
      .max(commerceLimits.couponCodeMax, { error: msg.max(commerceLimits.couponCodeMax) })
      .regex(/^[A-Za-z0-9_-]+$/, { error: msg.invalidCharacters })
      .transform((v) => v.toUpperCase()),
    discount_type: couponDiscountType,
    value: z.number({ error: msg.required }).positive({ error: msg.min(0.01, "entry.number") }),
    valid_from: dateField.nullish(),
    valid_to: dateField.nullish(),
    max_uses: z.number().int().min(1).max(1_000_000).nullish(),
    per_user_limit: z.number().int().min(1).max(1_000_000).nullish(),
    /** Empty: every item type except sponsorships. */
    item_types: z.array(cartItemType).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.discount_type === "percentage" && (v.value > 100 || !Number.isInteger(v.value)))
      ctx.addIssue({ code: "custom", path: ["value"], message: msg.max(100, "entry.number") });
    if (v.discount_type === "flat" && v.value > commerceLimits.flatCouponMaxPounds)
      ctx.addIssue({
        code: "custom",
        path: ["value"],
        message: msg.max(commerceLimits.flatCouponMaxPounds, "entry.number"),
      });
    if (v.valid_from && v.valid_to && v.valid_to < v.valid_from)
      ctx.addIssue({ code: "custom", path: ["valid_to"], message: "commerce.validToBeforeFrom" });
  });
export type CouponInput = z.infer<typeof couponInput>;
export const couponList = paginated(coupon);
/** The columns the coupon list sorts by (`sort=code`, `sort=-uses`...); newest first without one. */
export const couponSortKeys = ["code", "value", "valid_to", "uses", "active", "created_at"] as const;
export const couponListQuery = pageQuery.extend({
  search: z.string().trim().max(60).optional(),
  sort: sortQuery(couponSortKeys),
});

export const cardBrand = z.enum(["visa", "mastercard", "amex", "discover", "unknown"]);
export const savedCard = z.object({
  id,
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder_name: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;
export const savedCardList = z.object({ data: z.array(savedCard) });
export const cardInput = z.object({
  /** From the provider's hosted form (sandbox token or Stripe PaymentMethod id). */
  token: z.string({ error: msg.required }).trim().min(1, { error: msg.required }).max(200),
  make_default: z.boolean().optional(),
});

/** What the sandbox's hosted form posts (the only place a card number is ever sent). */
export const sandboxCardInput = z.object({
  number: z
    .string({ error: msg.required })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "commerce.cardNumberInvalid" })),
  exp_month: z.coerce.number().int().min(1, { error: "commerce.cardExpiryInvalid" }).max(12, {
    error: "commerce.cardExpiryInvalid",
  }),
  exp_year: z.coerce.number().int().min(2000, { error: "commerce.cardExpiryInvalid" }).max(2100, {
    error: "commerce.cardExpiryInvalid",
  }),
  cvc: z.string().regex(/^\d{3,4}$/, { error: "commerce.cardCvcInvalid" }),
  holder_name: text(1, 120),
});
export const sandboxToken = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  holder_name: z.string(),
});
export const paymentsConfig = z.object({
  provider: z.enum(["sandbox", "stripe"]),
  publishable_key: z.string().nullable(),
  /** The hosted card form (sandbox) to put in an iframe. */
  form_url: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;
/** POST /iu/cards/setup: Stripe's SetupIntent client secret for Stripe.js (null with the sandbox). */
export const cardSetup = z.object({
  provider: paymentsConfig.shape.provider,
  client_secret: z.string().nullable(),
});
export type CardSetup = z.infer<typeof cardSetup>;

export const purchaseStatus = z.enum(["paid", "refunded", "partially_refunded"]);
/** One bought item (spec section 3 purchase fields), newest first. */
export const purchase = z.object({
  id: z.number().int(),
  order: z.number().int(),
  /** The public order number (`A-000123`) shown to the buyer instead of the internal id. */
  order_number: z.string().nullable(),
  transaction_id: z.string().nullable(),
  date: z.string(),
  amount: money,
  payment_type: paymentType,
  type: paymentType,
  item_id: z.number().int().nullable(),
  name: z.string(),
  name_lang: nameLang,
  name_title: nameTitle,
  number_of_items: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int().nullable(),
      type: paymentType,
      name: z.string(),
      name_lang: nameLang,
      name_title: nameTitle,
      amount: money,
      money: lineMoney,
    }),
  ),
  /** This entry's own line in the money model (its items apart). */
  money: lineMoney,
  /** The whole order's figures (an order's entries may span pages of the history). */
  order_figures: moneyFigures,
  shipping_address: z.string().nullable(),
  status: purchaseStatus,
  receipt_url: z.string(),
  /** Printed books: where the delivery stands (the shop's fulfilment), else absent. */
  fulfilment: purchaseFulfilment.nullable().optional(),
});
export type Purchase = z.infer<typeof purchase>;
export const purchaseList = paginated(purchase);

export const orderLine = z.object({
  id,
  parent_id: z.number().int().nullable(),
  type: paymentType,
  item_id: z.number().int().nullable(),
  name: z.string(),
  name_lang: nameLang,
  name_title: nameTitle,
  quantity: z.number().int(),
  unit_price: money,
  discount: money,
  paid: money,
  money: lineMoney,
  refunded: z.boolean(),
});
export const adminOrder = z.object({
  id,
  /** The public order number (`A-000123`); null for an order never paid (internal id only). */
  number: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  email: z.string().nullable(),
  status: orderStatus,
  subtotal: money,
  discount: money,
  credit: money,
  total: money,
  refunded: money,
  coupon_code: z.string().nullable(),
  salary_scale_percentage: z.number().nullable(),
  shipping_address: shippingAddressView.nullable(),
  transaction_id: z.string().nullable(),
  provider: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  figures: moneyFigures,
  lines: z.array(orderLine),
});
export type AdminOrder = z.infer<typeof adminOrder>;
/** An order in the back office's list: its lines counted, not listed. */
export const adminOrderRow = adminOrder.omit({ lines: true }).extend({ line_count: z.number().int() });
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderList = paginated(adminOrderRow);
export const orderSortKeys = ["number", "created_at", "buyer", "lines", "total", "status"] as const;
export const adminOrderQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: orderStatus.optional(),
  sort: sortQuery(orderSortKeys),
});

export const transaction = z.object({
  id,
  order_id: id,
  /** The order's public number (`A-000123`); null while it is not paid. */
  order_number: z.string().nullable(),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  email: z.string().nullable(),
  provider: z.string(),
  transaction_id: z.string(),
  amount: money,
  refunded: money,
  currency: z.string(),
  status: z.enum(["succeeded", "requires_action", "failed", "refunded", "partially_refunded"]),
  payment_types: z.array(paymentType),
  card: z.string().nullable(),
  created_at: z.string(),
});
export const transactionList = paginated(transaction);
export const transactionSortKeys = ["created_at", "reference", "buyer", "amount", "status"] as const;
export const transactionQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  sort: sortQuery(transactionSortKeys),
  status: transaction.shape.status.optional(),
  payment_type: paymentType.optional(),
  from: dateField.optional(),
  to: dateField.optional(),
});

export const refund = z.object({
  id,
  order_id: id,
  order_number: z.string().nullable(),
  /** full: this one refund gave back the whole order; partial: lines or an amount (the rest too). */
  kind: z.enum(["full", "partial"]),
  amount: money,
  line_ids: z.array(z.number().int()),
  reason: z.string(),
  provider_ref: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  order_status: orderStatus,
});
export const refundList = paginated(refund);
export const refundCreated = z.object({ message: z.string(), refund });
export type RefundCreated = z.infer<typeof refundCreated>;
export const refundInput = z
  .object({
    order_id: idParam,
    /** The lines to refund; omitted or empty (and no amount): every line not refunded yet (a full refund). */
    line_ids: z.array(idParam).max(200).optional(),
    /**
     * Instead of lines: an amount in pounds to give back (a goodwill or price-adjustment refund), at
     * most what is left to refund; what the order granted stays granted.
     */
    amount: z
      .number({ error: msg.required })
      .min(0.01, { error: msg.min(0.01, "entry.number") })
      .max(1_000_000, { error: msg.max(1_000_000, "entry.number") })
      .optional(),
    reason: text(3, commerceLimits.refundReasonMax),
  })
  .superRefine((v, ctx) => {
    if (v.amount !== undefined && v.line_ids?.length)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "commerce.refundAmountOrLines" });
    if (v.amount !== undefined && Math.abs(Math.round(v.amount * 100) - v.amount * 100) > 1e-6)
      ctx.addIssue({ code: "custom", path: ["amount"], message: msg.invalidCharacters });
  });

export const sponsorshipKind = z.enum(["amount", "course"]);
export const sponsorshipDraftInput = z
  .object({
    /** Email or username of the learner to sponsor. */
    recipient: text(1, 254),
    kind: sponsorshipKind,
    /** Pounds, whole or with pence (kind amount). */
    amount: z.number().optional(),
    course_id: idParam.optional(),
    message: optionalText(commerceLimits.sponsorshipMessageMax),
    /** Guests only: the sponsor's email for the receipt. */
    email: z.string().trim().max(254).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "course" && !v.course_id)
      ctx.addIssue({ code: "custom", path: ["course_id"], message: msg.required });
    if (v.kind === "amount") {
      if (v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: msg.required });
      else if (v.amount < commerceLimits.sponsorshipMinPounds)
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: msg.min(commerceLimits.sponsorshipMinPounds, "entry.number"),
        });
      else if (v.amount > commerceLimits.sponsorshipMaxPounds)
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: msg.max(commerceLimits.sponsorshipMaxPounds, "entry.number"),
        });
    }
  });
export const sponsorshipDraft = z.object({
  id,
  cart_item: z.object({ type: z.literal("sponsorship"), id, price: money, name: z.string() }),
  recipient: z.object({ username: z.string() }),
});
export const sponsorshipStatus = z.enum(["draft", "paid", "refunded"]);
export const sponsorshipItem = z.object({
  id,
  kind: sponsorshipKind,
  amount: money,
  course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  sponsor: z.object({ username: z.string().nullable(), email: z.string().nullable() }),
  recipient: z.object({ id: z.number().int(), username: z.string() }),
  message: z.string().nullable(),
  status: sponsorshipStatus,
  order_id: z.number().int().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export const mySponsorships = z.object({
  given: z.array(sponsorshipItem),
  received: z.array(sponsorshipItem),
  credit_balance: money,
});
export const sponsorshipList = paginated(sponsorshipItem);
export const adminSearchQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const refundSortKeys = ["created_at", "order", "amount", "by"] as const;
export type RefundSortKey = (typeof refundSortKeys)[number];
export const refundListQuery = adminSearchQuery.extend({ sort: sortQuery(refundSortKeys) });
export const sponsorshipSortKeys = ["date", "sponsor", "recipient", "amount", "status"] as const;
export type SponsorshipSortKey = (typeof sponsorshipSortKeys)[number];
export const sponsorshipListQuery = adminSearchQuery.extend({ sort: sortQuery(sponsorshipSortKeys) });

/** The header checkout requires. */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string({ error: messageKey("commerce.idempotencyKeyRequired") })
    .min(commerceLimits.idempotencyKeyMin, { error: "commerce.idempotencyKeyRequired" })
    .max(commerceLimits.idempotencyKeyMax, { error: "commerce.idempotencyKeyRequired" }),
});
