import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { cards, cardToken, checkoutAs } from "../commerce/commerce.fixtures";
import {
  auditLog,
  notifications,
  orderLines,
  orders,
  productBindings,
  products,
  shipments,
  stockMovements,
} from "../db/schema/index";
import { paymentProvider } from "../payments/payments.service";
import { multipart, pngBytes } from "../tickets/test-support";

let t: TestApp;
let manager: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  manager = await buildAdmin(t, ["isPhysicalProductManager"]);
});
afterAll(() => t.close());

const address = {
  name: "Ana Test",
  line1: "1 High Street",
  city: "London",
  postal_code: "SW1A 1AA",
  country: "GB",
};

async function createBook(stock: { paperback?: number; hardcover?: number } = { paperback: 5 }, extra = {}) {
  const bindings = Object.entries(stock).map(([binding, initial_stock]) => ({
    binding,
    initial_stock,
    book_binding_discount: binding === "paperback" ? 2 : 0,
  }));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/products",
    headers: manager.auth,
    payload: {
      kind: "printed_book",
      title_en: `Programming book ${randomUUID().slice(0, 6)}`,
      title_es: "Programación para todos",
      authors: "Lucía Ortega",
      price: 20,
      status: "published",
      bindings,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; bindings: Array<{ id: number; binding: string; stock: number }> };
}

const bookItem = (id: number, quantity: number, binding = "paperback") => ({
  type: "physical_product",
  id,
  quantity,
  productMetas: { binding },
});

async function buy(
  user: BuiltUser,
  items: unknown[],
  extra: Record<string, unknown> = {},
  card: string = cards.success,
) {
  const token = await tokenFor(card);
  return checkoutAs(t, user, { items, payment: { card_token: token }, shipping_address: address, ...extra });
}

// The sandbox token endpoint is rate limited: one token per card, reused (tokens are self-describing).
const tokenCache = new Map<string, Promise<string>>();
const tokenFor = (card: string = cards.success) => {
  if (!tokenCache.has(card)) tokenCache.set(card, cardToken(t, card));
  return tokenCache.get(card)!;
};

const stockOf = async (bindingId: number) =>
  (await t.deps.db.select().from(productBindings).where(eq(productBindings.id, bindingId)))[0]!.stock;

