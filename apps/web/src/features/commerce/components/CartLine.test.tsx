/**
 * A printed book's line in the cart beyond the stock keeps its price, shows the
 * server's message offering the maximum and a button that sets the quantity to it; the quantity
 * box stops at the stock.
 */
import { cartBody, type PricedLine } from "@aprendo/contract";
import type { CartItem } from "@aprendo/contract/domain";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { useCart } from "../../../stores/cart";
import { renderPage } from "../../../test/render";
import { api, server } from "../../../test/server";
import { CartLine } from "./CartLine";

const item: CartItem = {
  type: "physical_product",
  id: 7,
  name: "Learning to program (Paperback)",
  price: 20,
  quantity: 4,
  productMetas: { binding: "paperback" },
};

const line = (quantity: number, problem: string | null): PricedLine => ({
  key: "physical_product:7",
  type: "physical_product",
  id: 7,
  name: "Learning to program (Paperback)",
  course_module_id: null,
  quantity,
  unit_price: 20,
  unit_price_pence: 2000,
  is_discounted: false,
  salaryScaleDiscount: 0,
  code: null,
  discountedAmount: null,
  discountedPrice: null,
  discountedType: null,
  price: 20 * quantity,
  price_pence: 2000 * quantity,
  problem,
  max_quantity: 3,
  money: {
    list_unit_pence: 2000,
    quantity,
    list_pence: 2000 * quantity,
    discounts: { coupon: 0, salary_scale: 0, binding: 0 },
    discount_pence: 0,
    paid_pence: 2000 * quantity,
  },
  items: [],
});

beforeEach(() => {
  useCart.setState({ items: [item], updatedAt: 1 });
  // The learner's cart is kept on the server too; here it holds nothing newer.
  server.use(
    api.get("/iu/cart", cartBody, { items: [], updated_at: 0 }),
    api.put("/iu/cart", cartBody, ({ json }) => json as z.input<typeof cartBody>),
  );
});

describe("a cart line beyond the stock", () => {
  it("keeps its price, offers the stock and bounds the quantity by it", async () => {
    const { user } = await renderPage(
      <ul>
        <CartLine item={item} line={line(4, "Only 3 left in stock: you can buy up to 3")} loading={false} />
      </ul>,
      "/iu/cart",
      { user: {} },
    );
    expect((await screen.findByTestId("cart-line")).textContent).toContain("£80.00");
    expect(screen.getByRole("status").textContent).toContain("you can buy up to 3");
    expect(screen.getByLabelText(`Quantity of ${item.name}`).getAttribute("max")).toBe("3");
    expect(
      (screen.getByRole("button", { name: `One more ${item.name}` }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole("button", { name: "Change to 3" }));
    expect(useCart.getState().items[0]?.quantity).toBe(3);
  });
});

describe("a cart line's name in another language than the interface", () => {
  it("is marked with its language, so a screen reader reads it with that voice", async () => {
    await renderPage(
      <ul>
        <CartLine
          item={item}
          line={{ ...line(1, null), name: "Buenos días", name_lang: "es" }}
          loading={false}
        />
      </ul>,
      "/iu/cart",
      { user: {} },
    );
    expect((await screen.findByText("Buenos días")).getAttribute("lang")).toBe("es");
  });
});
