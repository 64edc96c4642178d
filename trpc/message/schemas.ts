import { z } from "zod";
import { blank, idList, idOf, intIn, numeric, opt, optionalId, pageOf, paging, pagingWith, withPaging, wordsOf } from "@base/legacy-input";
import { findScene, UNKNOWN_SCENE, type SceneType } from "./task-scenes";

// Inputs of station messages: the learner's inbox, the back office (back-office.md 7.7) and message tasks.

/** A whole number that may be absent; the message names the allowed values where a field has them. */
const optIn = (label: string, min: number, max: number, range?: string) => opt(intIn(label, min, max, range));

// ---- learner ----

export const pageInput = z.object(paging).transform((v) => withPaging(v));

/** One id, a list (array or "1,2,3"), or readAll 1 for every message; status, when given, must be 1 (read). */
export const markReadInput = z
  .object({
    id: idOf("消息ID").optional(),
    ids: idList("消息ID", { min: 0, max: 500, tooMany: "一次最多标记500条" }).optional(),
    readAll: optIn("全部已读", 0, 1),
    status: optIn("消息状态", 1, 1),
  })
  .transform((v, ctx) => {
    const ids = [...(v.ids ?? []), ...(v.id ? [v.id] : [])];
    if (!ids.length && v.readAll !== 1) {
      ctx.addIssue({ code: "custom", message: "请选择要标记的消息", path: ["id"] });
      return z.NEVER;
    }
    return { ids: v.readAll === 1 ? null : ids };
  });

// ---- back office ----

export const TITLE_MAX = 100;
export const CONTENT_MAX = 5000;
export const LINK_MAX = 500;
export const MAX_BIND = 500;
export const ADMIN_PAGE_SIZE = 20;
/** What a back-office message sends: 1 station messages (站内信), 2 mails (邮件). */
export const KIND_RULE = "消息类型只能为 1 站内信 或 2 邮件";

const pageFields = pagingWith(intIn("页码", 1, 100_000), intIn("每页条数", 1, 100));
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
    status: optIn("状态", 0, 2, "状态只能为 0 草稿、1 已发送、2 已撤回"),
    kind: optIn("消息类型", 1, 2, KIND_RULE),
  })
  .transform((v) => ({
    ...pageOf(v, ADMIN_PAGE_SIZE),
    keyword: v.keyword ?? v.title,
    status: v.status,
    kind: v.kind as 1 | 2 | undefined,
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
      wordsOf,
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
    targetType: optIn("接收对象", 1, 3, "接收对象只能为 1 全部用户、2 开放范围、3 指定用户"),
    kind: optIn("消息类型", 1, 2, KIND_RULE),
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
      /** Absent: 站内信 for a new message, unchanged for an edit. */
      kind: v.kind as 1 | 2 | undefined,
      /** Absent when no range field was sent: an edit keeps the stored range. */
      openRange: rangeGiven ? openRange : undefined,
    };
  });
export type SaveMessageInput = z.output<typeof saveMessageInput>;

export const idsInput = z
  .object({ ...messageIdFields, ids: idList("站内信ID", { min: 0, max: 100, tooMany: "一次最多100条", split: wordsOf }).optional() })
  .transform((v, ctx) => {
    const ids = [...new Set([...(v.ids ?? []), ...[v.id ?? v.messageId ?? v.stationMessageId].filter((x): x is number => !!x)])];
    if (!ids.length) ctx.addIssue({ code: "custom", message: "请选择要删除的站内信", path: ["ids"] });
    return { ids };
  });

const userIdsField = idList("用户ID", { max: MAX_BIND, empty: "请选择用户", tooMany: `一次最多${MAX_BIND}人`, split: wordsOf });
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
    isRead: optIn("阅读状态", 0, 1, "阅读状态只能为 0 未读 或 1 已读"),
  })
  .transform((v, ctx) => ({
    id: pickId(v, ctx),
    ...pageOf(v, ADMIN_PAGE_SIZE),
    keyword: v.keyword,
    isRead: v.isRead as 0 | 1 | undefined,
  }));
export type RecipientsInput = z.output<typeof recipientsInput>;

// ---- message tasks ----

// Inputs of the message task back office (back-office.md 7.7, second half; docs/decisions/014-message-tasks.md),
// shared by procedures, legacy rows and the edit page. Old clients may name fields differently: aliases below.

export const TASK_NAME_MAX = 50;
export const TASK_PAGE_SIZE = 20;

