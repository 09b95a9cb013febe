import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { spread } from "./pricing";

describe("a flat coupon spread over lines", () => {
  it("adds up to the coupon exactly and never makes a line negative", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (prices, wanted) => {
          const total = prices.reduce((s, p) => s + p, 0);
          const amount = Math.min(wanted, total);
          const shares = spread(
            amount,
            prices.map((grossPence) => ({ grossPence })),
          );
          expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(prices[i]!);
          });
        },
      ),
    );
  });
});
