/**
 * The shop: e-books, e-notes and printed books with bindings and stock, shop categories,
 * distributors, stock requests, shipping addresses and the fulfilment of physical orders.
 * Money travels in pounds with 2 decimals (pence where exactness matters).
 *
 * Anyone (the learner pages /iu/shop...):
 *   GET  /shop/products?view=all|available|top&category_id=&kind=&q=&page=&per_page=  -> productList
 *   GET  /shop/products/{id}                    -> productDetail (bindings with their stock)
 *   GET  /shop/products/{id}/image              the cover image
 *   GET  /shop/categories                       -> shopCategoryList (active ones)
 * Administrator with isPhysicalProductManager (25), every call (others: 403):
 *   GET|POST /af/products, GET|PUT|DELETE /af/products/{id}           products with their bindings
 *   POST|DELETE /af/products/{id}/image              the cover (multipart `image`: JPEG, PNG or WebP, 2 MB)
 *   PUT  /af/products/{id}/bindings/{bindingId}/stock  stockAdjustmentInput (audited)
 *   GET  /af/products-overview                  stock levels per binding (low stock first)
 *   GET|POST /af/shop-categories, PUT|DELETE /af/shop-categories/{id}
 *   GET|POST /af/shop-distributors, PUT|DELETE /af/shop-distributors/{id}
 *   GET|POST /af/stock-requests, POST /af/stock-requests/{id}/receive, POST /af/stock-requests/{id}/cancel
 *   GET  /af/shipments?status=                  physical orders to fulfil
 *   PUT  /af/shipments/{orderId}                shipmentUpdateInput (packed, shipped + tracking, delivered)
 * Cart: a printed book is `{ type: "physical_product", id: productId, quantity, productMetas: { binding } }`;
 * an e-book or e-notes product is its commerce notes offer: `{ type: "ebook", id: notesOfferId }`.
 */
import { z } from "zod";
import { MB } from "../domain/constants";
import { sortQuery } from "./common";
import { idParam, msg, optionalId, optionalText, text } from "./validators";

export const productKinds = ["printed_book", "ebook", "enotes"] as const;
export type ProductKindValue = (typeof productKinds)[number];
export const productStatuses = ["draft", "published", "archived"] as const;
export const bookBindings = ["paperback", "hardcover", "spiral"] as const;
export type BookBinding = (typeof bookBindings)[number];
export const shopViews = ["all", "available", "top"] as const;
export const fulfilmentStatuses = ["paid", "packed", "shipped", "delivered", "refunded"] as const;
export type FulfilmentStatusValue = (typeof fulfilmentStatuses)[number];
export const stockRequestStatuses = ["requested", "received", "cancelled"] as const;

export const shopLimits = {
  quantityMax: 99,
  lowStock: 5,
  stockMax: 100_000,
  requestMax: 10_000,
  priceMaxPounds: 10_000,
  titleMax: 200,
  authorsMax: 300,
  descriptionMax: 5_000,
  cityMin: 2,
  cityMax: 60,
  trackingMin: 4,
  trackingMax: 60,
  imageMaxBytes: 2 * MB,
  /** Shipping: the first copy, then each further copy (pence). */
  shippingFirstPence: 399,
  shippingEachPence: 150,
} as const;

/** Countries we ship to, with the postal code format of each (upper-cased, spaces normalised). */
export const shippingCountries: Record<string, RegExp> = {
  GB: /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/,
  IE: /^[A-Z][0-9]{2} ?[A-Z0-9]{4}$/,
  ES: /^(0[1-9]|[1-4][0-9]|5[0-2])[0-9]{3}$/,
  PT: /^[0-9]{4}-[0-9]{3}$/,
  FR: /^[0-9]{5}$/,
  DE: /^[0-9]{5}$/,
  IT: /^[0-9]{5}$/,
  NL: /^[1-9][0-9]{3} ?[A-Z]{2}$/,
  BE: /^[1-9][0-9]{3}$/,
  US: /^[0-9]{5}(-[0-9]{4})?$/,
  MX: /^[0-9]{5}$/,
};
export const shippingCountryCodes = Object.keys(shippingCountries);

