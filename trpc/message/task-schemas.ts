import { z } from "zod";
import { blank, CONTENT_MAX, intIn, isAllowedLink, LINK_MAX, LINK_RULE, numeric, optionalId, TITLE_MAX } from "./admin-schemas";
import { findScene, UNKNOWN_SCENE, type SceneType } from "./task-scenes";

// Inputs of the message task back office (back-office.md 7.7, second half; docs/decisions/014-message-tasks.md),
// shared by procedures, legacy rows and the edit page. Old clients may name fields differently: aliases below.

export const TASK_NAME_MAX = 50;
export const TASK_PAGE_SIZE = 20;

/** {messageTaskId} as the legacy calls name it, or {id} / {taskId}. */
const taskIdFields = { id: optionalId("消息任务ID"), messageTaskId: optionalId("消息任务ID"), taskId: optionalId("消息任务ID") };
type TaskIdFields = { id?: number; messageTaskId?: number; taskId?: number };
const pickId = (v: TaskIdFields, ctx: z.RefinementCtx) => {
  const id = v.messageTaskId ?? v.id ?? v.taskId;
  if (!id) ctx.addIssue({ code: "custom", message: "缺少消息任务ID", path: ["messageTaskId"] });
  return id ?? 0;
};

export const taskIdInput = z.object(taskIdFields).transform((v, ctx) => ({ id: pickId(v, ctx) }));

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
export const updateTaskInput = saveFields.transform((v, ctx) => ({ id: pickId(v, ctx), ...saveOutput(v) }));
export type UpdateTaskInput = z.output<typeof updateTaskInput>;

/** setMessageContentTemplate: the content template, and the title template when given. */
export const setTemplateInput = z.object({ ...taskIdFields, ...templateFields }).transform((v, ctx) => {
  const id = pickId(v, ctx);
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
  .transform((v, ctx) => ({ id: pickId(v, ctx), status: v.status }));

export const taskPageInput = z
  .object({
    pageNo: intIn("页码", 1, 100_000),
    pageSize: intIn("每页条数", 1, 100),
    page: intIn("页码", 1, 100_000),
    element: intIn("每页条数", 1, 100),
    keyword: z.preprocess(blank, z.string({ error: "关键词格式不正确" }).trim().max(50, "关键词不超过50个字符").optional()).optional(),
    name: z.preprocess(blank, z.string({ error: "关键词格式不正确" }).trim().max(50, "关键词不超过50个字符").optional()).optional(),
    sceneType: sceneField.optional(),
    status: intIn("状态", 0, 1, "状态只能为 0 停用 或 1 启用"),
  })
  .transform((v) => ({
    pageNo: v.pageNo ?? v.page ?? 1,
    pageSize: v.pageSize ?? v.element ?? TASK_PAGE_SIZE,
    keyword: v.keyword ?? v.name,
    sceneType: v.sceneType as SceneType | undefined,
    status: v.status as 0 | 1 | undefined,
  }));
export type TaskPageInput = z.output<typeof taskPageInput>;
