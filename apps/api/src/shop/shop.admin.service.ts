/**
 * The shop's back office (isPhysicalProductManager): products with their bindings, shop categories,
 * distributors, stock levels, stock adjustments and stock requests. Every change is written with its
 * audit record in the same transaction; every stock change also leaves a `stock_movements` row.
 */
import type {
  AdminProduct,
  bindingInput,
  distributorInput,
  productInput,
  StockLevel,
  StockRequestOut,
  shopCategoryInput,
} from "@aprendo/contract";
import { type AdminProductSortKey, shopLimits } from "@aprendo/contract";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit";
import { auditedDelete, auditedInsert, auditedSave, lockRow } from "../audit/audited-crud";
import type { Db, DbOrTx } from "../db/client";
import {
  courseModules,
  courses,
  notesOffers,
  orderLines,
  productBindings,
  products,
  shopCategories,
  shopDistributors,
  stockRequests,
  users,
} from "../db/schema/index";
import { transaction } from "../db/transaction";
import { AppError } from "../http/errors";
import { containsPattern, pageOffset } from "../http/paging";
import { listOrder } from "../http/sorting";
import { localizedText, pounds, productImageUrl } from "./shop.service";
import { moveStock } from "./stock";

type ProductRow = typeof products.$inferSelect;
type BindingRow = typeof productBindings.$inferSelect;
const toPence = (value: number) => Math.round(value * 100);

const categoryResource = {
  table: shopCategories,
  entity: "shop_category",
  notFound: "shop.categoryNotFound",
};
const distributorResource = {
  table: shopDistributors,
  entity: "shop_distributor",
  notFound: "shop.distributorNotFound",
};
const productResource = { table: products, entity: "product", notFound: "shop.productNotFound" };
const stockRequestResource = {
  table: stockRequests,
  entity: "stock_request",
  notFound: "shop.stockRequestNotFound",
};

/* ------------------------------------------------------------ categories */

export async function adminCategories(db: DbOrTx) {
  const rows = await db
    .select({
      category: shopCategories,
      n: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.categoryId} = ${shopCategories.id})`,
    })
    .from(shopCategories)
    .orderBy(asc(shopCategories.position), asc(shopCategories.id));
  return rows.map(({ category: c, n }) => ({
    id: c.id,
    name: c.nameEn,
    name_en: c.nameEn,
    name_es: c.nameEs,
    position: c.position,
    active: c.active,
    product_count: n,
  }));
}

export async function saveCategory(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: z.output<typeof shopCategoryInput>,
) {
  const values = {
    nameEn: input.name_en,
    nameEs: input.name_es,
    position: input.position,
    active: input.active,
  };
  return transaction(db, (tx) => auditedSave(tx, actor, categoryResource, id, values));
}

export async function deleteCategory(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const before = await lockRow(tx, categoryResource, id);
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if ((used?.n ?? 0) > 0) throw new AppError("conflict", "shop.categoryInUse");
    await auditedDelete(tx, actor, categoryResource, before);
  });
}

/* ---------------------------------------------------------- distributors */

export async function adminDistributors(db: DbOrTx) {
  const rows = await db
    .select({
      d: shopDistributors,
      n: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.distributorId} = ${shopDistributors.id})`,
    })
    .from(shopDistributors)
    .orderBy(asc(shopDistributors.name), asc(shopDistributors.id));
  return rows.map(({ d, n }) => ({
    id: d.id,
    name: d.name,
    contact_name: d.contactName,
    email: d.email,
    phone: d.phone,
    country: d.country,
    active: d.active,
    product_count: n,
  }));
}

export async function saveDistributor(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: z.output<typeof distributorInput>,
) {
  const values = {
    name: input.name,
    contactName: input.contact_name || null,
    email: input.email ?? null,
    phone: input.phone ?? null,
    country: input.country ?? null,
    active: input.active,
  };
  return transaction(db, (tx) => auditedSave(tx, actor, distributorResource, id, values));
}

