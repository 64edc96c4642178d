import { and, asc, count, desc, eq, ilike, inArray, isNull, max } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, exams, lives, taskNodes, tasks } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { likePattern } from "@base/sql";
import { MAX_NODES, NODE_TYPE_NAMES } from "./schemas";

export const NODE_NOT_FOUND = "任务节点不存在或已删除";
export type TaskNode = typeof taskNodes.$inferSelect;

export function nodeView(n: TaskNode) {
  return {
    id: n.id,
    nodeId: n.id,
    taskId: n.taskId,
    contentType: n.contentType,
    contentTypeName: NODE_TYPE_NAMES[n.contentType] ?? "",
    contentId: n.contentId,
    name: n.name,
    requiredRate: n.requiredRate,
    sort: n.sort,
  };
}

export async function listNodes(db: DbOrTx, taskId: number) {
  const rows = await db.select().from(taskNodes).where(eq(taskNodes.taskId, taskId)).orderBy(asc(taskNodes.sort), asc(taskNodes.id));
  return rows.map(nodeView);
}

async function taskOf(db: DbOrTx, taskId: number) {
  const [t] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.id, taskId), isNull(tasks.deletedAt)));
  if (!t) throw notFound("任务不存在或已删除");
}

async function nodeOf(db: DbOrTx, nodeId: number) {
  const [n] = await db
    .select({ node: taskNodes })
    .from(taskNodes)
    .innerJoin(tasks, eq(tasks.id, taskNodes.taskId))
    .where(and(eq(taskNodes.id, nodeId), isNull(tasks.deletedAt)));
  if (!n) throw notFound(NODE_NOT_FOUND);
  return n.node;
}

/** The content a node points at, with the name the node keeps; undeleted only (drafts allowed, the admin may publish later). */
async function contentName(db: DbOrTx, type: number, id: number): Promise<string | null> {
  if (type === 1) return (await db.select({ name: courses.name }).from(courses).where(and(eq(courses.id, id), isNull(courses.deletedAt))))[0]?.name ?? null;
  if (type === 2) return (await db.select({ name: lives.name }).from(lives).where(and(eq(lives.id, id), isNull(lives.deletedAt))))[0]?.name ?? null;
  return (await db.select({ name: exams.name }).from(exams).where(and(eq(exams.id, id), isNull(exams.deletedAt))))[0]?.name ?? null;
}

export async function addNode(db: DbOrTx, input: { taskId: number; contentType: 1 | 2 | 3; contentId: number; requiredRate?: number }) {
  return db.transaction(async (tx) => {
    await taskOf(tx, input.taskId);
    const name = await contentName(tx, input.contentType, input.contentId);
    if (name === null) throw notFound(`${NODE_TYPE_NAMES[input.contentType]}不存在或已删除`);
    const [stats] = await tx.select({ n: count(), last: max(taskNodes.sort) }).from(taskNodes).where(eq(taskNodes.taskId, input.taskId));
    if (Number(stats?.n ?? 0) >= MAX_NODES) throw fail(`每个任务最多${MAX_NODES}个节点`);
    // An exam is passed or not: its only meaningful rate is 100.
    const requiredRate = input.contentType === 3 ? 100 : input.requiredRate ?? 100;
    const [n] = await tx
      .insert(taskNodes)
      .values({ taskId: input.taskId, contentType: input.contentType, contentId: input.contentId, name: name.slice(0, 60), requiredRate, sort: (stats?.last ?? 0) + 1 })
      .onConflictDoNothing()
      .returning();
    if (!n) throw fail(`该${NODE_TYPE_NAMES[input.contentType]}已在任务中`);
    return nodeView(n);
  });
}

export async function modifyNode(db: DbOrTx, nodeId: number, requiredRate: number) {
  const n = await nodeOf(db, nodeId);
  if (n.contentType === 3 && requiredRate !== 100) throw fail("考试节点须考试通过，要求进度固定为100");
  const [u] = await db.update(taskNodes).set({ requiredRate }).where(eq(taskNodes.id, nodeId)).returning();
  return nodeView(u!);
}

export async function deleteNode(db: DbOrTx, nodeId: number) {
  const n = await nodeOf(db, nodeId);
  await db.delete(taskNodes).where(eq(taskNodes.id, nodeId));
  return { id: n.id, nodeId: n.id, taskId: n.taskId };
}

/** sortTaskNode: the whole order (every node of the task, each once) or one node up or down. */
export async function sortNodes(db: DbOrTx, input: { taskId: number; nodeIds: number[] } | { nodeId: number; direction: "up" | "down" }) {
  return db.transaction(async (tx) => {
    if ("nodeIds" in input) {
      await taskOf(tx, input.taskId);
      const nodes = await listNodes(tx, input.taskId);
      const given = new Set(input.nodeIds);
      if (given.size !== input.nodeIds.length || given.size !== nodes.length || nodes.some((n) => !given.has(n.id))) throw fail("节点顺序须包含该任务的全部节点，且每个节点一次");
      for (const [i, id] of input.nodeIds.entries()) await tx.update(taskNodes).set({ sort: i + 1 }).where(eq(taskNodes.id, id));
      return { taskId: input.taskId, nodeList: await listNodes(tx, input.taskId) };
    }
    const n = await nodeOf(tx, input.nodeId);
    const nodes = await listNodes(tx, n.taskId);
    const at = nodes.findIndex((x) => x.id === n.id);
    const to = input.direction === "up" ? at - 1 : at + 1;
    if (to < 0) throw fail("已经是第一个");
    if (to >= nodes.length) throw fail("已经是最后一个");
    [nodes[at], nodes[to]] = [nodes[to]!, nodes[at]!];
    for (const [i, x] of nodes.entries()) if (x.sort !== i + 1) await tx.update(taskNodes).set({ sort: i + 1 }).where(eq(taskNodes.id, x.id));
    return { taskId: n.taskId, nodeList: await listNodes(tx, n.taskId) };
  });
}

/** Contents an admin can put in a task: the newest 100 of a type whose name holds the keyword. */
export async function contentOptions(db: DbOrTx, type: 1 | 2 | 3, keyword?: string) {
  const kw = (col: typeof courses.name | typeof lives.name | typeof exams.name) => (keyword ? ilike(col, likePattern(keyword)) : undefined);
  const rows =
    type === 1
      ? await db.select({ id: courses.id, name: courses.name, status: courses.status }).from(courses).where(and(isNull(courses.deletedAt), kw(courses.name))).orderBy(desc(courses.id)).limit(100)
      : type === 2
        ? await db.select({ id: lives.id, name: lives.name, status: lives.status }).from(lives).where(and(isNull(lives.deletedAt), kw(lives.name))).orderBy(desc(lives.id)).limit(100)
        : await db.select({ id: exams.id, name: exams.name, status: exams.status }).from(exams).where(and(isNull(exams.deletedAt), kw(exams.name))).orderBy(desc(exams.id)).limit(100);
  return { list: rows.map((r) => ({ id: r.id, name: r.name, contentType: type, status: r.status })) };
}

/** Nodes of some tasks, for views that show several tasks at once. */
export async function nodesOfTasks(db: DbOrTx, taskIds: number[]) {
  if (!taskIds.length) return [] as TaskNode[];
  return db
    .select()
    .from(taskNodes)
    .where(inArray(taskNodes.taskId, taskIds))
    .orderBy(asc(taskNodes.taskId), asc(taskNodes.sort), asc(taskNodes.id));
}
