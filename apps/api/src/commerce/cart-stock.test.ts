/**
 * A printed book's quantity is bounded by its stock when the cart is priced and
 * at checkout, with a message offering the most that can be bought; the line keeps its price.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { cardToken, checkoutAs } from "./commerce.fixtures";

let t: TestApp;
let ana: BuiltUser;
let bookId: number;
const address = {
  name: "Ana Test",
  line1: "1 High Street",
  city: "London",
  postal_code: "SW1A 1AA",
  country: "GB",
};
const item = (quantity: number) => ({
  type: "physical_product",
  id: bookId,
  quantity,
  productMetas: { binding: "paperback" },
});

beforeAll(async () => {
  t = await createTestApp();
  ana = await buildLearner(t);
  const manager = await buildAdmin(t, ["isPhysicalProductManager"]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/products",
    headers: manager.auth,
    payload: {
      kind: "printed_book",
      title_en: "Three copies left",
      title_es: "Quedan tres",
      authors: "Lucía Ortega",
      price: 20,
      status: "published",
      bindings: [{ binding: "paperback", initial_stock: 3, book_binding_discount: 0 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  bookId = res.json().id;
});
afterAll(() => t.close());

describe("cart quantities and stock", () => {
  it("prices 4 copies against a stock of 3 with their price and the offer of 3, in both languages", async () => {
    const price = (language: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: { ...ana.auth, "x-language-code": language },
        payload: { items: [item(4)] },
      });
    const [line] = (await price("en")).json().lines;
    expect(line).toMatchObject({
      quantity: 4,
      max_quantity: 3,
      unit_price: 20,
      price: 80,
      problem: "Only 3 left in stock: you can buy up to 3",
    });
    expect((await price("es")).json().lines[0].problem).toBe(
      "Solo quedan 3 en existencias: puedes comprar hasta 3",
    );
    const fits = (
      await t.app.inject({
        method: "POST",
        url: "/api/iu/cart/price",
        headers: ana.auth,
        payload: { items: [item(3)] },
      })
    ).json();
    expect(fits.lines[0]).toMatchObject({ max_quantity: 3, problem: null, price: 60 });
    expect(fits.subtotal).toBe(60);
  });

  it("refuses a checkout beyond the stock with the same offer and charges nothing; the stock itself sells", async () => {
    const token = await cardToken(t);
    const beyond = await checkoutAs(t, ana, {
      items: [item(4)],
      payment: { card_token: token },
      shipping_address: address,
    });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors.items).toEqual(["Only 3 left in stock: you can buy up to 3"]);
    const all = await checkoutAs(t, ana, {
      items: [item(3)],
      payment: { card_token: token },
      shipping_address: address,
    });
    expect(all.statusCode, all.body).toBe(201);
  });
});
