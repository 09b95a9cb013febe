/**
 * The shop: shop categories, distributors, products (printed books sold by binding with
 * stock per binding; e-books and e-notes sold through a commerce notes offer), the stock ledger,
 * stock requests to distributors, and the fulfilment of physical orders. Texts in English and
 * Spanish side by side; money in pence. Stock can never go below zero (CHECK), and is only taken by
 * one conditional UPDATE in the checkout transaction.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { notesOffers, orders } from "./commerce";

const createdAt = timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp({ withTimezone: true }).notNull().defaultNow();

export const shopCategories = pgTable(
  "shop_categories",
  {
    id: serial().primaryKey(),
    nameEn: varchar({ length: 80 }).notNull(),
    nameEs: varchar({ length: 80 }).notNull(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [index("shop_categories_position_idx").on(t.position, t.id)],
);

export const shopDistributors = pgTable("shop_distributors", {
  id: serial().primaryKey(),
  name: varchar({ length: 120 }).notNull(),
  contactName: varchar({ length: 120 }),
  email: varchar({ length: 254 }),
  phone: varchar({ length: 20 }),
  /** ISO 3166-1 alpha-2. */
  country: varchar({ length: 2 }),
  active: boolean().notNull().default(true),
  createdAt,
  updatedAt,
});

export const productKinds = ["printed_book", "ebook", "enotes"] as const;
export type ProductKind = (typeof productKinds)[number];
export const productStatuses = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const products = pgTable(
  "products",
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 20 }).$type<ProductKind>().notNull(),
    titleEn: varchar({ length: 200 }).notNull(),
    titleEs: varchar({ length: 200 }).notNull(),
    authors: varchar({ length: 300 }).notNull(),
    descriptionEn: text().notNull().default(""),
    descriptionEs: text().notNull().default(""),
    isbn: varchar({ length: 17 }),
    pages: integer(),
    /** Storage key of the cover image; `imageVersion` busts caches. */
    imageKey: varchar({ length: 200 }),
    imageVersion: integer().notNull().default(0),
    /** A cover colour used when there is no image (CSS hex). */
    coverColor: varchar({ length: 7 }).notNull().default("#2563eb"),
    categoryId: integer().references(() => shopCategories.id, { onDelete: "set null" }),
    distributorId: integer().references(() => shopDistributors.id, { onDelete: "set null" }),
    /** List price of a printed book (each binding may take its discount off it). */
    pricePence: integer().notNull().default(0),
    /** Digital products are sold through a commerce e-notes offer (cart item type `ebook`). */
    notesOfferId: integer().references(() => notesOffers.id, { onDelete: "set null" }),
    status: varchar({ length: 12 }).$type<ProductStatus>().notNull().default("draft"),
    /** Copies sold (paid minus refunded), for the best sellers. */
    soldCount: integer().notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("products_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("products_sold_idx").on(t.soldCount.desc().nullsFirst(), t.id),
    index("products_category_idx").on(t.categoryId),
    check("products_kind_check", sql`${t.kind} IN ('printed_book', 'ebook', 'enotes')`),
    check("products_status_check", sql`${t.status} IN ('draft', 'published', 'archived')`),
    check("products_price_check", sql`${t.pricePence} >= 0`),
    check("products_sold_check", sql`${t.soldCount} >= 0`),
  ],
);

export const bindings = ["paperback", "hardcover", "spiral"] as const;
export type Binding = (typeof bindings)[number];

/** A printed book's binding: its own discount on the list price and its own stock (never negative). */
export const productBindings = pgTable(
  "product_bindings",
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    binding: varchar({ length: 12 }).$type<Binding>().notNull(),
    /** The book binding discount, in pence off the list price. */
    discountPence: integer().notNull().default(0),
    stock: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("product_bindings_unique").on(t.productId, t.binding),
    check("product_bindings_stock_check", sql`${t.stock} >= 0`),
    check("product_bindings_discount_check", sql`${t.discountPence} >= 0`),
    check("product_bindings_binding_check", sql`${t.binding} IN ('paperback', 'hardcover', 'spiral')`),
  ],
);

export const stockRequestStatuses = ["requested", "received", "cancelled"] as const;
export type StockRequestStatus = (typeof stockRequestStatuses)[number];

/** Copies asked of a distributor; receiving them adds them to the binding's stock. */
export const stockRequests = pgTable(
  "stock_requests",
  {
    id: serial().primaryKey(),
    productBindingId: integer()
      .notNull()
      .references(() => productBindings.id, { onDelete: "cascade" }),
    distributorId: integer().references(() => shopDistributors.id, { onDelete: "set null" }),
    quantity: integer().notNull(),
    receivedQuantity: integer(),
    status: varchar({ length: 12 }).$type<StockRequestStatus>().notNull().default("requested"),
    note: varchar({ length: 500 }),
    requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    receivedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt,
    receivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("stock_requests_status_idx").on(t.status, t.id.desc().nullsFirst()),
    check("stock_requests_quantity_check", sql`${t.quantity} > 0 AND ${t.quantity} <= 10000`),
    check("stock_requests_status_check", sql`${t.status} IN ('requested', 'received', 'cancelled')`),
  ],
);

export const stockMovementReasons = ["sale", "refund", "receipt", "adjustment"] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/** Every stock change, whoever made it (checkout, refund, an administrator). */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial().primaryKey(),
    productBindingId: integer()
      .notNull()
      .references(() => productBindings.id, { onDelete: "cascade" }),
    change: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: varchar({ length: 12 }).$type<StockMovementReason>().notNull(),
    orderId: integer(),
    stockRequestId: integer(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt,
  },
  (t) => [index("stock_movements_binding_idx").on(t.productBindingId, t.id.desc().nullsFirst())],
);

export const fulfilmentStatuses = ["paid", "packed", "shipped", "delivered", "refunded"] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** The delivery of an order's printed books. */
export const shipments = pgTable(
  "shipments",
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    status: varchar({ length: 12 }).$type<FulfilmentStatus>().notNull().default("paid"),
    carrier: varchar({ length: 60 }),
    trackingReference: varchar({ length: 60 }),
    packedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("shipments_status_idx").on(t.status, t.orderId.desc().nullsFirst()),
    check(
      "shipments_status_check",
      sql`${t.status} IN ('paid', 'packed', 'shipped', 'delivered', 'refunded')`,
    ),
    check(
      "shipments_tracking_check",
      sql`${t.status} NOT IN ('shipped', 'delivered') OR ${t.trackingReference} IS NOT NULL`,
    ),
  ],
);