/** The shop's rules on a shipping address: a country we ship to, its postal code format, city bounds. */
export function shippingAddressProblems(a: {
  country: string;
  postal_code: string;
  city: string;
}): Partial<Record<"country" | "postal_code" | "city", string>> {
  const problems: Partial<Record<"country" | "postal_code" | "city", string>> = {};
  const country = a.country.trim().toUpperCase();
  const format = shippingCountries[country];
  if (!format) problems.country = "shop.countryNotShipped";
  else if (!format.test(a.postal_code.trim().toUpperCase().replace(/\s+/g, " ")))
    problems.postal_code = "shop.postalCodeInvalid";
  const city = a.city.trim();
  if (city.length < shopLimits.cityMin) problems.city = msg.min(shopLimits.cityMin);
  else if (city.length > shopLimits.cityMax) problems.city = msg.max(shopLimits.cityMax);
  else if (!/^[\p{L}][\p{L}\p{M} .'’-]*$/u.test(city)) problems.city = msg.invalidCharacters;
  return problems;
}

/** Shipping in pence for a number of printed copies (0 copies: nothing). */
export const shippingPenceFor = (copies: number) =>
  copies <= 0 ? 0 : shopLimits.shippingFirstPence + (copies - 1) * shopLimits.shippingEachPence;

const id = z.number().int().positive();
const money = z.number();

export const productBindingOut = z.object({
  id,
  binding: z.enum(bookBindings),
  /** The price of this binding: list price minus its book binding discount. */
  price: money,
  book_binding_discount: money,
  stock: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductBindingOut = z.infer<typeof productBindingOut>;

export const productCard = z.object({
  id,
  kind: z.enum(productKinds),
  title: z.string(),
  authors: z.string(),
  /** The lowest price it can be bought at. */
  price: money,
  image_url: z.string().nullable(),
  cover_color: z.string(),
  category: z.object({ id, name: z.string() }).nullable(),
  in_stock: z.boolean(),
  /** Copies left over every binding (printed books), null for digital products. */
  stock: z.number().int().nullable(),
  sold: z.number().int(),
});
export type ProductCard = z.infer<typeof productCard>;

export const productDetail = productCard.extend({
  description: z.string(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  list_price: money,
  bindings: z.array(productBindingOut),
  /** Digital products: the commerce notes offer that sells them (cart item type `ebook`). */
  notes_offer_id: z.number().int().nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const productList = z.object({
  data: z.array(productCard),
  next_page_url: z.string().nullable(),
  total: z.number().int(),
});
export type ProductList = z.infer<typeof productList>;

export const productListQuery = z.object({
  // Unknown filter values are refused (422), never silently read as "all".
  view: z.enum(shopViews).default("all"),
  kind: z.enum(productKinds).optional(),
  category_id: optionalId,
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(48).default(24),
});

export const shopCategoryOut = z.object({
  id,
  name: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  product_count: z.number().int(),
});
export const shopCategoryList = z.object({ data: z.array(shopCategoryOut) });
export type ShopCategoryOut = z.infer<typeof shopCategoryOut>;
export const shopCategoryInput = z.object({
  name_en: text(2, 80),
  name_es: text(2, 80),
  position: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type ShopCategoryInput = z.infer<typeof shopCategoryInput>;
/** What a back-office create or save answers (a category, a distributor, a stock request). */
export const shopSaved = z.object({ id, message: z.string() });
export type ShopSaved = z.infer<typeof shopSaved>;

export const distributorOut = z.object({
  id,
  name: z.string(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  active: z.boolean(),
  product_count: z.number().int(),
});
export const distributorList = z.object({ data: z.array(distributorOut) });
export type DistributorOut = z.infer<typeof distributorOut>;
const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: msg.max(254) })
  .refine((v) => v === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: msg.email })
  .transform((v) => v || null)
  .nullable()
  .optional();
export const distributorInput = z.object({
  name: text(2, 120),
  contact_name: optionalText(120).nullable(),
  email: optionalEmail,
  phone: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\+[1-9][0-9]{7,14}$/.test(v), { error: msg.phone })
    .transform((v) => v || null)
    .nullable()
    .optional(),
  country: z
    .string()
    .trim()
    .refine((v) => v === "" || /^[A-Za-z]{2}$/.test(v), { error: msg.oneOf })
    .transform((v) => (v ? v.toUpperCase() : null))
    .nullable()
    .optional(),
  active: z.boolean().default(true),
});
export type DistributorInput = z.input<typeof distributorInput>;

const pounds = (max: number) =>
  z
    .number({ error: msg.required })
    .min(0, { error: msg.min(0, "entry.number") })
    .max(max, { error: msg.max(max, "entry.number") })
    .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), { error: "shop.priceDecimals" });

export const bindingInput = z.object({
  binding: z.enum(bookBindings, { error: "shop.bindingUnknown" }),
  book_binding_discount: pounds(shopLimits.priceMaxPounds).default(0),
  /** Only when creating the binding: later stock moves through adjustments and stock requests. */
  initial_stock: z
    .number()
    .int()
    .min(0, { error: "shop.quantityNegative" })
    .max(shopLimits.stockMax, { error: msg.max(shopLimits.stockMax, "entry.number") })
    .default(0),
  active: z.boolean().default(true),
});

export const productInput = z
  .object({
    kind: z.enum(productKinds, { error: msg.oneOf }),
    title_en: text(2, shopLimits.titleMax),
    title_es: text(2, shopLimits.titleMax),
    authors: text(2, shopLimits.authorsMax),
    description_en: optionalText(shopLimits.descriptionMax),
    description_es: optionalText(shopLimits.descriptionMax),
    isbn: z
      .string()
      .trim()
      .refine((v) => v === "" || /^(97[89])?[0-9]{9}[0-9X]$/.test(v.replace(/-/g, "")), {
        error: "shop.isbnInvalid",
      })
      .transform((v) => v || null)
      .nullable()
      .optional(),
    pages: z.number().int().min(1).max(10_000).nullable().optional(),
    cover_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: msg.oneOf })
      .default("#2563eb"),
    category_id: idParam.nullable().optional(),
    distributor_id: idParam.nullable().optional(),
    price: pounds(shopLimits.priceMaxPounds).default(0),
    notes_offer_id: idParam.nullable().optional(),
    status: z.enum(productStatuses).default("draft"),
    bindings: z.array(bindingInput).max(3).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "printed_book") {
      if (v.price <= 0) ctx.addIssue({ code: "custom", path: ["price"], message: "shop.priceRequired" });
      if (v.bindings.length === 0)
        ctx.addIssue({ code: "custom", path: ["bindings"], message: "shop.bindingRequired" });
      const seen = new Set<string>();
      v.bindings.forEach((b, i) => {
        if (seen.has(b.binding))
          ctx.addIssue({
            code: "custom",
            path: ["bindings", i, "binding"],
            message: "shop.bindingDuplicate",
          });
        seen.add(b.binding);
        if (b.book_binding_discount >= v.price)
          ctx.addIssue({
            code: "custom",
            path: ["bindings", i, "book_binding_discount"],
            message: "shop.discountTooLarge",
          });
      });
    } else if (!v.notes_offer_id)
      ctx.addIssue({ code: "custom", path: ["notes_offer_id"], message: "shop.offerRequired" });
  });
export type ProductInput = z.input<typeof productInput>;

export const adminProduct = z.object({
  id,
  kind: z.enum(productKinds),
  title_en: z.string(),
  title_es: z.string(),
  authors: z.string(),
  description_en: z.string(),
  description_es: z.string(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  cover_color: z.string(),
  image_url: z.string().nullable(),
  category_id: z.number().int().nullable(),
  distributor_id: z.number().int().nullable(),
  price: money,
  notes_offer_id: z.number().int().nullable(),
  status: z.enum(productStatuses),
  sold: z.number().int(),
  bindings: z.array(
    z.object({
      id,
      binding: z.enum(bookBindings),
      book_binding_discount: money,
      stock: z.number().int(),
      active: z.boolean(),
    }),
  ),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
export const adminProductList = z.object({
  data: z.array(adminProduct.omit({ description_en: true, description_es: true })),
  next_page_url: z.string().nullable(),
  total: z.number().int(),
});
export const adminProductSortKeys = ["title", "kind", "price", "sold", "status", "updated_at"] as const;
export type AdminProductSortKey = (typeof adminProductSortKeys)[number];
export const adminProductQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: sortQuery(adminProductSortKeys),
  status: z.enum(productStatuses).optional(),
  kind: z.enum(productKinds).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
/** Notes offers a digital product can be sold through. */
export const notesOfferChoices = z.object({
  data: z.array(z.object({ id, name: z.string(), price: money })),
});

export const stockAdjustmentInput = z.object({
  stock: z
    .number({ error: msg.required })
    .int()
    .min(0, { error: "shop.quantityNegative" })
    .max(shopLimits.stockMax, { error: msg.max(shopLimits.stockMax, "entry.number") }),
  reason: text(3, 200),
});
/** A binding's stock after an adjustment. */
export const stockAdjusted = z.object({ stock: z.number().int() });

export const stockLevel = z.object({
  product_id: id,
  binding_id: id,
  title: z.string(),
  binding: z.enum(bookBindings),
  stock: z.number().int(),
  low: z.boolean(),
  sold: z.number().int(),
  requested: z.number().int(),
  distributor: z.object({ id, name: z.string() }).nullable(),
  status: z.enum(productStatuses),
});
export const stockOverview = z.object({
  data: z.array(stockLevel),
  totals: z.object({ copies: z.number().int(), low: z.number().int(), out: z.number().int() }),
});
export type StockLevel = z.infer<typeof stockLevel>;

export const stockRequestOut = z.object({
  id,
  product_id: z.number().int(),
  binding_id: z.number().int(),
  title: z.string(),
  binding: z.enum(bookBindings),
  distributor: z.object({ id, name: z.string() }).nullable(),
  quantity: z.number().int(),
  received_quantity: z.number().int().nullable(),
  status: z.enum(stockRequestStatuses),
  note: z.string().nullable(),
  requested_by: z.string().nullable(),
  received_by: z.string().nullable(),
  created_at: z.string(),
  received_at: z.string().nullable(),
});
export type StockRequestOut = z.infer<typeof stockRequestOut>;
export const stockRequestList = z.object({ data: z.array(stockRequestOut) });
export const stockRequestQuery = z.object({
  status: z.enum(stockRequestStatuses).optional(),
});
export const stockRequestInput = z.object({
  binding_id: idParam,
  distributor_id: idParam,
  quantity: z
    .number({ error: msg.required })
    .int()
    .min(1, { error: "shop.quantityNegative" })
    .max(shopLimits.requestMax, { error: msg.max(shopLimits.requestMax, "entry.number") }),
  note: optionalText(500).nullable(),
});
export const stockReceiveInput = z.object({
  received_quantity: z
    .number({ error: msg.required })
    .int()
    .min(0, { error: "shop.quantityNegative" })
    .max(shopLimits.requestMax, { error: msg.max(shopLimits.requestMax, "entry.number") }),
});

export const shipmentOut = z.object({
  order_id: id,
  user: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  status: z.enum(fulfilmentStatuses),
  carrier: z.string().nullable(),
  tracking_reference: z.string().nullable(),
  address: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), binding: z.string().nullable() })),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
});
export type ShipmentOut = z.infer<typeof shipmentOut>;
export const shipmentList = z.object({ data: z.array(shipmentOut) });
export const shipmentSortKeys = ["order", "learner", "status", "shipped_at"] as const;
export type ShipmentSortKey = (typeof shipmentSortKeys)[number];
export const shipmentQuery = z.object({
  status: z.enum(fulfilmentStatuses).optional(),
  sort: sortQuery(shipmentSortKeys),
});
export const shipmentUpdateInput = z
  .object({
    status: z.enum(["packed", "shipped", "delivered"], { error: msg.oneOf }),
    carrier: optionalText(60).nullable(),
    tracking_reference: z
      .string()
      .trim()
      .max(shopLimits.trackingMax, { error: msg.max(shopLimits.trackingMax) })
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "shipped" && (v.tracking_reference ?? "").length < shopLimits.trackingMin)
      ctx.addIssue({ code: "custom", path: ["tracking_reference"], message: "shop.trackingRequired" });
  });

/** What the purchase history shows of a physical order's delivery. */
export const purchaseFulfilment = z.object({
  status: z.enum(fulfilmentStatuses),
  carrier: z.string().nullable(),
  tracking_reference: z.string().nullable(),
});
