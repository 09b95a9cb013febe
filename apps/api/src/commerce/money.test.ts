/**
 * One money model for the cart, checkout, the purchase history, the back office's
 * order page and the receipt PDF. Each line carries its list price, its discounts by source (coupon,
 * salary scale, binding), what was paid and its quantity; each order subtotal − discounts + shipping
 * = total (and total − credit = charged), the same figures everywhere. Line names are stored in both
 * languages and render in the reader's.
 */
import { formatMoney, type LineMoney, type OrderFigures } from "@aprendo/contract";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin, buildLearner } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { courseModules, notesOffers, orderLines, orders } from "../db/schema/index";
import { buildCoupon, buildPaidCourse, cardToken, checkoutAs } from "./commerce.fixtures";
import { orderRowFigures, storedOrderFigures } from "./money";
import { pdfLines } from "./pdf-text.fixtures";

let t: TestApp;
let staff: BuiltUser;
type Course = Awaited<ReturnType<typeof buildPaidCourse>>;
let courses: Course[] = [];
let offers: number[] = [];
/** Printed books: the first has a paperback £2.50 cheaper than its list price, the second none. */
let books: number[] = [];
let incomeCategoryId = 0;

const address = {
  name: "Ana Test",
  line1: "1 High Street",
  city: "London",
  postal_code: "SW1A 1AA",
  country: "GB",
};

