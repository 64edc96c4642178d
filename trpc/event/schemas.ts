import { z } from "zod";
import { chinaTime, idOf, intIn, linkText, numeric, opt, optText, paging, requiredText, withPaging } from "@base/legacy-input";

// Inputs of the event calls (back-office.md 7.17 "Events", learner-calls.md "Events (face and errors)").

/** Who may run events: the owners the platform reports to (eventSource). */
export const EVENT_SOURCES = { hunan: "湖南省政府采购培训", other: "其他单位" } as const;
/** Content an event binds: the platform's content type numbers. */
export const EVENT_CONTENT = { 1: "课程", 3: "考试" } as const;

const eventId = idOf("活动ID");
const source = z.enum(Object.keys(EVENT_SOURCES) as [keyof typeof EVENT_SOURCES], { error: "活动来源只能为 hunan 或 other" });
const webhook = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ error: "回调地址格式不正确" })
    .trim()
    .max(500, "回调地址不超过500个字符")
    .refine((s) => s === "" || /^https?:\/\/[^\s]+$/.test(s), "回调地址须以 http(s):// 开头")
    .optional(),
);

export const idInput = z.object({ id: z.preprocess(numeric, eventId) });
export const pageInput = z
  .object({ ...paging, name: optText("活动名称", 100), source: opt(source), status: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "状态须为0或1" }))) })
  .transform(withPaging);

/** eventUpdate: a new event without id, else the changes. */
export const eventInput = z
  .object({
    id: opt(z.preprocess(numeric, eventId)),
    name: requiredText("活动名称", 100),
    source: z.preprocess((v) => (v === undefined || v === null || v === "" ? "other" : v), source),
    associationId: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ error: "请输入关联ID" }).trim().min(1, "请输入关联ID").max(64, "关联ID不超过64个字符")),
    ownerName: optText("主办单位", 60),
    webhookUrl: webhook.optional(),
    status: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "状态须为0或1" }))),
    startTime: chinaTime("开始时间"),
    endTime: chinaTime("结束时间"),
    remark: optText("备注", 300),
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, { message: "结束时间须晚于开始时间", path: ["endTime"] });

export const associationInput = z.object({
  associationId: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ error: "请输入关联ID" }).trim().min(1, "请输入关联ID").max(64, "关联ID不超过64个字符")),
  source: opt(source),
});

const ids = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [v] : v === undefined || v === null ? [] : v),
    z.array(z.preprocess(numeric, idOf(label)), { error: `${label}格式不正确` }).max(200, "一次最多绑定200项"),
  );
/** bindTrain: the courses and exams the event trains with (the list replaces the old one). */
export const bindInput = z.object({ id: z.preprocess(numeric, eventId), courseIds: ids("课程ID").default([]), examIds: ids("考试ID").default([]) });

export const reportOneInput = z.object({ id: z.preprocess(numeric, eventId), userId: z.preprocess(numeric, idOf("学员ID")), examId: z.preprocess(numeric, idOf("考试ID")) });

// ---- tasks ----
export const taskPageInput = z.object({ ...paging, eventId: z.preprocess(numeric, eventId) }).transform(withPaging);
export const taskBindInput = z.object({
  id: opt(z.preprocess(numeric, idOf("任务ID"))),
  eventId: z.preprocess(numeric, eventId),
  name: requiredText("任务名称", 100),
  taskId: opt(z.preprocess(numeric, idOf("平台任务ID"))),
  thirdJumpUrl: linkText("第三方跳转地址"),
});
export const taskIdInput = z.object({ id: z.preprocess(numeric, idOf("任务ID")) });
export const jumpUrlInput = z.object({
  id: z.preprocess(numeric, idOf("任务ID")),
  thirdJumpUrl: z.string({ error: "请输入第三方跳转地址" }).trim().min(1, "请输入第三方跳转地址").max(500, "第三方跳转地址不超过500个字符").regex(/^https?:\/\//, "第三方跳转地址须以 http(s):// 开头"),
});

// ---- face checks through the outside provider ----
export const faceUrlInput = z.object({ redirect: optText("回跳地址", 500), thirdUserId: optText("第三方用户ID", 64) });
export const faceCallbackInput = z.object({
  ticket: z.string({ error: "缺少核验票据" }).trim().min(8, "核验票据不正确").max(64, "核验票据不正确"),
  thirdUserId: z.string({ error: "缺少第三方用户ID" }).trim().min(1, "缺少第三方用户ID").max(64, "第三方用户ID不正确"),
  result: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "核验结果只能为0（通过）或1（不通过）" })),
  cause: optText("失败原因", 40),
  timestamp: z.preprocess(numeric, intIn("时间戳", 0, Number.MAX_SAFE_INTEGER)),
  sign: z.string({ error: "缺少签名" }).trim().regex(/^[0-9a-f]{64}$/, "签名不正确"),
});
export const thirdPicInput = z.object({
  thirdUserId: z.string({ error: "缺少第三方用户ID" }).trim().min(1, "缺少第三方用户ID").max(64, "第三方用户ID不正确"),
  bizCode: optText("业务编码", 20),
  fileName: optText("文件名", 100),
  attachment: optText("附件", 100),
  midPath: optText("目录", 40),
});
export const errorMsgInput = z.object({ cause: z.string({ error: "缺少错误原因" }).trim().min(1, "缺少错误原因").max(40, "错误原因不正确") });
export const simulateInput = z.object({ ticket: z.string().trim().min(8).max(64), result: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)]))) });
/** The face login's finishing address, reached by a browser navigation. */
export const faceFinishInput = z.object({
  ticket: z.string({ error: "缺少核验票据" }).trim().regex(/^[0-9a-f]{32}$/, "核验票据不正确"),
});
