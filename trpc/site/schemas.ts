import { z } from "zod";
import { flag, idOf, intIn, linkText, numeric, opt, optText, paging, requiredText, withPaging } from "@base/legacy-input";

// Inputs of the site calls (back-office.md 7.16, learner-calls.md Site), shared with the site editor.

/** Login methods a site offers (learner-front-end.md 2): 1 account, 2 phone, 3 authorised platforms. */
export const LOGIN_METHODS = { 1: "账号登录", 2: "手机号登录", 3: "授权平台登录" } as const;
/** Content a site lists when its scope is "selected": the platform's content types. */
export const SITE_CONTENT_TYPES = { 1: "课程", 2: "直播", 3: "考试", 4: "学习地图" } as const;
export const MAX_SITE_TABS = 8;
export const MAX_SITE_CONTENTS = 500;

/**
 * Path names the learner site already uses as its first segment (routes, API mounts, static files): a
 * site under one of them would hide that page. tests/unit/site-path.test.ts keeps it in step with app/routes.
 */
export const RESERVED_PATH_NAMES = new Set([
  "about", "admin", "api", "assets", "blank", "caiyun-college-backstage", "cert", "certificate", "college-mobile", "complete",
  "course", "error", "exam", "face", "favicon.ico", "identity", "live", "magic", "map", "message", "mobile", "notice", "oauth", "order",
  "password", "payment", "person", "practice", "previewexam", "qr", "questionnaire", "rank", "school", "search", "sign",
  "storage", "study", "task", "verify", "ws", "__manifest",
]);

const pathNameRule = z
  .string({ error: "请输入站点路径" })
  .trim()
  .toLowerCase()
  .min(2, "站点路径为2-40位小写字母、数字或短横线，以字母开头")
  .max(40, "站点路径为2-40位小写字母、数字或短横线，以字母开头")
  .regex(/^[a-z][a-z0-9-]*[a-z0-9]$/, "站点路径为2-40位小写字母、数字或短横线，以字母开头")
  .refine((p) => !RESERVED_PATH_NAMES.has(p), "该路径为平台保留路径，请换一个");

const siteId = idOf("站点ID");
export const siteIdInput = z.object({ id: z.preprocess(numeric, siteId) });

export const pageInput = z
  .object({ ...paging, name: optText("站点名称", 60), status: opt(z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "状态须为0或1" }))) })
  .transform(withPaging);

export const baseInput = z.object({
  id: opt(z.preprocess(numeric, siteId)),
  name: requiredText("站点名称", 60),
  pathName: pathNameRule,
  description: optText("站点简介", 200),
});

const tab = z.object({
  name: requiredText("页签名称", 8),
  url: z.preprocess((v) => (v === null ? undefined : v), z.string({ error: "请填写页签链接" }).trim().min(1, "请填写页签链接").max(500, "页签链接不超过500个字符"))
    .refine((s) => /^(https?:\/\/|\/)/.test(s), "页签链接须以 http(s):// 或 / 开头"),
});
const platform = z.object({
  platformName: requiredText("授权平台名称", 20),
  platformLoginUrl: z.string({ error: "请填写授权平台登录地址" }).trim().regex(/^https?:\/\//, "授权平台登录地址须以 http(s):// 开头").max(500, "授权平台登录地址不超过500个字符"),
  platformLogoUrl: linkText("授权平台图标"),
});
const method = z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "登录方式只能为1（账号）、2（手机号）或3（授权平台）" }));

/** What the learner shell reads of a site (learner-front-end.md 3, "Site config"). */
export const sitePageSchema = z
  .object({
    siteTop: z
      .object({
        noticeFunction: flag("消息通知开关").default(1),
        searchFunction: flag("搜索开关").default(1),
        logoPicUrl: linkText("站点Logo"),
        siteTopTabList: z.array(tab, { error: "页签格式不正确" }).max(MAX_SITE_TABS, `页签最多${MAX_SITE_TABS}个`).default([]),
      })
      .default({ noticeFunction: 1, searchFunction: 1, siteTopTabList: [] }),
    siteLogin: z
      .object({
        supportMethod: z
          .array(method, { error: "请选择登录方式" })
          .min(1, "请至少选择一种登录方式")
          .transform((m) => [...new Set(m)].sort()),
        authPlatformInfos: z.array(platform, { error: "授权平台格式不正确" }).max(10, "授权平台最多10个").default([]),
      })
      .refine((l) => !l.supportMethod.includes(3) || l.authPlatformInfos.length > 0, { message: "开启授权平台登录时请至少配置一个授权平台", path: ["authPlatformInfos"] }),
    siteTab: z.object({ suffix: optText("页面标题后缀", 20) }).default({}),
    siteFooter: z
      .object({
        showFooter: flag("页脚开关").default(1),
        title: optText("页脚标题", 30),
        content: optText("页脚内容", 300),
        hotline: optText("服务热线", 30),
        copyright: optText("版权信息", 100),
      })
      .default({ showFooter: 1 }),
  })
  .strip();
export type SitePage = z.infer<typeof sitePageSchema>;

/** Old clients may send the parts at the top level instead of under sitePage / siteExt. */
const nestUnder = (key: string, parts: string[]) => (v: unknown) => {
  if (!v || typeof v !== "object" || key in v) return v;
  const o = v as Record<string, unknown>;
  return { id: o.id, [key]: Object.fromEntries(parts.filter((p) => p in o).map((p) => [p, o[p]])) };
};

export const pageConfigInput = z.preprocess(
  nestUnder("sitePage", ["siteTop", "siteLogin", "siteTab", "siteFooter"]),
  z.object({ id: z.preprocess(numeric, siteId), sitePage: sitePageSchema }),
);

export const siteExtSchema = z.object({
  siteDocumentLink: z.object({ openScopeGuideUrl: linkText("开放范围指引文档"), accountIssueUrl: linkText("账号问题文档") }).default({}),
});
export type SiteExt = z.infer<typeof siteExtSchema>;
export const extConfigInput = z.preprocess(nestUnder("siteExt", ["siteDocumentLink"]), z.object({ id: z.preprocess(numeric, siteId), siteExt: siteExtSchema }));

export const contentsInput = z.object({
  id: z.preprocess(numeric, siteId),
  contentScope: z.preprocess(numeric, z.union([z.literal(0), z.literal(1)], { error: "内容范围须为0（全部）或1（指定内容）" })),
  contents: z
    .array(z.object({ contentType: intIn("内容类型", 1, 4, "内容类型只能为1-4"), contentId: idOf("内容ID") }), { error: "内容格式不正确" })
    .max(MAX_SITE_CONTENTS, `每个站点最多指定${MAX_SITE_CONTENTS}项内容`)
    .default([]),
});

export const pathNameInput = z.object({ pathName: z.string().max(40, "站点路径过长").optional() });
