/**
 * The cart's coupon state (spec section 3: visibility, status defaulting to emptyCoupon, code, value,
 * total discounted amount) as a small state machine. The server decides whether a code is valid:
 * `apply` only asks (status checking); the pricing answer settles it as applied or invalid.
 *
 *   emptyCoupon --apply(code)--> checking --server applied--> applied --remove--> emptyCoupon
 *                                         \-server invalid--> invalid --apply(other)--> checking
 */
export type CouponStatus = "emptyCoupon" | "checking" | "applied" | "invalid";

export type CouponState = {
  /** The code box is open. */
  visible: boolean;
  status: CouponStatus;
  code: string;
  /** The percentage or the flat amount in pounds, once applied. */
  value: number | null;
  discountType: "percentage" | "flat" | null;
  totalDiscountedAmount: number;
  /** The server's words (e.g. "Invalid or expired coupon for this value"), when it gave some. */
  message: string | null;
};

/** The coupon part of the server's pricing answer. */
export type ServerCoupon = {
  status: "emptyCoupon" | "applied" | "invalid";
  code: string | null;
  value: number | null;
  discount_type: "percentage" | "flat" | null;
  total_discounted_amount: number;
  message: string | null;
};

export type CouponEvent =
  | { type: "show" }
  | { type: "hide" }
  | { type: "apply"; code: string }
  | { type: "remove" }
  | { type: "resolved"; coupon: ServerCoupon }
  | { type: "reset" };

export const initialCoupon: CouponState = {
  visible: false,
  status: "emptyCoupon",
  code: "",
  value: null,
  discountType: null,
  totalDiscountedAmount: 0,
  message: null,
};

const normalise = (code: string) => code.trim().toUpperCase();

export function couponReducer(state: CouponState, event: CouponEvent): CouponState {
  switch (event.type) {
    case "show":
      return { ...state, visible: true };
    case "hide":
      // Closing the box keeps an applied coupon; an unfinished or refused one is dropped.
      return state.status === "applied" ? { ...state, visible: false } : { ...initialCoupon };
    case "apply": {
      const code = normalise(event.code);
      if (code === "") return { ...initialCoupon, visible: true };
      if (code === state.code && state.status === "applied") return state;
      return { ...initialCoupon, visible: true, status: "checking", code };
    }
    case "remove":
      return { ...initialCoupon, visible: state.visible };
    case "reset":
      return { ...initialCoupon };
    case "resolved": {
      const { coupon } = event;
      // An answer about another code (or about no code) is stale: the person changed it meanwhile.
      if (state.status === "emptyCoupon" || state.status === "invalid") return state;
      if (coupon.code === null || normalise(coupon.code) !== state.code) return state;
      if (coupon.status === "applied")
        return {
          ...state,
          visible: true,
          status: "applied",
          value: coupon.value,
          discountType: coupon.discount_type,
          totalDiscountedAmount: coupon.total_discounted_amount,
          message: null,
        };
      if (coupon.status === "invalid")
        return {
          ...state,
          visible: true,
          status: "invalid",
          value: null,
          discountType: null,
          totalDiscountedAmount: 0,
          message: coupon.message,
        };
      return state;
    }
  }
}

/** The code to send with a pricing or checkout request: only one being checked or applied. */
export function couponCodeToSend(state: CouponState): string | null {
  return state.status === "checking" || state.status === "applied" ? state.code : null;
}
