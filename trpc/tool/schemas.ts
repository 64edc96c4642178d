import { z } from "zod";
import { chinaTime, numeric, opt, optText, paging, withPaging } from "@base/legacy-input";
import { AUDIT_CATEGORIES, type AuditCategory } from "./audit.service";

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