describe("shop catalogue", () => {
  it("lists published products (all, available, top) and shows one with its bindings and stock", async () => {
    const book = await createBook({ paperback: 3, hardcover: 0 });
    const all = await t.app.inject({ url: "/api/shop/products" });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.some((p: { id: number }) => p.id === book.id)).toBe(true);
    const detail = await t.app.inject({
      url: `/api/shop/products/${book.id}`,
      headers: { "x-language-id": "2" },
    });
    expect(detail.json()).toMatchObject({
      title: "Programación para todos",
      list_price: 20,
      price: 18,
      stock: 3,
      in_stock: true,
      bindings: [
        { binding: "paperback", price: 18, book_binding_discount: 2, stock: 3, in_stock: true },
        { binding: "hardcover", price: 20, stock: 0, in_stock: false },
      ],
    });
    const draft = await createBook({ paperback: 1 }, { status: "draft" });
    expect((await t.app.inject({ url: `/api/shop/products/${draft.id}` })).statusCode).toBe(404);
    const sold = await createBook({ paperback: 0 });
    const available = (await t.app.inject({ url: "/api/shop/products?view=available&per_page=48" })).json();
    expect(available.data.some((p: { id: number }) => p.id === sold.id)).toBe(false);
    expect(available.data.some((p: { id: number }) => p.id === book.id)).toBe(true);
    const top = (await t.app.inject({ url: "/api/shop/products?view=top" })).json();
    expect(top.data.every((p: { sold: number }) => p.sold > 0)).toBe(true);
  });

  it("finds products in the global search, ignoring accents", async () => {
    const book = await createBook({ paperback: 1 });
    const learner = await buildLearner(t);
    const res = await t.app.inject({
      url: "/api/iu/search?q=programacion%20todos&source=products",
      headers: { ...learner.auth, "x-language-id": "2" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual(
      expect.objectContaining({
        source: "products",
        id: book.id,
        title: "Programación para todos",
        url: `/iu/shop/books/${book.id}`,
      }),
    );
    const upper = await t.app.inject({
      url: "/api/iu/search?q=PROGRAMACIÓN&source=products",
      headers: learner.auth,
    });
    expect(upper.json().data.some((h: { id: number }) => h.id === book.id)).toBe(true);
  });
});

describe("buying printed books", () => {
  it("prices bindings with their discount, adds a shipping line, takes stock and opens a shipment", async () => {
    const book = await createBook({ paperback: 5, hardcover: 2 });
    const ana = await buildLearner(t);
    const res = await buy(ana, [bookItem(book.id, 2), bookItem(book.id, 1, "hardcover")]);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;
    // 2 x £18 + 1 x £20 + shipping (£3.99 + 2 x £1.50)
    expect(res.json().total).toBe(62.99);
    const lines = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.find((l) => l.type === "shipping")?.paidPence).toBe(699);
    expect(await stockOf(book.bindings.find((b) => b.binding === "paperback")!.id)).toBe(3);
    expect(await stockOf(book.bindings.find((b) => b.binding === "hardcover")!.id)).toBe(1);
    const [shipment] = await t.deps.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(shipment).toMatchObject({ status: "paid", userId: ana.id });
    const history = (await t.app.inject({ url: "/api/iu/purchases", headers: ana.auth })).json();
    const entry = history.data.find((p: { type: string }) => p.type === "physical_product");
    expect(entry).toMatchObject({ number_of_items: 2, fulfilment: { status: "paid" } });
    expect(entry.shipping_address).toContain("SW1A 1AA");
  });

  it("shows the stock a sale leaves on the product page and list at once (their short cache is dropped)", async () => {
    const book = await createBook({ paperback: 2 });
    const page = async () => (await t.app.inject({ url: `/api/shop/products/${book.id}` })).json();
    const listed = async () =>
      (await t.app.inject({ url: "/api/shop/products?view=available&per_page=12" }))
        .json()
        .data.find((p: { id: number }) => p.id === book.id);
    expect((await page()).stock).toBe(2);
    expect(await listed()).toMatchObject({ in_stock: true });
    expect((await buy(await buildLearner(t), [bookItem(book.id, 2)])).statusCode).toBe(201);
    expect(await page()).toMatchObject({ stock: 0, in_stock: false });
    expect(await listed()).toBeUndefined();
  });

  it("refuses bad input with clear messages: quantity, binding, stock, address", async () => {
    const book = await createBook({ paperback: 2 });
    const ana = await buildLearner(t);
    const negative = await t.app.inject({
      method: "POST",
      url: "/api/iu/cart/price",
      headers: ana.auth,
      payload: { items: [bookItem(book.id, -1)] },
    });
    expect(negative.statusCode).toBe(422);
    const priced = (
      await t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: { ...ana.auth, "x-language-id": "2" },
        payload: { items: [bookItem(book.id, 1, "leather"), bookItem(book.id, 5)] },
      })
    ).json();
    expect(priced.lines[0].problem).toBe("Elige una de las encuadernaciones de este libro");
    expect(priced.lines[1].problem).toBe("Solo quedan 2 en existencias: puedes comprar hasta 2");
    const beyond = await buy(ana, [bookItem(book.id, 3)]);
    expect(beyond.statusCode).toBe(422);
    const unknown = await buy(ana, [bookItem(book.id, 1, "leather")]);
    expect(unknown.statusCode).toBe(422);
    const badPostcode = await buy(ana, [bookItem(book.id, 1)], {
      shipping_address: { ...address, country: "ES", postal_code: "SW1A 1AA" },
    });
    expect(badPostcode.statusCode).toBe(422);
    expect(badPostcode.json().errors["shipping_address.postal_code"]).toEqual([
      "The postal code is not valid for this country",
    ]);
    const badCountry = await buy(ana, [bookItem(book.id, 1)], {
      shipping_address: { ...address, country: "ZZ" },
    });
    expect(badCountry.json().errors["shipping_address.country"]).toEqual([
      "We do not ship to this country yet",
    ]);
    const badCity = await buy(ana, [bookItem(book.id, 1)], { shipping_address: { ...address, city: "L" } });
    expect(badCity.statusCode).toBe(422);
    expect(Object.keys(badCity.json().errors)).toContain("shipping_address.city");
    const noAddress = await buy(ana, [bookItem(book.id, 1)], { shipping_address: undefined });
    expect(noAddress.statusCode).toBe(422);
    expect(await stockOf(book.bindings[0]!.id)).toBe(2);
  });

  it("never oversells: 50 concurrent checkouts for the last copy give exactly one order", async () => {
    const book = await createBook({ paperback: 1 });
    const bindingId = book.bindings[0]!.id;
    const learners: BuiltUser[] = [];
    for (let i = 0; i < 50; i++) learners.push(await buildLearner(t));
    const token = await tokenFor();
    const answers = await Promise.all(
      learners.map((learner) =>
        checkoutAs(t, learner, {
          items: [bookItem(book.id, 1)],
          payment: { card_token: token },
          shipping_address: address,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 409 || c === 422)).toBe(true);
    expect(await stockOf(bindingId)).toBe(0);
    const sold = await t.deps.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.type, "physical_product"),
          eq(orderLines.itemId, book.id),
          eq(orders.status, "paid"),
        ),
      );
    expect(sold).toHaveLength(1);
  }, 120_000);

  it("a declined card takes no stock; a refund before shipping gives it back", async () => {
    const book = await createBook({ paperback: 2 });
    const bindingId = book.bindings[0]!.id;
    const ana = await buildLearner(t);
    const declined = await buy(ana, [bookItem(book.id, 2)], {}, cards.declined);
    expect(declined.statusCode).toBe(402);
    expect(await stockOf(bindingId)).toBe(2);
    const paid = await buy(ana, [bookItem(book.id, 2)]);
    expect(paid.statusCode).toBe(201);
    expect(await stockOf(bindingId)).toBe(0);
    const refunder = await buildAdmin(t, ["isRefundsManager"]);
    const refund = await t.app.inject({
      method: "POST",
      url: "/api/af/refunds",
      headers: refunder.auth,
      payload: { order_id: paid.json().order_id, reason: "Changed my mind" },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await stockOf(bindingId)).toBe(2);
    const [shipment] = await t.deps.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, paid.json().order_id));
    expect(shipment!.status).toBe("refunded");
    const moves = await t.deps.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productBindingId, bindingId));
    expect(moves.map((m) => m.reason)).toEqual(["adjustment", "sale", "refund"]);
  });
});

