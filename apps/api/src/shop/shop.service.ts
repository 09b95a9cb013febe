/**
 * The learner shop: published products (all, in stock, best sellers), one product with its
 * bindings and stock, the active shop categories, and the global search's product provider.
 */
import type { LanguageCode, ProductCard, ProductDetail, SearchHit } from "@aprendo/contract";
import { type AnyColumn, and, asc, count, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { notesOffers, productBindings, products, shopCategories } from "../db/schema/index";
import { AppError } from "../http/errors";
import { foldedMatch } from "../lib/fold";

type ProductRow = typeof products.$inferSelect;
type BindingRow = typeof productBindings.$inferSelect;

export const pounds = (pence: number) => Math.round(pence) / 100;
export const localizedText = (language: LanguageCode, en: string, es: string) =>
  language === "es" && es.trim() !== "" ? es : en;
export const productImageUrl = (p: Pick<ProductRow, "id" | "imageKey" | "imageVersion">) =>
  p.imageKey ? `/api/shop/products/${p.id}/image?v=${p.imageVersion}` : null;

/** In stock: a digital product with its offer, or a printed book with a copy of an active binding. */
const inStock = sql<boolean>`(${products.kind} <> 'printed_book' AND ${products.notesOfferId} IS NOT NULL) OR EXISTS (
  SELECT 1 FROM ${productBindings} WHERE ${productBindings.productId} = ${products.id}
  AND ${productBindings.active} AND ${productBindings.stock} > 0)`;

async function bindingsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, BindingRow[]>();
  const rows = await db
    .select()
    .from(productBindings)
    .where(and(inArray(productBindings.productId, ids), eq(productBindings.active, true)))
    .orderBy(
      sql`array_position(ARRAY['paperback','hardcover','spiral']::varchar[], ${productBindings.binding})`,
      asc(productBindings.id),
    );
  const map = new Map<number, BindingRow[]>();
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), r]);
  return map;
}

/** A product's e-notes offer price, when the offer is active (joined in, not a query of its own). */
const offerPence = sql<number | null>`CASE WHEN ${notesOffers.active} THEN ${notesOffers.pricePence} END`;

/** Products with their category and offer price: one query for a list or a page. */
const productRows = (db: DbOrTx) =>
  db
    .select({ product: products, category: shopCategories, offerPence, total: sql<number>`count(*) OVER ()` })
    .from(products)
    .leftJoin(shopCategories, eq(shopCategories.id, products.categoryId))
    .leftJoin(notesOffers, eq(notesOffers.id, products.notesOfferId));

function card(
  p: ProductRow,
  options: BindingRow[],
  offerPence: number | undefined,
  category: { id: number; nameEn: string; nameEs: string } | null,
  language: LanguageCode,
): ProductCard {
  const printed = p.kind === "printed_book";
  const prices = options.map((o) => Math.max(0, p.pricePence - o.discountPence));
  const stock = printed ? options.reduce((s, o) => s + o.stock, 0) : null;
  return {
    id: p.id,
    kind: p.kind,
    title: localizedText(language, p.titleEn, p.titleEs),
    authors: p.authors,
    price: pounds(printed ? (prices.length ? Math.min(...prices) : p.pricePence) : (offerPence ?? 0)),
    image_url: productImageUrl(p),
    cover_color: p.coverColor,
    category: category
      ? { id: category.id, name: localizedText(language, category.nameEn, category.nameEs) }
      : null,
    in_stock: printed ? (stock ?? 0) > 0 : offerPence !== undefined,
    stock,
    sold: p.soldCount,
  };
}

