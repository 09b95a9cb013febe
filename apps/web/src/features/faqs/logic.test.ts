import { describe, expect, it } from "vitest";
import { faqArea, highlightParts, inLanguage } from "./logic";

describe("FAQ rules", () => {
  it("marks the searched words whatever their case and accents", () => {
    expect(highlightParts("How do I change my password?", "PASSWORD")).toEqual([
      { text: "How do I change my ", match: false },
      { text: "password", match: true },
      { text: "?", match: false },
    ]);
    expect(highlightParts("¿Cómo cambio mi contraseña?", "como contrasena")).toEqual([
      { text: "¿", match: false },
      { text: "Cómo", match: true },
      { text: " cambio mi ", match: false },
      { text: "contraseña", match: true },
      { text: "?", match: false },
    ]);
  });

  it("leaves the text alone without a search or with one-letter words", () => {
    expect(highlightParts("Refunds", "")).toEqual([{ text: "Refunds", match: false }]);
    expect(highlightParts("Refunds", "a")).toEqual([{ text: "Refunds", match: false }]);
  });

  it("reads the reader's language, falling back to English", () => {
    expect(inLanguage({ en: "Account", es: "Cuenta" }, "es")).toBe("Cuenta");
    expect(inLanguage({ en: "Account", es: "" }, "es")).toBe("Account");
    expect(inLanguage({ en: "Account", es: "Cuenta" }, "en")).toBe("Account");
  });

  it("knows the learner's pages from the public ones", () => {
    expect(faqArea("/iu/faqs/3")).toBe("learner");
    expect(faqArea("/faqs")).toBe("public");
  });
});
