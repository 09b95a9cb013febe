/**
 * Shop staff list, open, search and refund every kind of order (titles
 * with exam accesses, an exam access alone, e-notes, printed books with a shipping address, a
 * sponsorship, a mixed order), refunds by line, by amount and in full are labelled as they are, and
 * paid orders carry gapless public numbers (`A-000001`, ...) while failed or waiting attempts carry
 * none. Everything is asserted as the back office and the buyer receive it over HTTP.
 */
import { permissionNames } from "@aprendo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { notesOffers } from "../db/schema/index";
import { buildPaidCourse, cards, cardToken, checkoutAs } from "./commerce.fixtures";

let t: TestApp;
let staff: BuiltUser;
let ana: BuiltUser;
const address = {
  name: "Ana Test",
  line1: "1 High Street",
  city: "London",
  postal_code: "SW1A 1AA",
  country: "gb",
};
/** Every kind of order, by name: its internal id and public number. */
const bought: Record<string, { id: number; number: string | null }> = {};

async function pay(name: string, payload: Record<string, unknown>, card: string = cards.success) {
  const res = await checkoutAs(t, ana, { payment: { card_token: await cardToken(t, card) }, ...payload });
  expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
  bought[name] = { id: res.json().order_id, number: res.json().order_number };
  return res.json();
}

