import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { lives, tasks, taskUsers } from "@db/schema";
import { notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { nodesOfTasks, nodeView, NODE_NOT_FOUND, type TaskNode } from "./node.service";
import { assignmentsOf, nodeDone, refreshProgress, storedRates, taskRate, visibleTask, type TaskUser } from "./progress.service";
import type { MyTaskPageInput } from "./schemas";
import type { Task } from "./task.service";

export const NOT_ASSIGNED = "任务不存在或未分配给您";
/** Learner states: 1 in progress, 2 completed, 3 overdue (deadline passed, not completed). */
export const STATE_NAMES: Record<number, string> = { 1: "进行中", 2: "已完成", 3: "已逾期" };
/** At most this many unfinished tasks are refreshed when the learner opens the list. */
const REFRESH_LIMIT = 20;

const stateOf = (task: Task, a: TaskUser, now: Date) => (a.completedAt ? 2 : task.deadline.getTime() < now.getTime() ? 3 : 1);

/** Where a node's button goes: the course, the live room, the exam. */
async function linksOf(db: DbOrTx, nodes: TaskNode[]) {
  const liveIds = nodes.filter((n) => n.contentType === 2).map((n) => n.contentId);
  const rooms = liveIds.length ? await db.select({ id: lives.id, roomId: lives.roomId }).from(lives).where(inArray(lives.id, liveIds)) : [];
  const roomOf = new Map(rooms.map((r) => [r.id, r.roomId]));
  return (n: TaskNode) => (n.contentType === 1 ? `/study/platform?id=${n.contentId}` : n.contentType === 2 ? `/live/detail?roomId=${roomOf.get(n.contentId) ?? ""}` : `/exam/detail?id=${n.contentId}`);
}

function summary(task: Task, a: TaskUser, nodes: TaskNode[], rates: Map<number, number>, now: Date) {
  const state = stateOf(task, a, now);
  const completeNodeNum = nodes.filter((n) => nodeDone(n, rates.get(n.id) ?? 0)).length;
  return {
    id: task.id,
    taskId: task.id,
    name: task.name,
    description: task.description,
    coverUrl: task.coverUrl ?? "",
    startTime: task.startAt ? task.startAt.getTime() : null,
    deadline: task.deadline.getTime(),
    /** Points completing the task on time earns. */
    taskScore: task.score,
    /** Points this learner earned (null until completed; 0 when completed after the deadline). */
    score: a.completedAt ? a.score ?? 0 : null,
    nodeNum: nodes.length,
    completeNodeNum,
    rate: taskRate(nodes, rates, !!a.completedAt),
    isComplete: a.completedAt ? 1 : 0,
    completeTime: a.completedAt ? a.completedAt.getTime() : null,
    isOverdue: task.deadline.getTime() < now.getTime() ? 1 : 0,
    state,
    stateName: STATE_NAMES[state]!,
  };
}

/** The learner's own assignment of a visible task, else 404 (not his, not published, deleted). */
async function mine(db: DbOrTx, userId: number, taskId: number, now: Date) {
  const [r] = await assignmentsOf(db, userId, now, { taskIds: [taskId] });
  if (!r) throw notFound(NOT_ASSIGNED);
  return r;
}

const stateWhere = (state: number, now: Date): SQL | undefined => {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (state === 1) return sql`${taskUsers.completedAt} is null and ${tasks.deadline} >= ${at}`;
  if (state === 2) return sql`${taskUsers.completedAt} is not null`;
  if (state === 3) return sql`${taskUsers.completedAt} is null and ${tasks.deadline} < ${at}`;
  return undefined;
};

/** getUserTaskList: one page of the learner's tasks for a tab, with every tab's count. */
export async function myTasks(db: DbOrTx, userId: number, input: MyTaskPageInput, now = new Date()) {
  const base = and(eq(taskUsers.userId, userId), visibleTask(now));
  const where = and(base, stateWhere(input.state, now));
  const at = sql`${now.toISOString()}::timestamptz`;
  const [page, [counts]] = await Promise.all([
    paginate(
      input,
      db.select({ total: count() }).from(taskUsers).innerJoin(tasks, eq(tasks.id, taskUsers.taskId)).where(where),
      db
        .select({ task: tasks, assignment: taskUsers })
        .from(taskUsers)
        .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
        .where(where)
        // Open work first, the nearest deadline on top; then finished and overdue ones, newest first.
        .orderBy(sql`case when ${taskUsers.completedAt} is null and ${tasks.deadline} >= ${at} then 0 else 1 end`, sql`case when ${taskUsers.completedAt} is null and ${tasks.deadline} >= ${at} then ${tasks.deadline} end asc`, desc(tasks.deadline), desc(tasks.id)),
    ),
    db
      .select({
        all: count(),
        ongoing: sql<number>`count(*) filter (where ${taskUsers.completedAt} is null and ${tasks.deadline} >= ${at})`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${taskUsers.completedAt} is not null)`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${taskUsers.completedAt} is null and ${tasks.deadline} < ${at})`.mapWith(Number),
      })
      .from(taskUsers)
      .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
      .where(base),
  ]);
  const nodes = await nodesOfTasks(
    db,
    page.list.map((r) => r.task.id),
  );
  const rates = await storedRates(
    db,
    userId,
    nodes.map((n) => n.id),
  );
  return {
    ...page,
    list: page.list.map((r) =>
      summary(
        r.task,
        r.assignment,
        nodes.filter((n) => n.taskId === r.task.id),
        rates,
        now,
      ),
    ),
    counts: { all: Number(counts?.all ?? 0), ongoing: counts?.ongoing ?? 0, completed: counts?.completed ?? 0, overdue: counts?.overdue ?? 0 },
  };
}

