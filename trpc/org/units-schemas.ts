import { z } from "zod";
import { blank, flag, idList, idOf, intIn, numeric, opt, optText, paging, requiredText, withPaging, wordsOf } from "@base/legacy-input";
import { CHANNEL_TARGET_TYPE, ORG_SOURCE_NAMES, WHITE_BUSINESS_TYPE } from "@db/schema";

// Inputs of organisations, whitelists and channels (back-office.md 7.16) and of their learner calls.

/** 统一社会信用代码 (GB 32100-2015): 31 characters (no I, O, S, V, Z), weights 3^i mod 31, check character last. */
const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export function creditCheckChar(body17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(body17[i]!) * CREDIT_WEIGHTS[i]!;
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}
export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCheckChar(code.slice(0, 17)) === code[17];
}

const text = (v: unknown) => (typeof v === "number" ? String(v) : v);
const upper = (v: unknown) => (typeof v === "string" ? v.trim().toUpperCase() : v);
const divisionCode = (label: string) => opt(z.preprocess(text, z.string({ error: `${label}不正确` }).trim().regex(/^\d{6}$/, `${label}不正确`)));

// ---- organisations ----

export const orgIdField = idOf("机构ID");
export const ORG_SOURCES = Object.entries(ORG_SOURCE_NAMES).map(([code, name]) => ({ code: Number(code), name }));
const sourceField = intIn("机构来源", 1, 3, "机构来源须为1（手工创建）、2（批量导入）或3（外部同步）");

const organizationFields = {
  name: z.preprocess(blank, requiredText("机构名称", 50)),
  creditCode: opt(
    z.preprocess(upper, z.string({ error: "统一社会信用代码不正确" }).refine(isCreditCode, "统一社会信用代码不正确，应为18位且校验位正确")),
  ),
  provinceCode: z.preprocess((v) => blank(text(v)), z.string({ error: "请选择所在省份" }).trim().regex(/^\d{6}$/, "所在省份不正确")),
  cityCode: divisionCode("所在城市"),
  districtCode: divisionCode("所在区县"),
  source: opt(sourceField),
  contactName: optText("联系人", 30),
  contactPhone: opt(z.preprocess(text, z.string({ error: "联系电话格式不正确" }).trim().regex(/^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/, "联系电话格式不正确"))),
  status: opt(flag("机构状态")),
  remark: optText("备注", 200),
};
export const organizationInput = z.object(organizationFields);
export type OrganizationInput = z.infer<typeof organizationInput>;
export const organizationUpdateInput = z.object({ id: orgIdField, ...organizationFields });
export type OrganizationUpdateInput = z.infer<typeof organizationUpdateInput>;
export const orgIdInput = z.object({ id: orgIdField });

export const organizationPageInput = z
  .object({
    ...paging,
    name: optText("机构名称", 50),
    provinceCode: divisionCode("省份"),
    cityCode: divisionCode("城市"),
    districtCode: divisionCode("区县"),
    source: opt(sourceField),
    status: opt(flag("机构状态")),
  })
  .transform(withPaging);
export type OrganizationPageInput = z.infer<typeof organizationPageInput>;

export const districtTreeInput = z
  .object({
    level: opt(intIn("行政区划层级", 1, 3, "行政区划层级须为1（省）、2（市）或3（区县）")),
    parentCode: divisionCode("上级行政区划编码"),
  })
  .optional()
  .transform((v) => ({ level: v?.level as 1 | 2 | 3 | undefined, parentCode: v?.parentCode }));

// ---- whitelists ----

export const WHITE_TYPES = [
  { code: WHITE_BUSINESS_TYPE.examSoftMonitor, name: "考试免软件监控", business: "exam", businessName: "考试" },
  { code: WHITE_BUSINESS_TYPE.courseOnlyLecai, name: "课程仅乐采云", business: "course", businessName: "课程" },
  { code: WHITE_BUSINESS_TYPE.examFaceVerify, name: "考试免人脸核验", business: "exam", businessName: "考试" },
] as const;
export const whiteTypeField = z.preprocess(
  numeric,
  z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "白名单类型须为1（考试免软件监控）、2（课程仅乐采云）或3（考试免人脸核验）" }),
);
/** The exam or course an entry applies to; 0 or nothing means all of them. */
const businessIdField = opt(z.preprocess(numeric, z.number({ error: "业务ID格式不正确" }).int("业务ID格式不正确").min(0, "业务ID格式不正确").max(Number.MAX_SAFE_INTEGER, "业务ID格式不正确")));
export const MAX_WHITE_ROWS = 500;

