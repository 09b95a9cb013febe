/**
 * A question being written by an author: one flat draft for the four types (so switching type keeps
 * the texts), turned into the contract's `QuestionInput` on save and made from an `AdminQuestion`
 * to edit. Option ids travel back so learners' saved answers keep pointing at the same options.
 */
import type { AdminQuestion, QuestionInput, QuestionType } from "@aprendo/contract";
import { splitWords } from "./logic";

export type OptionDraft = { id?: string; text_en: string; text_es: string; correct: boolean };
export type GapDraft = {
  mode: "choose" | "type";
  options: OptionDraft[];
  accepted_en: string;
  accepted_es: string;
};
export type PairDraft = {
  left_id?: string;
  right_id?: string;
  left_en: string;
  left_es: string;
  right_en: string;
  right_es: string;
};
export type DistractorDraft = { id?: string; text_en: string; text_es: string };
export type QuestionDraft = {
  type: QuestionType;
  text_en: string;
  text_es: string;
  explanation_en: string;
  explanation_es: string;
  options: OptionDraft[];
  gaps: GapDraft[];
  pairs: PairDraft[];
  distractors: DistractorDraft[];
};

export const emptyOption = (correct = false): OptionDraft => ({ text_en: "", text_es: "", correct });
export const emptyGap = (): GapDraft => ({
  mode: "choose",
  options: [emptyOption(true), emptyOption()],
  accepted_en: "",
  accepted_es: "",
});
export const emptyPair = (): PairDraft => ({ left_en: "", left_es: "", right_en: "", right_es: "" });

export function emptyDraft(type: QuestionType): QuestionDraft {
  return {
    type,
    text_en: "",
    text_es: "",
    explanation_en: "",
    explanation_es: "",
    options: [emptyOption(true), emptyOption(), emptyOption()],
    gaps: [emptyGap()],
    pairs: [emptyPair(), emptyPair(), emptyPair()],
    distractors: [],
  };
}

/** Keeps exactly `count` gaps (new ones start as a choice between two words). */
export function syncGaps(gaps: GapDraft[], count: number): GapDraft[] {
  if (count <= 0) return gaps.slice(0, 1);
  if (gaps.length === count) return gaps;
  if (gaps.length > count) return gaps.slice(0, count);
  return [...gaps, ...Array.from({ length: count - gaps.length }, emptyGap)];
}

/** Single choice has one correct option: marking one unmarks the others. */
export function markCorrect(options: OptionDraft[], index: number, single: boolean): OptionDraft[] {
  return options.map((option, i) =>
    single
      ? { ...option, correct: i === index }
      : i === index
        ? { ...option, correct: !option.correct }
        : option,
  );
}

const optionOut = (option: OptionDraft) => ({
  ...(option.id ? { id: option.id } : {}),
  text_en: option.text_en.trim(),
  text_es: option.text_es.trim(),
  correct: option.correct,
});

/**
 * A new question starts with three option rows; a row left blank (no text, not marked correct) is
 * an unused slot, not an option, so it is dropped instead of blocking the save with a field error
 * the author never sees. Too few options left is then reported by the API in words.
 */
const filledOptions = (options: OptionDraft[]) =>
  options.filter((o) => o.correct || o.text_en.trim() !== "" || o.text_es.trim() !== "").map(optionOut);

/** The draft as the API takes it (only the parts of its type). */
export function toInput(draft: QuestionDraft): QuestionInput {
  const base = {
    text_en: draft.text_en.trim(),
    text_es: draft.text_es.trim(),
    explanation_en: draft.explanation_en.trim(),
    explanation_es: draft.explanation_es.trim(),
  };
  switch (draft.type) {
    case "single":
    case "multiple":
      return { type: draft.type, ...base, options: filledOptions(draft.options) };
    case "missing_word":
      return {
        type: "missing_word",
        ...base,
        gaps: draft.gaps.map((gap) =>
          gap.mode === "choose"
            ? { mode: "choose" as const, options: filledOptions(gap.options) }
            : {
                mode: "type" as const,
                accepted_en: splitWords(gap.accepted_en),
                accepted_es: splitWords(gap.accepted_es),
              },
        ),
      };
    case "word_linking":
      return {
        type: "word_linking",
        ...base,
        pairs: draft.pairs.map((pair) => ({
          ...(pair.left_id ? { left_id: pair.left_id } : {}),
          ...(pair.right_id ? { right_id: pair.right_id } : {}),
          left_en: pair.left_en.trim(),
          left_es: pair.left_es.trim(),
          right_en: pair.right_en.trim(),
          right_es: pair.right_es.trim(),
        })),
        distractors: draft.distractors.map((d) => ({
          ...(d.id ? { id: d.id } : {}),
          text_en: d.text_en.trim(),
          text_es: d.text_es.trim(),
        })),
      };
  }
}

/** A saved question, ready to edit. */
export function fromAdmin(question: AdminQuestion): QuestionDraft {
  const draft = emptyDraft(question.type);
  return {
    ...draft,
    text_en: question.text_en,
    text_es: question.text_es,
    explanation_en: question.explanation_en,
    explanation_es: question.explanation_es,
    options: question.options?.map((o) => ({ ...o })) ?? draft.options,
    gaps:
      question.gaps?.map((gap) => ({
        mode: gap.mode,
        options: gap.options?.map((o) => ({ ...o })) ?? [emptyOption(true), emptyOption()],
        accepted_en: (gap.accepted_en ?? []).join(", "),
        accepted_es: (gap.accepted_es ?? []).join(", "),
      })) ?? draft.gaps,
    pairs: question.pairs?.map((p) => ({ ...p })) ?? draft.pairs,
    distractors: question.distractors?.map((d) => ({ ...d })) ?? [],
  };
}
