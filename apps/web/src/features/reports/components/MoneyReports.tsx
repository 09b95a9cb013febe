/** The money reports: sales by month, title and product; refunds; coupon usage. */
import type { ReportBody } from "@aprendo/contract";
import { Coins, Receipt, ShoppingBag, Undo2 } from "lucide-react";
import { formatMoney } from "../../../lib/format";
import { StatCard } from "../../backoffice/components/StatCard";
import { ReportSection } from "./ReportSection";
import { type Common, short, top, useFormat } from "./report-kit";

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
            value={formatMoney(figures.gross_pence, lang, currency)}
            icon={<Coins className="size-5" />}
            tone="info"
          />
          <StatCard
            label={t("refunded")}
            value={formatMoney(figures.refunded_pence, lang, currency)}
            icon={<Undo2 className="size-5" />}
            tone="danger"
          />
          <StatCard
            label={t("net")}
            value={formatMoney(figures.net_pence, lang, currency)}
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
          minTop: 1000,
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
          minTop: 1000,
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
          minTop: 1000,
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
            value={formatMoney(totals.amount_pence, lang, currency)}
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
            cell: (r) => formatMoney(r.amount_pence, lang, r.currency),
            align: "right",
          },
          {
            header: t("refunds.credit"),
            cell: (r) => formatMoney(r.credit_pence, lang, r.currency),
            align: "right",
          },
        ]}
        chart={{
          label: t("refunds.chart"),
          x: "month",
          data: data.months.filter((r) => r.currency === currency),
          formatX: month,
          formatY: pounds,
          minTop: 1000,
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
          cell: (r) => formatMoney(r.discount_pence, lang, r.currency),
          align: "right",
        },
        { header: t("coupons.net"), cell: (r) => formatMoney(r.net_pence, lang, r.currency), align: "right" },
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