async function printedBook(stock = 5) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/products",
    headers: staff.auth,
    payload: {
      kind: "printed_book",
      title_en: "Learning to program",
      title_es: "Aprender a programar",
      authors: "Lucía Ortega",
      price: 20,
      status: "published",
      bindings: [{ binding: "paperback", initial_stock: stock, book_binding_discount: 0 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const get = (url: string) => t.app.inject({ url, headers: staff.auth });
const refund = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/af/refunds", headers: staff.auth, payload });

beforeAll(async () => {
  t = await createTestApp();
  staff = await buildAdmin(t, permissionNames);
  ana = await buildLearner(t);
  const course = await buildPaidCourse(t, 2900);
  const other = await buildPaidCourse(t, 1500);
  const third = await buildPaidCourse(t, 1000);
  const [offer] = await t.deps.db
    .insert(notesOffers)
    .values({ courseId: course.id, pricePence: 700 })
    .returning();
  const book = await printedBook();
  const bookItem = {
    type: "physical_product",
    id: book.id,
    quantity: 2,
    productMetas: { binding: "paperback" },
  };

  // A declined card and a 3-D Secure payment left waiting: attempts, never numbered.
  const declined = await checkoutAs(t, ana, {
    items: [{ type: "course", id: other.id }],
    payment: { card_token: await cardToken(t, cards.declined) },
  });
  expect(declined.statusCode).toBe(402);
  const waiting = await checkoutAs(t, ana, {
    items: [{ type: "course", id: third.id }],
    payment: { card_token: await cardToken(t, cards.threeDSecure) },
  });
  expect(waiting.json()).toMatchObject({ status: "requires_action", order_number: null });
  bought.waiting = { id: waiting.json().order_id, number: null };

  await pay("title", {
    items: [{ type: "course", id: course.id, items: [{ type: "exam_accesses", id: course.moduleExamId }] }],
  });
  await pay("exam", { items: [{ type: "exam_accesses", id: other.levelExamId }] });
  await pay("ebook", { items: [{ type: "ebook", id: offer!.id }] });
  await pay("printed", { items: [bookItem], shipping_address: address });
  const draft = await t.app.inject({
    method: "POST",
    url: "/api/iu/sponsorships",
    headers: ana.auth,
    payload: { recipient: (await buildLearner(t)).username, kind: "amount", amount: 25 },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  await pay("sponsorship", { items: [draft.json().cart_item] });
  await pay("mixed", { items: [{ type: "course", id: other.id }, bookItem], shipping_address: address });
}, 120_000);
afterAll(() => t.close());

describe("public order numbers", () => {
  it("numbers paid orders A-000001 onwards without gaps; failed and waiting attempts have none", async () => {
    const numbers = ["title", "exam", "ebook", "printed", "sponsorship", "mixed"].map(
      (k) => bought[k]!.number,
    );
    expect(numbers).toEqual(["A-000001", "A-000002", "A-000003", "A-000004", "A-000005", "A-000006"]);
    const waiting = (await get(`/api/af/orders/${bought.waiting!.id}`)).json();
    expect(waiting).toMatchObject({ status: "requires_action", number: null });
    // The buyer's history and the back office show the same number as the thank-you page.
    const history = (await t.app.inject({ url: "/api/iu/purchases?per_page=50", headers: ana.auth })).json();
    const printed = history.data.find((p: { order: number }) => p.order === bought.printed!.id);
    expect(printed.order_number).toBe("A-000004");
    expect((await get(`/api/af/users/${ana.id}/purchases`)).json().data[0].order_number).toBe("A-000006");
  });

  it("finds an order by its public number, with or without the leading zeros", async () => {
    for (const search of ["A-000004", "a-4", "#A-4"]) {
      const list = (await get(`/api/af/orders?search=${encodeURIComponent(search)}`)).json();
      expect(
        list.data.map((o: { number: string }) => o.number),
        search,
      ).toEqual(["A-000004"]);
    }
  });
});

describe("the back office over every kind of order", () => {
  it("lists, opens and searches every order, shipping addresses included (was a 500)", async () => {
    const list = await get("/api/af/orders?per_page=50");
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((o: { id: number }) => o.id);
    for (const [name, order] of Object.entries(bought)) {
      expect(ids, name).toContain(order.id);
      const detail = await get(`/api/af/orders/${order.id}`);
      expect(detail.statusCode, `${name}: ${detail.body}`).toBe(200);
      expect(detail.json().lines.length, name).toBeGreaterThan(0);
    }
    const printed = (await get(`/api/af/orders/${bought.printed!.id}`)).json();
    expect(printed.shipping_address).toEqual({ ...address, country: "GB", line2: null });
    expect(printed.lines.map((l: { type: string }) => l.type).sort()).toEqual([
      "physical_product",
      "shipping",
    ]);
    const transactions = (await get("/api/af/transactions?per_page=50")).json().data;
    const charge = transactions.find((p: { order_id: number }) => p.order_id === bought.printed!.id);
    expect(charge.order_number).toBe("A-000004");
    const byUser = await get(`/api/af/orders?search=${ana.username}&per_page=50`);
    expect(byUser.json().total).toBe(Object.keys(bought).length);
    for (const url of [
      "/api/af/transactions?per_page=50",
      "/api/af/refunds",
      "/api/af/sponsorships",
      `/api/af/users/${ana.id}/purchases`,
      "/api/af/orders?status=paid",
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it("refunds a printed-book order by an amount, then its lines; labels partial and full refunds as such", async () => {
    const tooMuch = await refund({ order_id: bought.printed!.id, amount: 1000, reason: "Damaged cover" });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toMatch(/^At most £\d+\.\d\d is left to refund on this order$/);
    const both = await refund({ order_id: bought.printed!.id, amount: 1, line_ids: [1], reason: "Damaged" });
    expect(both.statusCode).toBe(422);

    const partial = await refund({ order_id: bought.printed!.id, amount: 3.5, reason: "Damaged cover" });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().refund).toMatchObject({
      amount: 3.5,
      kind: "partial",
      order_number: "A-000004",
      order_status: "partially_refunded",
      line_ids: [],
    });
    const printed = (await get(`/api/af/orders/${bought.printed!.id}`)).json();
    expect(printed.refunded).toBe(3.5);
    // What the amount refund left: the lines go back, at most what is still held.
    const rest = await refund({ order_id: bought.printed!.id, reason: "Returned" });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().refund).toMatchObject({ kind: "partial", order_status: "refunded" });
    expect((await get(`/api/af/orders/${bought.printed!.id}`)).json().refunded).toBe(printed.total);

    const full = await refund({ order_id: bought.ebook!.id, reason: "Bought by mistake" });
    expect(full.json().refund).toMatchObject({ kind: "full", order_status: "refunded", amount: 7 });

    const mixed = (await get(`/api/af/orders/${bought.mixed!.id}`)).json();
    const titleLine = mixed.lines.find((l: { type: string }) => l.type === "course");
    const line = await refund({
      order_id: bought.mixed!.id,
      line_ids: [titleLine.id],
      reason: "Wrong title",
    });
    expect(line.json().refund).toMatchObject({ kind: "partial", amount: 15, line_ids: [titleLine.id] });

    const refunds = (await get("/api/af/refunds?per_page=50")).json().data;
    const kinds = Object.fromEntries(
      refunds.map((r: { order_number: string; amount: number; kind: string }) => [
        `${r.order_number} ${r.amount}`,
        r.kind,
      ]),
    );
    expect(kinds).toEqual({
      "A-000004 3.5": "partial",
      [`A-000004 ${rest.json().refund.amount}`]: "partial",
      "A-000003 7": "full",
      "A-000006 15": "partial",
    });
    expect((await get("/api/af/refunds?search=A-000003")).json().data).toHaveLength(1);
  });
});
