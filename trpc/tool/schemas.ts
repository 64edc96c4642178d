import { z } from "zod";
import { chinaTime, numeric, opt, optText, paging, withPaging } from "@base/legacy-input";
import { parseChinaDateTime } from "@base/china-time";
import { AUDIT_CATEGORIES, type AuditCategory } from "./audit.service";
import { DASHBOARD_CHARTS } from "./dashboard-export";
import { dayOf } from "./dashboard.service";

// Inputs of the operations calls (the audit log; the diagnostic tools join them here).

const category = z.enum(Object.keys(AUDIT_CATEGORIES) as [AuditCategory, ...AuditCategory[]], { error: "操作类型不正确" });

const auditFilter = {
  actor: optText("操作人", 40),
  category: opt(category),
  entity: opt(z.string({ error: "业务模块格式不正确" }).trim().regex(/^[A-Za-z]{1,40}$/, "业务模块格式不正确")),
  action: optText("操作", 120),
  outcome: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "结果须为0或1" }))),
  from: chinaTime("开始时间"),
  to: chinaTime("结束时间"),
};
const ordered = <T extends { from?: number; to?: number }>(v: T) => !v.from || !v.to || v.to > v.from;
const ORDER = { message: "结束时间须晚于开始时间", path: ["to"] };

export const auditPageInput = z.object({ ...paging, ...auditFilter }).refine(ordered, ORDER).transform(withPaging);
export const auditExportInput = z.object(auditFilter).refine(ordered, ORDER);

// The operations dashboard: a period in China-time days.

const DASHBOARD_MAX_DAYS = 366;
const dayText = (label: string) =>
  z
    .string({ error: `${label}格式不正确，应为YYYY-MM-DD` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确，应为YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(parseChinaDateTime(s)), `${label}不是有效日期`);

const dashboardFields = {
  period: z.enum(["today", "7d", "30d", "custom"], { error: "统计周期须为今日、近7天、近30天或自定义" }),
  from: opt(dayText("开始日期")),
  to: opt(dayText("结束日期")),
};
type DashboardFields = { period: string; from?: string; to?: string };
function checkPeriod(v: DashboardFields, ctx: z.RefinementCtx) {
  if (v.period !== "custom") return;
  if (!v.from || !v.to) return void ctx.addIssue({ code: "custom", message: "自定义周期须选择开始日期和结束日期", path: [v.from ? "to" : "from"] });
  if (v.to < v.from) return void ctx.addIssue({ code: "custom", message: "结束日期不能早于开始日期", path: ["to"] });
  const days = (parseChinaDateTime(v.to) - parseChinaDateTime(v.from)) / 86_400_000 + 1;
  if (days > DASHBOARD_MAX_DAYS) return void ctx.addIssue({ code: "custom", message: `统计周期最长${DASHBOARD_MAX_DAYS}天`, path: ["to"] });
  if (v.to > dayOf(Date.now())) ctx.addIssue({ code: "custom", message: "结束日期不能晚于今天", path: ["to"] });
}

export const dashboardInput = z.object(dashboardFields, { error: "统计参数格式不正确" }).superRefine(checkPeriod);
export const dashboardExportInput = z
  .object({ ...dashboardFields, chart: z.enum(DASHBOARD_CHARTS, { error: "要导出的图表不存在" }) }, { error: "导出参数格式不正确" })
  .superRefine(checkPeriod);

/** A per-content report: the course, exam or live id. */
export const reportInput = z.object({ id: z.preprocess(numeric, z.number({ error: "请选择要查看的内容" }).int("内容ID格式不正确").positive("内容ID格式不正确")) });