export async function deleteDistributor(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const before = await lockRow(tx, distributorResource, id);
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.distributorId, id));
    const [asked] = await tx
      .select({ n: count() })
      .from(stockRequests)
      .where(eq(stockRequests.distributorId, id));
    if ((used?.n ?? 0) + (asked?.n ?? 0) > 0) throw new AppError("conflict", "shop.distributorInUse");
    await auditedDelete(tx, actor, distributorResource, before);
  });
}

/* -------------------------------------------------------------- products */

function presentAdmin(p: ProductRow, options: BindingRow[]): AdminProduct {
  return {
    id: p.id,
    kind: p.kind,
    title_en: p.titleEn,
    title_es: p.titleEs,
    authors: p.authors,
    description_en: p.descriptionEn,
    description_es: p.descriptionEs,
    isbn: p.isbn,
    pages: p.pages,
    cover_color: p.coverColor,
    image_url: productImageUrl(p),
    category_id: p.categoryId,
    distributor_id: p.distributorId,
    price: pounds(p.pricePence),
    notes_offer_id: p.notesOfferId,
    status: p.status,
    sold: p.soldCount,
    bindings: options
      .sort((a, b) => a.id - b.id)
      .map((o) => ({
        id: o.id,
        binding: o.binding,
        book_binding_discount: pounds(o.discountPence),
        stock: o.stock,
        active: o.active,
      })),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function adminProducts(
  db: DbOrTx,
  query: {
    q?: string | undefined;
    status?: ProductRow["status"] | undefined;
    kind?: ProductRow["kind"] | undefined;
    sort?: AdminProductSortKey | `-${AdminProductSortKey}` | undefined;
    page: number;
    per_page: number;
  },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.kind) conditions.push(eq(products.kind, query.kind));
  if (query.q) {
    const like = containsPattern(query.q);
    conditions.push(
      or(ilike(products.titleEn, like), ilike(products.titleEs, like), ilike(products.authors, like))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(
      ...listOrder(
        query.sort,
        {
          title: sql`lower(${products.titleEn})`,
          kind: products.kind,
          price: products.pricePence,
          sold: products.soldCount,
          status: products.status,
          updated_at: products.updatedAt,
        },
        products.id,
        [desc(products.updatedAt), desc(products.id)],
      ),
    )
    .limit(query.per_page)
    .offset(pageOffset(query));
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const ids = rows.map((r) => r.id);
  const options = ids.length
    ? await db.select().from(productBindings).where(inArray(productBindings.productId, ids))
    : [];
  const offerIds = rows.map((r) => r.notesOfferId).filter((v): v is number => v !== null);
  const offers = offerIds.length
    ? await db
        .select({ id: notesOffers.id, price: notesOffers.pricePence })
        .from(notesOffers)
        .where(inArray(notesOffers.id, offerIds))
    : [];
  return {
    rows: rows.map((p) => {
      const {
        description_en: _en,
        description_es: _es,
        ...rest
      } = presentAdmin(
        p,
        options.filter((o) => o.productId === p.id),
      );
      // A digital product costs what its notes offer costs.
      const offer = offers.find((o) => o.id === p.notesOfferId);
      return offer ? { ...rest, price: pounds(offer.price) } : rest;
    }),
    total: total?.n ?? 0,
  };
}

export async function adminProduct(db: DbOrTx, id: number) {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) throw new AppError("not_found", "shop.productNotFound");
  const options = await db.select().from(productBindings).where(eq(productBindings.productId, id));
  return presentAdmin(p, options);
}

async function checkReferences(tx: DbOrTx, input: z.output<typeof productInput>) {
  if (input.category_id) {
    const [c] = await tx
      .select({ id: shopCategories.id })
      .from(shopCategories)
      .where(eq(shopCategories.id, input.category_id));
    if (!c) throw AppError.field("category_id", "shop.categoryNotFound");
  }
  if (input.distributor_id) {
    const [d] = await tx
      .select({ id: shopDistributors.id })
      .from(shopDistributors)
      .where(eq(shopDistributors.id, input.distributor_id));
    if (!d) throw AppError.field("distributor_id", "shop.distributorNotFound");
  }
  if (input.kind !== "printed_book" && input.notes_offer_id) {
    const [o] = await tx
      .select({ id: notesOffers.id })
      .from(notesOffers)
      .where(eq(notesOffers.id, input.notes_offer_id));
    if (!o) throw AppError.field("notes_offer_id", "shop.offerNotFound");
  }
}

const productValues = (input: z.output<typeof productInput>) => ({
  kind: input.kind,
  titleEn: input.title_en,
  titleEs: input.title_es,
  authors: input.authors,
  descriptionEn: input.description_en ?? "",
  descriptionEs: input.description_es ?? "",
  isbn: input.isbn ?? null,
  pages: input.pages ?? null,
  coverColor: input.cover_color,
  categoryId: input.category_id ?? null,
  distributorId: input.distributor_id ?? null,
  pricePence: input.kind === "printed_book" ? toPence(input.price) : 0,
  notesOfferId: input.kind === "printed_book" ? null : (input.notes_offer_id ?? null),
  status: input.status,
});

export async function createProduct(db: Db, actor: AuditActor, input: z.output<typeof productInput>) {
  return transaction(db, async (tx) => {
    await checkReferences(tx, input);
    const [row] = await tx.insert(products).values(productValues(input)).returning();
    const productId = row!.id;
    if (input.kind === "printed_book")
      for (const b of input.bindings) await addBinding(tx, actor, productId, b, actor.userId);
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: productId,
      after: row!,
    });
    return productId;
  });
}

