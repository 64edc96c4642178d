import { adminProcedure, router } from "../init";
import { toXlsx, dateText } from "@base/xlsx";
import { fail } from "@base/errors";
import { auditEntities, auditRows, pageAudit, AUDIT_CATEGORIES, SECURITY_EVENTS } from "./audit.service";
import { dashboard } from "./dashboard.service";
import { exportDashboardChart } from "./dashboard-export";
import { auditExportInput, auditPageInput, dashboardExportInput, dashboardInput, reportInput } from "./schemas";
import { courseReport, examReport, liveReport } from "./reports.service";

const EXPORT_MAX = 20_000;

export const toolAdminRouter = router({
  /** One content's report: a course's funnel, an exam's scores and questions, a live's arrivals and comments. */
  reports: router({
    course: adminProcedure.input(reportInput).query(({ ctx, input }) => courseReport(ctx.db, input.id)),
    exam: adminProcedure.input(reportInput).query(({ ctx, input }) => examReport(ctx.db, input.id)),
    live: adminProcedure.input(reportInput).query(({ ctx, input }) => liveReport(ctx.db, input.id)),
  }),
  /** The operations dashboard of a period (decision 035). */
  dashboard: router({
    figures: adminProcedure.input(dashboardInput).query(({ ctx, input }) => dashboard(ctx.db, input)),
    /** One chart's data as .xlsx (a query named export: the audit log records it). */
    export: adminProcedure.input(dashboardExportInput).query(({ ctx, input }) => exportDashboardChart(ctx.db, input)),
  }),
  audit: router({
    page: adminProcedure.input(auditPageInput).query(({ ctx, input }) => pageAudit(ctx.db, input)),
    /** The filter's options: categories, security events and the domains met so far. */
    options: adminProcedure.query(async ({ ctx }) => ({
      categories: Object.entries(AUDIT_CATEGORIES).map(([code, name]) => ({ code, name })),
      securityEvents: Object.entries(SECURITY_EVENTS).map(([code, name]) => ({ code, name })),
      entities: await auditEntities(ctx.db),
    })),
    /** The entries of a filter as .xlsx (the export is itself recorded). */
    export: adminProcedure.input(auditExportInput).mutation(async ({ ctx, input }) => {
      const rows = await auditRows(ctx.db, input, EXPORT_MAX + 1);
      if (rows.length > EXPORT_MAX) throw fail(`导出条数不能超过${EXPORT_MAX}条，请缩小筛选范围`);
      return toXlsx(
        "操作日志.xlsx",
        "操作日志",
        [
          { header: "时间", key: "time", width: 20 },
          { header: "操作人", key: "actorName", width: 16 },
          { header: "操作人ID", key: "actorId", width: 10 },
          { header: "IP", key: "ip", width: 16 },
          { header: "类型", key: "categoryName", width: 10 },
          { header: "操作", key: "action", width: 30 },
          { header: "业务模块", key: "entity", width: 12 },
          { header: "对象ID", key: "entityId", width: 14 },
          { header: "结果", key: "result", width: 8 },
          { header: "说明", key: "message", width: 24 },
          { header: "内容", key: "changes", width: 60 },
        ],
        rows.map((r) => ({
          ...r,
          time: dateText(new Date(r.createdAt)),
          action: r.actionName ? `${r.actionName}（${r.action}）` : r.action,
          result: r.outcome === 1 ? "成功" : "被拒绝",
          changes: JSON.stringify(r.changes),
        })),
      );
    }),
  }),
});
