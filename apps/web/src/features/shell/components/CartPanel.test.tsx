import { cartBody, pricedCart } from "@aprendo/contract";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { useCart } from "../../../stores/cart";
import { renderPage } from "../../../test/render";
import { api, requests, server } from "../../../test/server";
import CartPanel from "./CartPanel";

const course = { type: "course" as const, id: 5, name: "Algebra Foundations", price: 29 };

/** The server's pricing of the learner's cart: a coupon it knows (SAVE10), or "does not exist". */
function servePricing() {
  server.use(
    // A learner's browser cart is merged with the one kept on the server (here: none).
    api.get("/iu/cart", cartBody, { items: [], updated_at: 0 }),
    api.put("/iu/cart", cartBody, ({ json }) => json as z.input<typeof cartBody>),
    api.post("/iu/cart/price", pricedCart, ({ json }) => {
      const code = (json as { coupon_code: string | null }).coupon_code;
      const known = code === "SAVE10";
      const discount = known ? 2.9 : 0;
      const line = {
        key: "course:5",
        type: "course" as const,
        id: 5,
        name: course.name,
        course_module_id: null,
        quantity: 1,
        unit_price: 29,
        unit_price_pence: 2900,
        is_discounted: true,
        salaryScaleDiscount: 0,
        code: known ? code : null,
        discountedAmount: known ? discount : null,
        discountedPrice: known ? 29 - discount : null,
        discountedType: known ? ("percentage" as const) : null,
        price: 29 - discount,
        price_pence: Math.round((29 - discount) * 100),
        problem: null,
        max_quantity: null,
        money: {
          list_unit_pence: 2900,
          quantity: 1,
          list_pence: 2900,
          discounts: { coupon: Math.round(discount * 100), salary_scale: 0, binding: 0 },
          discount_pence: Math.round(discount * 100),
          paid_pence: Math.round((29 - discount) * 100),
        },
        items: [],
      };
      const answer: z.input<typeof pricedCart> = {
        lines: [line],
        currency: "GBP",
        subtotal: 29,
        salary_scale: null,
        coupon: {
          status: code === null ? "emptyCoupon" : known ? "applied" : "invalid",
          code,
          value: known ? 10 : null,
          discount_type: known ? "percentage" : null,
          total_discounted_amount: discount,
          message: code !== null && !known ? "This coupon does not exist" : null,
        },
        credit: { available: 0, applied: 0 },
        discount_total: discount,
        shipping: 0,
        total: 29 - discount,
        total_pence: Math.round((29 - discount) * 100),
        figures: {
          subtotal_pence: 2900,
          discount_pence: Math.round(discount * 100),
          shipping_pence: 0,
          total_pence: Math.round((29 - discount) * 100),
          credit_pence: 0,
          charged_pence: Math.round((29 - discount) * 100),
        },
        item_count: 1,
        has_problems: false,
      };
      return answer;
    }),
  );
}

beforeEach(() => {
  useCart.setState({ items: [], updatedAt: 0 });
  useCart.getState().couponEvent({ type: "reset" });
});

describe("the cart panel", () => {
  it("shows the server's prices, refuses an unknown coupon with its message, and applies a known one", async () => {
    useCart.setState({ items: [course], updatedAt: 1 });
    servePricing();
    const { user } = await renderPage(<CartPanel open onOpenChange={() => {}} />, "/iu/dashboard", {
      user: {},
    });
    expect(await screen.findByText("Algebra Foundations")).toBeTruthy();
    expect(screen.getByTestId("cart-count").textContent).toBe("1 item");

    await user.click(screen.getByRole("button", { name: "Have a coupon code?" }));
    await user.type(screen.getByLabelText("Coupon code"), "nope");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This coupon does not exist");

    await user.clear(screen.getByLabelText("Coupon code"));
    await user.type(screen.getByLabelText("Coupon code"), "save10");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("coupon-applied")).textContent).toContain(
      "Coupon SAVE10 applied (10% off)",
    );
    const priced = requests.filter((r) => r.path === "/api/iu/cart/price");
    expect(priced.map((r) => (r.body as { coupon_code: string | null }).coupon_code)).toEqual([
      null,
      "NOPE",
      "SAVE10",
    ]);
  });

  it("is empty in Spanish, with a way to the courses", async () => {
    server.use(api.get("/iu/cart", cartBody, { items: [], updated_at: 0 }));
    await renderPage(<CartPanel open onOpenChange={() => {}} />, "/iu/dashboard", {
      user: {},
      language: "es",
    });
    expect(await screen.findByText("Tu carrito está vacío")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver cursos" }).getAttribute("href")).toBe("/iu/courses");
  });
});
