import { describe, expect, it } from "vitest";
import { initialLanguage } from "./index";

describe("the first visit's language", () => {
  it("follows the browser when nothing was chosen on this device", () => {
    expect(initialLanguage(null, ["es-ES", "es", "en"])).toBe("es");
    expect(initialLanguage(null, ["fr-FR", "es-MX", "en"])).toBe("es");
    expect(initialLanguage(null, ["en-GB", "es"])).toBe("en");
  });
  it("keeps a stored choice over the browser's languages", () => {
    expect(initialLanguage("en", ["es-ES"])).toBe("en");
    expect(initialLanguage("es", ["en-GB"])).toBe("es");
  });
  it("falls back to English without a usable language", () => {
    expect(initialLanguage(null, ["fr-FR", "de"])).toBe("en");
    expect(initialLanguage("xx", undefined)).toBe("en");
  });
});
