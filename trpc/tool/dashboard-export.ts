import type { DbOrTx } from "@db/client";
import { toXlsx } from "@base/xlsx";
import { dashboard, rate, type DayFigures, type Period } from "./dashboard.service";

/** The dashboard's charts, each exported as the table it draws. */
export const DASHBOARD_CHARTS = ["learning", "growth", "exams", "live", "orders", "topCourses", "topExams"] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];

type Column = { header: string; key: string; width?: number };
const hours = (seconds: number) => Math.round((seconds / 360)) / 10;
const yuan = (cents: number) => Math.round(cents) / 100;
const DAY: Column = { header: "日期", key: "day", width: 12 };

const DAILY: Record<Exclude<DashboardChart, "topCourses" | "topExams">, { title: string; columns: Column[]; row: (d: DayFigures) => Record<string, unknown> }> = {
  learning: {
    title: "学习活跃",
    columns: [DAY, { header: "活跃学员（人）", key: "active" }, { header: "学习时长（小时）", key: "hours" }],
    row: (d) => ({ active: d.active_learners, hours: hours(d.learn_seconds) }),
  },
  growth: {
    title: "注册与课程完成",
    columns: [DAY, { header: "新注册（人）", key: "registrations" }, { header: "课程完成（次）", key: "completions" }],
    row: (d) => ({ registrations: d.registrations, completions: d.course_completions }),
  },
  exams: {
    title: "考试",
    columns: [DAY, { header: "考试场次", key: "sittings" }, { header: "通过（人次）", key: "passes" }, { header: "通过率（%）", key: "passRate" }],
    row: (d) => ({ sittings: d.exam_sittings, passes: d.exam_passes, passRate: rate(d.exam_passes, d.exam_sittings) }),
  },
  live: {
    title: "直播",
    columns: [DAY, { header: "观看人数", key: "viewers" }, { header: "同时在线峰值", key: "peak" }, { header: "评论（条）", key: "comments" }],
    row: (d) => ({ viewers: d.live_viewers, peak: d.live_peak, comments: d.live_comments }),
  },
  orders: {
    title: "订单与收入",
    columns: [DAY, { header: "支付订单（笔）", key: "orders" }, { header: "收入（元）", key: "revenue" }],
    row: (d) => ({ orders: d.orders_paid, revenue: yuan(d.revenue_cents) }),
  },
};

/** One chart of a period's dashboard as .xlsx, named after the chart and the period. */
export async function exportDashboardChart(db: DbOrTx, input: { period: Period; from?: string; to?: string; chart: DashboardChart }, now = Date.now()) {
  const d = await dashboard(db, input, now);
  const span = d.from === d.to ? d.from : `${d.from}至${d.to}`;
  if (input.chart === "topCourses") {
    return toXlsx(
      `热门课程_${span}.xlsx`,
      "热门课程",
      [
        { header: "排名", key: "rank", width: 8 },
        { header: "课程ID", key: "id", width: 10 },
        { header: "课程名称", key: "name", width: 40 },
        { header: "学习人次（每日学习人数之和）", key: "learners", width: 28 },
      ],
      d.topCourses.map((c, i) => ({ rank: i + 1, ...c })),
    );
  }
  if (input.chart === "topExams") {
    return toXlsx(
      `热门考试_${span}.xlsx`,
      "热门考试",
      [
        { header: "排名", key: "rank", width: 8 },
        { header: "考试ID", key: "id", width: 10 },
        { header: "考试名称", key: "name", width: 40 },
        { header: "考试场次", key: "sittings" },
        { header: "通过（人次）", key: "passes" },
        { header: "通过率（%）", key: "passRate" },
      ],
      d.topExams.map((e, i) => ({ rank: i + 1, ...e })),
    );
  }
  const chart = DAILY[input.chart];
  return toXlsx(`${chart.title}_${span}.xlsx`, chart.title, chart.columns, d.days.map((day) => ({ day: day.day, ...chart.row(day) })));
}
