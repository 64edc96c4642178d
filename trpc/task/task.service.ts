import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { taskNodes, tasks, taskUsers } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import type { SaveTaskInput, TaskPageInput } from "./schemas";
import { listNodes } from "./node.service";

export const TASK_NOT_FOUND = "任务不存在或已删除";
export type Task = typeof tasks.$inferSelect;

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function taskView(t: Task, extra: { nodeNum?: number; userNum?: number; completeNum?: number } = {}, now = Date.now()) {
  return {
    id: t.id,
    taskId: t.id,
    name: t.name,
    description: t.description,
    coverUrl: t.coverUrl ?? "",
    startTime: ms(t.startAt),
    deadline: t.deadline.getTime(),
    score: t.score,
    status: t.status,
    statusName: t.status === 1 ? "已发布" : "草稿",
    isOverdue: t.deadline.getTime() < now ? 1 : 0,
    sort: t.sort,
    nodeNum: extra.nodeNum ?? 0,
    userNum: extra.userNum ?? 0,
    completeNum: extra.completeNum ?? 0,
    createTime: t.createdAt.getTime(),
    updateTime: t.updatedAt.getTime(),
  };
}
export type TaskView = ReturnType<typeof taskView>;

/** A task that is not deleted (admins see drafts too). */
export async function liveTask(db: DbOrTx, id: number) {
  const [t] = await db.select().from(tasks).where(and(eq(tasks.id, id), isNull(tasks.deletedAt)));
  if (!t) throw notFound(TASK_NOT_FOUND);
  return t;
}

/** Node, learner and completion counts of some tasks. */
async function countsOf(db: DbOrTx, ids: number[]) {
  if (!ids.length) return { nodes: new Map<number, number>(), users: new Map<number, number>(), done: new Map<number, number>() };
  const [nodes, users, done] = await Promise.all([
    db.select({ id: taskNodes.taskId, n: count() }).from(taskNodes).where(inArray(taskNodes.taskId, ids)).groupBy(taskNodes.taskId),
    db.select({ id: taskUsers.taskId, n: count() }).from(taskUsers).where(inArray(taskUsers.taskId, ids)).groupBy(taskUsers.taskId),
    db.select({ id: taskUsers.taskId, n: count() }).from(taskUsers).where(and(inArray(taskUsers.taskId, ids), isNotNull(taskUsers.completedAt))).groupBy(taskUsers.taskId),
  ]);
  const map = (rows: { id: number; n: number }[]) => new Map(rows.map((r) => [r.id, Number(r.n)]));
  return { nodes: map(nodes), users: map(users), done: map(done) };
}

async function viewOf(db: DbOrTx, t: Task) {
  const c = await countsOf(db, [t.id]);
  return taskView(t, { nodeNum: c.nodes.get(t.id), userNum: c.users.get(t.id), completeNum: c.done.get(t.id) });
}

export async function pageTasks(db: DbOrTx, input: TaskPageInput) {
  const conds: SQL[] = [isNull(tasks.deletedAt)];
  const kw = input.name ?? input.keyword;
  if (kw) conds.push(ilike(tasks.name, likePattern(kw)));
  if (input.status !== undefined) conds.push(eq(tasks.status, input.status));
  const where = and(...conds);
  const page = await paginate(input, db.select({ total: count() }).from(tasks).where(where), db.select().from(tasks).where(where).orderBy(asc(tasks.sort), desc(tasks.id)));
  const c = await countsOf(
    db,
    page.list.map((t) => t.id),
  );
  return { ...page, list: page.list.map((t) => taskView(t, { nodeNum: c.nodes.get(t.id), userNum: c.users.get(t.id), completeNum: c.done.get(t.id) })) };
}

export async function taskDetail(db: DbOrTx, id: number) {
  const t = await liveTask(db, id);
  return { ...(await viewOf(db, t)), nodeList: await listNodes(db, id) };
}

