/** A title quoted inside interface words: found in the reader's language, marked only when not theirs. */
import { describe, expect, it } from "vitest";
import { quotedTitle } from "./text";

describe("quotedTitle", () => {
  const greeting = { en: "Good morning", es: "Buenos días" };

  it("names a translated title in the reader's language, which needs no mark", () => {
    expect(quotedTitle("es", "Acceso al examen: Buenos días", greeting)).toBeUndefined();
    expect(quotedTitle("en", "Exam access: Good morning", greeting)).toBeUndefined();
  });

  it("marks a title written the same in both languages with its taught language", () => {
    const taught = { en: "Saludos", es: "Saludos", taught: "es" as const };
    expect(quotedTitle("en", "New answer in Saludos", taught)).toEqual({ title: "Saludos", lang: "es" });
    expect(quotedTitle("es", "Nueva respuesta en Saludos", taught)).toBeUndefined();
  });

  it("marks an English title shown to a Spanish reader when its Spanish is missing", () => {
    expect(quotedTitle("es", "Acceso al examen: Greetings", { en: "Greetings", es: "" })).toEqual({
      title: "Greetings",
      lang: "en",
    });
  });

  it("marks nothing when the text does not hold the title", () => {
    expect(quotedTitle("es", "Acceso al examen", { en: "Greetings", es: "" })).toBeUndefined();
  });
});
