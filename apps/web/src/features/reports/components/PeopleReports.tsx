/** The learning and support reports: completion and pass rates; ticket volume and response times. */
import type { ReportBody } from "@aprendo/contract";
import { CircleCheck, Hourglass, Inbox, Timer } from "lucide-react";
import { StatCard } from "../../backoffice/components/StatCard";
import { duration, percent } from "./format";
import { type ReportColumn, ReportSection } from "./ReportSection";
import { type Common, short, top, useFormat } from "./report-kit";

type LearningRow = ReportBody["learning"]["titles"][number];
const rates = (rows: Array<Omit<LearningRow, "course_id" | "name"> & { name: string }>) =>
  rows.map((r) => ({ name: r.name, completion: r.completion_rate ?? 0, pass: r.pass_rate ?? 0 }));

export function LearningReport({ data, ...common }: Common & { data: ReportBody["learning"] }) {
  const { t, lang, count } = useFormat();
  const rate = (value: number | null) => percent(value, lang);
  const figures: ReportColumn<Omit<LearningRow, "course_id" | "name">>[] = [
    { header: t("learning.enrolled"), cell: (r) => count(r.enrolled), align: "right" },
    { header: t("learning.completed"), cell: (r) => count(r.completed), align: "right" },
    { header: t("learning.completionRate"), cell: (r) => rate(r.completion_rate), align: "right" },
    { header: t("learning.examAttempts"), cell: (r) => count(r.exam_attempts), align: "right" },
    { header: t("learning.passRate"), cell: (r) => rate(r.pass_rate), align: "right" },
  ];
  const series = [
    { key: "completion", label: t("learning.completionRate"), colour: "var(--color-primary)" },
    { key: "pass", label: t("learning.passRate"), colour: "var(--color-success)" },
  ];
  const formatY = (value: number) => `${value} %`;
  const minTop = 100;
  return (
    <>
      <ReportSection
        {...common}
        area="learning"
        view="titles"
        title={t("learning.titles")}
        rows={data.titles}
        rowKey={(r) => r.course_id}
        empty={t("learning.noTitles")}
        columns={[{ header: t("title"), cell: (r) => r.name }, ...figures]}
        chart={{
          label: t("learning.titlesChart"),
          x: "name",
          data: rates(top(data.titles, (r) => r.enrolled)),
          formatX: short,
          formatY,
          minTop,
          series,
        }}
      />
      <ReportSection
        {...common}
        area="learning"
        view="classes"
        title={t("learning.classes")}
        rows={data.classes}
        rowKey={(r) => r.class_id}
        empty={t("learning.noClasses")}
        columns={[
          { header: t("learning.class"), cell: (r) => r.name },
          { header: t("learning.institution"), cell: (r) => r.institution },
          { header: t("learning.members"), cell: (r) => count(r.members), align: "right" },
          ...figures,
        ]}
        chart={{
          label: t("learning.classesChart"),
          x: "name",
          data: rates(top(data.classes, (r) => r.enrolled)),
          formatX: short,
          formatY,
          minTop,
          series,
        }}
      />
    </>
  );
}

export function SupportReport({ data, ...common }: Common & { data: ReportBody["support"] }) {
  const { t, lang, count, month } = useFormat();
  type Figures = ReportBody["support"]["totals"];
  const figures: ReportColumn<Figures>[] = [
    { header: t("support.opened"), cell: (r) => count(r.opened), align: "right" },
    { header: t("support.resolved"), cell: (r) => count(r.resolved), align: "right" },
    {
      header: t("support.firstResponse"),
      cell: (r) => duration(r.first_response_median_seconds, t, lang),
      align: "right",
    },
    {
      header: t("support.resolution"),
      cell: (r) => duration(r.resolution_median_seconds, t, lang),
      align: "right",
    },
  ];
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label={t("support.opened")}
          value={count(data.totals.opened)}
          icon={<Inbox className="size-5" />}
        />
        <StatCard
          label={t("support.resolved")}
          value={count(data.totals.resolved)}
          icon={<CircleCheck className="size-5" />}
          tone="success"
        />
        <StatCard
          label={t("support.firstResponse")}
          value={duration(data.totals.first_response_median_seconds, t, lang)}
          icon={<Timer className="size-5" />}
          tone="info"
        />
        <StatCard
          label={t("support.resolution")}
          value={duration(data.totals.resolution_median_seconds, t, lang)}
          icon={<Hourglass className="size-5" />}
          tone="warning"
        />
      </div>
      <ReportSection
        {...common}
        area="support"
        view="months"
        title={t("support.months")}
        rows={data.months}
        rowKey={(r) => r.month}
        empty={t("empty")}
        columns={[{ header: t("month"), cell: (r) => month(r.month) }, ...figures]}
        chart={{
          label: t("support.monthsChart"),
          x: "month",
          data: data.months,
          formatX: month,
          formatY: count,
          series: [
            { key: "opened", label: t("support.opened"), colour: "var(--color-primary)" },
            { key: "resolved", label: t("support.resolved"), colour: "var(--color-success)" },
          ],
        }}
      />
      <ReportSection
        {...common}
        area="support"
        view="subjects"
        title={t("support.subjects")}
        rows={data.subjects}
        rowKey={(r) => r.subject_id ?? 0}
        empty={t("support.noTickets")}
        columns={[{ header: t("support.subject"), cell: (r) => r.name }, ...figures]}
      />
    </>
  );
}
