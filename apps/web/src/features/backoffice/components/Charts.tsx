/**
 * The back-office charts (recharts, only in the lazy chunks of the pages that show them). Colours
 * come from the theme's CSS variables, so day and night modes both read well.
 */
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export type ChartSeries = { key: string; label: string; colour: string };

const axis = { stroke: "var(--color-fg-muted)", fontSize: 12, tickLine: false, axisLine: false } as const;
const tooltipStyle = {
  contentStyle: {
    background: "var(--color-surface-raised)",
    border: "1px solid var(--color-border)",
    borderRadius: 8,
    color: "var(--color-fg)",
    fontSize: 13,
  },
  labelStyle: { color: "var(--color-fg)", fontWeight: 600 },
  cursor: { fill: "var(--color-surface-muted)", stroke: "var(--color-border-strong)" },
};

/** A top for the value axis that divides into four round steps (0, 2, 4, 6, 8 rather than 0, 2, 4, 5). */
export function niceTop(max: number, minTop: number): number {
  if (max <= minTop) return minTop;
  const step = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((m) => m >= step) ?? step;
  return nice * 4;
}

type ChartProps = {
  data: Record<string, string | number>[];
  x: string;
  series: ChartSeries[];
  formatX: (value: string) => string;
  formatY?: (value: number) => string;
  /** Describes the chart for screen readers (the figures are also in the cards and tables). */
  label: string;
  height?: number;
  /** The smallest top of the value axis, so an all-zero period still shows a readable scale. */
  minTop?: number;
};

/** The frame both charts share: grid, axes, tooltip and legend around their series. */
function TimeChart({
  kind,
  data,
  x,
  series,
  formatX,
  formatY,
  label,
  height = 260,
  minTop = 4,
}: ChartProps & { kind: "area" | "bars" }) {
  const Root = kind === "area" ? AreaChart : BarChart;
  return (
    <div role="img" aria-label={label} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <Root data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {kind === "area" && (
            <defs>
              {series.map((s) => (
                <linearGradient key={s.key} id={`fill-${s.key}`} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={s.colour} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={s.colour} stopOpacity={0.02} />
                </linearGradient>
              ))}
            </defs>
          )}
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={x} tickFormatter={formatX} minTickGap={24} {...axis} />
          <YAxis
            allowDecimals={false}
            tickFormatter={formatY}
            width={56}
            domain={[0, (max: number) => niceTop(max, minTop)]}
            {...axis}
          />
          <Tooltip
            {...tooltipStyle}
            labelFormatter={(v) => formatX(String(v))}
            formatter={(v, name) => [formatY ? formatY(Number(v)) : String(v), name]}
          />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 13, color: "var(--color-fg)" }} />}
          {series.map((s) =>
            kind === "area" ? (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={s.colour}
                strokeWidth={2}
                fill={`url(#fill-${s.key})`}
                isAnimationActive={false}
              />
            ) : (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={s.colour}
                radius={[4, 4, 0, 0]}
                maxBarSize={28}
                isAnimationActive={false}
              />
            ),
          )}
        </Root>
      </ResponsiveContainer>
    </div>
  );
}

/** Values over time as filled lines (one per series). */
export function TrendChart(props: ChartProps) {
  return <TimeChart kind="area" {...props} />;
}

/** Values over time as bars (side by side per series). */
export function BarsChart(props: ChartProps) {
  return <TimeChart kind="bars" {...props} />;
}
