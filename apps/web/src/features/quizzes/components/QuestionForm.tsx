/**
 * The author's form for one question of any of the four types, English and Spanish side by side:
 * options with the correct ones marked, gaps chosen or typed, pairs and extra right items, and the
 * explanation shown in the results. Checked with the contract's schema before sending; the server's
 * rules (gap markers, one correct option...) come back under the fields too.
 */
import { type QuestionType, questionInput, questionTypes, quizLimits } from "@aprendo/contract";
import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, IconButton, Input, Select, Textarea } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { ApiError } from "../../../lib/http";
import { showError } from "../../../lib/toast";
import {
  emptyOption,
  emptyPair,
  type GapDraft,
  markCorrect,
  type OptionDraft,
  type QuestionDraft,
  syncGaps,
  toInput,
} from "../draft";
import { gapNumbers } from "../logic";

type Errors = Record<string, string>;

/** zod issues and server field errors as one map: "options.0.text_en" -> message. */
export function errorsFrom(issues: Array<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= translateMessage(issue.message);
  }
  return errors;
}

function Pair({
  en,
  es,
  label,
  errors,
  path,
  onChange,
  multiline,
  max,
}: {
  en: string;
  es: string;
  label: string;
  errors: Errors;
  path: string;
  onChange: (language: "en" | "es", value: string) => void;
  multiline?: boolean;
  max: number;
}) {
  const { t } = useTranslation("quizzes");
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {(["en", "es"] as const).map((language) => {
        const value = language === "en" ? en : es;
        const error = errors[`${path}_${language}`];
        return (
          <Field key={language} label={`${label} (${t(`admin.lang.${language}`)})`} error={error}>
            {multiline ? (
              <Textarea
                lang={language}
                value={value}
                maxLength={max}
                rows={3}
                onChange={(event) => onChange(language, event.target.value)}
                counterLabel={(count, total) => t("admin.counter", { count, max: total })}
              />
            ) : (
              <Input
                lang={language}
                value={value}
                maxLength={max}
                onChange={(event) => onChange(language, event.target.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}

function OptionsEditor({
  options,
  single,
  errors,
  path,
  onChange,
}: {
  options: OptionDraft[];
  single: boolean;
  errors: Errors;
  path: string;
  onChange: (options: OptionDraft[]) => void;
}) {
  const { t } = useTranslation("quizzes");
  const name = useId();
  const set = (index: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg">
        {t("admin.options")}{" "}
        <span className="font-normal text-fg-muted">
          {single ? t("admin.markOne") : t("admin.markSeveral")}
        </span>
      </legend>
      {errors[path] && <p className="text-sm text-danger">{errors[path]}</p>}
      {options.map((option, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, never reordered
          key={index}
          className={cn(
            "grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 rounded-md border p-2 md:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)_auto]",
            option.correct ? "border-success/50 bg-success-soft" : "border-border",
          )}
        >
          <label className="flex min-h-11 cursor-pointer items-center gap-2 px-1 text-sm sm:min-h-10">
            <input
              type={single ? "radio" : "checkbox"}
              name={name}
              checked={option.correct}
              onChange={() => onChange(markCorrect(options, index, single))}
              className="size-5 accent-success"
            />
            <span className="sr-only">{t("admin.correctOption", { number: index + 1 })}</span>
          </label>
          {(["en", "es"] as const).map((language) => (
            <div key={language} className={cn(language === "es" && "col-start-2 md:col-start-auto")}>
              <Input
                lang={language}
                aria-label={t("admin.optionText", {
                  number: index + 1,
                  language: t(`admin.lang.${language}`),
                })}
                placeholder={t(`admin.lang.${language}`)}
                value={option[`text_${language}`]}
                maxLength={quizLimits.choiceMax}
                invalid={Boolean(errors[`${path}.${index}.text_${language}`])}
                onChange={(event) => set(index, { [`text_${language}`]: event.target.value })}
              />
            </div>
          ))}
          <IconButton
            variant="ghost"
            size="sm"
            icon={<Trash2 />}
            aria-label={t("admin.removeOption", { number: index + 1 })}
            disabled={options.length <= quizLimits.optionsMin}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
            className="col-start-3 row-start-1 md:col-start-4"
          />
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={options.length >= quizLimits.optionsMax}
          onClick={() => onChange([...options, emptyOption()])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t("admin.addOption")}
        </Button>
      </div>
    </fieldset>
  );
}

function GapEditor({
  gap,
  index,
  errors,
  onChange,
}: {
  gap: GapDraft;
  index: number;
  errors: Errors;
  onChange: (gap: GapDraft) => void;
}) {
  const { t } = useTranslation("quizzes");
  const path = `gaps.${index}`;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface-muted/40 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm font-semibold text-fg">{t("question.gap", { number: index + 1 })}</p>
        <Field label={t("admin.gapMode")} className="w-56">
          <Select
            value={gap.mode}
            onChange={(event) => onChange({ ...gap, mode: event.target.value as GapDraft["mode"] })}
            options={[
              { value: "choose", label: t("admin.gapChoose") },
              { value: "type", label: t("admin.gapType") },
            ]}
          />
        </Field>
      </div>
      {gap.mode === "choose" ? (
        <OptionsEditor
          options={gap.options}
          single
          errors={errors}
          path={`${path}.options`}
          onChange={(options) => onChange({ ...gap, options })}
        />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {(["en", "es"] as const).map((language) => (
            <Field
              key={language}
              label={`${t("admin.accepted")} (${t(`admin.lang.${language}`)})`}
              hint={t("admin.acceptedHint")}
              error={errors[`${path}.accepted_${language}`]}
            >
              <Input
                lang={language}
                value={gap[`accepted_${language}`]}
                onChange={(event) => onChange({ ...gap, [`accepted_${language}`]: event.target.value })}
              />
            </Field>
          ))}
        </div>
      )}
    </div>
  );
}

export function QuestionForm({
  initial,
  onSave,
  onCancel,
  saving,
}: {
  initial: QuestionDraft;
  onSave: (draft: QuestionDraft) => Promise<unknown>;
  onCancel: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation("quizzes");
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<QuestionDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async () => {
    const parsed = questionInput.safeParse(toInput(draft));
    if (!parsed.success) {
      setErrors(errorsFrom(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await onSave(draft);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : null;
      if (fields)
        setErrors(
          errorsFrom(
            Object.entries(fields).map(([key, list]) => ({ path: key.split("."), message: list[0] ?? "" })),
          ),
        );
      showError(error);
    }
  };

  const single = draft.type === "single";
  const gapCount = Math.max(0, ...gapNumbers(draft.text_en));
  const otherErrors = Object.entries(errors).filter(
    ([key]) => !/^(text|explanation)_(en|es)$|^options|^gaps|^pairs|^distractors/.test(key),
  );
  let typeFields: ReactNode = null;
  if (draft.type === "single" || draft.type === "multiple")
    typeFields = (
      <OptionsEditor
        options={draft.options}
        single={single}
        errors={errors}
        path="options"
        onChange={(options) => set({ options })}
      />
    );
  else if (draft.type === "missing_word")
    typeFields = (
      <div className="flex flex-col gap-3">
        {errors.gaps && <p className="text-sm text-danger">{errors.gaps}</p>}
        {draft.gaps.map((gap, index) => (
          <GapEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps are numbered by position
            key={index}
            gap={gap}
            index={index}
            errors={errors}
            onChange={(next) => set({ gaps: draft.gaps.map((g, i) => (i === index ? next : g)) })}
          />
        ))}
      </div>
    );
  else
    typeFields = (
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">{t("admin.pairs")}</legend>
          {errors.pairs && <p className="text-sm text-danger">{errors.pairs}</p>}
          {draft.pairs.map((pair, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
              key={index}
              className="grid grid-cols-2 items-start gap-2 rounded-md border border-border p-2 md:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
            >
              {(["left_en", "left_es", "right_en", "right_es"] as const).map((field) => (
                <Input
                  key={field}
                  lang={field.endsWith("es") ? "es" : "en"}
                  aria-label={t(`admin.pair.${field}`, { number: index + 1 })}
                  placeholder={t(`admin.pair.${field}`, { number: index + 1 })}
                  value={pair[field]}
                  maxLength={quizLimits.choiceMax}
                  invalid={Boolean(errors[`pairs.${index}.${field}`])}
                  onChange={(event) =>
                    set({
                      pairs: draft.pairs.map((p, i) =>
                        i === index ? { ...p, [field]: event.target.value } : p,
                      ),
                    })
                  }
                />
              ))}
              <IconButton
                variant="ghost"
                size="sm"
                icon={<Trash2 />}
                aria-label={t("admin.removePair", { number: index + 1 })}
                disabled={draft.pairs.length <= quizLimits.pairsMin}
                onClick={() => set({ pairs: draft.pairs.filter((_, i) => i !== index) })}
              />
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={draft.pairs.length >= quizLimits.pairsMax}
              onClick={() => set({ pairs: [...draft.pairs, emptyPair()] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("admin.addPair")}
            </Button>
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">
            {t("admin.distractors")}{" "}
            <span className="font-normal text-fg-muted">{t("admin.distractorsHint")}</span>
          </legend>
          {draft.distractors.map((item, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
              key={index}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2"
            >
              {(["en", "es"] as const).map((language) => (
                <Input
                  key={language}
                  lang={language}
                  aria-label={t("admin.distractorText", {
                    number: index + 1,
                    language: t(`admin.lang.${language}`),
                  })}
                  placeholder={t(`admin.lang.${language}`)}
                  value={item[`text_${language}`]}
                  onChange={(event) =>
                    set({
                      distractors: draft.distractors.map((d, i) =>
                        i === index ? { ...d, [`text_${language}`]: event.target.value } : d,
                      ),
                    })
                  }
                />
              ))}
              <IconButton
                variant="ghost"
                size="sm"
                icon={<Trash2 />}
                aria-label={t("admin.removeDistractor", { number: index + 1 })}
                onClick={() => set({ distractors: draft.distractors.filter((_, i) => i !== index) })}
              />
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={draft.distractors.length >= quizLimits.distractorsMax}
              onClick={() => set({ distractors: [...draft.distractors, { text_en: "", text_es: "" }] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t("admin.addDistractor")}
            </Button>
          </div>
        </fieldset>
      </div>
    );

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label={t("admin.type")} className="max-w-xs">
        <Select
          value={draft.type}
          onChange={(event) => set({ type: event.target.value as QuestionType })}
          options={questionTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
      </Field>
      <Pair
        label={t("admin.questionText")}
        en={draft.text_en}
        es={draft.text_es}
        errors={errors}
        path="text"
        multiline
        max={quizLimits.questionTextMax}
        onChange={(language, value) => {
          if (language === "en" && draft.type === "missing_word")
            set({ text_en: value, gaps: syncGaps(draft.gaps, Math.max(1, ...gapNumbers(value))) });
          else set({ [`text_${language}`]: value });
        }}
      />
      {draft.type === "missing_word" && (
        <p className="-mt-3 text-sm text-fg-muted">{t("admin.gapHint", { count: gapCount })}</p>
      )}
      {typeFields}
      <Pair
        label={t("admin.explanation")}
        en={draft.explanation_en}
        es={draft.explanation_es}
        errors={errors}
        path="explanation"
        multiline
        max={quizLimits.explanationMax}
        onChange={(language, value) => set({ [`explanation_${language}`]: value })}
      />
      {otherErrors.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-danger">
          {otherErrors.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={saving} data-testid="save-question">
          {t("admin.saveQuestion")}
        </Button>
      </div>
    </form>
  );
}
