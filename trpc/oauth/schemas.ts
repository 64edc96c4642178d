import { z } from "zod";
import { blank, numeric, opt } from "@base/legacy-input";

// Inputs of the authorised-platform login (learner-calls.md "User", "Open config").

const key = (label: string) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().regex(/^[A-Za-z0-9_-]{1,32}$/, `${label}格式不正确`).optional()).optional();

/** Only paths on this site: an absolute URL elsewhere would make the flow an open redirect. */
export const returnToField = z
  .preprocess(blank, z.string().max(500, "跳转地址过长").optional())
  .optional()
  .transform((v) => (v && v.startsWith("/") && !v.startsWith("//") && !v.includes("\\") ? v : "/"));

export const startInput = z.object({
  platformId: opt(z.preprocess(numeric, z.number({ error: "平台ID格式不正确" }).int().positive())),
  cloudRegion: key("云区域"),
  source: key("来源"),
  returnTo: returnToField,
  /** The course the learner authorises for: a course only 乐采云 allows only its platforms. */
  courseId: opt(z.preprocess(numeric, z.number({ error: "课程ID格式不正确" }).int("课程ID格式不正确").positive("课程ID格式不正确"))),
});
export type StartInput = z.output<typeof startInput>;

export const platformsInput = z.object({ courseId: opt(z.preprocess(numeric, z.number({ error: "课程ID格式不正确" }).int("课程ID格式不正确").positive("课程ID格式不正确"))) }).optional();

export const callbackInput = z.object({
  state: z.preprocess(blank, z.string({ error: "授权参数缺失，请重新发起授权" }).max(64, "授权已失效，请重新发起授权")),
  code: z.preprocess(blank, z.string().max(512).optional()).optional(),
  error: z.preprocess(blank, z.string().max(200).optional()).optional(),
});

const ticketField = z.preprocess(blank, z.string().regex(/^[a-z2-7]{16,64}$/, "授权已失效，请重新发起授权").optional()).optional();

export const ticketInput = z.object({ ticket: ticketField }).optional();

export const checkBindInput = z.object({
  cloudRegion: key("云区域"),
  zcyUserId: z.preprocess((v) => (typeof v === "number" ? String(v) : blank(v)), z.string().max(128).optional()).optional(),
  operatorId: z.preprocess((v) => (typeof v === "number" ? String(v) : blank(v)), z.string().max(128).optional()).optional(),
  ticket: ticketField,
});

export const unbindInput = z.object({ cloudRegion: key("云区域"), ticket: ticketField });

const urlField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: `请输入${label}` }).min(1, `请输入${label}`).max(500, `${label}过长`).url(`${label}须为完整网址`),
  );

export const platformSaveInput = z.object({
  id: opt(z.preprocess(numeric, z.number().int().positive())),
  name: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string({ error: "请输入平台名称" }).min(1, "请输入平台名称").max(40, "平台名称不超过40个字符")),
  url: z
    .preprocess(blank, z.string().trim().max(500, "平台网址过长").regex(/^https?:\/\/[^\s]+$/i, "平台网址须以http://或https://开头").optional())
    .optional(),
  // An uploaded file, a picture of this site, or an absolute address: nothing else reaches an <img>.
  picUrl: z
    .preprocess(blank, z.string().trim().max(500, "Logo地址过长").regex(/^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/i, "Logo地址不正确").optional())
    .optional(),
  sort: opt(z.preprocess(numeric, z.number({ error: "排序须为0-9999的整数" }).int("排序须为0-9999的整数").min(0, "排序须为0-9999的整数").max(9999, "排序须为0-9999的整数"))),
  cloudRegion: z.string({ error: "请输入云区域" }).trim().min(1, "请输入云区域").regex(/^[A-Za-z0-9_-]{1,32}$/, "云区域仅限字母、数字、下划线及-"),
  source: z.string({ error: "请输入来源标识" }).trim().min(1, "请输入来源标识").regex(/^[A-Za-z0-9_-]{1,32}$/, "来源标识仅限字母、数字、下划线及-"),
  clientId: z.string({ error: "请输入 Client ID" }).trim().min(1, "请输入 Client ID").max(128, "Client ID 不超过128个字符"),
  authorizeUrl: urlField("授权地址"),
  tokenUrl: urlField("令牌地址"),
  userinfoUrl: urlField("用户信息地址"),
  scope: z.preprocess(blank, z.string().max(200, "授权范围不超过200个字符").optional()).optional(),
  secretEnv: z.preprocess(blank, z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, "密钥环境变量名格式不正确").optional()).optional(),
  enabled: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "启用状态不正确" }))),
});
export type PlatformSaveInput = z.output<typeof platformSaveInput>;

const platformId = z.preprocess(numeric, z.number({ error: "缺少平台ID" }).int("缺少平台ID").positive("缺少平台ID"));
export const platformIdInput = z.object({ id: platformId });
/** position is 1-based, as the back office's sortable lists send it. */
export const platformMoveInput = z.object({
  id: platformId,
  position: z.preprocess(numeric, z.number({ error: "位置须为正整数" }).int("位置须为正整数").positive("位置须为正整数")),
});
export const platformEnableInput = z.object({ id: platformId, enabled: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "启用状态不正确" })) });

/** getJumpUrl: where the learner lands after an outside jump; any of the names old clients send. */
export const jumpUrlInput = z
  .object({ returnTo: opt(z.string().max(2000, "跳转地址过长")), url: opt(z.string().max(2000, "跳转地址过长")), redirect: opt(z.string().max(2000, "跳转地址过长")) })
  .optional();
