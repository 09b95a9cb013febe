/**
 * The dashboard charts, loaded on their own: recharts is the largest library of the back office and
 * only these two pages draw charts, so it gets its own chunk that arrives after the figures. The
 * placeholder keeps the chart's height, so nothing moves when it appears.
 */
import { type ComponentProps, lazy, Suspense } from "react";
import type { BarsChart as Bars, TrendChart as Trend } from "./Charts";

const charts = () => import("./Charts");
const LazyTrend = lazy(() => charts().then((m) => ({ default: m.TrendChart })));
const LazyBars = lazy(() => charts().then((m) => ({ default: m.BarsChart })));

function Placeholder({ height = 260 }: { height?: number }) {
  return <div aria-hidden="true" className="animate-pulse rounded-md bg-surface-muted" style={{ height }} />;
}

export function TrendChart(props: ComponentProps<typeof Trend>) {
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      <LazyTrend {...props} />
    </Suspense>
  );
}

export function BarsChart(props: ComponentProps<typeof Bars>) {
  return (
    <Suspense fallback={<Placeholder height={props.height} />}>
      <LazyBars {...props} />
    </Suspense>
  );
}