describe("the last copy and 3-D Secure", () => {
  it("refunds a buyer whose confirmation comes after the last copy sold, once, and closes the order", async () => {
    const book = await createBook({ paperback: 1 });
    const bindingId = book.bindings[0]!.id;
    const [slow, fast] = [await buildLearner(t), await buildLearner(t)];
    const waiting = await buy(slow, [bookItem(book.id, 1)], {}, cards.threeDSecure);
    expect(waiting.json()).toMatchObject({ status: "requires_action" });
    // Someone else buys the last copy while the first buyer is at their bank's page.
    expect((await buy(fast, [bookItem(book.id, 1)])).statusCode).toBe(201);
    expect(await stockOf(bindingId)).toBe(0);

    const refund = vi.spyOn(paymentProvider(t.deps), "refund");
    const approved = await t.app.inject({
      method: "POST",
      url: waiting.json().next_action_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=approve",
    });
    expect(approved.statusCode).toBe(303);
    const confirm = () =>
      t.app.inject({
        method: "POST",
        url: `/api/iu/checkout/${waiting.json().order_id}/confirm`,
        headers: { ...slow.auth, "accept-language": "es" },
      });
    const answer = await confirm();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/agot/i);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![2]).toBe(`unfulfillable:${waiting.json().order_id}`);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.id, waiting.json().order_id));
    expect(order!.status).toBe("refunded");
    // Asking again changes nothing and refunds nothing more.
    expect((await confirm()).statusCode).toBe(409);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await stockOf(bindingId)).toBe(0);
    refund.mockRestore();
  });
});

describe("fulfilment", () => {
  it("goes paid -> packed -> shipped with tracking (learner notified) -> delivered", async () => {
    const book = await createBook({ paperback: 3 });
    const ana = await buildLearner(t);
    const orderId = (await buy(ana, [bookItem(book.id, 1)])).json().order_id as number;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: `/api/af/shipments/${orderId}`, headers: manager.auth, payload });
    expect((await put({ status: "delivered" })).statusCode).toBe(409);
    expect((await put({ status: "packed" })).statusCode).toBe(200);
    const noTracking = await put({ status: "shipped" });
    expect(noTracking.statusCode).toBe(422);
    expect(noTracking.json().errors.tracking_reference).toEqual(["Enter the tracking reference"]);
    expect(
      (await put({ status: "shipped", tracking_reference: "RM123456789GB", carrier: "Royal Mail" }))
        .statusCode,
    ).toBe(200);
    // The latest notice: the order's "thank you" came first.
    const [note] = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note!.title).toEqual({ en: "Your order is on its way", es: "Tu pedido está en camino" });
    expect(note!.description.en).toContain("RM123456789GB");
    const history = (await t.app.inject({ url: "/api/iu/purchases", headers: ana.auth })).json();
    expect(history.data[0].fulfilment).toEqual({
      status: "shipped",
      carrier: "Royal Mail",
      tracking_reference: "RM123456789GB",
    });
    expect((await put({ status: "delivered" })).statusCode).toBe(200);
    const list = (
      await t.app.inject({ url: "/api/af/shipments?status=delivered", headers: manager.auth })
    ).json();
    expect(list.data.some((s: { order_id: number }) => s.order_id === orderId)).toBe(true);
  });
});

