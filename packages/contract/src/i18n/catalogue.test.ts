import { describe, expect, it } from "vitest";
import { messageKey, messages, translate } from "./index";

describe("message catalogue", () => {
  it("has every key in both English and Spanish", () => {
    const en = Object.keys(messages.en).sort();
    const es = Object.keys(messages.es).sort();
    expect(en.filter((k) => !es.includes(k))).toEqual([]);
    expect(es.filter((k) => !en.includes(k))).toEqual([]);
  });

  it("has no empty translation", () => {
    for (const lang of ["en", "es"] as const) {
      for (const [key, text] of Object.entries(messages[lang]))
        expect(text.trim(), `${lang}:${key}`).not.toBe("");
    }
  });

  it("translates a key with parameters, translating parameters that are keys", () => {
    const m = messageKey("validation.min", { entry: "entry.characters", min: 8 });
    expect(translate(messages, "en", m)).toBe("Minimum allowed characters is 8");
    expect(translate(messages, "es", m)).toBe("El mínimo permitido de caracteres es 8");
  });

  it("picks the singular form of a counted message (never '1 problems found')", () => {
    expect(translate(messages, "en", "quizzes.bulkInvalid?count=1")).toBe(
      "Nothing was imported: 1 problem found in the file",
    );
    expect(translate(messages, "en", "quizzes.bulkInvalid?count=3")).toBe(
      "Nothing was imported: 3 problems found in the file",
    );
    expect(translate(messages, "es", "quizzes.bulkInvalid?count=1")).toBe(
      "No se importó nada: se encontró 1 problema en el archivo",
    );
  });

  it("returns text that is not a key unchanged", () => {
    expect(translate(messages, "es", "Card declined by the bank")).toBe("Card declined by the bank");
  });
});
