import { and, count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { MESSAGE_TASK_STATUS as S, messageTasks, stationMessages, users } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import type { CreateTaskInput, TaskPageInput, UpdateTaskInput } from "./schemas";
import { findScene, resolveParams, ruleText, sceneOf, SCENES, templateProblem, type ParamValues, type Scene, type SceneType } from "./task-scenes";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";

/** businessType of the notices a task sends; businessId names the event (exam, live, course, attempt). */
export const taskBusinessType = (taskId: number) => `task:${taskId}`;
export const TASK_STATUS_TEXT: Record<number, string> = { 0: "停用", 1: "启用" };

type Task = typeof messageTasks.$inferSelect;
const ms = (d: Date | null) => (d ? d.getTime() : null);

export const sceneList = () => SCENES.map((s) => ({ sceneType: s.sceneType, code: s.code, name: s.name, description: s.description, audience: s.audience }));

export function sceneDetail(sceneType: SceneType) {
  const s = sceneOf(sceneType);
  return {
    sceneType: s.sceneType,
    code: s.code,
    name: s.name,
    description: s.description,
    audience: s.audience,
    params: s.params,
    placeholders: s.placeholders,
    defaultTitle: s.defaultTitle,
    defaultContent: s.defaultContent,
    defaultLinkName: s.linkName,
  };
}

export async function loadTask(db: DbOrTx, id: number): Promise<Task> {
  const [row] = await db.select().from(messageTasks).where(eq(messageTasks.id, id)).limit(1);
  if (!row) throw notFound("消息任务不存在或已删除");
  return row;
}

function requireStopped(t: Task, doing: string) {
  if (t.status === S.enabled) throw fail(`任务「${t.name}」启用中，请先停用再${doing}`);
}

/** Read counts of the notices each task sent (station_messages is indexed by business type and id). */
async function readCounts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<string, number>();
  const rows = await db
    .select({ businessType: stationMessages.businessType, read: count(stationMessages.readAt) })
    .from(stationMessages)
    .where(inArray(stationMessages.businessType, ids.map(taskBusinessType)))
    .groupBy(stationMessages.businessType);
  return new Map(rows.map((r) => [r.businessType ?? "", Number(r.read)]));
}

function view(t: Task, read: number, creatorName: string | null) {
  // A scene no longer offered still lists (the sweep records it as the task's error).
  const scene = findScene(t.sceneType);
  return {
    id: t.id,
    messageTaskId: t.id,
    name: t.name,
    sceneType: t.sceneType,
    sceneName: scene?.name ?? t.sceneType,
    params: t.params,
    ruleText: scene ? ruleText(scene, t.params) : "该触发场景已不再支持",
    titleTemplate: t.titleTemplate,
    contentTemplate: t.contentTemplate,
    /** Empty: the event's own page (defaultLinkName). */
    linkUrl: t.link ?? "",
    defaultLinkName: scene?.linkName ?? "",
    status: t.status,
    statusText: TASK_STATUS_TEXT[t.status] ?? "",
    sentCount: t.sentCount,
    readCount: read,
    lastRunTime: ms(t.lastRunAt),
    lastSentTime: ms(t.lastSentAt),
    lastError: t.lastError ?? "",
    enabledTime: ms(t.enabledAt),
    createTime: t.createdAt.getTime(),
    updateTime: t.updatedAt.getTime(),
    creatorName: creatorName ?? "",
  };
}
export type MessageTaskView = ReturnType<typeof view>;

export async function pageTasks(db: DbOrTx, input: TaskPageInput) {
  const conds: SQL[] = [];
  if (input.keyword) conds.push(ilike(messageTasks.name, likePattern(input.keyword)));
  if (input.sceneType) conds.push(eq(messageTasks.sceneType, input.sceneType));
  if (input.status !== undefined) conds.push(eq(messageTasks.status, input.status));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(
    input,
    db.select({ total: count() }).from(messageTasks).where(where),
    db.select({ t: messageTasks, creator: users.nick }).from(messageTasks).leftJoin(users, eq(users.id, messageTasks.createdBy)).where(where).orderBy(desc(messageTasks.id)),
  );
  const reads = await readCounts(db, page.list.map((r) => r.t.id));
  return { ...page, list: page.list.map((r) => view(r.t, reads.get(taskBusinessType(r.t.id)) ?? 0, r.creator)) };
}

export async function taskDetail(db: DbOrTx, id: number) {
  const t = await loadTask(db, id);
  const [creator] = t.createdBy ? await db.select({ nick: users.nick }).from(users).where(eq(users.id, t.createdBy)) : [];
  const reads = await readCounts(db, [id]);
  return view(t, reads.get(taskBusinessType(id)) ?? 0, creator?.nick ?? null);
}

