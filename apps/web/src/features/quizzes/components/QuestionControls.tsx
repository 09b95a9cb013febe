/**
 * One question as the learner answers it, with native controls so keyboard, screen readers and
 * phones work without effort: single choice (radios), multiple choice with "choose N" (checkboxes;
 * a tick beyond N is refused and said), missing word (a select or a text box per gap, inside the
 * sentence), word linking (a select of right items per left item).
 */
import type { QuestionView, QuizAnswer } from "@aprendo/contract";
import { Check, Link2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Content, Select } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { setGap, setMatch, singleAnswer, splitGaps, toggleOption } from "../logic";

export type AnswerChange = (answer: QuizAnswer, options?: { typing?: boolean }) => void;

type Props = {
  question: QuestionView;
  answer: QuizAnswer | undefined;
  onChange: AnswerChange;
  /** The id of the question's visible text, which names the group of controls. */
  labelId: string;
  disabled?: boolean;
};

/** A choice as a card: the whole card is the label (44px+ target), the native input inside it. */
function ChoiceCard({
  type,
  name,
  checked,
  onChange,
  children,
  disabled,
  marker,
}: {
  type: "radio" | "checkbox";
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  disabled?: boolean;
  marker: string;
}) {
  const id = useId();
  // The option's text alone names the control (the letter is decoration).
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-border-strong bg-surface px-4 py-3 text-base text-fg",
        "transition-colors duration-150 hover:border-primary hover:bg-primary-soft/50 focus-ring-within",
        "has-checked:border-primary has-checked:bg-primary-soft has-checked:shadow-sm",
        "has-disabled:cursor-not-allowed has-disabled:opacity-60",
      )}
    >
      <input
        id={id}
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-labelledby={`${id}-text`}
        className="size-5 shrink-0 cursor-pointer accent-primary"
      />
      <span
        aria-hidden="true"
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
          checked ? "border-primary bg-primary text-primary-fg" : "border-border-strong text-fg-muted",
        )}
      >
        {marker}
      </span>
      <span id={`${id}-text`} className="min-w-0 flex-1">
        {children}
      </span>
    </label>
  );
}

const letter = (index: number) => String.fromCharCode(65 + index);

function SingleChoice({ question, answer, onChange, labelId, disabled }: Props) {
  const { t } = useTranslation("quizzes");
  const chosen = answer?.type === "single" ? answer.option_id : null;
  return (
    <fieldset aria-labelledby={labelId} className="flex flex-col gap-3">
      <legend className="sr-only">{t("question.chooseOne")}</legend>
      <p className="text-sm text-fg-muted">{t("question.chooseOne")}</p>
      {(question.options ?? []).map((option, index) => (
        <ChoiceCard
          key={option.id}
          type="radio"
          name={`question-${question.id}`}
          checked={chosen === option.id}
          onChange={() => onChange(singleAnswer(option.id))}
          disabled={disabled}
          marker={letter(index)}
        >
          <Content lang={option.lang}>{option.text}</Content>
        </ChoiceCard>
      ))}
    </fieldset>
  );
}

function MultipleChoice({ question, answer, onChange, labelId, disabled }: Props) {
  const { t } = useTranslation("quizzes");
  const count = question.select_count ?? 1;
  const chosen = answer?.type === "multiple" ? answer.option_ids : [];
  const [refused, setRefused] = useState(false);
  const hintId = useId();
  // The refusal message goes once the learner unticks one.
  useEffect(() => {
    if (chosen.length < count) setRefused(false);
  }, [chosen.length, count]);
  return (
    <fieldset aria-labelledby={labelId} aria-describedby={hintId} className="flex flex-col gap-3">
      <legend className="sr-only">{t("question.chooseN", { count })}</legend>
      <p id={hintId} className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
        <span className="font-medium text-fg">{t("question.chooseN", { count })}</span>
        <span className="tabular-nums">{t("question.chosenOf", { chosen: chosen.length, count })}</span>
      </p>
      {(question.options ?? []).map((option, index) => (
        <ChoiceCard
          key={option.id}
          type="checkbox"
          name={`question-${question.id}`}
          checked={chosen.includes(option.id)}
          onChange={() => {
            const next = toggleOption(answer, option.id, count);
            setRefused(next.refused);
            if (!next.refused) onChange(next.answer);
          }}
          disabled={disabled}
          marker={letter(index)}
        >
          <Content lang={option.lang}>{option.text}</Content>
        </ChoiceCard>
      ))}
      <p role="status" className={cn("text-sm font-medium text-warning", !refused && "sr-only")}>
        {refused ? t("question.tooMany", { count }) : ""}
      </p>
    </fieldset>
  );
}

/** A typed gap keeps its own text while typing; the answer is saved after a short pause. */
function TypedGap({
  value,
  label,
  onType,
  disabled,
}: {
  value: string;
  label: string;
  onType: (value: string, typing: boolean) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <input
      type="text"
      aria-label={label}
      value={text}
      disabled={disabled}
      maxLength={200}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      onChange={(event) => {
        setText(event.target.value);
        onType(event.target.value, true);
      }}
      onBlur={() => onType(text, false)}
      className={cn(
        "mx-1 inline-block min-h-11 w-36 rounded-md border border-border-strong bg-surface px-2 py-1 align-middle text-base text-fg",
        "border-b-2 border-b-primary focus-ring sm:min-h-10",
      )}
    />
  );
}

