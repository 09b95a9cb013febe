/**
 * The purchase history shows the money model as the receipt does (each line's
 * list price, discounts and paid amount, its quantity; subtotal − discounts + shipping = total),
 * names said once ("Exam access: …" without "Exam access" beneath), in the reader's language.
 */
import { type LineMoney, purchaseList } from "@aprendo/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import PurchaseHistoryPage from "./PurchaseHistoryPage";

const money = (
  list_unit_pence: number,
  quantity: number,
  discounts: Partial<LineMoney["discounts"]> = {},
): LineMoney => {
  const d = { coupon: 0, salary_scale: 0, binding: 0, ...discounts };
  const discount = d.coupon + d.salary_scale + d.binding;
  return {
    list_unit_pence,
    quantity,
    list_pence: list_unit_pence * quantity,
    discounts: d,
    discount_pence: discount,
    paid_pence: list_unit_pence * quantity - discount,
  };
};

const figures = {
  subtotal_pence: 4498,
  discount_pence: 1300,
  shipping_pence: 399,
  total_pence: 3597,
  credit_pence: 0,
  charged_pence: 3597,
};

function entry(
  id: number,
  type: "exam_accesses" | "physical_product" | "shipping",
  name: string,
  m: LineMoney,
): z.input<typeof purchaseList>["data"][number] {
  return {
    id,
    order: 12,
    order_number: "A-000012",
    transaction_id: "pi_sandbox_1234567890",
    date: "2026-03-01T10:00:00Z",
    amount: m.paid_pence / 100,
    payment_type: type,
    type,
    item_id: type === "shipping" ? null : id,
    name,
    number_of_items: type === "physical_product" ? m.quantity : type === "shipping" ? 0 : 1,
    items: [],
    money: m,
    order_figures: figures,
    shipping_address: "Ana Test, 1 High Street, London, SW1A 1AA, GB",
    status: "paid",
    receipt_url: "/api/iu/purchases/12/receipt",
    fulfilment: null,
  };
}

function serve(language: "en" | "es") {
  const es = language === "es";
  server.use(
    api.get("/iu/purchases", purchaseList, {
      data: [
        entry(
          1,
          "exam_accesses",
          es ? "Acceso al examen: Hola y adiós" : "Exam access: Hello and goodbye",
          money(500, 1, { coupon: 100 }),
        ),
        entry(
          2,
          "physical_product",
          es ? "Aprender a programar (Tapa blanda)" : "Learning to program (Paperback)",
          money(1999, 2, { coupon: 700, binding: 500 }),
        ),
        entry(3, "shipping", es ? "Envío" : "Shipping", money(399, 1)),
      ],
      total: 3,
      next_page_url: null,
    }),
  );
}

describe("the purchase history", () => {
  it("shows each line's price, discounts and quantity, and totals that add up like the receipt's", async () => {
    serve("en");
    await renderPage(<PurchaseHistoryPage />, "/iu/profile/history", { user: {} });
    const order = await screen.findByRole("article", { name: "Order A-000012" });
    const card = within(order);
    expect(card.getByTestId("purchase-amount").textContent).toBe("£35.97");
    // Said once: no "Exam access" label beneath "Exam access: Hello and goodbye".
    const examLine = card.getByText("Exam access: Hello and goodbye").closest("li")!;
    expect(within(examLine).getAllByText(/Exam access/)).toHaveLength(1);
    expect(card.getByText("2 × £19.99 · Coupon −£7.00 · Binding discount −£5.00")).toBeTruthy();
    expect(card.getByText("Coupon −£1.00")).toBeTruthy();
    expect(card.getAllByTestId("purchase-line-amount").map((e) => e.textContent)).toEqual([
      "£4.00",
      "£27.98",
    ]);
    // Shipping is a total, not an item.
    expect(card.getByText("3 items")).toBeTruthy();
    const totals = card;
    expect(totals.getByTestId("figure-subtotal").textContent).toBe("Subtotal£44.98");
    expect(totals.getByTestId("figure-discounts").textContent).toBe("Discounts−£13.00");
    expect(totals.getByTestId("figure-shipping").textContent).toBe("Shipping£3.99");
    expect(totals.getByTestId("figure-total").textContent).toBe("Total£35.97");
  });

  it("reads in Spanish for a Spanish learner", async () => {
    serve("es");
    await renderPage(<PurchaseHistoryPage />, "/iu/profile/history", { user: {}, language: "es" });
    const order = await screen.findByRole("article", { name: "Pedido n.º A-000012" });
    const card = within(order);
    expect(card.getByText("Acceso al examen: Hola y adiós")).toBeTruthy();
    expect(
      card.getByText(/2 × 19,99\s£ · Cupón −7,00\s£ · Descuento por encuadernación −5,00\s£/),
    ).toBeTruthy();
    expect(card.getByTestId("figure-total").textContent).toMatch(/Total35,97\s£/);
    expect(card.queryByText(/Shipping|Exam access/)).toBeNull();
  });
});