/** The scene's checks on templates and settings; refuses with the first problem. */
function checked(scene: Scene, fields: { title: string; content: string; given: Record<string, unknown>; stored?: ParamValues }) {
  const problem = templateProblem(scene, fields.title, "标题模板") ?? templateProblem(scene, fields.content, "内容模板");
  if (problem) throw badInput(problem);
  const resolved = resolveParams(scene, fields.given, fields.stored);
  if ("error" in resolved) throw badInput(resolved.error);
  return resolved.params;
}

/** A new task is stopped; templates left out start as the scene's defaults. */
export async function createTask(db: DbOrTx, actorId: number, input: CreateTaskInput) {
  const scene = sceneOf(input.sceneType);
  const title = input.title ?? scene.defaultTitle;
  const content = input.content ?? scene.defaultContent;
  const params = checked(scene, { title, content, given: input.params });
  const [row] = await db
    .insert(messageTasks)
    .values({ name: input.name, sceneType: scene.sceneType, params, titleTemplate: title, contentTemplate: content, link: input.link ?? null, createdBy: actorId })
    .returning({ id: messageTasks.id });
  return taskDetail(db, row!.id);
}

/**
 * Changes a stopped task; fields left out keep what is stored. A new scene must accept the templates
 * (stored or given) and gets its own default settings unless given.
 */
export async function updateTask(db: DbOrTx, input: UpdateTaskInput) {
  const before = await loadTask(db, input.id);
  requireStopped(before, "修改");
  const scene = sceneOf(input.sceneType ?? before.sceneType);
  const sameScene = scene.sceneType === before.sceneType;
  const title = input.title ?? before.titleTemplate;
  const content = input.content ?? before.contentTemplate;
  const params = checked(scene, { title, content, given: input.params, stored: sameScene ? before.params : {} });
  const [row] = await db
    .update(messageTasks)
    .set({
      name: input.name ?? before.name,
      sceneType: scene.sceneType,
      params,
      titleTemplate: title,
      contentTemplate: content,
      link: input.link === undefined ? before.link : input.link,
    })
    .where(and(eq(messageTasks.id, input.id), eq(messageTasks.status, S.stopped)))
    .returning({ id: messageTasks.id });
  if (!row) throw fail(`任务「${before.name}」启用中，请先停用再修改`);
  return taskDetail(db, input.id);
}

/** setMessageContentTemplate: the templates alone, checked against the task's scene. */
export async function setTaskTemplate(db: DbOrTx, input: { id: number; title?: string; content: string }) {
  return updateTask(db, { id: input.id, title: input.title, content: input.content, params: {}, name: undefined, sceneType: undefined, link: undefined });
}

/** A stopped copy named 「…（副本）」; it sends its own notices (a new task id), counters start at zero. */
export async function copyTask(db: DbOrTx, actorId: number, id: number) {
  const t = await loadTask(db, id);
  const name = copyName(t.name, 50);
  const [row] = await db
    .insert(messageTasks)
    .values({ name, sceneType: t.sceneType, params: t.params, titleTemplate: t.titleTemplate, contentTemplate: t.contentTemplate, link: t.link, createdBy: actorId })
    .returning({ id: messageTasks.id });
  return taskDetail(db, row!.id);
}

/** Enables (templates must be set) or stops a task; enabling again is harmless. */
export async function setTaskStatus(db: DbOrTx, id: number, status: 0 | 1) {
  const t = await loadTask(db, id);
  if (status === S.enabled) {
    if (!t.titleTemplate.trim() || !t.contentTemplate.trim()) throw fail("请先设置消息模板（标题和内容）再启用");
    const scene = sceneOf(t.sceneType);
    const problem = templateProblem(scene, t.titleTemplate, "标题模板") ?? templateProblem(scene, t.contentTemplate, "内容模板");
    if (problem) throw fail(problem);
  }
  if (t.status !== status) {
    await db
      .update(messageTasks)
      .set(status === S.enabled ? { status, enabledAt: new Date(), lastError: null } : { status })
      .where(and(eq(messageTasks.id, id), eq(messageTasks.status, t.status)));
  }
  const after = await loadTask(db, id);
  return { id, messageTaskId: id, status: after.status, statusText: TASK_STATUS_TEXT[after.status]! };
}

/** Deletes a stopped task; the notices it already sent stay with their learners. */
export async function deleteTask(db: DbOrTx, id: number) {
  const t = await loadTask(db, id);
  requireStopped(t, "删除");
  const gone = await db
    .delete(messageTasks)
    .where(and(eq(messageTasks.id, id), eq(messageTasks.status, S.stopped)))
    .returning({ id: messageTasks.id });
  if (!gone.length) throw fail(`任务「${t.name}」启用中，请先停用再删除`);
  return { id, deleted: 1 };
}
