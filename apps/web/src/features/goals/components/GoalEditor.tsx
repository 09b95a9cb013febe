/** Choosing the weekly goal: a preset or a custom number of minutes, checked against the contract's bounds. */
import { goalLimits } from "@aprendo/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, NumberInput } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { ApiError } from "../../../lib/http";
import { showError, showSuccess } from "../../../lib/toast";
import { useSaveGoal } from "../api";
import { formatMinutes, parseGoal } from "../logic";

export function GoalEditor({ current, onDone }: { current: number | null; onDone: () => void }) {
  const { t, i18n } = useTranslation("goals");
  const isPreset = (goalLimits.presets as readonly number[]).includes(current ?? -1);
  const [choice, setChoice] = useState<number | null>(isPreset ? current : null);
  const [custom, setCustom] = useState(current !== null && !isPreset ? String(current) : "");
  const [error, setError] = useState<string>();
  const save = useSaveGoal();
  const bounds = {
    min: formatNumber(goalLimits.minWeeklyMinutes, i18n.language),
    max: formatNumber(goalLimits.maxWeeklyMinutes, i18n.language),
  };

  const send = (weekly_minutes: number | null) =>
    save.mutate(
      { weekly_minutes },
      {
        onSuccess: (data) => {
          showSuccess(translateMessage(data.message));
          onDone();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : null;
          if (fields?.weekly_minutes) setError(fields.weekly_minutes.map(translateMessage).join(" "));
          else showError(failure);
        },
      },
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const minutes = custom.trim() !== "" ? parseGoal(custom) : choice;
    if (minutes === null) {
      setError(t("invalid", bounds));
      return;
    }
    setError(undefined);
    send(minutes);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t("set")}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">{t("presets")}</legend>
        <div className="flex flex-wrap gap-2">
          {goalLimits.presets.map((minutes) => {
            const selected = custom.trim() === "" && choice === minutes;
            return (
              <button
                key={minutes}
                type="button"
                aria-pressed={selected}
                onClick={() => {
                  setChoice(minutes);
                  setCustom("");
                  setError(undefined);
                }}
                className={cn(
                  "min-h-11 rounded-full border px-4 text-sm font-medium transition-colors sm:min-h-9",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  selected
                    ? "border-primary bg-primary text-primary-fg"
                    : "border-border bg-surface text-fg hover:bg-surface-muted",
                )}
              >
                {formatMinutes(minutes)}
              </button>
            );
          })}
        </div>
      </fieldset>
      <Field label={t("custom")} hint={t("customHint", bounds)} error={error} className="max-w-xs">
        <NumberInput
          value={custom}
          min={goalLimits.minWeeklyMinutes}
          max={goalLimits.maxWeeklyMinutes}
          onChange={(event) => {
            setCustom(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t("save")}
        </Button>
        {current !== null && (
          <Button type="button" variant="ghost" onClick={() => send(null)} disabled={save.isPending}>
            {t("remove")}
          </Button>
        )}
        {current !== null && (
          <Button type="button" variant="ghost" onClick={onDone}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
