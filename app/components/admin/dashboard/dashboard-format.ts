import { formatMoney } from "@base/format";

// What the dashboard page draws from the figures the tool.admin.dashboard procedures answer.

export type DashboardPeriod = "today" | "7d" | "30d" | "custom";
export const PERIODS: { key: DashboardPeriod; label: string }[] = [
  { key: "today", label: "今日" },
  { key: "7d", label: "近7天" },
  { key: "30d", label: "近30天" },
  { key: "custom", label: "自定义" },
];

/** One line or bar of a chart: a key of the chart's points, its legend, unit and axis. */
export interface ChartSeries {
  key: string;
  name: string;
  unit: string;
  kind: "bar" | "line";
  axis: "left" | "right";
  color: string;
}

export const BLUE = "#165dff";
export const GREEN = "#00b42a";
export const ORANGE = "#ff7d00";
export const PURPLE = "#722ed1";
export const CYAN = "#14c9c9";

/** Seconds as hours with one decimal. */
export const hours = (seconds: number) => Math.round(seconds / 360) / 10;
/** Cents as yuan (a number, for the charts). */
export const yuanOf = (cents: number) => Math.round(cents) / 100;
export const yuanText = (cents: number) => `¥${formatMoney(cents)}`;
/** 2026-03-01 as the axis shows it: 03-01. */
export const shortDay = (day: string) => day.slice(5);
