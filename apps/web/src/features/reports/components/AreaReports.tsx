/** The tables and charts of each report area, composed from ReportSection. */
import type { ReportBody } from "@aprendo/contract";
import { CircleCheck, Coins, Hourglass, Inbox, Receipt, ShoppingBag, Timer, Undo2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatCard } from "../../backoffice/components/StatCard";
import type { ReportPeriod } from "../api";
import { duration, formatNumber, money, percent, shortMonth } from "./format";
import { type ReportColumn, ReportSection } from "./ReportSection";

type Common = { prefix: string; period: ReportPeriod };
const short = (text: string) => (text.length > 18 ? `${text.slice(0, 17)}…` : text);
const top = <Row,>(rows: Row[], by: (row: Row) => number) =>
  [...rows].sort((a, b) => by(b) - by(a)).slice(0, 8);

function useFormat() {
  const { t, i18n } = useTranslation("reports");
  const lang = i18n.language;
  type Money = { currency: string; gross_pence: number; refunded_pence: number; net_pence: number };
  const moneyColumns: ReportColumn<Money>[] = [
    { header: t("gross"), cell: (r) => money(r.gross_pence, lang, r.currency), align: "right" },
    { header: t("refunded"), cell: (r) => money(r.refunded_pence, lang, r.currency), align: "right" },
    { header: t("net"), cell: (r) => money(r.net_pence, lang, r.currency), align: "right" },
  ];
  const count = (value: number) => formatNumber(value, lang);
  const month = (value: string) => shortMonth(value, lang);
  const pounds = (value: number) => money(value, lang);
  return { t, lang, moneyColumns, count, month, pounds };
}

export function SalesReport({ data, ...common }: Common & { data: ReportBody["sales"] }) {
  const { t, lang, moneyColumns, count, month, pounds } = useFormat();
  const currency = data.totals[0]?.currency ?? "GBP";
  const figures = data.totals[0];
  return (
    <>
      {figures && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <StatCard
            label={t("orders")}
            value={count(figures.orders)}
            icon={<ShoppingBag className="size-5" />}
          />
          <StatCard
            label={t("gross")}
            value={money(figures.gross_pence, lang, currency)}
            icon={<Coins className="size-5" />}
            tone="info"
          />
          <StatCard
            label={t("refunded")}
            value={money(figures.refunded_pence, lang, currency)}
            icon={<Undo2 className="size-5" />}
            tone="danger"
          />
          <StatCard
            label={t("net")}
            value={money(figures.net_pence, lang, currency)}
            icon={<Receipt className="size-5" />}
            tone="success"
          />
        </div>
      )}
      <ReportSection
        {...common}
        area="sales"
        view="months"
        title={t("sales.months")}
        rows={data.months}
        rowKey={(r) => `${r.month}-${r.currency}`}
        empty={t("empty")}
        columns={[
          { header: t("month"), cell: (r) => month(r.month) },
          { header: t("orders"), cell: (r) => count(r.orders), align: "right" },
          ...moneyColumns,
        ]}
        chart={{
          label: t("sales.monthsChart"),
          x: "month",
          data: data.months.filter((r) => r.currency === currency),
          formatX: month,
          formatY: pounds,
          series: [
            { key: "net_pence", label: t("net"), colour: "var(--color-primary)" },
            { key: "refunded_pence", label: t("refunded"), colour: "var(--color-danger)" },
          ],
        }}
      />
      <ReportSection
        {...common}
        area="sales"
        view="titles"
        title={t("sales.titles")}
        rows={data.titles}
        rowKey={(r) => `${r.course_id}-${r.currency}`}
        empty={t("sales.noTitles")}
        columns={[
          { header: t("title"), cell: (r) => r.name },
          { header: t("sold"), cell: (r) => count(r.sold), align: "right" },
          ...moneyColumns,
        ]}
        chart={{
          label: t("sales.titlesChart"),
          x: "name",
          data: top(data.titles, (r) => r.net_pence),
          formatX: short,
          formatY: pounds,
          series: [{ key: "net_pence", label: t("net"), colour: "var(--color-primary)" }],
        }}
      />
      <ReportSection
        {...common}
        area="sales"
        view="products"
        title={t("sales.products")}
        rows={data.products}
        rowKey={(r) => `${r.type}-${r.item_id}-${r.currency}`}
        empty={t("sales.noProducts")}
        columns={[
          { header: t("product"), cell: (r) => r.name },
          { header: t("kind"), cell: (r) => t(`kinds.${r.type}`, { defaultValue: r.type }) },
          { header: t("sold"), cell: (r) => count(r.sold), align: "right" },
          ...moneyColumns,
        ]}
        chart={{
          label: t("sales.productsChart"),
          x: "name",
          data: top(data.products, (r) => r.net_pence),
          formatX: short,
          formatY: pounds,
          series: [{ key: "net_pence", label: t("net"), colour: "var(--color-accent)" }],
        }}
      />
    </>
  );
}

