import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addItem,
  type Cart,
  type CartItem,
  cartTotal,
  emptyCart,
  itemCount,
  mergeCarts,
  removeChildItem,
  removeItem,
  updateItem,
} from "./cart";

const course = (id: number, extra: Partial<CartItem> = {}): CartItem => ({
  type: "course",
  id,
  name: `Course ${id}`,
  price: 20,
  ...extra,
});
const book = (id: number, quantity = 1): CartItem => ({
  type: "physical_product",
  id,
  name: `Book ${id}`,
  price: 12.5,
  quantity,
  productMetas: { binding: "paperback" },
});
const sponsorship = (id: number, price: number): CartItem => ({
  type: "sponsorship",
  id,
  name: "Sponsor",
  price,
  img: "x.png",
  quantity: 3,
});

const arbitraryItem: fc.Arbitrary<CartItem> = fc.record({
  type: fc.constantFrom("course", "ebook", "exam_accesses", "physical_product", "sponsorship" as const),
  id: fc.integer({ min: 1, max: 6 }),
  name: fc.string(),
  price: fc.integer({ min: 0, max: 10_000 }).map((p) => p / 100),
});

describe("adding", () => {
  it("ignores a duplicate of the same id and type", () => {
    const cart = addItem(addItem(emptyCart(), course(1)), course(1));
    expect(cart.items).toHaveLength(1);
  });
  it("merges child items of a duplicate into the entry", () => {
    const exam = { type: "exam_accesses", id: 9, name: "Exam", price: 5 } as const;
    const cart = addItem(addItem(emptyCart(), course(1)), course(1, { items: [exam] }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.items).toEqual([exam]);
  });
  it("adds the quantity of a duplicate physical product with the same options", () => {
    const cart = addItem(addItem(emptyCart(), book(3, 1)), book(3, 2));
    expect(cart.items[0]?.quantity).toBe(3);
  });
  it("keeps several sponsorships, each with only id, type, price and name (spec section 3)", () => {
    const cart = addItem(addItem(emptyCart(), sponsorship(1, 10)), { ...sponsorship(2, 25), key: "k" });
    expect(cart.items).toEqual([
      { type: "sponsorship", id: 1, name: "Sponsor", price: 10 },
      { type: "sponsorship", id: 2, name: "Sponsor", price: 25 },
    ]);
    for (const item of cart.items) expect(Object.keys(item).sort()).toEqual(["id", "name", "price", "type"]);
  });
  it("does not ignore the same sponsorship added again: its new amount takes the entry's place", () => {
    const cart = addItem(addItem(emptyCart(), sponsorship(1, 10)), sponsorship(1, 25));
    expect(cart.items).toEqual([{ type: "sponsorship", id: 1, name: "Sponsor", price: 25 }]);
  });
  it("never lets a plain duplicate grow the cart (property)", () => {
    fc.assert(
      fc.property(fc.array(arbitraryItem, { maxLength: 30 }), (items) => {
        const cart = items.reduce((c, i) => addItem(c, i), emptyCart());
        const plain = cart.items.filter((i) => i.type !== "sponsorship");
        const keys = plain.map((i) => `${i.type}:${i.id}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});

describe("updating and removing", () => {
  it("keeps the coupon fields when an item is updated", () => {
    let cart = addItem(
      emptyCart(),
      course(1, { code: "WEEK20", discountedPrice: 16, discountedAmount: 4, discountedType: "percentage" }),
    );
    cart = updateItem(
      cart,
      { id: 1, type: "course" },
      { price: 30, code: undefined, discountedPrice: undefined },
    );
    expect(cart.items[0]).toMatchObject({ price: 30, code: "WEEK20", discountedPrice: 16 });
  });
  it("clears the whole cart when the last item is removed", () => {
    const cart = removeItem(addItem(emptyCart(1), course(1), 2), { id: 1, type: "course" }, 3);
    expect(cart).toEqual({ items: [], updatedAt: 3 });
  });
  it("deletes the parent's list when its last child is removed", () => {
    const exam = { type: "exam_accesses", id: 9, name: "Exam", price: 5 } as const;
    const cart = removeChildItem(
      addItem(emptyCart(), course(1, { items: [exam] })),
      { id: 1, type: "course" },
      exam,
    );
    expect(cart.items[0]).not.toHaveProperty("items");
  });
  it("empties the parent's items when e-notes are removed", () => {
    const notes = { type: "ebook", id: 4, name: "Notes", price: 3 } as const;
    const exam = { type: "exam_accesses", id: 9, name: "Exam", price: 5 } as const;
    const cart = removeChildItem(
      addItem(emptyCart(), course(1, { items: [exam, notes] })),
      { id: 1, type: "course" },
      notes,
    );
    expect(cart.items[0]).not.toHaveProperty("items");
  });
  it("removing everything one by one always ends empty (property)", () => {
    fc.assert(
      fc.property(fc.array(arbitraryItem, { minLength: 1, maxLength: 20 }), (items) => {
        let cart: Cart = items.reduce((c, i) => addItem(c, i), emptyCart());
        for (const i of [...cart.items]) cart = removeItem(cart, i);
        expect(cart.items).toEqual([]);
      }),
    );
  });
});

describe("counting and totals", () => {
  it("counts a course with its children, a physical product by quantity, anything else as one", () => {
    const exam = { type: "exam_accesses", id: 9, name: "Exam", price: 5 } as const;
    let cart = addItem(emptyCart(), course(1, { items: [exam] }));
    cart = addItem(cart, book(3, 4));
    cart = addItem(cart, { type: "ebook", id: 2, name: "E-book", price: 4 });
    expect(itemCount(cart)).toBe(2 + 4 + 1);
  });
  it("applies the salary-scale percentage to discounted items without a coupon, to 2 decimals", () => {
    let cart = addItem(emptyCart(), course(1, { price: 19.99, is_discounted: true }));
    cart = addItem(cart, course(2, { price: 10, is_discounted: true, discountedPrice: 9 }));
    cart = addItem(cart, course(3, { price: 5 }));
    expect(cartTotal(cart, 30)).toBe(Math.round((19.99 * 0.7 + 9 + 5) * 100) / 100);
  });
  it("has a total that never goes below zero and has at most 2 decimals (property)", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryItem, { maxLength: 20 }),
        fc.integer({ min: 0, max: 100 }),
        (items, pct) => {
          const total = cartTotal(
            items.reduce((c, i) => addItem(c, { ...i, is_discounted: true }), emptyCart()),
            pct,
          );
          expect(total).toBeGreaterThanOrEqual(0);
          expect(Math.round(total * 100)).toBeCloseTo(total * 100, 6);
        },
      ),
    );
  });
});

describe("merging at login", () => {
  it("keeps every entry of both carts and prefers the newer version of a shared entry", () => {
    const local = addItem(emptyCart(), course(1, { price: 25 }), 200);
    const server = addItem(addItem(emptyCart(), course(1, { price: 20 }), 100), course(2), 100);
    const merged = mergeCarts(local, server);
    expect(merged.items.map((i) => [i.id, i.price])).toEqual([
      [1, 25],
      [2, 20],
    ]);
    expect(merged.updatedAt).toBe(200);
  });
});