/** {messageTaskId} as the legacy calls name it, or {id} / {taskId}. */
const taskIdFields = { id: optionalId("消息任务ID"), messageTaskId: optionalId("消息任务ID"), taskId: optionalId("消息任务ID") };
type TaskIdFields = { id?: number; messageTaskId?: number; taskId?: number };
const pickTaskId = (v: TaskIdFields, ctx: z.RefinementCtx) => {
  const id = v.messageTaskId ?? v.id ?? v.taskId;
  if (!id) ctx.addIssue({ code: "custom", message: "缺少消息任务ID", path: ["messageTaskId"] });
  return id ?? 0;
};

export const taskIdInput = z.object(taskIdFields).transform((v, ctx) => ({ id: pickTaskId(v, ctx) }));

/** A scene by name (EXAM_START) or numeric code; unknown ones are named in the message. */
const sceneField = z.preprocess(
  blank,
  z
    .union([z.string(), z.number()], { error: UNKNOWN_SCENE })
    .transform((v, ctx) => {
      const scene = findScene(v);
      if (!scene) {
        ctx.addIssue({ code: "custom", message: UNKNOWN_SCENE });
        return z.NEVER;
      }
      return scene.sceneType;
    })
    .optional(),
);

export const sceneInput = z
  .object({ sceneType: sceneField.optional(), ruleSceneType: sceneField.optional(), scene: sceneField.optional() })
  .transform((v, ctx) => {
    const sceneType = v.sceneType ?? v.ruleSceneType ?? v.scene;
    if (!sceneType) ctx.addIssue({ code: "custom", message: "请选择触发场景", path: ["sceneType"] });
    return { sceneType: sceneType as SceneType };
  });

/** Settings as an object, a JSON string, or [{key|paramKey, value|paramValue}] as some clients send them. */
const paramsField = z
  .preprocess(
    (v) => {
      if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return undefined;
      if (typeof v === "string") {
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }
      return v;
    },
    z
      .union(
        [
          z.record(z.string(), z.unknown()),
          z.array(z.object({ key: z.string().optional(), paramKey: z.string().optional(), value: z.unknown().optional(), paramValue: z.unknown().optional() })).max(20),
        ],
        { error: "场景参数格式不正确" },
      )
      .optional(),
  )
  .optional();
const paramsOf = (v: unknown): Record<string, unknown> => {
  if (!v) return {};
  if (!Array.isArray(v)) return v as Record<string, unknown>;
  return Object.fromEntries(v.map((p: { key?: string; paramKey?: string; value?: unknown; paramValue?: unknown }) => [p.key ?? p.paramKey ?? "", p.value ?? p.paramValue]));
};
/** advanceMinutes and afterDays are the same settings under other names. */
const paramAliases: Record<string, string> = { advanceMinutes: "leadMinutes", aheadMinutes: "leadMinutes", minutes: "leadMinutes", afterDays: "days", day: "days" };
const normaliseParams = (raw: Record<string, unknown>) => Object.fromEntries(Object.entries(raw).map(([k, val]) => [paramAliases[k] ?? k, val]));

const text = (label: string, max: number, empty = `请输入${label}`) =>
  z.preprocess((v) => (v === null ? undefined : typeof v === "number" ? String(v) : v), z.string({ error: `${label}格式不正确` }).trim().min(1, empty).max(max, `${label}不超过${max}个字符`).optional()).optional();

/** A site path or an http(s) address; blank means the event's own page. */
const linkField = z
  .preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v),
    z.union([z.null(), z.string({ error: LINK_RULE }).trim().max(LINK_MAX, `跳转链接不超过${LINK_MAX}个字符`).refine(isAllowedLink, LINK_RULE)]).optional(),
  )
  .optional();

const templateFields = {
  title: text("标题模板", TITLE_MAX),
  titleTemplate: text("标题模板", TITLE_MAX),
  messageTitle: text("标题模板", TITLE_MAX),
  content: text("内容模板", CONTENT_MAX),
  contentTemplate: text("内容模板", CONTENT_MAX),
  messageContent: text("内容模板", CONTENT_MAX),
  template: text("内容模板", CONTENT_MAX),
  templateContent: text("内容模板", CONTENT_MAX),
};
type TemplateFields = { [K in keyof typeof templateFields]?: string };
const titleOf = (v: TemplateFields) => v.titleTemplate ?? v.title ?? v.messageTitle;
const contentOf = (v: TemplateFields) => v.contentTemplate ?? v.content ?? v.templateContent ?? v.template ?? v.messageContent;

