import { describe, expect, it } from "vitest";
import { changePercent } from "./format";

describe("back-office figures", () => {
  it("compares with the previous period", () => {
    expect(changePercent(120, 100)).toBe(20);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe("chart scales", async () => {
  const { niceTop } = await import("./Charts");
  it("rounds the top of the axis to four round steps", () => {
    expect(niceTop(5, 4)).toBe(8);
    expect(niceTop(0, 4)).toBe(4);
    expect(niceTop(130, 4)).toBe(200);
    expect(niceTop(3, 4)).toBe(4);
  });
});