/** getUnfinishedNum: visible tasks not completed whose deadline has not passed (the personal-centre badge). */
export async function unfinishedNum(db: DbOrTx, userId: number, now = new Date()) {
  const [r] = await db
    .select({ n: count() })
    .from(taskUsers)
    .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
    .where(and(eq(taskUsers.userId, userId), visibleTask(now), isNull(taskUsers.completedAt), sql`${tasks.deadline} >= ${now.toISOString()}::timestamptz`));
  return { unfinishedNum: Number(r?.n ?? 0) };
}

/** getUserTaskDetail: the task, its nodes with the learner's rates and where each opens. */
export async function myTaskDetail(db: DbOrTx, userId: number, taskId: number, now = new Date()) {
  const r = await mine(db, userId, taskId, now);
  const rates = await storedRates(
    db,
    userId,
    r.nodes.map((n) => n.id),
  );
  const link = await linksOf(db, r.nodes);
  return {
    ...summary(r.task, r.assignment, r.nodes, rates, now),
    nodeList: r.nodes.map((n) => {
      const rate = rates.get(n.id) ?? 0;
      return { ...nodeView(n), rate, isComplete: nodeDone(n, rate) ? 1 : 0, link: link(n) };
    }),
  };
}

/** getTaskResult: whether the task is done, when, and the points it earned. */
export async function myTaskResult(db: DbOrTx, userId: number, taskId: number, now = new Date()) {
  const r = await mine(db, userId, taskId, now);
  const rates = await storedRates(
    db,
    userId,
    r.nodes.map((n) => n.id),
  );
  const s = summary(r.task, r.assignment, r.nodes, rates, now);
  const onTime = s.isComplete === 1 && r.assignment.completedAt!.getTime() <= r.task.deadline.getTime() ? 1 : 0;
  const left = s.nodeNum - s.completeNodeNum;
  const message =
    s.isComplete === 1
      ? onTime
        ? `已按时完成任务，获得${s.score ?? 0}积分`
        : "已完成任务，因超过截止时间完成，不计积分"
      : s.isOverdue
        ? `任务已逾期，还有${left}个节点未完成，逾期完成不计积分`
        : s.nodeNum === 0
          ? "任务暂未设置学习内容"
          : `还有${left}个节点未完成，截止前完成可获得${s.taskScore}积分`;
  return { ...s, onTime, message };
}

/** saveNodeRate: recomputes the task's node rates (or one node's) from real study, then answers the detail. */
export async function saveNodeRate(db: Db, userId: number, taskId: number, nodeId: number | undefined, now = new Date()) {
  const r = await mine(db, userId, taskId, now);
  if (nodeId && !r.nodes.some((n) => n.id === nodeId)) throw notFound(NODE_NOT_FOUND);
  const completed = await refreshProgress(db, userId, [{ ...r, nodeIds: nodeId ? [nodeId] : undefined }], now);
  return { ...(await myTaskDetail(db, userId, taskId, now)), completedNow: completed.length > 0 ? 1 : 0 };
}

/** Refreshes the learner's open tasks (the list page calls it so cards show real progress). */
export async function refreshMine(db: Db, userId: number, now = new Date()) {
  const items = await assignmentsOf(db, userId, now, { unfinishedOnly: true, limit: REFRESH_LIMIT });
  const completed = await refreshProgress(db, userId, items, now);
  return { refreshed: items.length, completed: completed.length };
}
