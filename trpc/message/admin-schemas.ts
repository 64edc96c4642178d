import { z } from "zod";

// Inputs of the station message back office (back-office.md 7.7), shared by procedures, legacy rows and forms.

export const TITLE_MAX = 100;
export const CONTENT_MAX = 5000;
export const LINK_MAX = 500;
export const MAX_BIND = 500;
export const ADMIN_PAGE_SIZE = 20;

/** Old clients send numbers as strings (query strings, forms); a blank value means "not given". */
export const numeric = (v: unknown) => {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : v;
};
export const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
/** "1,2,3", one number, or an array. */
export const listOf = (v: unknown) => (typeof v === "string" ? v.split(/[,，\s]+/).filter(Boolean) : typeof v === "number" ? [v] : v);

export const idOf = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) })
      .int(`${label}格式不正确`)
      .positive(`${label}格式不正确`)
      .max(Number.MAX_SAFE_INTEGER, `${label}格式不正确`),
  );
export const optionalId = (label: string) => z.preprocess(blank, idOf(label).optional()).optional();
export const intIn = (label: string, min: number, max: number, message = `${label}须在${min}-${max}之间`) =>
  z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(min, message).max(max, message).optional()).optional();

const pageFields = {
  pageNo: intIn("页码", 1, 100_000),
  pageSize: intIn("每页条数", 1, 100),
  /** The old list calls name paging page/element. */
  page: intIn("页码", 1, 100_000),
  element: intIn("每页条数", 1, 100),
};
const keywordField = (label: string) => z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(100, `${label}不超过100个字符`).optional()).optional();

/** {id}, or {messageId} / {stationMessageId} as some calls name it. */
const messageIdFields = { id: optionalId("站内信ID"), messageId: optionalId("站内信ID"), stationMessageId: optionalId("站内信ID") };
const pickId = (v: { id?: number; messageId?: number; stationMessageId?: number }, ctx: z.RefinementCtx) => {
  const id = v.id ?? v.messageId ?? v.stationMessageId;
  if (!id) ctx.addIssue({ code: "custom", message: "缺少站内信ID", path: ["id"] });
  return id ?? 0;
};

export const idInput = z.object(messageIdFields).transform((v, ctx) => ({ id: pickId(v, ctx) }));

export const messagePageInput = z
  .object({
    ...pageFields,
    keyword: keywordField("关键词"),
    title: keywordField("标题"),
    status: intIn("状态", 0, 2, "状态只能为 0 草稿、1 已发送、2 已撤回"),
  })
  .transform((v) => ({
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? ADMIN_PAGE_SIZE,
    keyword: v.keyword ?? v.title,
    status: v.status,
  }));
export type MessagePageInput = z.output<typeof messagePageInput>;

