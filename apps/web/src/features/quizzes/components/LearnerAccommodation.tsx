/**
 * The accessibility accommodation section of a learner's page (/af/users/:id), for user managers
 * (WCAG 2.2.1): extra time on every timed attempt (exams too) and untimed practice quizzes. It
 * applies to attempts started after it is saved; each change is recorded in the audit log.
 */
import { type Accommodation, type TimeFactor, timeFactors } from "@aprendo/contract";
import { Timer } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Checkbox, ErrorState, Field, Select, Skeleton } from "../../../components/ui";
import { dateLanguage, formatDateTime } from "../../../lib/format";
import { showError, showSuccess } from "../../../lib/toast";
import { useAccommodation, useSaveAccommodation } from "../api";
import { formatFactor } from "../logic";

export function LearnerAccommodation({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation("quizzes");
  const query = useAccommodation(userId);
  const save = useSaveAccommodation(userId);
  const [factor, setFactor] = useState<TimeFactor>(100);
  const [untimed, setUntimed] = useState(false);
  useEffect(() => {
    if (!query.data) return;
    setFactor(query.data.time_factor_percent);
    setUntimed(query.data.practice_untimed);
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { time_factor_percent: factor, practice_untimed: untimed },
      { onSuccess: (r) => showSuccess(r.message), onError: showError },
    );
  };
  const granted = (a: Accommodation) => a.time_factor_percent > 100 || a.practice_untimed;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" data-testid="learner-accommodation">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-fg">
        <Timer aria-hidden="true" className="size-5 text-primary" />
        {t("accommodation.title")}
      </h2>
      <p className="text-sm text-fg-muted">{t("accommodation.intro")}</p>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <ErrorState
          message={t("accommodation.loadFailed")}
          retryLabel={t("accommodation.retry")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t("accommodation.title")}>
          <Field label={t("accommodation.factor")} hint={t("accommodation.factorHint")}>
            <Select
              value={String(factor)}
              onChange={(e) => setFactor(Number(e.target.value) as TimeFactor)}
              options={timeFactors.map((f) => ({
                value: String(f),
                label: f === 100 ? t("accommodation.none") : formatFactor(f, i18n.language),
              }))}
              data-testid="accommodation-factor"
            />
          </Field>
          <Checkbox
            label={t("accommodation.untimed")}
            description={t("accommodation.untimedHint")}
            checked={untimed}
            onChange={(e) => setUntimed(e.target.checked)}
            data-testid="accommodation-untimed"
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-fg-muted">
              {query.data.updated_at && granted(query.data)
                ? t("accommodation.since", {
                    when: formatDateTime(query.data.updated_at, dateLanguage(i18n.language)),
                  })
                : t("accommodation.noneYet")}
            </p>
            <Button type="submit" loading={save.isPending} data-testid="accommodation-save">
              {t("accommodation.save")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
