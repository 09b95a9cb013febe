/**
 * /af|/ha|/ma/reports/:area: one area's report for a period (default the last 12
 * months, kept in the address as `from`/`to`), with its figures, charts, tables and CSV exports.
 * Without an area (the menu's address) it shows the first area the caller may read; an area they may
 * not read sends them there.
 */
import { type ReportAreaName, reportAreasFor } from "@aprendo/contract/domain";
import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { FiltersBar, listTexts, QueryStates, useUrlState } from "../../../components/admin";
import { Container, DateInput, Field, PageHeader, Skeleton } from "../../../components/ui";
import { translateMessage } from "../../../i18n";
import { dateLanguage, formatDate } from "../../../lib/format";
import { useSession } from "../../../stores/session";
import { defaultPeriod, reportsPrefix, useReport } from "../api";
import { CouponsReport, RefundsReport, SalesReport } from "../components/MoneyReports";
import { LearningReport, SupportReport } from "../components/PeopleReports";
import { ReportsNav } from "../components/ReportsNav";

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function ReportSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <Skeleton className="h-28" />
      <Skeleton className="h-96" />
    </div>
  );
}

export default function ReportPage() {
  const { t, i18n } = useTranslation("reports");
  const language = dateLanguage(i18n.language);
  const { area } = useParams();
  const { role, permissions } = useSession();
  const prefix = reportsPrefix(role);
  const areas = reportAreasFor(role ?? 0, permissions);
  const current = area === undefined ? areas[0] : areas.find((a) => a === area);
  const defaults = defaultPeriod();
  const [state, update] = useUrlState({ from: defaults.from, to: defaults.to });
  const period = { from: state.from, to: state.to };
  const invalid = {
    from: isDay(period.from) ? undefined : translateMessage("validation.date"),
    to: !isDay(period.to)
      ? translateMessage("validation.date")
      : isDay(period.from) && period.from > period.to
        ? translateMessage("reports.rangeOrder")
        : undefined,
  };
  const valid = !invalid.from && !invalid.to;
  const query = useReport(prefix, (current ?? "sales") as ReportAreaName, period, Boolean(current) && valid);
  if (!current) return <Navigate to={area !== undefined && areas[0] ? `${prefix}/reports` : "/"} replace />;

  const common = { prefix, period };
  return (
    <Container className="py-6 sm:py-8">
      <PageHeader
        title={t(`area.${current}`)}
        subtitle={
          valid
            ? t("period", { from: formatDate(period.from, language), to: formatDate(period.to, language) })
            : t(`intro.${current}`)
        }
      />
      <ReportsNav prefix={prefix} areas={areas} current={current} />
      <FiltersBar aria-label={t("periodFilter")} saved={false}>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <Field label={t("from")} error={invalid.from} className="min-w-0 sm:w-40">
            <DateInput
              value={state.from}
              onValueChange={(from) => update({ from })}
              placeholder="dd/mm/yyyy"
            />
          </Field>
          <Field label={t("to")} error={invalid.to} className="min-w-0 sm:w-40">
            <DateInput value={state.to} onValueChange={(to) => update({ to })} placeholder="dd/mm/yyyy" />
          </Field>
        </div>
        <p className="text-sm text-fg-muted sm:ml-auto sm:max-w-md sm:self-center">{t(`intro.${current}`)}</p>
      </FiltersBar>
      {valid && (
        <QueryStates query={query} texts={listTexts(t)} skeleton={<ReportSkeleton />}>
          {(data) => (
            <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
              {current === "sales" && <SalesReport data={data as never} {...common} />}
              {current === "refunds" && <RefundsReport data={data as never} {...common} />}
              {current === "coupons" && <CouponsReport data={data as never} {...common} />}
              {current === "learning" && <LearningReport data={data as never} {...common} />}
              {current === "support" && <SupportReport data={data as never} {...common} />}
            </div>
          )}
        </QueryStates>
      )}
    </Container>
  );
}