async function addBinding(
  tx: DbOrTx,
  actor: AuditActor,
  productId: number,
  b: z.output<typeof bindingInput>,
  actorId: number,
) {
  const [created] = await tx
    .insert(productBindings)
    .values({
      productId,
      binding: b.binding,
      discountPence: toPence(b.book_binding_discount),
      active: b.active,
    })
    .returning();
  if (b.initial_stock > 0) {
    await moveStock(tx, created!.id, b.initial_stock, { reason: "adjustment", actorId });
    await recordAudit(tx, actor, {
      action: "stock.adjust",
      entity: "product_binding",
      entityId: created!.id,
      before: { stock: 0 },
      after: { stock: b.initial_stock, reason: "initial stock" },
    });
  }
}

export async function updateProduct(
  db: Db,
  actor: AuditActor,
  id: number,
  input: z.output<typeof productInput>,
) {
  await transaction(db, async (tx) => {
    const before = await lockRow(tx, productResource, id);
    await checkReferences(tx, input);
    const [after] = await tx
      .update(products)
      .set({ ...productValues(input), kind: before.kind, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    if (before.kind === "printed_book") {
      const existing = await tx.select().from(productBindings).where(eq(productBindings.productId, id));
      for (const b of input.bindings) {
        const found = existing.find((e) => e.binding === b.binding);
        if (found)
          await tx
            .update(productBindings)
            .set({ discountPence: toPence(b.book_binding_discount), active: b.active, updatedAt: new Date() })
            .where(eq(productBindings.id, found.id));
        else await addBinding(tx, actor, id, b, actor.userId);
      }
      // A binding left out of the form is deactivated (its stock and sales history stay).
      for (const e of existing)
        if (!input.bindings.some((b) => b.binding === e.binding) && e.active)
          await tx
            .update(productBindings)
            .set({ active: false, updatedAt: new Date() })
            .where(eq(productBindings.id, e.id));
    }
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: id,
      before,
      after: after!,
    });
  });
}

/** Deletes a product never sold; one with sales is archived instead (its orders keep pointing at it). */
export async function deleteProduct(db: Db, actor: AuditActor, id: number): Promise<"deleted" | "archived"> {
  return transaction(db, async (tx) => {
    const before = await lockRow(tx, productResource, id);
    const [sold] = await tx
      .select({ n: count() })
      .from(orderLines)
      .where(and(eq(orderLines.type, "physical_product"), eq(orderLines.itemId, id)));
    if ((sold?.n ?? 0) > 0 || before.soldCount > 0) {
      await tx.update(products).set({ status: "archived", updatedAt: new Date() }).where(eq(products.id, id));
      await recordAudit(tx, actor, {
        action: "product.archive",
        entity: "product",
        entityId: id,
        before,
        after: { ...before, status: "archived" },
      });
      return "archived";
    }
    await auditedDelete(tx, actor, productResource, before);
    return "deleted";
  });
}