async function printedBook(title: [string, string], price: number, paperbackDiscount: number) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/af/products",
    headers: staff.auth,
    payload: {
      kind: "printed_book",
      title_en: title[0],
      title_es: title[1],
      authors: "Lucía Ortega",
      price,
      status: "published",
      bindings: [
        { binding: "paperback", initial_stock: 10_000, book_binding_discount: paperbackDiscount },
        { binding: "hardcover", initial_stock: 10_000, book_binding_discount: 0 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await buildAdmin(t, ["isPhysicalProductManager", "isOrderManager", "isSalaryScaleManager"]);
  courses = [await buildPaidCourse(t, 2999), await buildPaidCourse(t, 1250), await buildPaidCourse(t, 4100)];
  await t.deps.db
    .update(courseModules)
    .set({ titleEn: "Hello and goodbye", titleEs: "Hola y adiós" })
    .where(eq(courseModules.id, courses[0]!.moduleIds[0]!));
  offers = [];
  for (const [course, pence] of [
    [courses[0]!, 699],
    [courses[1]!, 450],
  ] as const) {
    const [offer] = await t.deps.db
      .insert(notesOffers)
      .values({ courseId: course.id, pricePence: pence })
      .returning();
    offers.push(offer!.id);
  }
  books = [
    await printedBook(["Learning to program", "Aprender a programar"], 19.99, 2.5),
    await printedBook(["Grammar in use", "Gramática en uso"], 12.35, 0),
  ];
  await t.app.inject({
    method: "POST",
    url: "/api/af/salary-scales",
    headers: staff.auth,
    payload: { country: "in", name: "India", discount_percentage: 35 },
  });
  incomeCategoryId = (
    await t.app.inject({
      method: "POST",
      url: "/api/af/household-income-categories",
      headers: staff.auth,
      payload: { name_en: "Under £10,000", name_es: "Menos de 10.000 £", qualifies: true },
    })
  ).json().id;
});
afterAll(() => t.close());

type Priced = {
  lines: PricedLine[];
  subtotal: number;
  discount_total: number;
  shipping: number;
  total_pence: number;
  figures: OrderFigures;
  coupon: { status: string };
};
type PricedLine = { type: string; problem: string | null; money: LineMoney; items: PricedLine[] };
const flat = (lines: PricedLine[]): PricedLine[] => lines.flatMap((l) => [l, ...flat(l.items)]);

/** Every line reconciles, and the order's figures are the lines' sums. */
function expectReconciled(lines: LineMoney[], figures: OrderFigures) {
  for (const m of lines) {
    expect(m.list_pence).toBe(m.list_unit_pence * m.quantity);
    expect(m.discount_pence).toBe(m.discounts.coupon + m.discounts.salary_scale + m.discounts.binding);
    expect(m.paid_pence).toBe(m.list_pence - m.discount_pence);
    expect(m.paid_pence).toBeGreaterThanOrEqual(0);
  }
  expect(figures.subtotal_pence).toBe(lines.reduce((s, m) => s + m.list_pence, 0));
  expect(figures.discount_pence).toBe(lines.reduce((s, m) => s + m.discount_pence, 0));
  expect(figures.total_pence).toBe(figures.subtotal_pence - figures.discount_pence + figures.shipping_pence);
  expect(figures.charged_pence).toBe(figures.total_pence - figures.credit_pence);
}

const readable = (s: string) => s.replace(/\s/g, " ");

/** The receipt's text rows, and the money on the row that starts with a label. */
async function receipt(user: BuiltUser, orderId: number, language: "en" | "es") {
  const res = await t.app.inject({
    url: `/api/iu/purchases/${orderId}/receipt`,
    headers: { ...user.auth, "x-language-code": language },
  });
  expect(res.statusCode).toBe(200);
  const rows = (await pdfLines(res.rawPayload)).map(readable);
  const row = (label: string) => rows.find((r) => r.startsWith(`${readable(label)} |`));
  return { rows, row };
}

const money = (pence: number, language: "en" | "es") => readable(formatMoney(pence, language));

describe("receipts, history and the order page agree", () => {
  it("shows list prices, discounts, shipping and a total that add up, with quantities, in the reader's language", async () => {
    const ana = await buildLearner(t);
    const coupon = await buildCoupon(t, { percentage: 20, itemTypes: ["exam_accesses", "physical_product"] });
    const items = [
      { type: "exam_accesses", id: courses[0]!.moduleExamId },
      { type: "physical_product", id: books[0], quantity: 2, productMetas: { binding: "paperback" } },
    ];
    const res = await checkoutAs(t, ana, {
      items,
      coupon_code: coupon.code,
      shipping_address: address,
      payment: { card_token: await cardToken(t) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order_id as number;

    // Exam £5.00, 20% off: £4.00. Two books at £19.99 list, £2.50 off each for the paperback, then
    // 20% off £34.98: £6.996 → £7.00; paid £27.98. Subtotal £44.98, discounts £13.00, shipping apart.
    const history = (
      await t.app.inject({ url: "/api/iu/purchases", headers: { ...ana.auth, "x-language-code": "es" } })
    ).json().data as Array<{
      type: string;
      name: string;
      number_of_items: number;
      money: LineMoney;
      order_figures: OrderFigures;
    }>;
    const exam = history.find((p) => p.type === "exam_accesses")!;
    const book = history.find((p) => p.type === "physical_product")!;
    const shipping = history.find((p) => p.type === "shipping")!;
    expect(exam.name).toBe("Acceso al examen: Hola y adiós");
    expect(book.name).toBe("Aprender a programar (Tapa blanda)");
    expect(shipping.name).toBe("Envío");
    expect(exam.money).toMatchObject({ list_pence: 500, discount_pence: 100, paid_pence: 400 });
    expect(book.money).toMatchObject({
      list_unit_pence: 1999,
      quantity: 2,
      list_pence: 3998,
      discounts: { coupon: 700, salary_scale: 0, binding: 500 },
      paid_pence: 2798,
    });
    expect(book.number_of_items).toBe(2);
    const figures = exam.order_figures;
    expect(figures).toMatchObject({ subtotal_pence: 4498, discount_pence: 1300 });
    expect(figures.shipping_pence).toBe(shipping.money.paid_pence);
    expectReconciled([exam.money, book.money], figures);

    const order = (
      await t.app.inject({
        url: `/api/af/orders/${orderId}`,
        headers: { ...staff.auth, "x-language-code": "es" },
      })
    ).json();
    expect(order.figures).toEqual(figures);
    expect(order.lines.map((l: { name: string }) => l.name)).toEqual([
      "Acceso al examen: Hola y adiós",
      "Aprender a programar (Tapa blanda)",
      "Envío",
    ]);

    for (const language of ["en", "es"] as const) {
      const { rows, row } = await receipt(ana, orderId, language);
      const name = language === "es" ? "Acceso al examen: Hola y adiós" : "Exam access: Hello and goodbye";
      expect(row(name)).toBe(
        `${name} | 1 | ${money(500, language)} | -${money(100, language)} | ${money(400, language)}`,
      );
      const bookName =
        language === "es" ? "Aprender a programar (Tapa blanda)" : "Learning to program (Paperback)";
      expect(row(bookName)).toBe(
        `${bookName} | 2 | ${money(3998, language)} | -${money(1200, language)} | ${money(2798, language)}`,
      );
      const label = (en: string, es: string) => (language === "es" ? es : en);
      expect(row(label("Subtotal", "Subtotal"))).toBe(`Subtotal | ${money(4498, language)}`);
      expect(row(label("Discounts", "Descuentos"))).toBe(
        `${label("Discounts", "Descuentos")} | -${money(1300, language)}`,
      );
      expect(row(label("Shipping", "Envío"))).toBe(
        `${label("Shipping", "Envío")} | ${money(figures.shipping_pence, language)}`,
      );
      expect(row("Total")).toBe(`Total | ${money(figures.total_pence, language)}`);
      // The shipping is a total, not an item; English names never show to a Spanish reader.
      if (language === "es") expect(rows.join("\n")).not.toMatch(/Exam access|Shipping|Paperback/);
    }
  });
});

/** A random cart over the catalogue: titles (with a module exam inside), exams, e-notes, printed books. */
const cartArbitrary = fc
  .record({
    titles: fc.subarray([0, 1, 2]),
    withModuleExam: fc.boolean(),
    levelExams: fc.subarray([0, 1, 2]),
    notes: fc.subarray([0, 1]),
    books: fc.subarray([0, 1]),
    quantities: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 })),
    bindings: fc.tuple(fc.constantFrom("paperback", "hardcover"), fc.constantFrom("paperback", "hardcover")),
    coupon: fc.oneof(
      fc.constant(null),
      fc.record({ kind: fc.constant("percentage" as const), value: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant("flat" as const), value: fc.integer({ min: 1, max: 1500 }) }),
    ),
    couponTypes: fc.subarray(["course", "exam_accesses", "ebook", "physical_product"], { minLength: 1 }),
    salaryScale: fc.boolean(),
    language: fc.constantFrom("en" as const, "es" as const),
  })
  .filter((c) => c.titles.length + c.levelExams.length + c.notes.length + c.books.length > 0);

const runs = Number(process.env.MONEY_RUNS ?? 6);

describe("the money model over random carts", () => {
  // About a second a cart (checkout, history, order page, receipt); MONEY_RUNS=100 for a deeper run.
  it("reconciles in the priced cart, the written order, the history, the order page and the receipt", {
    timeout: 30_000 + runs * 4_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(cartArbitrary, async (cart) => {
        const learner = await buildLearner(t);
        const headers = { ...learner.auth, "x-language-code": cart.language };
        if (cart.salaryScale) {
          const applied = await t.app.inject({
            method: "POST",
            url: "/api/iu/salary-scale",
            headers,
            payload: { country: "IN", household_income_category_id: incomeCategoryId, declaration: true },
          });
          expect(applied.statusCode, applied.body).toBe(200);
        }
        const items: Array<Record<string, unknown>> = [];
        for (const i of cart.titles)
          items.push({
            type: "course",
            id: courses[i]!.id,
            items: cart.withModuleExam ? [{ type: "exam_accesses", id: courses[i]!.moduleExamId }] : [],
          });
        for (const i of cart.levelExams) items.push({ type: "exam_accesses", id: courses[i]!.levelExamId });
        for (const i of cart.notes) items.push({ type: "ebook", id: offers[i] });
        for (const i of cart.books)
          items.push({
            type: "physical_product",
            id: books[i],
            quantity: cart.quantities[i],
            productMetas: { binding: cart.bindings[i] },
          });
        let couponCode: string | null = null;
        if (cart.coupon) {
          const row = await buildCoupon(
            t,
            cart.coupon.kind === "percentage"
              ? { discountType: "percentage", percentage: cart.coupon.value, itemTypes: cart.couponTypes }
              : {
                  discountType: "flat",
                  percentage: null,
                  amountPence: cart.coupon.value,
                  itemTypes: cart.couponTypes,
                },
          );
          couponCode = row.code;
        }
        const hasBooks = cart.books.length > 0;
        const price = async (code: string | null) =>
          (
            await t.app.inject({
              method: "POST",
              url: "/api/iu/cart/price",
              headers,
              payload: { items, coupon_code: code, ...(hasBooks ? { shipping_address: address } : {}) },
            })
          ).json() as Priced;
        let priced = await price(couponCode);
        // A coupon that covers nothing here (or more than it covers) is refused: the cart goes without.
        if (priced.coupon.status === "invalid") {
          couponCode = null;
          priced = await price(null);
        }
        const pricedLines = flat(priced.lines);
        expect(pricedLines.every((l) => l.problem === null)).toBe(true);
        expectReconciled(
          pricedLines.map((l) => l.money),
          priced.figures,
        );
        expect(Math.round(priced.subtotal * 100)).toBe(priced.figures.subtotal_pence);
        expect(Math.round(priced.discount_total * 100)).toBe(priced.figures.discount_pence);
        expect(priced.total_pence).toBe(priced.figures.charged_pence);

        const paid = await checkoutAs(t, learner, {
          items,
          coupon_code: couponCode,
          ...(hasBooks ? { shipping_address: address } : {}),
          payment: { card_token: await cardToken(t) },
        });
        expect(paid.statusCode, paid.body).toBe(201);
        const orderId = paid.json().order_id as number;

        // The written order: its row and its lines say the same as the priced cart.
        const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, orderId));
        const lines = await t.deps.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
        expect(orderRowFigures(row!)).toEqual(priced.figures);
        expect(storedOrderFigures(row!, lines)).toEqual(priced.figures);

        // The history: the order's figures, and its lines (items within titles) with their quantities.
        const history = (await t.app.inject({ url: "/api/iu/purchases?per_page=100", headers })).json()
          .data as Array<{
          type: string;
          number_of_items: number;
          money: LineMoney;
          items: Array<{ money: LineMoney }>;
          order_figures: OrderFigures;
        }>;
        const bought = history.filter((p) => p.type !== "shipping");
        for (const entry of history) expect(entry.order_figures).toEqual(priced.figures);
        const historyLines = bought.flatMap((p) => [p.money, ...p.items.map((i) => i.money)]);
        expectReconciled(historyLines, priced.figures);
        expect(historyLines.map((m) => m.quantity).sort()).toEqual(
          pricedLines.map((l) => l.money.quantity).sort(),
        );
        expect(history.filter((p) => p.type === "shipping").reduce((s, p) => s + p.money.paid_pence, 0)).toBe(
          priced.figures.shipping_pence,
        );

        // The back office's order page.
        const order = (
          await t.app.inject({ url: `/api/af/orders/${orderId}`, headers: staff.auth })
        ).json() as { figures: OrderFigures; lines: Array<{ type: string; money: LineMoney }> };
        expect(order.figures).toEqual(priced.figures);
        expectReconciled(
          order.lines.filter((l) => l.type !== "shipping").map((l) => l.money),
          order.figures,
        );

        // The receipt: each line's list price, discount and paid amount; the totals.
        const { rows, row: totalRow } = await receipt(learner, orderId, cart.language);
        const l = (en: string, es: string) => (cart.language === "es" ? es : en);
        const m = (pence: number) => money(pence, cart.language);
        const f = priced.figures;
        expect(totalRow("Subtotal")).toBe(`Subtotal | ${m(f.subtotal_pence)}`);
        if (f.discount_pence > 0)
          expect(totalRow(l("Discounts", "Descuentos"))).toBe(
            `${l("Discounts", "Descuentos")} | -${m(f.discount_pence)}`,
          );
        if (f.shipping_pence > 0)
          expect(totalRow(l("Shipping", "Envío"))).toBe(`${l("Shipping", "Envío")} | ${m(f.shipping_pence)}`);
        expect(totalRow("Total")).toBe(`Total | ${m(f.total_pence)}`);
        for (const line of historyLines) {
          const cells = ` | ${line.quantity} | ${m(line.list_pence)} | ${line.discount_pence > 0 ? `-${m(line.discount_pence)}` : "-"} | ${m(line.paid_pence)}`;
          expect(
            rows.some((r) => r.endsWith(cells)),
            `${cells}\n${rows.join("\n")}`,
          ).toBe(true);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
  });
});
