/** First-response and resolution times: per ticket on the desk's rows, and the desk's averages. */
import type { TicketSummary } from "@aprendo/contract";
import { Clock, Timer } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "../../../components/ui";
import { useResponseTimes } from "../helpdesk-api";
import { formatDuration } from "./logic";

export function ResponseTimesCell({ ticket }: { ticket: TicketSummary }) {
  const { t } = useTranslation("support");
  const tr = (key: string, params?: Record<string, unknown>) => t(key, params ?? {});
  const desk = ticket.desk;
  if (!desk) return null;
  return (
    <span className="flex flex-col gap-0.5 tabular-nums">
      <span title={t("helpdesk.times.firstResponse")}>
        <span className="sr-only">{t("helpdesk.times.firstResponse")}: </span>
        {desk.first_response_seconds !== null ? (
          formatDuration(desk.first_response_seconds, tr)
        ) : (
          <span className="text-fg-muted">{t("helpdesk.times.awaiting")}</span>
        )}
      </span>
      <span className="text-fg-muted" title={t("helpdesk.times.resolution")}>
        <span className="sr-only">{t("helpdesk.times.resolution")}: </span>
        {desk.resolution_seconds !== null
          ? formatDuration(desk.resolution_seconds, tr)
          : t("helpdesk.times.open")}
      </span>
    </span>
  );
}

export function ResponseTimesCard() {
  const { t } = useTranslation("support");
  const tr = (key: string, params?: Record<string, unknown>) => t(key, params ?? {});
  const times = useResponseTimes();
  if (!times.data) return null;
  const figures = [
    {
      icon: Clock,
      label: t("helpdesk.times.firstResponse"),
      value: times.data.first_response_avg_seconds,
      of: t("helpdesk.times.firstResponseOf", { count: times.data.responded }),
      testId: "avg-first-response",
    },
    {
      icon: Timer,
      label: t("helpdesk.times.resolution"),
      value: times.data.resolution_avg_seconds,
      of: t("helpdesk.times.resolutionOf", { count: times.data.resolved }),
      testId: "avg-resolution",
    },
  ];
  return (
    <Card className="mb-6 gap-3 p-4 sm:p-5" aria-labelledby="desk-times-title">
      <h2 id="desk-times-title" className="text-base font-semibold text-fg">
        {t("helpdesk.times.title")}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        {figures.map((f) => (
          // A div directly under the dl holds only dt and dd (the icon sits inside the dt), as a
          // description list must for assistive technology to pair them.
          <div key={f.testId}>
            <dt className="flex items-center gap-2 text-sm text-fg-muted">
              <f.icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {f.label} · {t("helpdesk.times.average")}
            </dt>
            <dd className="ps-7 text-xl font-semibold tabular-nums text-fg" data-testid={f.testId}>
              {f.value === null ? t("helpdesk.times.noData") : formatDuration(f.value, tr)}
            </dd>
            <dd className="ps-7 text-xs text-fg-muted">{f.of}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