export async function notesOfferChoices(db: DbOrTx) {
  const rows = await db
    .select({
      id: notesOffers.id,
      price: notesOffers.pricePence,
      course: courses.titleEn,
      module: courseModules.titleEn,
    })
    .from(notesOffers)
    .innerJoin(courses, eq(courses.id, notesOffers.courseId))
    .leftJoin(courseModules, eq(courseModules.id, notesOffers.moduleId))
    .where(eq(notesOffers.active, true))
    .orderBy(asc(notesOffers.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.module ? `${r.course} · ${r.module}` : r.course,
    price: pounds(r.price),
  }));
}

/* ----------------------------------------------------------------- stock */

/** Sets a binding's stock after a count (audited, with the reason). */
export async function adjustStock(
  db: Db,
  actor: AuditActor,
  productId: number,
  bindingId: number,
  input: { stock: number; reason: string },
) {
  return transaction(db, async (tx) => {
    const [binding] = await tx
      .select()
      .from(productBindings)
      .where(and(eq(productBindings.id, bindingId), eq(productBindings.productId, productId)))
      .for("update");
    if (!binding) throw new AppError("not_found", "shop.bindingNotFound");
    const change = input.stock - binding.stock;
    if (change !== 0) await moveStock(tx, bindingId, change, { reason: "adjustment", actorId: actor.userId });
    await recordAudit(tx, actor, {
      action: "stock.adjust",
      entity: "product_binding",
      entityId: bindingId,
      before: { stock: binding.stock },
      after: { stock: input.stock, reason: input.reason },
    });
    return input.stock;
  });
}

export async function stockOverview(db: DbOrTx, language: "en" | "es") {
  const rows = await db
    .select({
      product: products,
      binding: productBindings,
      distributor: { id: shopDistributors.id, name: shopDistributors.name },
      requested: sql<number>`(SELECT coalesce(sum(${stockRequests.quantity}), 0)::int FROM ${stockRequests}
        WHERE ${stockRequests.productBindingId} = ${productBindings.id} AND ${stockRequests.status} = 'requested')`,
      sold: sql<number>`(SELECT coalesce(-sum(change), 0)::int FROM stock_movements m
        WHERE m.product_binding_id = ${productBindings.id} AND m.reason IN ('sale', 'refund'))`,
    })
    .from(productBindings)
    .innerJoin(products, eq(products.id, productBindings.productId))
    .leftJoin(shopDistributors, eq(shopDistributors.id, products.distributorId))
    .where(and(eq(productBindings.active, true), sql`${products.status} <> 'archived'`))
    .orderBy(asc(productBindings.stock), asc(products.titleEn), asc(productBindings.id));
  const data: StockLevel[] = rows.map((r) => ({
    product_id: r.product.id,
    binding_id: r.binding.id,
    title: localizedText(language, r.product.titleEn, r.product.titleEs),
    binding: r.binding.binding,
    stock: r.binding.stock,
    low: r.binding.stock <= shopLimits.lowStock,
    sold: r.sold,
    requested: r.requested,
    distributor: r.distributor?.id ? { id: r.distributor.id, name: r.distributor.name } : null,
    status: r.product.status,
  }));
  return {
    data,
    totals: {
      copies: data.reduce((s, d) => s + d.stock, 0),
      low: data.filter((d) => d.low && d.stock > 0).length,
      out: data.filter((d) => d.stock === 0).length,
    },
  };
}

/* -------------------------------------------------------- stock requests */