export async function listProducts(
  db: DbOrTx,
  query: {
    view: "all" | "available" | "top";
    kind?: ProductRow["kind"] | undefined;
    category_id?: number | undefined;
    q?: string | undefined;
    page: number;
    per_page: number;
  },
  language: LanguageCode,
) {
  const conditions: SQL[] = [eq(products.status, "published")];
  if (query.kind) conditions.push(eq(products.kind, query.kind));
  if (query.category_id) conditions.push(eq(products.categoryId, query.category_id));
  if (query.view === "available") conditions.push(inStock);
  if (query.view === "top") conditions.push(gt(products.soldCount, 0));
  if (query.q) {
    const match = foldedMatch(query.q, [products.titleEn, products.titleEs, products.authors]);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const order =
    query.view === "top"
      ? [desc(products.soldCount), desc(products.id)]
      : [desc(sql`(${inStock})`), desc(products.id)];
  const rows = await productRows(db)
    .where(where)
    .orderBy(...order)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  // The total rides on each row (a window count); past the last page there is no row to carry it.
  const total =
    rows[0]?.total ??
    (query.page > 1 ? ((await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0) : 0);
  const options = await bindingsOf(
    db,
    rows.map((r) => r.product.id),
  );
  return {
    rows: rows.map((r) =>
      card(r.product, options.get(r.product.id) ?? [], r.offerPence ?? undefined, r.category, language),
    ),
    total,
  };
}

export async function productDetail(db: DbOrTx, id: number, language: LanguageCode): Promise<ProductDetail> {
  const [row] = await productRows(db).where(and(eq(products.id, id), eq(products.status, "published")));
  if (!row) throw new AppError("not_found", "shop.productNotFound");
  const p = row.product;
  const options = (await bindingsOf(db, [p.id])).get(p.id) ?? [];
  const offer = row.offerPence ?? undefined;
  const printed = p.kind === "printed_book";
  return {
    ...card(p, options, offer, row.category, language),
    description: localizedText(language, p.descriptionEn, p.descriptionEs),
    isbn: p.isbn,
    pages: p.pages,
    list_price: pounds(printed ? p.pricePence : (offer ?? 0)),
    bindings: printed
      ? options.map((o) => ({
          id: o.id,
          binding: o.binding,
          price: pounds(Math.max(0, p.pricePence - o.discountPence)),
          book_binding_discount: pounds(o.discountPence),
          stock: o.stock,
          in_stock: o.stock > 0,
        }))
      : [],
    notes_offer_id: offer !== undefined ? p.notesOfferId : null,
  };
}

export async function publicCategories(db: DbOrTx, language: LanguageCode) {
  const rows = await db
    .select({
      category: shopCategories,
      n: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.categoryId} = ${shopCategories.id} AND ${products.status} = 'published')`,
    })
    .from(shopCategories)
    .where(eq(shopCategories.active, true))
    .orderBy(asc(shopCategories.position), asc(shopCategories.id));
  return rows.map(({ category: c, n }) => ({
    id: c.id,
    name: localizedText(language, c.nameEn, c.nameEs),
    name_en: c.nameEn,
    name_es: c.nameEs,
    position: c.position,
    active: c.active,
    product_count: n,
  }));
}

/** The global search's products (source `products`), accent-insensitive. */
export async function searchProducts(
  deps: { db: DbOrTx },
  request: { q: string; language: LanguageCode; limit: number },
): Promise<SearchHit[]> {
  const match = foldedMatch(request.q, [products.titleEn, products.titleEs, products.authors]);
  if (!match) return [];
  const title = request.language === "es" ? products.titleEs : products.titleEn;
  const rows = await productHits(deps.db, match, title, request.q, request.limit);
  return rows.map((p) => ({
    source: "products" as const,
    id: p.id,
    title: localizedText(request.language, p.titleEn, p.titleEs),
    description: p.authors,
    url: `/iu/shop/books/${p.id}`,
  }));
}

function productHits(db: DbOrTx, match: SQL, title: AnyColumn, q: string, limit: number) {
  return db
    .select({
      id: products.id,
      titleEn: products.titleEn,
      titleEs: products.titleEs,
      authors: products.authors,
    })
    .from(products)
    .where(and(eq(products.status, "published"), match))
    .orderBy(
      desc(sql`search_fold(${title}) LIKE search_fold(${`${q.trim()}%`})`),
      desc(products.soldCount),
      products.id,
    )
    .limit(limit);
}