/** create: a new task first in the list; with an id, the task's own fields are saved (old clients have no update call). */
export async function saveTask(db: DbOrTx, adminId: number, input: SaveTaskInput) {
  const values = {
    name: input.name,
    description: input.description ?? "",
    coverUrl: input.coverUrl || null,
    startAt: input.startTime === undefined ? null : new Date(input.startTime),
    deadline: new Date(input.deadline),
    ...(input.score === undefined ? {} : { score: input.score }),
    ...(input.status === undefined ? {} : { status: input.status }),
  };
  if (input.id) {
    await liveTask(db, input.id);
    const [t] = await db.update(tasks).set(values).where(eq(tasks.id, input.id)).returning();
    return viewOf(db, t!);
  }
  const [first] = await db.select({ min: sql<number>`coalesce(min(${tasks.sort}), 0)`.mapWith(Number) }).from(tasks).where(isNull(tasks.deletedAt));
  const [t] = await db
    .insert(tasks)
    .values({ ...values, sort: (first?.min ?? 0) - 1, createdBy: adminId })
    .returning();
  return viewOf(db, t!);
}

export async function setTaskStatus(db: DbOrTx, id: number, status: number) {
  await liveTask(db, id);
  const [t] = await db.update(tasks).set({ status }).where(eq(tasks.id, id)).returning();
  return viewOf(db, t!);
}

/** taskScore: the points completing the task earns from now on; learners who completed keep what they earned. */
export async function setTaskScore(db: DbOrTx, id: number, score: number) {
  await liveTask(db, id);
  const [t] = await db.update(tasks).set({ score }).where(eq(tasks.id, id)).returning();
  return viewOf(db, t!);
}

/** Deleted tasks disappear for learners too; their records stay for the record. */
export async function deleteTasks(db: DbOrTx, ids: number[]) {
  const rows = await db.update(tasks).set({ deletedAt: new Date() }).where(and(inArray(tasks.id, ids), isNull(tasks.deletedAt))).returning({ id: tasks.id });
  if (!rows.length) throw notFound(TASK_NOT_FOUND);
  return { count: rows.length };
}

/** A copy 「名称（副本）」 as a draft with the same nodes; learners are not copied. */
export async function copyTask(db: DbOrTx, adminId: number, id: number) {
  return db.transaction(async (tx) => {
    const t = await liveTask(tx, id);
    const [c] = await tx
      .insert(tasks)
      .values({ ...t, id: undefined, name: copyName(t.name, 60), status: 0, sort: t.sort, createdBy: adminId, deletedAt: null, createdAt: undefined, updatedAt: undefined })
      .returning();
    const nodes = await tx.select().from(taskNodes).where(eq(taskNodes.taskId, id));
    if (nodes.length) await tx.insert(taskNodes).values(nodes.map((n) => ({ ...n, id: undefined, taskId: c!.id })));
    return viewOf(tx, c!);
  });
}

/** Moves a task one place up or down the list (swaps with its neighbour). */
export async function moveTask(db: DbOrTx, id: number, direction: "up" | "down") {
  return db.transaction(async (tx) => {
    const t = await liveTask(tx, id);
    const before = direction === "up";
    const [n] = await tx
      .select()
      .from(tasks)
      .where(and(isNull(tasks.deletedAt), before ? sql`(${tasks.sort}, -${tasks.id}) < (${t.sort}, ${-t.id})` : sql`(${tasks.sort}, -${tasks.id}) > (${t.sort}, ${-t.id})`))
      .orderBy(before ? desc(tasks.sort) : asc(tasks.sort), before ? asc(tasks.id) : desc(tasks.id))
      .limit(1);
    if (!n) throw fail(before ? "已经是第一个" : "已经是最后一个");
    const [a, b] = n.sort === t.sort ? (before ? [t.sort - 1, t.sort] : [t.sort + 1, t.sort]) : [n.sort, t.sort];
    await tx.update(tasks).set({ sort: a }).where(eq(tasks.id, t.id));
    await tx.update(tasks).set({ sort: b }).where(eq(tasks.id, n.id));
    return { id, sort: a };
  });
}
