import { describe, expect, it } from "vitest";
import { clock, coverArt, durationParts, listPath, paragraphs, positiveInt } from "./logic";

describe("catalogue rules", () => {
  it("rounds running times up to the minute and splits hours", () => {
    expect(durationParts(15)).toEqual({ hours: 0, minutes: 1 });
    expect(durationParts(3_600)).toEqual({ hours: 1, minutes: 0 });
    expect(durationParts(3_725)).toEqual({ hours: 1, minutes: 3 });
  });

  it("writes clock positions", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(75.9)).toBe("1:15");
    expect(clock(3_725)).toBe("1:02:05");
  });

  it("gives a title the same placeholder art every time, with its initials", () => {
    const a = coverArt(3, "Everyday Spanish");
    expect(coverArt(3, "Everyday Spanish")).toEqual(a);
    expect(a.initials).toBe("ES");
    expect(coverArt(4, "Everyday Spanish")).not.toEqual(a);
    expect(coverArt(1, "¡Hola!").initials).toBe("H");
    expect(coverArt(1, "").initials).toBe("·");
  });

  it("keeps placeholder colours dark enough for white initials", () => {
    for (let id = 1; id < 200; id++) {
      const { from, to } = coverArt(id, `Title ${id}`);
      for (const colour of [from, to]) {
        const lightness = Number(/(\d+)%\)$/.exec(colour)?.[1]);
        expect(lightness).toBeLessThanOrEqual(34);
      }
    }
  });

  it("maps each catalogue page to its API list", () => {
    expect(listPath("all")).toBe("/iu/courses");
    expect(listPath("enrolled")).toBe("/iu/courses/enrolled");
    expect(listPath("top")).toBe("/iu/courses/top");
    expect(listPath("coming-soon")).toBe("/iu/courses/coming-soon");
    expect(listPath("category", 7)).toBe("/iu/categories/7/courses");
  });

  it("reads positive whole numbers from the address only", () => {
    expect(positiveInt("3", 1)).toBe(3);
    expect(positiveInt("0", 1)).toBe(1);
    expect(positiveInt("-2", 1)).toBe(1);
    expect(positiveInt("2.5", 1)).toBe(1);
    expect(positiveInt("abc", 1)).toBe(1);
    expect(positiveInt(null, 4)).toBe(4);
  });

  it("splits descriptions into paragraphs at blank lines", () => {
    expect(paragraphs("One\ntwo\n\n  Three  \n\n\n")).toEqual(["One\ntwo", "Three"]);
    expect(paragraphs("")).toEqual([]);
  });
});