const saveFields = z.object({
  ...taskIdFields,
  name: text("任务名称", TASK_NAME_MAX),
  taskName: text("任务名称", TASK_NAME_MAX),
  messageTaskName: text("任务名称", TASK_NAME_MAX),
  sceneType: sceneField.optional(),
  ruleSceneType: sceneField.optional(),
  scene: sceneField.optional(),
  params: paramsField,
  sceneParams: paramsField,
  ruleParams: paramsField,
  leadMinutes: z.unknown().optional(),
  advanceMinutes: z.unknown().optional(),
  days: z.unknown().optional(),
  ...templateFields,
  linkUrl: linkField,
  link: linkField,
  jumpUrl: linkField,
});
type SaveFields = z.output<typeof saveFields>;

function saveOutput(v: SaveFields) {
  const given = normaliseParams({
    ...paramsOf(v.params ?? v.sceneParams ?? v.ruleParams),
    ...(v.leadMinutes !== undefined && v.leadMinutes !== "" ? { leadMinutes: v.leadMinutes } : {}),
    ...(v.advanceMinutes !== undefined && v.advanceMinutes !== "" ? { leadMinutes: v.advanceMinutes } : {}),
    ...(v.days !== undefined && v.days !== "" ? { days: v.days } : {}),
  });
  const link = v.linkUrl !== undefined ? v.linkUrl : v.link !== undefined ? v.link : v.jumpUrl;
  return {
    name: v.name ?? v.taskName ?? v.messageTaskName,
    sceneType: (v.sceneType ?? v.ruleSceneType ?? v.scene) as SceneType | undefined,
    /** Only the settings given; the service fills the rest from the stored task or the scene's defaults. */
    params: given,
    title: titleOf(v),
    content: contentOf(v),
    /** null: the event's own page; undefined: not given (an update keeps the stored link). */
    link: link as string | null | undefined,
  };
}

export const createTaskInput = saveFields.transform((v, ctx) => {
  const out = saveOutput(v);
  if (!out.name) ctx.addIssue({ code: "custom", message: "请输入任务名称", path: ["name"] });
  else if (!out.sceneType) ctx.addIssue({ code: "custom", message: "请选择触发场景", path: ["sceneType"] });
  return { ...out, name: out.name ?? "", sceneType: out.sceneType as SceneType };
});
export type CreateTaskInput = z.output<typeof createTaskInput>;

/** Fields left out keep what is stored. */
export const updateTaskInput = saveFields.transform((v, ctx) => ({ id: pickTaskId(v, ctx), ...saveOutput(v) }));
export type UpdateTaskInput = z.output<typeof updateTaskInput>;

/** setMessageContentTemplate: the content template, and the title template when given. */
export const setTemplateInput = z.object({ ...taskIdFields, ...templateFields }).transform((v, ctx) => {
  const id = pickTaskId(v, ctx);
  const content = contentOf(v);
  if (!content) ctx.addIssue({ code: "custom", message: "请输入内容模板", path: ["content"] });
  return { id, title: titleOf(v), content: content ?? "" };
});

/** 1 启用, 0 停用, -1 删除 (a stopped task). */
export const operateTaskInput = z
  .object({
    ...taskIdFields,
    status: z.preprocess(numeric, z.union([z.literal(0), z.literal(1), z.literal(-1)], { error: "操作只能为 1 启用、0 停用 或 -1 删除" })),
  })
  .transform((v, ctx) => ({ id: pickTaskId(v, ctx), status: v.status }));

export const taskPageInput = z
  .object({
    ...pageFields,
    keyword: z.preprocess(blank, z.string({ error: "关键词格式不正确" }).trim().max(50, "关键词不超过50个字符").optional()).optional(),
    name: z.preprocess(blank, z.string({ error: "关键词格式不正确" }).trim().max(50, "关键词不超过50个字符").optional()).optional(),
    sceneType: sceneField.optional(),
    status: optIn("状态", 0, 1, "状态只能为 0 停用 或 1 启用"),
  })
  .transform((v) => ({
    ...pageOf(v, TASK_PAGE_SIZE),
    keyword: v.keyword ?? v.name,
    sceneType: v.sceneType as SceneType | undefined,
    status: v.status as 0 | 1 | undefined,
  }));
export type TaskPageInput = z.output<typeof taskPageInput>;

/** mail detail: {id} (mailId, messageId as some clients name it). */
export const mailIdInput = z
  .object({ id: optionalId("邮件ID"), mailId: optionalId("邮件ID"), messageId: optionalId("邮件ID") })
  .transform((v, ctx) => {
    const id = v.id ?? v.mailId ?? v.messageId;
    if (!id) ctx.addIssue({ code: "custom", message: "缺少邮件ID", path: ["id"] });
    return { id: id ?? 0 };
  });
