import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { idList, idOf, intIn, numeric, opt, paging, withPaging, wordsOf } from "@base/legacy-input";

// Inputs of the task domain (back-office.md 7.8, learner-calls.md Tasks). Old clients name a task `id` or
// `taskId`, a node `id` or `nodeId`; times come as ms or as China-time text ("2026-12-10 18:00").

/** Node content types: course 1, live 2, exam 3 (the codes of learning records and maps). */
export const NODE_TYPES = { course: 1, live: 2, exam: 3 } as const;
export const NODE_TYPE_NAMES: Record<number, string> = { 1: "课程", 2: "直播", 3: "考试" };
export const MAX_NODES = 50;
export const MAX_SCORE = 10000;

const text = (label: string, max: number) => z.string({ error: `请输入${label}` }).transform((s) => s.trim()).pipe(z.string().min(1, `请输入${label}`).max(max, `${label}不能超过${max}字`));

/** A moment as ms, or China-time text as the forms and old clients send it. */
const moment = (label: string) =>
  z.preprocess(
    (v) => {
      const n = numeric(v);
      if (typeof n === "number") return n;
      if (typeof n === "string") {
        const ms = parseChinaDateTime(n);
        return Number.isNaN(ms) ? n : ms;
      }
      return n;
    },
    z.number({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}格式不正确`) }).int(`${label}格式不正确`).min(0, `${label}格式不正确`).max(8_640_000_000_000, `${label}格式不正确`),
  );

const taskScore = intIn("任务积分", 0, MAX_SCORE, `任务积分须为0-${MAX_SCORE}之间的整数`);
const requiredRate = intIn("要求进度", 1, 100, "要求进度须为1-100之间的整数");
const nodeType = z.preprocess(numeric, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "节点类型只能是课程(1)、直播(2)或考试(3)" }));

/** `id` or `taskId`, whichever the client sends. */
const taskIdFields = { id: opt(idOf("任务ID")), taskId: opt(idOf("任务ID")) };
const pickTaskId = (v: { id?: number; taskId?: number }, ctx: z.RefinementCtx) => {
  const id = v.taskId ?? v.id;
  if (!id) ctx.addIssue({ code: "custom", message: "缺少任务ID", path: ["taskId"] });
  return id ?? 0;
};
export const taskIdInput = z.object(taskIdFields).transform((v, ctx) => ({ taskId: pickTaskId(v, ctx) }));

export const saveTaskInput = z
  .object({
    id: opt(idOf("任务ID")),
    taskId: opt(idOf("任务ID")),
    name: text("任务名称", 60),
    description: opt(z.string({ error: "任务说明格式不正确" }).trim().max(2000, "任务说明不能超过2000字")),
    coverUrl: opt(z.string({ error: "封面地址格式不正确" }).trim().max(1000, "封面地址过长")),
    startTime: opt(moment("开始时间")),
    deadline: moment("截止时间"),
    score: opt(taskScore),
    status: opt(intIn("状态", 0, 1, "状态只能是0（草稿）或1（发布）")),
  })
  .refine((v) => v.startTime === undefined || v.startTime < v.deadline, { message: "截止时间须晚于开始时间", path: ["deadline"] })
  .transform(({ taskId, ...v }) => ({ ...v, id: taskId ?? v.id }));
export type SaveTaskInput = z.output<typeof saveTaskInput>;

export const taskPageInput = z
  .object({
    name: opt(z.string().trim().max(60, "名称不能超过60字")),
    keyword: opt(z.string().trim().max(60, "关键词不能超过60字")),
    status: opt(intIn("状态", 0, 1, "状态只能是0（草稿）或1（发布）")),
    ...paging,
  })
  .optional()
  .transform((v) => withPaging(v ?? {}));
export type TaskPageInput = z.output<typeof taskPageInput>;

export const taskIdsInput = z
  .object({ ...taskIdFields, ids: opt(idList("任务", { max: 100, tooMany: "一次最多100条" })) })
  .refine((v) => v.ids?.length || v.id || v.taskId, "请选择任务")
  .transform((v) => ({ ids: v.ids ?? [(v.taskId ?? v.id)!] }));

export const moveInput = z.object({ ...taskIdFields, direction: z.enum(["up", "down"], { error: "移动方向只能是up或down" }) }).transform((v, ctx) => ({ taskId: pickTaskId(v, ctx), direction: v.direction }));
export const statusInput = z.object({ ...taskIdFields, status: intIn("状态", 0, 1, "状态只能是0（草稿）或1（发布）") }).transform((v, ctx) => ({ taskId: pickTaskId(v, ctx), status: v.status }));
export const scoreInput = z.object({ ...taskIdFields, score: taskScore }).transform((v, ctx) => ({ taskId: pickTaskId(v, ctx), score: v.score }));

// ---- nodes ----

export const addNodeInput = z.object({ taskId: idOf("任务ID"), contentType: nodeType, contentId: idOf("内容ID"), requiredRate: opt(requiredRate) });
const nodeIdFields = { id: opt(idOf("节点ID")), nodeId: opt(idOf("节点ID")) };
const pickNodeId = (v: { id?: number; nodeId?: number }, ctx: z.RefinementCtx) => {
  const id = v.nodeId ?? v.id;
  if (!id) ctx.addIssue({ code: "custom", message: "缺少节点ID", path: ["nodeId"] });
  return id ?? 0;
};
export const modifyNodeInput = z.object({ ...nodeIdFields, requiredRate }).transform((v, ctx) => ({ nodeId: pickNodeId(v, ctx), requiredRate: v.requiredRate }));
export const nodeIdInput = z.object(nodeIdFields).transform((v, ctx) => ({ nodeId: pickNodeId(v, ctx) }));
/** Either the whole order (taskId + nodeIds) or one node one place up or down. */
export const sortNodeInput = z
  .object({
    taskId: opt(idOf("任务ID")),
    nodeIds: opt(idList("节点", { max: 200 })),
    ...nodeIdFields,
    direction: opt(z.enum(["up", "down"], { error: "移动方向只能是up或down" })),
  })
  .refine((v) => (v.taskId && v.nodeIds?.length) || ((v.id || v.nodeId) && v.direction), "请提供任务ID和节点顺序，或节点ID和移动方向")
  .transform((v) => (v.taskId && v.nodeIds?.length ? { taskId: v.taskId, nodeIds: v.nodeIds } : { nodeId: (v.nodeId ?? v.id)!, direction: v.direction! }));

export const contentOptionsInput = z.object({ contentType: nodeType, keyword: opt(z.string().trim().max(50, "关键词不能超过50字")) });

// ---- learners of a task ----

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const fileField = z.custom<Blob & { name?: string }>((v) => typeof Blob !== "undefined" && v instanceof Blob, { message: "请选择要导入的 Excel 文件" });

export const addUsersInput = z
  .object({
    taskId: idOf("任务ID"),
    userIds: opt(idList("学员", { max: 1000, min: 0, tooMany: "一次最多1000人" })),
    groupIds: opt(idList("组织", { max: 50, min: 0, tooMany: "一次最多50个组织" })),
    roleIds: opt(idList("角色", { max: 50, min: 0, tooMany: "一次最多50个角色" })),
    /** Login names or mobiles, as pasted. */
    accounts: opt(z.preprocess(wordsOf, z.array(z.string().max(60, "账号过长"), { error: "账号列表格式不正确" }).max(1000, "一次最多1000个账号"))),
    file: opt(fileField),
  })
  .refine((v) => v.userIds?.length || v.groupIds?.length || v.roleIds?.length || v.accounts?.length || v.file, "请选择要分配的学员、组织、角色或上传名单");
export type AddUsersInput = z.output<typeof addUsersInput>;

export const delUsersInput = z.object({ taskId: idOf("任务ID"), userIds: idList("学员", { max: 1000, tooMany: "一次最多1000人" }) });

export const taskUserPageInput = z
  .object({
    ...taskIdFields,
    keyword: opt(z.string().trim().max(40, "关键词不能超过40字")),
    /** 1 completed, 0 not yet. */
    isComplete: opt(intIn("完成状态", 0, 1, "完成状态只能是0或1")),
    ...paging,
  })
  .transform((v, ctx) => ({ taskId: pickTaskId(v, ctx), keyword: v.keyword, isComplete: v.isComplete, ...withPaging(v) }));
export type TaskUserPageInput = z.output<typeof taskUserPageInput>;

// ---- learner ----

/** Learner list tabs: 0 all, 1 in progress, 2 completed, 3 overdue. */
export const myTaskPageInput = z
  .object({ state: opt(intIn("任务状态", 0, 3, "任务状态只能是0-3")), status: opt(intIn("任务状态", 0, 3, "任务状态只能是0-3")), ...paging })
  .optional()
  .transform((v) => ({ ...withPaging(v ?? {}), state: v?.state ?? v?.status ?? 0 }));
export type MyTaskPageInput = z.output<typeof myTaskPageInput>;

export const saveRateInput = z
  .object({ ...taskIdFields, nodeId: opt(idOf("节点ID")), rate: z.unknown().optional() })
  .transform((v, ctx) => ({ taskId: pickTaskId(v, ctx), nodeId: v.nodeId }));