describe("back office", () => {
  it("refuses every admin call without the physical product permission", async () => {
    const other = await buildAdmin(t, ["isFaqManager"]);
    const learner = await buildLearner(t);
    const calls: Array<[string, string]> = [
      ["GET", "/api/af/products"],
      ["POST", "/api/af/products"],
      ["GET", "/api/af/products/1"],
      ["PUT", "/api/af/products/1"],
      ["DELETE", "/api/af/products/1"],
      ["PUT", "/api/af/products/1/bindings/1/stock"],
      ["POST", "/api/af/products/1/image"],
      ["DELETE", "/api/af/products/1/image"],
      ["GET", "/api/af/notes-offers"],
      ["GET", "/api/af/products-overview"],
      ["GET", "/api/af/shop-categories"],
      ["POST", "/api/af/shop-categories"],
      ["PUT", "/api/af/shop-categories/1"],
      ["DELETE", "/api/af/shop-categories/1"],
      ["GET", "/api/af/shop-distributors"],
      ["POST", "/api/af/shop-distributors"],
      ["PUT", "/api/af/shop-distributors/1"],
      ["DELETE", "/api/af/shop-distributors/1"],
      ["GET", "/api/af/stock-requests"],
      ["POST", "/api/af/stock-requests"],
      ["POST", "/api/af/stock-requests/1/receive"],
      ["POST", "/api/af/stock-requests/1/cancel"],
      ["GET", "/api/af/shipments"],
      ["PUT", "/api/af/shipments/1"],
    ];
    for (const [method, url] of calls) {
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      expect(
        (await t.app.inject({ method: method as "GET", url, headers: other.auth, payload })).statusCode,
        url,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: method as "GET", url, headers: learner.auth, payload })).statusCode,
        url,
      ).toBe(403);
      expect((await t.app.inject({ method: method as "GET", url, payload })).statusCode, url).toBe(401);
    }
  });

  it("validates products with translated messages", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/af/products",
      headers: { ...manager.auth, "x-language-id": "2" },
      payload: {
        kind: "printed_book",
        title_en: "A",
        title_es: "Libro",
        authors: "Someone",
        price: 10,
        bindings: [
          { binding: "paperback", book_binding_discount: 12, initial_stock: -1 },
          { binding: "leather" },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors["bindings.0.initial_stock"]).toEqual(["La cantidad debe ser al menos 1"]);
    expect(errors["bindings.1.binding"]).toEqual(["Elige una de las encuadernaciones de este libro"]);
  });

  it("manages categories, distributors, stock requests and adjustments, all audited", async () => {
    const category = await t.app.inject({
      method: "POST",
      url: "/api/af/shop-categories",
      headers: manager.auth,
      payload: { name_en: "Maths", name_es: "Matemáticas" },
    });
    expect(category.statusCode).toBe(201);
    const distributor = await t.app.inject({
      method: "POST",
      url: "/api/af/shop-distributors",
      headers: manager.auth,
      payload: { name: "Northern Books", email: "orders@northern.example", country: "gb" },
    });
    expect(distributor.statusCode, distributor.body).toBe(201);
    const book = await createBook(
      { paperback: 1 },
      { category_id: category.json().id, distributor_id: distributor.json().id },
    );
    const bindingId = book.bindings[0]!.id;
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/af/shop-categories/${category.json().id}`,
          headers: manager.auth,
        })
      ).statusCode,
    ).toBe(409);

    const request = await t.app.inject({
      method: "POST",
      url: "/api/af/stock-requests",
      headers: manager.auth,
      payload: {
        binding_id: bindingId,
        distributor_id: distributor.json().id,
        quantity: 10,
        note: "Reorder",
      },
    });
    expect(request.statusCode).toBe(201);
    const overview = (await t.app.inject({ url: "/api/af/products-overview", headers: manager.auth })).json();
    expect(overview.data.find((l: { binding_id: number }) => l.binding_id === bindingId)).toMatchObject({
      stock: 1,
      low: true,
      requested: 10,
    });
    const receive = await t.app.inject({
      method: "POST",
      url: `/api/af/stock-requests/${request.json().id}/receive`,
      headers: manager.auth,
      payload: { received_quantity: 8 },
    });
    expect(receive.statusCode).toBe(200);
    expect(await stockOf(bindingId)).toBe(9);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/af/stock-requests/${request.json().id}/receive`,
      headers: manager.auth,
      payload: { received_quantity: 8 },
    });
    expect(again.statusCode).toBe(409);

    const adjust = await t.app.inject({
      method: "PUT",
      url: `/api/af/products/${book.id}/bindings/${bindingId}/stock`,
      headers: manager.auth,
      payload: { stock: 7, reason: "Two damaged copies" },
    });
    expect(adjust.json()).toEqual({ stock: 7 });
    const negative = await t.app.inject({
      method: "PUT",
      url: `/api/af/products/${book.id}/bindings/${bindingId}/stock`,
      headers: manager.auth,
      payload: { stock: -3, reason: "Oops" },
    });
    expect(negative.statusCode).toBe(422);

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product_binding"), eq(auditLog.entityId, String(bindingId))));
    expect(audits.map((a) => a.action)).toEqual(["stock.adjust", "stock.receive", "stock.adjust"]);
    expect(audits.every((a) => a.actorId === manager.id)).toBe(true);

    const list = (await t.app.inject({ url: "/api/af/stock-requests", headers: manager.auth })).json();
    expect(list.data[0]).toMatchObject({ status: "received", received_quantity: 8, quantity: 10 });
  });

  it("uploads a cover image checked by content, serves it, and removes it", async () => {
    const book = await createBook({ paperback: 1 });
    const upload = (content: Buffer, filename = "cover.png") => {
      const form = multipart({}, [{ field: "image", filename, content }]);
      return t.app.inject({
        method: "POST",
        url: `/api/af/products/${book.id}/image`,
        headers: { ...manager.auth, ...form.headers },
        payload: form.payload,
      });
    };
    const fake = await upload(Buffer.from("not an image at all"), "cover.png");
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.image).toEqual(["The image must be a JPEG, PNG or WebP picture"]);
    const res = await upload(pngBytes(3));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().image_url as string;
    expect(url).toMatch(new RegExp(`^/api/shop/products/${book.id}/image\\?v=1$`));
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/af/products/${book.id}/image`,
      headers: manager.auth,
    });
    expect(removed.json().image_url).toBeNull();
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });

  it("replaces a cover whose old file cannot be deleted, and logs the file left behind", async () => {
    const book = await createBook({ paperback: 1 });
    const upload = () => {
      const form = multipart({}, [{ field: "image", filename: "cover.png", content: pngBytes(3) }]);
      return t.app.inject({
        method: "POST",
        url: `/api/af/products/${book.id}/image`,
        headers: { ...manager.auth, ...form.headers },
        payload: form.payload,
      });
    };
    expect((await upload()).statusCode).toBe(200);
    const [before] = await t.deps.db.select().from(products).where(eq(products.id, book.id));
    const failing = vi.spyOn(t.deps.storage, "delete").mockRejectedValueOnce(new Error("disk gone"));
    const logged = vi.spyOn(t.deps.log, "error");
    try {
      const res = await upload();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().image_url).toMatch(/\?v=2$/);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({
          key: before!.imageKey,
          productId: book.id,
          during: "product image replaced",
        }),
        "stored file not deleted",
      );
    } finally {
      failing.mockRestore();
      logged.mockRestore();
    }
  });

  it("archives a sold product instead of deleting it; deletes an unsold one", async () => {
    const unsold = await createBook({ paperback: 1 });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/af/products/${unsold.id}`,
      headers: manager.auth,
    });
    expect(del.json().message).toBe("Product deleted");
    const sold = await createBook({ paperback: 1 });
    await buy(await buildLearner(t), [bookItem(sold.id, 1)]);
    const archive = await t.app.inject({
      method: "DELETE",
      url: `/api/af/products/${sold.id}`,
      headers: manager.auth,
    });
    expect(archive.json().message).toBe("This product has been sold, so it was archived instead of deleted");
    expect((await t.app.inject({ url: `/api/shop/products/${sold.id}` })).statusCode).toBe(404);
  });
});