/** A site path such as /course/detail?id=1 (never //host), or an http(s) address. */
export function isAllowedLink(link: string): boolean {
  if (/^\/(?![/\\])/.test(link)) return !/[\s<>"]/.test(link);
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const u = new URL(link);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname && !/[\s<>"]/.test(link);
  } catch {
    return false;
  }
}
export const LINK_RULE = "跳转链接须为站内路径（以 / 开头）或 http(s) 网址";

const rangeTargets = (label: string) =>
  z
    .preprocess(
      listOf,
      z.array(z.preprocess((x) => (typeof x === "number" ? String(x) : x), z.string({ error: `${label}格式不正确` }).trim().min(1, `${label}格式不正确`).max(40, `${label}格式不正确`)), {
        error: `${label}格式不正确`,
      }),
    )
    .optional();
const rangeEntry = z.object({
  kind: z.enum(["role", "group", "tag", "region"], { error: "开放范围类型不正确" }),
  target: z.preprocess((x) => (typeof x === "number" ? String(x) : x), z.string({ error: "开放范围格式不正确" }).trim().min(1, "开放范围格式不正确").max(40, "开放范围格式不正确")),
});

export const RANGE_REQUIRED = "请选择接收的开放范围（角色、组织、标签或地区）";

export const saveMessageInput = z
  .object({
    ...messageIdFields,
    title: z.string({ error: "请输入标题" }).trim().min(1, "请输入标题").max(TITLE_MAX, `标题不超过${TITLE_MAX}个字符`),
    content: z.string({ error: "请输入消息内容" }).trim().min(1, "请输入消息内容").max(CONTENT_MAX, `消息内容不超过${CONTENT_MAX}个字符`),
    linkUrl: z.preprocess(blank, z.string({ error: LINK_RULE }).trim().max(LINK_MAX, `跳转链接不超过${LINK_MAX}个字符`).refine(isAllowedLink, LINK_RULE).optional()).optional(),
    link: z.preprocess(blank, z.string({ error: LINK_RULE }).trim().max(LINK_MAX, `跳转链接不超过${LINK_MAX}个字符`).refine(isAllowedLink, LINK_RULE).optional()).optional(),
    targetType: intIn("接收对象", 1, 3, "接收对象只能为 1 全部用户、2 开放范围、3 指定用户"),
    roleIds: rangeTargets("角色"),
    groupIds: rangeTargets("组织"),
    tagIds: rangeTargets("标签"),
    areaCodes: rangeTargets("地区"),
    openRange: z.array(rangeEntry, { error: "开放范围格式不正确" }).max(500, "开放范围过多").optional(),
  })
  .transform((v, ctx) => {
    const rangeGiven = [v.openRange, v.roleIds, v.groupIds, v.tagIds, v.areaCodes].some((x) => x !== undefined);
    const entries = [
      ...(v.openRange ?? []),
      ...(v.roleIds ?? []).map((target) => ({ kind: "role" as const, target })),
      ...(v.groupIds ?? []).map((target) => ({ kind: "group" as const, target })),
      ...(v.tagIds ?? []).map((target) => ({ kind: "tag" as const, target })),
      ...(v.areaCodes ?? []).map((target) => ({ kind: "region" as const, target })),
    ];
    const seen = new Set<string>();
    const openRange = entries.filter((e) => !seen.has(`${e.kind}:${e.target}`) && seen.add(`${e.kind}:${e.target}`));
    if (openRange.length > 500) ctx.addIssue({ code: "custom", message: "开放范围过多", path: ["openRange"] });
    for (const e of openRange) {
      const ok = e.kind === "region" ? /^\d{2,12}$/.test(e.target) : /^\d{1,15}$/.test(e.target) && Number(e.target) > 0;
      if (!ok) {
        ctx.addIssue({ code: "custom", message: e.kind === "region" ? "地区编码格式不正确" : "开放范围格式不正确", path: ["openRange"] });
        break;
      }
    }
    return {
      id: v.id ?? v.messageId ?? v.stationMessageId,
      title: v.title,
      content: v.content,
      link: v.linkUrl ?? v.link ?? null,
      /** Absent: 全部用户 for a new message, unchanged for an edit (old clients may leave it out). */
      targetType: v.targetType as 1 | 2 | 3 | undefined,
      /** Absent when no range field was sent: an edit keeps the stored range. */
      openRange: rangeGiven ? openRange : undefined,
    };
  });
export type SaveMessageInput = z.output<typeof saveMessageInput>;

export const idsInput = z
  .object({ ...messageIdFields, ids: z.preprocess(listOf, z.array(idOf("站内信ID"), { error: "站内信ID列表格式不正确" }).max(100, "一次最多100条").optional()).optional() })
  .transform((v, ctx) => {
    const ids = [...new Set([...(v.ids ?? []), ...[v.id ?? v.messageId ?? v.stationMessageId].filter((x): x is number => !!x)])];
    if (!ids.length) ctx.addIssue({ code: "custom", message: "请选择要删除的站内信", path: ["ids"] });
    return { ids };
  });

const userIdsField = z.preprocess(
  listOf,
  z.array(idOf("用户ID"), { error: "用户ID列表格式不正确" }).min(1, "请选择用户").max(MAX_BIND, `一次最多${MAX_BIND}人`),
);
export const bindInput = z
  .object({ ...messageIdFields, userIds: z.preprocess(blank, userIdsField.optional()).optional(), userId: optionalId("用户ID") })
  .transform((v, ctx) => {
    const userIds = [...new Set([...(v.userIds ?? []), ...(v.userId ? [v.userId] : [])])];
    if (!userIds.length) ctx.addIssue({ code: "custom", message: "请选择用户", path: ["userIds"] });
    return { id: pickId(v, ctx), userIds };
  });

/** Login names or mobiles, one per line or separated by commas. */
export const bindAccountsInput = z
  .object({
    ...messageIdFields,
    accounts: z.preprocess(
      (v) => (typeof v === "string" ? v.split(/[\s,，;；、]+/).filter(Boolean) : v),
      z
        .array(z.preprocess((x) => (typeof x === "number" ? String(x) : x), z.string({ error: "账号格式不正确" }).trim().min(1, "账号格式不正确").max(40, "账号不超过40个字符")), { error: "请填写登录名或手机号" })
        .min(1, "请填写登录名或手机号")
        .max(MAX_BIND, `一次最多${MAX_BIND}个账号`),
    ),
  })
  .transform((v, ctx) => ({ id: pickId(v, ctx), accounts: [...new Set(v.accounts)] }));

export const fileField = z.custom<Blob & { name?: string }>((v) => typeof Blob !== "undefined" && v instanceof Blob, { message: "请选择要导入的 Excel 文件" });
export const importInput = z
  .object({ ...messageIdFields, file: fileField, wait: z.boolean().optional() })
  .transform((v, ctx) => ({ id: pickId(v, ctx), file: v.file, wait: v.wait ?? false }));

export const jobInput = z.object({ jobId: idOf("导入记录ID") });

/** downloadErrorMessage (id): the newest import of that message, or the given job. */
export const importErrorsInput = z.object({ ...messageIdFields, jobId: optionalId("导入记录ID") }).transform((v, ctx) => ({ id: pickId(v, ctx), jobId: v.jobId }));

/** 1 send, 2 withdraw. */
export const operateInput = z
  .object({ ...messageIdFields, status: z.preprocess(numeric, z.union([z.literal(1), z.literal(2)], { error: "操作只能为 1 发送 或 2 撤回" })) })
  .transform((v, ctx) => ({ id: pickId(v, ctx), status: v.status }));

export const recipientsInput = z
  .object({
    ...messageIdFields,
    ...pageFields,
    keyword: keywordField("关键词"),
    isRead: intIn("阅读状态", 0, 1, "阅读状态只能为 0 未读 或 1 已读"),
  })
  .transform((v, ctx) => ({
    id: pickId(v, ctx),
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? ADMIN_PAGE_SIZE,
    keyword: v.keyword,
    isRead: v.isRead as 0 | 1 | undefined,
  }));
export type RecipientsInput = z.output<typeof recipientsInput>;
