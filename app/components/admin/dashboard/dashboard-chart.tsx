import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { errorMessage, trpc } from "~/lib/trpc";
import type { DashboardChart as ChartKey } from "@trpc-app/tool/dashboard-export";
import type { ChartSeries, DashboardPeriod } from "./dashboard-format";

// The chart library measures the page: it loads and draws after hydration, so the server's HTML and the
// browser's first render are the same placeholder.
const DashboardChartView = lazy(() => import("./dashboard-chart-view"));

function Placeholder() {
  return <div className="flex h-full items-center justify-center text-xs text-muted">图表加载中…</div>;
}

export interface PeriodQuery {
  period: DashboardPeriod;
  from?: string;
  to?: string;
}

/** 导出: the chart's data of the period as .xlsx, built by the procedure. */
export function ExportButton({ chart, query, title }: { chart: ChartKey; query: PeriodQuery; title: string }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      downloadFile(await trpc.tool.admin.dashboard.export.query({ ...query, chart }));
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void run()} disabled={busy} aria-label={`导出${title}`}>
      {busy ? "导出中…" : "导出"}
    </Button>
  );
}

/** A titled card with a legend, its 导出 button and the chart, or an empty state when the period has nothing. */
export function ChartCard({ title, summary, chart, query, empty, children }: { title: string; summary?: ReactNode; chart: ChartKey; query: PeriodQuery; empty: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded-lg border border-border bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex items-baseline gap-3">
          <h2 className="text-sm font-medium text-[#1d2129]">{title}</h2>
          {summary && <p className="text-xs text-muted">{summary}</p>}
        </div>
        <ExportButton chart={chart} query={query} title={title} />
      </div>
      <div className="mt-2 h-[220px] min-w-0">{empty ? <Empty /> : children}</div>
    </section>
  );
}

function Empty() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-1 text-center" data-testid="chart-empty">
      <div aria-hidden className="mb-1 h-10 w-10 rounded-full bg-primary-50 ring-4 ring-primary-50/50" />
      <p className="text-sm text-[#4e5969]">该时段暂无数据</p>
      <p className="text-xs text-muted">换一个统计周期看看</p>
    </div>
  );
}

/** Legend chips for the series of a chart. */
function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <ul className="mb-1 flex items-center gap-4 text-xs text-[#4e5969]" aria-label="图例">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={s.kind === "bar" ? "inline-block h-2.5 w-2.5 rounded-sm" : "inline-block h-0.5 w-3.5 rounded"} style={{ background: s.color }} />
          {s.name}
          {s.unit && `（${s.unit}）`}
        </li>
      ))}
    </ul>
  );
}

/** The day-by-day chart, drawn once the page is hydrated. */
export function DailyChart({ points, series }: { points: Record<string, number | string>[]; series: ChartSeries[] }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="flex h-full flex-col" data-testid="dashboard-chart">
      <Legend series={series} />
      <div className="min-h-0 flex-1">
        {ready ? (
          <Suspense fallback={<Placeholder />}>
            <DashboardChartView points={points} series={series} />
          </Suspense>
        ) : (
          <Placeholder />
        )}
      </div>
    </div>
  );
}

/** A top-10 list with a bar per row, longest first. */
export function RankList({ rows, unit }: { rows: { id: number; name: string; value: number; note?: string }[]; unit: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ol className="h-full space-y-1.5 overflow-y-auto pr-1 text-xs" data-testid="rank-list">
      {rows.map((r, i) => (
        <li key={r.id} className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-center gap-2">
          <span className={i < 3 ? "font-semibold text-primary" : "text-muted"}>{i + 1}</span>
          <div className="min-w-0">
            <p className="truncate text-[#1d2129]" title={r.name}>
              {r.name}
            </p>
            <div className="mt-0.5 h-1.5 rounded bg-[#f2f3f5]">
              <div className="h-1.5 rounded bg-primary" style={{ width: `${(r.value / max) * 100}%` }} />
            </div>
          </div>
          <span className="whitespace-nowrap tabular-nums text-[#4e5969]">
            {r.value}
            {unit}
            {r.note && <span className="ml-1 text-muted">{r.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
