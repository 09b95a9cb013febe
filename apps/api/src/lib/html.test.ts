import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("writes the characters that end an element or a quoted attribute as entities", () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;",
    );
  });

  it("leaves every other text as it is, accents and emoji included", () => {
    expect(escapeHtml("Inglés básico, 2º curso 🎓")).toBe("Inglés básico, 2º curso 🎓");
  });
});