export const whiteCreateInput = z
  .object({
    whiteBusinessType: whiteTypeField,
    businessId: businessIdField,
    userIds: idList("用户ID", { min: 0, max: MAX_WHITE_ROWS, tooMany: `一次最多添加${MAX_WHITE_ROWS}人` }).optional(),
    mobiles: z
      .preprocess(
        (v) => wordsOf(typeof v === "number" ? String(v) : v),
        z.array(z.preprocess(text, z.string({ error: "手机号列表格式不正确" })), { error: "手机号列表格式不正确" }).max(MAX_WHITE_ROWS, `一次最多添加${MAX_WHITE_ROWS}人`),
      )
      .optional(),
    cause: optText("原因", 200),
  })
  .transform((v, ctx) => {
    const userIds = v.userIds ?? [];
    const mobiles = (v.mobiles ?? []).map((m) => m.trim()).filter(Boolean);
    if (!userIds.length && !mobiles.length) {
      ctx.addIssue({ code: "custom", message: "请填写要加入白名单的手机号或用户", path: ["mobiles"] });
      return z.NEVER;
    }
    if (userIds.length + mobiles.length > MAX_WHITE_ROWS) {
      ctx.addIssue({ code: "custom", message: `一次最多添加${MAX_WHITE_ROWS}人`, path: ["mobiles"] });
      return z.NEVER;
    }
    return { whiteBusinessType: v.whiteBusinessType, businessId: v.businessId ?? 0, userIds, mobiles, cause: v.cause };
  });
export type WhiteCreateInput = z.infer<typeof whiteCreateInput>;

export const whiteRemoveInput = z
  .object({ id: opt(idOf("白名单记录ID")), ids: idList("白名单记录", { max: MAX_WHITE_ROWS, empty: "请选择要移除的白名单记录", tooMany: `一次最多移除${MAX_WHITE_ROWS}条` }).optional() })
  .transform((v, ctx) => {
    const ids = [...new Set([...(v.ids ?? []), ...(v.id ? [v.id] : [])])];
    if (!ids.length) {
      ctx.addIssue({ code: "custom", message: "请选择要移除的白名单记录", path: ["ids"] });
      return z.NEVER;
    }
    return { ids };
  });

export const whiteSearchInput = z
  .object({
    ...paging,
    whiteBusinessType: opt(whiteTypeField),
    businessId: businessIdField,
    keyword: optText("关键词", 40),
  })
  .transform(withPaging);
export type WhiteSearchInput = z.infer<typeof whiteSearchInput>;

/** getUserWhiteInfo: the exam (examId) or other business (businessId, courseId) and the type, 1 by default. */
export const whiteInfoInput = z
  .object({
    whiteBusinessType: opt(whiteTypeField),
    examId: opt(idOf("考试ID")),
    courseId: opt(idOf("课程ID")),
    businessId: businessIdField,
  })
  .transform((v) => ({ whiteBusinessType: v.whiteBusinessType ?? 1, businessId: v.examId ?? v.courseId ?? v.businessId ?? 0, examId: v.examId }));

// ---- channels ----

export const CHANNEL_CODE_RULE = "渠道编码须为2-32位字母、数字或下划线";
const channelCodeField = z.preprocess(text, z.string({ error: "请输入渠道编码" }).trim().min(1, "请输入渠道编码").regex(/^[A-Za-z0-9_]{2,32}$/, CHANNEL_CODE_RULE));
export const CHANNEL_TARGETS = [
  { code: CHANNEL_TARGET_TYPE.course, name: "课程" },
  { code: CHANNEL_TARGET_TYPE.live, name: "直播" },
  { code: CHANNEL_TARGET_TYPE.map, name: "学习地图" },
] as const;
const targetTypeField = z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(4)], { error: "推广内容类型须为课程（1）、直播（2）或学习地图（4）" }));

const channelFields = {
  code: channelCodeField,
  name: z.preprocess(blank, requiredText("渠道名称", 50)),
  targetType: targetTypeField,
  targetId: idOf("推广内容ID"),
  remark: optText("备注", 200),
  status: opt(flag("渠道状态")),
};
export const channelInput = z.object(channelFields);
export type ChannelInput = z.infer<typeof channelInput>;
export const channelUpdateInput = z.object({ id: idOf("渠道ID"), ...channelFields });
export type ChannelUpdateInput = z.infer<typeof channelUpdateInput>;
export const channelIdInput = z.object({ id: idOf("渠道ID") });
export const channelLinkInput = z.object({ channelCode: channelCodeField });

export const channelPageInput = z
  .object({ ...paging, keyword: optText("关键词", 50), targetType: opt(targetTypeField), status: opt(flag("渠道状态")) })
  .transform(withPaging);
export type ChannelPageInput = z.infer<typeof channelPageInput>;

/** promote: the channel code from the link, and the content page the visitor landed on. */
export const promoteInput = z.object({
  channel: channelCodeField,
  type: opt(intIn("内容类型", 1, 9, "内容类型格式不正确")),
  objectId: opt(idOf("内容ID")),
});
