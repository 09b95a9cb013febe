import type { CartItem } from "@aprendo/contract/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const http = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock("../lib/http/client", () => ({ get: http.get, put: http.put, post: vi.fn(async () => ({})) }));

const title: CartItem = { type: "course", id: 7, name: "Algebra Foundations", price: 29 };
const exam: CartItem = { type: "exam_accesses", id: 3, name: "Module 1 exam", price: 5 };
const book: CartItem = { type: "physical_product", id: 9, name: "Printed algebra", price: 12, quantity: 1 };

/** A fresh store module, as a new page load of the app would have (it reads local storage when it loads). */
async function load() {
  vi.resetModules();
  const cart = await import("./cart");
  // As the app does at start (app/App.tsx): follow the session, the page going away, other tabs.
  cart.startCartSync();
  const panels = await import("./panels");
  const session = await import("./session");
  const logout = await import("../lib/logout");
  return { ...cart, ...panels, ...session, ...logout };
}

beforeEach(() => {
  localStorage.clear();
  http.get.mockReset();
  http.put.mockReset();
  http.put.mockResolvedValue({});
});
afterEach(() => vi.useRealTimers());

describe("the cart store", () => {
  it("adds with the contract rules and opens the cart panel unless told not to", async () => {
    const { useCart, usePanels } = await load();
    useCart.getState().add(title, { silent: true });
    expect(usePanels.getState().cart).toBe(false);
    useCart.getState().add(exam);
    expect(usePanels.getState().cart).toBe(true);
    // A duplicate of the same id and type is ignored.
    useCart.getState().add({ ...title, price: 1 }, { silent: true });
    expect(useCart.getState().items).toEqual([title, exam]);
  });

  it("counts a title with its child items, a printed book by quantity, anything else as one", async () => {
    const { useCart, selectItemCount } = await load();
    const { add } = useCart.getState();
    add(title, { silent: true });
    add({ ...title, items: [exam, { ...exam, id: 4 }] }, { silent: true });
    add(book, { silent: true });
    add({ ...book, quantity: 2 }, { silent: true });
    expect(selectItemCount(useCart.getState())).toBe(3 + 3 + 0);
    expect(useCart.getState().items.find((i) => i.type === "physical_product")?.quantity).toBe(3);
  });

  it("removes child items and entries; removing the last one clears the cart and its coupon", async () => {
    const { useCart } = await load();
    const state = () => useCart.getState();
    state().add({ ...title, items: [exam] }, { silent: true });
    state().couponEvent({ type: "apply", code: "fiveoff" });
    state().removeChild(title, exam);
    expect(state().items[0]).not.toHaveProperty("items");
    state().remove(title);
    expect(state().items).toEqual([]);
    expect(state().coupon.status).toBe("emptyCoupon");
    expect(localStorage.getItem("cart")).toBeNull();
  });

  it("keeps the cart in local storage with its timestamp, and a new page load reads it back", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    const first = await load();
    first.useCart.getState().add(title, { silent: true });
    first.useCart.getState().couponEvent({ type: "apply", code: "FIVEOFF" });
    const stored = JSON.parse(localStorage.getItem("cart") ?? "{}");
    expect(stored).toEqual({
      items: [title],
      updatedAt: Date.parse("2026-03-01T10:00:00Z"),
      coupon: "FIVEOFF",
    });

    const second = await load();
    expect(second.useCart.getState().items).toEqual([title]);
    expect(second.useCart.getState().updatedAt).toBe(Date.parse("2026-03-01T10:00:00Z"));
    expect(second.useCart.getState().coupon).toMatchObject({ status: "checking", code: "FIVEOFF" });
  });

  it("merges with the server cart when a learner logs in (the newer entry wins) and sends the result back", async () => {
    localStorage.setItem("cart", JSON.stringify({ items: [title], updatedAt: 2_000 }));
    http.get.mockResolvedValue({ items: [{ ...title, price: 30 }, exam], updated_at: 1_000 });
    const { useCart, useSession } = await load();
    useSession.getState().setToken("tok");
    useSession
      .getState()
      .setUser({ id: 5, name: "leo", username: "leo", email: null, role_id: 1, language_id: 1 });
    await vi.waitFor(() => expect(http.put).toHaveBeenCalled());
    expect(http.get).toHaveBeenCalledWith("/iu/cart");
    expect(useCart.getState().items).toEqual([title, exam]);
    expect(http.put).toHaveBeenCalledWith("/iu/cart", { items: [title, exam], updated_at: 2_000 });
  });

  it("sends later changes to the server cart, and forgets everything at logout", async () => {
    vi.useFakeTimers();
    http.get.mockResolvedValue({ items: [], updated_at: 0 });
    const { useCart, useSession, forgetSession } = await load();
    useSession.getState().setToken("tok");
    useSession
      .getState()
      .setUser({ id: 5, name: "leo", username: "leo", email: null, role_id: 1, language_id: 1 });
    await vi.waitFor(() => expect(http.get).toHaveBeenCalled());
    await vi.runAllTimersAsync();
    http.put.mockClear();
    useCart.getState().add(exam, { silent: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(http.put).toHaveBeenCalledWith("/iu/cart", { items: [exam], updated_at: expect.any(Number) });

    forgetSession();
    expect(useCart.getState().items).toEqual([]);
    expect(localStorage.getItem("cart")).toBeNull();
    http.put.mockClear();
    useCart.getState().add(title, { silent: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(http.put).not.toHaveBeenCalled();
  });

  it("clears the server cart as soon as the last item is removed, and a reload at once keeps it empty", async () => {
    http.get.mockResolvedValue({ items: [title], updated_at: 1_000 });
    const leo = { id: 5, name: "leo", username: "leo", email: null, role_id: 1 as const, language_id: 1 };
    const first = await load();
    first.useSession.getState().setToken("tok");
    first.useSession.getState().setUser(leo);
    await vi.waitFor(() => expect(first.useCart.getState().items).toEqual([title]));
    http.put.mockClear();

    first.useCart.getState().remove(title);
    // No debounce for a removal: the server hears of it before the page could be reloaded.
    expect(http.put).toHaveBeenCalledWith("/iu/cart", { items: [], updated_at: expect.any(Number) });
    const emptiedAt = first.useCart.getState().updatedAt;

    // The page reloads before that request lands: the server still holds the older cart.
    http.put.mockClear();
    const second = await load();
    expect(second.useCart.getState().items).toEqual([]);
    second.useSession.getState().setToken("tok");
    second.useSession.getState().setUser(leo);
    await vi.waitFor(() => expect(http.put).toHaveBeenCalled());
    expect(second.useCart.getState().items).toEqual([]);
    expect(http.put).toHaveBeenCalledWith("/iu/cart", { items: [], updated_at: emptiedAt });
  });

  it("sends a change still waiting when the page goes away, with keepalive", async () => {
    vi.useFakeTimers();
    http.get.mockResolvedValue({ items: [], updated_at: 0 });
    const { useCart, useSession } = await load();
    useSession.getState().setToken("tok");
    useSession
      .getState()
      .setUser({ id: 5, name: "leo", username: "leo", email: null, role_id: 1, language_id: 1 });
    await vi.waitFor(() => expect(http.get).toHaveBeenCalled());
    await vi.runAllTimersAsync();
    http.put.mockClear();
    useCart.getState().add(exam, { silent: true });
    expect(http.put).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pagehide"));
    expect(http.put).toHaveBeenCalledWith(
      "/iu/cart",
      { items: [exam], updated_at: expect.any(Number) },
      { keepalive: true },
    );
  });

  it("keeps a sponsorship as id, type, price and name only, also one saved before that rule", async () => {
    const sponsorship: CartItem = { type: "sponsorship", id: 4, name: "Sponsorship for ana", price: 25 };
    localStorage.setItem(
      "cart",
      JSON.stringify({ items: [{ ...sponsorship, key: "sponsorship-4-25" }], updatedAt: 5 }),
    );
    const { useCart } = await load();
    expect(useCart.getState().items).toEqual([sponsorship]);
    useCart.getState().add({ ...sponsorship, id: 6, img: "x.png", key: "k" } as CartItem, { silent: true });
    expect(useCart.getState().items[1]).toEqual({ ...sponsorship, id: 6 });
  });

  it("settles the coupon with the server's answer", async () => {
    const { useCart } = await load();
    useCart.getState().add(title, { silent: true });
    useCart.getState().couponEvent({ type: "apply", code: "FIVEOFF" });
    useCart.getState().couponResolved({
      status: "applied",
      code: "FIVEOFF",
      value: 5,
      discount_type: "flat",
      total_discounted_amount: 5,
      message: null,
    });
    expect(useCart.getState().coupon).toMatchObject({ status: "applied", totalDiscountedAmount: 5 });
  });
});
