import { describe, expect, it } from "vitest";
import {
  type CouponState,
  couponCodeToSend,
  couponReducer,
  initialCoupon,
  type ServerCoupon,
} from "./coupon";

const server = (over: Partial<ServerCoupon>): ServerCoupon => ({
  status: "applied",
  code: "FIVEOFF",
  value: 5,
  discount_type: "flat",
  total_discounted_amount: 5,
  message: null,
  ...over,
});
const run = (state: CouponState, ...events: Parameters<typeof couponReducer>[1][]) =>
  events.reduce(couponReducer, state);

describe("the cart's coupon state", () => {
  it("starts hidden and empty (emptyCoupon), and sends no code", () => {
    expect(initialCoupon).toMatchObject({ visible: false, status: "emptyCoupon", code: "" });
    expect(couponCodeToSend(initialCoupon)).toBeNull();
  });

  it("asks the server about a typed code (trimmed, capitals) and shows it applied when the server agrees", () => {
    const checking = run(initialCoupon, { type: "show" }, { type: "apply", code: "  fiveoff " });
    expect(checking).toMatchObject({ visible: true, status: "checking", code: "FIVEOFF" });
    expect(couponCodeToSend(checking)).toBe("FIVEOFF");
    const applied = couponReducer(checking, { type: "resolved", coupon: server({}) });
    expect(applied).toMatchObject({
      status: "applied",
      value: 5,
      discountType: "flat",
      totalDiscountedAmount: 5,
    });
    expect(couponCodeToSend(applied)).toBe("FIVEOFF");
  });

  it("shows the server's message for a refused code and stops sending it", () => {
    const refused = run(
      initialCoupon,
      { type: "apply", code: "NOPE" },
      {
        type: "resolved",
        coupon: server({
          status: "invalid",
          code: "NOPE",
          value: null,
          message: "Invalid or expired coupon for this value",
        }),
      },
    );
    expect(refused).toMatchObject({
      status: "invalid",
      code: "NOPE",
      message: "Invalid or expired coupon for this value",
    });
    expect(couponCodeToSend(refused)).toBeNull();
  });

  it("turns an applied coupon invalid when a later pricing refuses it (e.g. the cart got cheaper than a flat coupon)", () => {
    const applied = run(
      initialCoupon,
      { type: "apply", code: "FIVEOFF" },
      { type: "resolved", coupon: server({}) },
    );
    const later = couponReducer(applied, {
      type: "resolved",
      coupon: server({ status: "invalid", message: "Invalid or expired coupon for this value" }),
    });
    expect(later.status).toBe("invalid");
  });

  it("ignores a stale answer about another code", () => {
    const checking = run(initialCoupon, { type: "apply", code: "WEEK20" });
    expect(couponReducer(checking, { type: "resolved", coupon: server({ code: "FIVEOFF" }) })).toBe(checking);
    expect(couponReducer(initialCoupon, { type: "resolved", coupon: server({}) })).toBe(initialCoupon);
  });

  it("removing goes back to emptyCoupon; an empty code applies nothing; reset hides the box", () => {
    const applied = run(
      initialCoupon,
      { type: "show" },
      { type: "apply", code: "FIVEOFF" },
      { type: "resolved", coupon: server({}) },
    );
    expect(couponReducer(applied, { type: "remove" })).toMatchObject({
      status: "emptyCoupon",
      code: "",
      visible: true,
    });
    expect(couponReducer(applied, { type: "apply", code: "   " }).status).toBe("emptyCoupon");
    expect(couponReducer(applied, { type: "reset" })).toEqual(initialCoupon);
  });

  it("closing the box keeps an applied coupon but drops an unfinished one", () => {
    const applied = run(
      initialCoupon,
      { type: "apply", code: "FIVEOFF" },
      { type: "resolved", coupon: server({}) },
    );
    expect(couponReducer(applied, { type: "hide" })).toMatchObject({ status: "applied", visible: false });
    const checking = run(initialCoupon, { type: "apply", code: "X1Y" });
    expect(couponReducer(checking, { type: "hide" })).toEqual(initialCoupon);
  });
});
