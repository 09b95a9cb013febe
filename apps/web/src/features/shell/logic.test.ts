import { describe, expect, it } from "vitest";
import { greetingKey, nextScrollDirection, normalizeSource, searchTarget, shownSearch } from "./logic";

describe("greeting", () => {
  it.each([
    [0, "greeting.morning"],
    [11, "greeting.morning"],
    [12, "greeting.afternoon"],
    [17, "greeting.afternoon"],
    [18, "greeting.evening"],
    [23, "greeting.evening"],
  ])("at %i h is %s", (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });
});

describe("search box", () => {
  it("does nothing for an empty or blank text", () => {
    expect(searchTarget({ text: "", source: "all" }, null)).toBeNull();
    expect(searchTarget({ text: "   ", source: "courses" }, null)).toBeNull();
  });

  it("does nothing when the same search is already shown", () => {
    const shown = shownSearch("/iu/search", "?q=algebra&source=courses");
    expect(searchTarget({ text: " algebra ", source: "courses" }, shown)).toBeNull();
  });

  it("searches again when the text or the source differs", () => {
    const shown = shownSearch("/iu/search", "?q=algebra&source=courses");
    expect(searchTarget({ text: "algebra", source: "products" }, shown)).toBe(
      "/iu/search?q=algebra&source=products",
    );
    expect(searchTarget({ text: "geometry", source: "courses" }, shown)).toBe(
      "/iu/search?q=geometry&source=courses",
    );
  });

  it("falls back to all for an unknown source, in the box and in the address", () => {
    expect(normalizeSource("events")).toBe("all");
    expect(normalizeSource(null)).toBe("all");
    expect(searchTarget({ text: "x y", source: "bogus" }, null)).toBe("/iu/search?q=x+y&source=all");
    expect(shownSearch("/iu/search", "?q=x&source=bogus")).toEqual({ q: "x", source: "all" });
    expect(
      searchTarget({ text: "x", source: "all" }, shownSearch("/iu/search", "?q=x&source=bogus")),
    ).toBeNull();
  });

  it("is not the results page elsewhere", () => {
    expect(shownSearch("/iu/dashboard", "?q=x")).toBeNull();
  });
});

describe("scroll direction", () => {
  it("changes only after a move of more than 1 px", () => {
    expect(nextScrollDirection(100, 101, "up")).toBe("up");
    expect(nextScrollDirection(100, 99, "down")).toBe("down");
    expect(nextScrollDirection(100, 102, "up")).toBe("down");
    expect(nextScrollDirection(100, 98, "down")).toBe("up");
  });
});
