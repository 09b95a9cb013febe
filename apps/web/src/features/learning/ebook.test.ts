import { describe, expect, it } from "vitest";
import { clampPage, nextZoom } from "./ebook";
import { isEmptyDoc } from "./noteRender";

describe("the e-book viewer", () => {
  it("keeps the page within the book", () => {
    expect(clampPage(0, 12)).toBe(1);
    expect(clampPage(5, 12)).toBe(5);
    expect(clampPage(40, 12)).toBe(12);
    expect(clampPage(Number.NaN, 12)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it("zooms in steps, starting at 100 % from fit-to-width", () => {
    expect(nextZoom("fit", 1)).toBe(1.25);
    expect(nextZoom("fit", -1)).toBe(0.75);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(0.5, -1)).toBe(0.5);
    expect(nextZoom(1.1, 1)).toBe(1.25);
  });
});

describe("notes", () => {
  it("treats a document without text as empty (an emptied note is deleted)", () => {
    expect(isEmptyDoc({ type: "doc", content: [{ type: "paragraph" }] })).toBe(true);
    expect(
      isEmptyDoc({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "  " }] }] }),
    ).toBe(true);
    expect(
      isEmptyDoc({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Hola" }] }],
      }),
    ).toBe(false);
    expect(isEmptyDoc(null)).toBe(true);
  });
});
