import { z } from "zod";
import { env } from "@base/env.server";
import { fail } from "@base/errors";
import { idOf, intIn, requiredText } from "@base/legacy-input";
import pkg from "../../../package.json";
import { pushStudyResult } from "../../event/event.service";
import { importUsersToGroup } from "../../org/group-import.service";
import { correctCodeStatus, generateMore } from "../../redeem/admin.service";
import { MAX_CODES_PER_CALL } from "../../redeem/schemas";
import { defineTool } from "../tool";

// The system's own checks and the data tools (redemption codes, group import, event results).

export const NO_WECHAT = "未配置微信公众号（WX_APP_ID），无法获取 JS-SDK 票据";

export const testTool = defineTool({
  code: "test",
  group: "system",
  title: "系统自检",
  description: "确认服务在线：返回服务器时间与版本号，不做任何改动。",
  readOnly: true,
  input: z.object({}),
  fields: [],
  run: async () => ({ ok: 1, time: Date.now(), version: pkg.version }),
});

export const wxJsTicketTool = defineTool({
  code: "getWxJsTicket",
  group: "system",
  title: "微信 JS-SDK 票据",
  description: "查看微信公众号 JS-SDK 的配置情况（不联网换取票据）。",
  readOnly: true,
  input: z.object({ url: z.string().max(500).optional() }),
  fields: [],
  run: async () => {
    const appId = env().WX_APP_ID;
    if (!appId) throw fail(NO_WECHAT);
    return { appId, configured: true, note: "已配置公众号；票据由分享页在用时换取，诊断工具不联网获取" };
  },
});

const batchId = idOf("兑换码批次ID");
export const generateRedemptionCodeTool = defineTool({
  code: "generateRedemptionCode",
  group: "data",
  title: "追加兑换码",
  description: `为仍在有效期内的兑换码批次追加新码（每次最多 ${MAX_CODES_PER_CALL} 个），批次数量随之增加。`,
  input: z.object({ redemptionCodeBatchId: batchId, count: intIn("生成数量", 1, MAX_CODES_PER_CALL, `生成数量须在1-${MAX_CODES_PER_CALL}之间`) }),
  fields: [
    { name: "redemptionCodeBatchId", label: "批次ID", kind: "number", required: true },
    { name: "count", label: "追加数量", kind: "number", required: true, placeholder: "1-10000" },
  ],
  run: (ctx, i) => generateMore(ctx.db, i.redemptionCodeBatchId, i.count),
});

export const correctRedemptionTool = defineTool({
  code: "correctRedemption",
  group: "data",
  title: "修正兑换码状态",
  description: "把一个兑换码的状态改正：作废未使用的码、恢复误作废的码，或按已有兑换记录改为已兑换。已兑换的码不能改回。",
  danger: true,
  input: z.object({
    redemptionCode: requiredText("兑换码", 40),
    status: intIn("目标状态", 0, 2, "目标状态须为0（未使用）、1（已兑换）或2（已作废）"),
  }),
  fields: [
    { name: "redemptionCode", label: "兑换码", kind: "text", required: true },
    { name: "status", label: "目标状态", kind: "select", required: true, options: [{ value: "0", label: "未使用" }, { value: "1", label: "已兑换" }, { value: "2", label: "已作废" }] },
  ],
  run: (ctx, i) => correctCodeStatus(ctx.db, i.redemptionCode, i.status),
});

const xlsxFile = z.custom<Blob & { name?: string }>((v) => typeof Blob !== "undefined" && v instanceof Blob && v.size > 0, { message: "请选择要导入的 Excel 文件" });
export const batchImportUserToGroupTool = defineTool({
  code: "batchImportUserToGroup",
  group: "data",
  title: "批量导入用户到组织",
  description: "上传 .xlsx（第一行为“登录名”或“手机号”列），把找到的用户加入指定组织；找不到的行列入错误报告，已在组织中的用户不重复加入。",
  input: z.object({ groupId: idOf("组织ID"), file: xlsxFile }),
  fields: [
    { name: "groupId", label: "组织ID", kind: "number", required: true },
    { name: "file", label: "Excel 文件", kind: "file", required: true },
  ],
  run: async (ctx, i) => importUsersToGroup(ctx.db, i.groupId, await i.file.arrayBuffer()),
});

export const pushStudyResultTool = defineTool({
  code: "pushStudyResult",
  group: "data",
  title: "推送学习结果",
  description: "课程绑定了培训活动时，把学员在该活动考试中的通过记录重新推送给活动方，并列出推送了什么。",
  input: z.object({ userId: idOf("学员ID"), courseId: idOf("课程ID") }),
  fields: [
    { name: "userId", label: "学员ID", kind: "number", required: true },
    { name: "courseId", label: "课程ID", kind: "number", required: true },
  ],
  run: (ctx, i) => pushStudyResult(ctx.db, i.userId, i.courseId),
});
