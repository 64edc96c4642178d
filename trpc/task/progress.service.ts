import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { taskNodeProgress, taskNodes, tasks, taskUsers } from "@db/schema";
import { contentProgress, progressOf } from "../path/progress.service";
import type { TaskNode } from "./node.service";
import type { Task } from "./task.service";

// A learner's progress in a task: node rates recomputed from real study (courses, lives, exams), kept at
// their highest; the task completes once, when every node reaches its required rate.

export type TaskUser = typeof taskUsers.$inferSelect;

/** What a learner sees of a task: published, not deleted, started (or no start set). */
export const visibleTask = (now: Date) => and(eq(tasks.status, 1), isNull(tasks.deletedAt), sql`(${tasks.startAt} is null or ${tasks.startAt} <= ${now.toISOString()}::timestamptz)`)!;

/** Points a completion at `at` earns: the task's score on time, nothing after the deadline. */
export const earnedScore = (task: Pick<Task, "deadline" | "score">, at: Date) => (at.getTime() <= task.deadline.getTime() ? task.score : 0);

/** Stored rates of a learner's nodes. */
export async function storedRates(db: DbOrTx, userId: number, nodeIds: number[]) {
  if (!nodeIds.length) return new Map<number, number>();
  const rows = await db
    .select({ nodeId: taskNodeProgress.nodeId, rate: taskNodeProgress.rate })
    .from(taskNodeProgress)
    .where(and(eq(taskNodeProgress.userId, userId), inArray(taskNodeProgress.nodeId, nodeIds)));
  return new Map(rows.map((r) => [r.nodeId, r.rate]));
}

export const nodeDone = (n: Pick<TaskNode, "requiredRate">, rate: number) => rate >= n.requiredRate;

/** Share of the way through the task, 0-100: each node counts up to its required rate. */
export function taskRate(nodes: Pick<TaskNode, "id" | "requiredRate">[], rates: Map<number, number>, completed: boolean) {
  if (completed) return 100;
  if (!nodes.length) return 0;
  const sum = nodes.reduce((s, n) => s + Math.min(1, (rates.get(n.id) ?? 0) / n.requiredRate), 0);
  return Math.min(99, Math.floor((sum / nodes.length) * 100));
}

export interface Refresh {
  task: Task;
  assignment: TaskUser;
  nodes: TaskNode[];
  /** Only these nodes are recomputed (default: all of them). */
  nodeIds?: number[];
}

/**
 * Recomputes node rates from the learning records and completes the tasks whose nodes all reached their
 * rates. Each task is one transaction: rates only go up (greatest), and the completion with its score is a
 * conditional update on completed_at is null, so racing calls complete a task once. Answers the ids of tasks
 * completed by this call.
 */
export async function refreshProgress(db: Db, userId: number, items: Refresh[], now = new Date()): Promise<number[]> {
  const all = items.flatMap((i) => i.nodes.filter((n) => !i.nodeIds || i.nodeIds.includes(n.id)));
  const real = await contentProgress(db, userId, all);
  const completed: number[] = [];
  for (const item of items) {
    const targets = item.nodes.filter((n) => !item.nodeIds || item.nodeIds.includes(n.id));
    const done = await db.transaction(async (tx) => {
      for (const n of targets) {
        const rate = progressOf(real, n.contentType, n.contentId).rate;
        if (rate <= 0) continue;
        const reached = rate >= n.requiredRate ? now : null;
        await tx
          .insert(taskNodeProgress)
          .values({ userId, nodeId: n.id, rate, completedAt: reached, updatedAt: now })
          .onConflictDoUpdate({
            target: [taskNodeProgress.userId, taskNodeProgress.nodeId],
            set: {
              rate: sql`greatest(${taskNodeProgress.rate}, excluded.rate)`,
              completedAt: sql`coalesce(${taskNodeProgress.completedAt}, excluded.completed_at)`,
              updatedAt: sql`excluded.updated_at`,
            },
          });
      }
      if (item.assignment.completedAt || !item.nodes.length) return false;
      const rates = await storedRates(
        tx,
        userId,
        item.nodes.map((n) => n.id),
      );
      if (!item.nodes.every((n) => nodeDone(n, rates.get(n.id) ?? 0))) return false;
      const won = await tx
        .update(taskUsers)
        .set({ completedAt: now, score: earnedScore(item.task, now) })
        .where(and(eq(taskUsers.id, item.assignment.id), isNull(taskUsers.completedAt)))
        .returning({ id: taskUsers.id });
      return won.length > 0;
    });
    if (done) completed.push(item.task.id);
  }
  return completed;
}

/** The learner's visible assignments (all, or the named tasks) with their nodes, for refreshProgress. */
export async function assignmentsOf(db: DbOrTx, userId: number, now: Date, opts: { taskIds?: number[]; unfinishedOnly?: boolean; limit?: number } = {}) {
  const conds = [eq(taskUsers.userId, userId), visibleTask(now)];
  if (opts.taskIds) conds.push(inArray(tasks.id, opts.taskIds.length ? opts.taskIds : [0]));
  if (opts.unfinishedOnly) conds.push(isNull(taskUsers.completedAt));
  const rows = await db
    .select({ task: tasks, assignment: taskUsers })
    .from(taskUsers)
    .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
    .where(and(...conds))
    .orderBy(tasks.deadline)
    .limit(opts.limit ?? 1000);
  const nodes = rows.length
    ? await db
        .select()
        .from(taskNodes)
        .where(
          inArray(
            taskNodes.taskId,
            rows.map((r) => r.task.id),
          ),
        )
        .orderBy(taskNodes.sort, taskNodes.id)
    : [];
  return rows.map((r) => ({ ...r, nodes: nodes.filter((n) => n.taskId === r.task.id) }));
}