export async function listStockRequests(
  db: DbOrTx,
  status: "requested" | "received" | "cancelled" | undefined,
  language: "en" | "es",
): Promise<StockRequestOut[]> {
  const requester = sql<
    string | null
  >`(SELECT username FROM ${users} WHERE ${users.id} = ${stockRequests.requestedBy})`;
  const receiver = sql<
    string | null
  >`(SELECT username FROM ${users} WHERE ${users.id} = ${stockRequests.receivedBy})`;
  const rows = await db
    .select({
      r: stockRequests,
      binding: productBindings,
      product: { id: products.id, titleEn: products.titleEn, titleEs: products.titleEs },
      distributor: { id: shopDistributors.id, name: shopDistributors.name },
      requester,
      receiver,
    })
    .from(stockRequests)
    .innerJoin(productBindings, eq(productBindings.id, stockRequests.productBindingId))
    .innerJoin(products, eq(products.id, productBindings.productId))
    .leftJoin(shopDistributors, eq(shopDistributors.id, stockRequests.distributorId))
    .where(status ? eq(stockRequests.status, status) : undefined)
    .orderBy(sql`${stockRequests.status} = 'requested' DESC`, desc(stockRequests.id))
    .limit(200);
  return rows.map(({ r, binding, product, distributor, requester: by, receiver: got }) => ({
    id: r.id,
    product_id: product.id,
    binding_id: binding.id,
    title: localizedText(language, product.titleEn, product.titleEs),
    binding: binding.binding,
    distributor: distributor?.id ? { id: distributor.id, name: distributor.name } : null,
    quantity: r.quantity,
    received_quantity: r.receivedQuantity,
    status: r.status,
    note: r.note,
    requested_by: by,
    received_by: got,
    created_at: r.createdAt.toISOString(),
    received_at: r.receivedAt?.toISOString() ?? null,
  }));
}

export async function createStockRequest(
  db: Db,
  actor: AuditActor,
  input: { binding_id: number; distributor_id: number; quantity: number; note?: string | null | undefined },
) {
  return transaction(db, async (tx) => {
    const [binding] = await tx.select().from(productBindings).where(eq(productBindings.id, input.binding_id));
    if (!binding) throw AppError.field("binding_id", "shop.bindingNotFound");
    const [distributor] = await tx
      .select()
      .from(shopDistributors)
      .where(eq(shopDistributors.id, input.distributor_id));
    if (!distributor) throw AppError.field("distributor_id", "shop.distributorNotFound");
    const row = await auditedInsert(tx, actor, stockRequestResource, {
      productBindingId: binding.id,
      distributorId: distributor.id,
      quantity: input.quantity,
      note: input.note || null,
      requestedBy: actor.userId,
    });
    return row.id;
  });
}

/** Receives a request: the copies that arrived go into the binding's stock (audited). */
export async function receiveStockRequest(db: Db, actor: AuditActor, id: number, received: number) {
  await transaction(db, async (tx) => {
    const before = await lockRow(tx, stockRequestResource, id);
    if (before.status !== "requested") throw new AppError("conflict", "shop.stockRequestClosed");
    const [binding] = await tx
      .select({ stock: productBindings.stock })
      .from(productBindings)
      .where(eq(productBindings.id, before.productBindingId));
    if (received > 0)
      await moveStock(tx, before.productBindingId, received, {
        reason: "receipt",
        stockRequestId: id,
        actorId: actor.userId,
      });
    const [after] = await tx
      .update(stockRequests)
      .set({
        status: "received",
        receivedQuantity: received,
        receivedBy: actor.userId,
        receivedAt: new Date(),
      })
      .where(eq(stockRequests.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "stock_request.receive",
      entity: "stock_request",
      entityId: id,
      before,
      after: after!,
    });
    await recordAudit(tx, actor, {
      action: "stock.receive",
      entity: "product_binding",
      entityId: before.productBindingId,
      before: { stock: binding?.stock ?? 0 },
      after: { stock: (binding?.stock ?? 0) + received, stockRequestId: id },
    });
  });
}

export async function cancelStockRequest(db: Db, actor: AuditActor, id: number) {
  await transaction(db, async (tx) => {
    const before = await lockRow(tx, stockRequestResource, id);
    if (before.status !== "requested") throw new AppError("conflict", "shop.stockRequestClosed");
    const [after] = await tx
      .update(stockRequests)
      .set({ status: "cancelled" })
      .where(eq(stockRequests.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "stock_request.cancel",
      entity: "stock_request",
      entityId: id,
      before,
      after: after!,
    });
  });
}
