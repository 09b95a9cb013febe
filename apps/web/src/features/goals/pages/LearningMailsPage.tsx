/** /iu/profile/notifications: the learner's opt-ins to the inactivity reminder and the weekly progress mail. */
import { goalLimits, type LearningMailSettings } from "@aprendo/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Card,
  Checkbox,
  ErrorState,
  Field,
  PageHeader,
  Select,
  Skeleton,
} from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { showError, showSuccess } from "../../../lib/toast";
import { useLearningMails, useSaveLearningMails } from "../api";

const DEFAULT_DAYS = 3;

// One wrapper element: the profile layout strips the padding of its direct children (pages are Containers).
export default function LearningMailsPage() {
  const { t } = useTranslation("goals");
  const mails = useLearningMails();
  const save = useSaveLearningMails();
  const [form, setForm] = useState<LearningMailSettings | null>(null);
  const [days, setDays] = useState(DEFAULT_DAYS);
  useEffect(() => {
    if (!mails.data) return;
    setForm(mails.data);
    if (mails.data.reminder_after_days !== null) setDays(mails.data.reminder_after_days);
  }, [mails.data]);

  const header = <PageHeader title={t("mails.title")} subtitle={t("mails.intro")} />;
  if (mails.isError)
    return (
      <div>
        {header}
        <ErrorState
          message={t("mails.failed")}
          retryLabel={t("retry")}
          onRetry={() => void mails.refetch()}
          retrying={mails.isFetching}
        />
      </div>
    );
  if (!form)
    return (
      <div>
        {header}
        <Skeleton className="h-48 w-full max-w-xl" />
      </div>
    );

  const dayOptions = [...new Set([...goalLimits.reminderPresets, days])]
    .sort((a, b) => a - b)
    .map((n) => ({ value: String(n), label: t("mails.daysOption", { count: n }) }));
  const reminderOn = form.reminder_after_days !== null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: (data) => showSuccess(translateMessage(data.message)),
      onError: showError,
    });
  };

  return (
    <div>
      {header}
      <Card className="max-w-xl p-5 sm:p-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <div className="flex flex-col gap-3">
            <Checkbox
              label={t("mails.reminder")}
              description={t("mails.reminderHint")}
              checked={reminderOn}
              onChange={(event) =>
                setForm({ ...form, reminder_after_days: event.target.checked ? days : null })
              }
            />
            {reminderOn && (
              <Field label={t("mails.days")} className="max-w-xs pl-8">
                <Select
                  value={String(days)}
                  options={dayOptions}
                  onChange={(event) => {
                    const value = Number(event.target.value);
                    setDays(value);
                    setForm({ ...form, reminder_after_days: value });
                  }}
                />
              </Field>
            )}
          </div>
          <Checkbox
            label={t("mails.weekly")}
            description={t("mails.weeklyHint")}
            checked={form.weekly_progress}
            onChange={(event) => setForm({ ...form, weekly_progress: event.target.checked })}
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              {t("mails.save")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
