import { describe, expect, it } from "vitest";
import { wholePercent } from "./percent";

describe("wholePercent", () => {
  it("rounds to the nearest whole percent", () => {
    expect(wholePercent(1, 6)).toBe(17);
    expect(wholePercent(2, 3)).toBe(67);
    expect(wholePercent(1, 3)).toBe(33);
    expect(wholePercent(1, 8)).toBe(13);
  });
  it("is 0 for nothing and never above 100", () => {
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(3, 0)).toBe(0);
    expect(wholePercent(7, 6)).toBe(100);
    expect(wholePercent(199, 200)).toBe(99);
    expect(wholePercent(6, 6)).toBe(100);
  });
});