export function RefundsReport({ data, ...common }: Common & { data: ReportBody["refunds"] }) {
  const { t, lang, count, month, pounds } = useFormat();
  const currency = data.totals[0]?.currency ?? "GBP";
  const totals = data.totals[0];
  return (
    <>
      {totals && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4">
          <StatCard
            label={t("refunds.count")}
            value={count(totals.refunds)}
            icon={<Undo2 className="size-5" />}
            tone="danger"
          />
          <StatCard
            label={t("refunds.amount")}
            value={money(totals.amount_pence, lang, currency)}
            icon={<Coins className="size-5" />}
            tone="warning"
          />
        </div>
      )}
      <ReportSection
        {...common}
        area="refunds"
        view="months"
        title={t("refunds.months")}
        rows={data.months}
        rowKey={(r) => `${r.month}-${r.currency}`}
        empty={t("empty")}
        columns={[
          { header: t("month"), cell: (r) => month(r.month) },
          { header: t("refunds.count"), cell: (r) => count(r.refunds), align: "right" },
          {
            header: t("refunds.amount"),
            cell: (r) => money(r.amount_pence, lang, r.currency),
            align: "right",
          },
          {
            header: t("refunds.credit"),
            cell: (r) => money(r.credit_pence, lang, r.currency),
            align: "right",
          },
        ]}
        chart={{
          label: t("refunds.chart"),
          x: "month",
          data: data.months.filter((r) => r.currency === currency),
          formatX: month,
          formatY: pounds,
          series: [{ key: "amount_pence", label: t("refunds.amount"), colour: "var(--color-danger)" }],
        }}
      />
    </>
  );
}

export function CouponsReport({ data, ...common }: Common & { data: ReportBody["coupons"] }) {
  const { t, lang, count } = useFormat();
  return (
    <ReportSection
      {...common}
      area="coupons"
      view="coupons"
      title={t("coupons.title")}
      rows={data.coupons}
      rowKey={(r) => `${r.coupon_id}-${r.currency}`}
      empty={t("coupons.empty")}
      columns={[
        { header: t("coupons.code"), cell: (r) => <code className="font-mono text-sm">{r.code}</code> },
        { header: t("coupons.uses"), cell: (r) => count(r.uses), align: "right" },
        { header: t("coupons.buyers"), cell: (r) => count(r.buyers), align: "right" },
        {
          header: t("coupons.discount"),
          cell: (r) => money(r.discount_pence, lang, r.currency),
          align: "right",
        },
        { header: t("coupons.net"), cell: (r) => money(r.net_pence, lang, r.currency), align: "right" },
      ]}
      chart={{
        label: t("coupons.chart"),
        x: "code",
        data: top(data.coupons, (r) => r.uses),
        formatX: short,
        formatY: count,
        series: [{ key: "uses", label: t("coupons.uses"), colour: "var(--color-accent)" }],
      }}
    />
  );
}

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
