import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { CHART_COLORS, yuan, revenuePoints, type RevenueDay } from "./order-format";

// The chart library measures the page: it loads and draws after hydration, so the server's HTML and
// the browser's first render are the same placeholder.
const RevenueChartView = lazy(() => import("./revenue-chart-view"));

function Placeholder() {
  return <div className="flex h-full items-center justify-center text-xs text-muted">图表加载中…</div>;
}

/** 近30天收入: each China-time day's paid amount and paid orders. */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const points = useMemo(() => revenuePoints(days), [days]);
  const total = days.reduce((s, d) => s + d.amount, 0);
  const count = days.reduce((s, d) => s + d.paidCount, 0);
  return (
    <section aria-label="近30天收入" className="flex min-w-0 flex-col rounded-lg border border-border bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex items-baseline gap-3">
          <h2 className="text-sm font-medium text-[#1d2129]">近30天收入</h2>
          <p className="text-xs text-muted">
            合计支付 <span className="font-medium text-[#1d2129]">{yuan(total)}</span> · {count} 笔
          </p>
        </div>
        <ul className="flex items-center gap-4 text-xs text-[#4e5969]" aria-label="图例">
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: CHART_COLORS.amount }} />
            支付金额（元）
          </li>
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-3.5 rounded" style={{ background: CHART_COLORS.count }} />
            支付订单（笔）
          </li>
        </ul>
      </div>
      <div className="mt-2 h-[200px] min-w-0" data-testid="revenue-chart">
        {ready ? (
          <Suspense fallback={<Placeholder />}>
            <RevenueChartView points={points} />
          </Suspense>
        ) : (
          <Placeholder />
        )}
      </div>
    </section>
  );
}