function MissingWord({ question, answer, onChange, labelId, disabled }: Props) {
  const { t } = useTranslation("quizzes");
  const given = answer?.type === "missing_word" ? answer.gaps : {};
  const gapsById = new Map((question.gaps ?? []).map((gap) => [gap.id, gap]));
  return (
    <fieldset aria-labelledby={labelId} className="flex flex-col gap-3">
      <legend className="sr-only">{t("question.fillGaps")}</legend>
      <p className="text-sm text-fg-muted">{t("question.fillGaps")}</p>
      <div className="rounded-lg border border-border bg-surface-muted px-4 py-4 text-base leading-[3] text-fg">
        {splitGaps(question.text).map((part, index) => {
          if (part.kind === "text")
            // biome-ignore lint/suspicious/noArrayIndexKey: text pieces never reorder
            return <span key={index}>{part.text}</span>;
          const gap = gapsById.get(part.id);
          const label = t("question.gap", { number: part.id });
          if (!gap) return <span key={`gap-${part.id}`}>____</span>;
          if (gap.mode === "choose")
            return (
              <span key={`gap-${part.id}`} className="mx-1 inline-block w-40 align-middle">
                <Select
                  aria-label={label}
                  placeholder={t("question.gapPlaceholder")}
                  value={given[gap.id] ?? ""}
                  disabled={disabled}
                  onChange={(event) => onChange(setGap(answer, gap.id, event.target.value))}
                  options={(gap.options ?? []).map((option) => ({
                    value: option.id,
                    label: option.text,
                    lang: option.lang,
                  }))}
                />
              </span>
            );
          return (
            <TypedGap
              key={`gap-${part.id}`}
              label={`${label} (${t("question.typeWord")})`}
              value={given[gap.id] ?? ""}
              disabled={disabled}
              onType={(value, typing) => onChange(setGap(answer, gap.id, value), { typing })}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

function WordLinking({ question, answer, onChange, labelId, disabled }: Props) {
  const { t } = useTranslation("quizzes");
  const matches = answer?.type === "word_linking" ? answer.matches : {};
  const right = question.right ?? [];
  const used = new Set(Object.values(matches));
  return (
    <fieldset aria-labelledby={labelId} className="flex flex-col gap-3">
      <legend className="sr-only">{t("question.linkEach")}</legend>
      <p className="text-sm text-fg-muted">{t("question.linkEach")}</p>
      <ul className="flex flex-col gap-3">
        {(question.left ?? []).map((item) => {
          const selectId = `link-${question.id}-${item.id}`;
          const linked = matches[item.id] ?? "";
          return (
            <li
              key={item.id}
              className={cn(
                "grid grid-cols-1 items-center gap-2 rounded-lg border bg-surface px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:gap-4",
                linked ? "border-primary" : "border-border-strong",
              )}
            >
              <label htmlFor={selectId} className="text-base font-medium text-fg">
                <Content lang={item.lang}>{item.text}</Content>
              </label>
              <Link2 aria-hidden="true" className="hidden size-5 text-fg-muted sm:block" />
              <Select
                id={selectId}
                placeholder={t("question.matchPlaceholder")}
                value={linked}
                disabled={disabled}
                onChange={(event) => onChange(setMatch(answer, item.id, event.target.value))}
                options={right.map((option) => ({
                  value: option.id,
                  lang: option.lang,
                  label:
                    used.has(option.id) && option.id !== linked
                      ? `${option.text} (${t("question.alreadyLinked")})`
                      : option.text,
                }))}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

export function QuestionControls(props: Props) {
  switch (props.question.type) {
    case "single":
      return <SingleChoice {...props} />;
    case "multiple":
      return <MultipleChoice {...props} />;
    case "missing_word":
      return <MissingWord {...props} />;
    case "word_linking":
      return <WordLinking {...props} />;
  }
}

/** The small "Saved" / "Saving..." / "Not saved" line of a question. */
export function SaveStatus({
  state,
  onRetry,
}: {
  state: "idle" | "saving" | "saved" | "error";
  onRetry: () => void;
}) {
  const { t } = useTranslation("quizzes");
  return (
    <p role="status" className="flex min-h-6 items-center gap-1.5 text-sm" data-testid="save-status">
      {state === "saving" && <span className="text-fg-muted">{t("attempt.saving")}</span>}
      {state === "saved" && (
        <span className="flex items-center gap-1 text-success">
          <Check aria-hidden="true" className="size-4" />
          {t("attempt.saved")}
        </span>
      )}
      {state === "error" && (
        <>
          <span className="text-danger">{t("attempt.notSaved")}</span>
          <button
            type="button"
            onClick={onRetry}
            className="rounded-sm font-medium text-primary underline focus-ring"
          >
            {t("attempt.retrySave")}
          </button>
        </>
      )}
    </p>
  );
}
