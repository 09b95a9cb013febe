/**
 * One table of a report: a figure whose caption names it, a chart of its main measure (recharts, in
 * the lazy chunk the dashboard uses; the chart is described for screen readers and the same values
 * are in the table below it), the table itself, and its CSV download.
 */
import type { ReportArea } from "@aprendo/contract";
import { Download } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from "../../../components/ui";
import { showError } from "../../../lib/toast";
import { saveFile } from "../../backoffice/api";
import type { ChartSeries } from "../../backoffice/components/Charts";
import { BarsChart } from "../../backoffice/components/LazyCharts";
import { exportReport, type ReportPeriod } from "../api";

export type ReportColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  align?: "left" | "right";
};

type Props<Row> = {
  prefix: string;
  area: ReportArea;
  view: string;
  period: ReportPeriod;
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: ReportColumn<Row>[];
  empty: string;
  chart?: {
    label: string;
    x: string;
    /** Rows holding `x` and each series key (other fields are ignored). */
    data: object[];
    series: ChartSeries[];
    formatX: (value: string) => string;
    formatY?: (value: number) => string;
    /** The smallest top of the value axis (100 for rates, £10 for money), so an empty period still reads. */
    minTop?: number;
  };
};

export function ReportSection<Row>({
  prefix,
  area,
  view,
  period,
  title,
  rows,
  rowKey,
  columns,
  empty,
  chart,
}: Props<Row>) {
  const { t } = useTranslation("reports");
  const captionId = useId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(
        await exportReport(prefix, area, view, period),
        `${area}-${view}-${period.from}-${period.to}.csv`,
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="gap-4 p-4" data-testid={`report-${view}`}>
      <figure aria-labelledby={captionId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <figcaption id={captionId} className="text-lg font-semibold text-fg">
            {title}
          </figcaption>
          <Button
            variant="secondary"
            size="sm"
            loading={busy}
            onClick={download}
            aria-label={t("csvOf", { table: title })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t("csv")}
          </Button>
        </div>
        {rows.length === 0 ? (
          <p className="rounded-md bg-surface-muted px-4 py-6 text-center text-sm text-fg-muted">{empty}</p>
        ) : (
          <>
            {chart && (
              <BarsChart
                label={chart.label}
                data={chart.data as Record<string, string | number>[]}
                x={chart.x}
                series={chart.series}
                formatX={chart.formatX}
                formatY={chart.formatY}
                minTop={chart.minTop}
                height={240}
              />
            )}
            <Table caption={title}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableHeaderCell key={column.header} align={column.align}>
                      {column.header}
                    </TableHeaderCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)}>
                    {columns.map((column) => (
                      <TableCell
                        key={column.header}
                        align={column.align}
                        className={column.align === "right" ? "tabular-nums whitespace-nowrap" : undefined}
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </figure>
    </Card>
  );
}
