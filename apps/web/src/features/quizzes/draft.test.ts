import { describe, expect, it } from "vitest";
import { emptyDraft, toInput } from "./draft";

describe("question draft", () => {
  it("drops a blank default option instead of sending it (a single-choice question would not save)", () => {
    const draft = emptyDraft("single");
    draft.text_en = "2 + 2?";
    draft.text_es = "¿2 + 2?";
    draft.options[0] = { text_en: "4", text_es: "4", correct: true };
    draft.options[1] = { text_en: "5", text_es: "5", correct: false };
    // options[2] is the untouched third row.
    const input = toInput(draft);
    expect(input.type === "single" && input.options).toEqual([
      { text_en: "4", text_es: "4", correct: true },
      { text_en: "5", text_es: "5", correct: false },
    ]);
  });

  it("keeps a half-written option so the API can say what is missing", () => {
    const draft = emptyDraft("multiple");
    draft.options[2] = { text_en: "Maybe", text_es: "", correct: false };
    const input = toInput(draft);
    expect(input.type === "multiple" && input.options.map((o) => o.text_en)).toEqual(["", "Maybe"]);
  });
});
