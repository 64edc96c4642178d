import { and, asc, eq, gt, gte, inArray, isNull, lte, sql, type Column, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import {
  courses,
  examAttempts,
  exams,
  examMembers,
  liveAppointments,
  lives,
  MESSAGE_TASK_STATUS,
  messageTaskRunner,
  messageTasks,
  stationMessages,
  taskNodeProgress,
  taskNodes,
  tasks as learningTasks,
  taskUsers,
  userCourses,
  userIdentities,
  users,
} from "@db/schema";
import { pushUnreadLater, sendToUsers } from "./message.service";
import { taskBusinessType } from "./task.service";
import { clipTitle, findScene, renderTemplate, type SceneType } from "./task-scenes";

// The message-task sweep: finds each enabled task's due scene events and sends their notices once per
// learner. sendToUsers is keyed by (user, "task:<id>", event), so a second run or a racing process
// sends nothing twice; the query also skips learners who already have the notice, so reruns stay cheap.

type Task = typeof messageTasks.$inferSelect;
/** Notices one task sends in one run at most; the rest go out on the next run. */
export const SWEEP_LIMIT = 2000;
const MINUTE = 60_000;
const DAY = 86_400_000;

interface DueNotice {
  userId: number;
  /** businessId of the notice: the event (exam@start, live@start, course, attempt). */
  eventKey: string;
  link: string;
  values: Record<string, string>;
}

/** China time, as learners read it: 2026-03-20 09:00. */
const when = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3600e3).toISOString().slice(0, 16).replace("T", " ") : "");
const day = (d: Date | null) => when(d).slice(0, 10);
const learnerName = sql<string>`coalesce(nullif(${userIdentities.realName}, ''), ${users.nick})`;
/** ms since the epoch as text, computed by the database so the key never depends on driver rounding. */
const msText = (col: Column) => sql`(floor(extract(epoch from ${col}) * 1000))::bigint::text`;

/** The learner has no notice of this task for this event yet (the partial unique index answers it). */
const notSent = (task: Task, userCol: Column, key: SQL) =>
  sql`not exists (select 1 from ${stationMessages} sm where sm.user_id = ${userCol} and sm.business_type = ${taskBusinessType(task.id)} and sm.business_id = ${key})`;

type Finder = (db: Db, task: Task, now: Date, limit: number, opts?: SweepOptions) => Promise<DueNotice[]>;

/** Registered learners of an enabled exam starting within the lead time (and not started yet). */
const examStart: Finder = async (db, task, now, limit) => {
  const lead = (task.params.leadMinutes ?? 30) * MINUTE;
  const key = sql<string>`${exams.id}::text || '@' || ${msText(exams.startTime)}`;
  const rows = await db
    .select({ userId: examMembers.userId, eventKey: key, examId: exams.id, name: exams.name, startTime: exams.startTime, endTime: exams.endTime, learner: learnerName })
    .from(examMembers)
    .innerJoin(exams, eq(exams.id, examMembers.examId))
    .innerJoin(users, eq(users.id, examMembers.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, examMembers.userId))
    .where(and(eq(exams.status, 1), isNull(exams.deletedAt), gt(exams.startTime, now), lte(exams.startTime, new Date(now.getTime() + lead)), eq(users.status, 1), notSent(task, examMembers.userId, key)))
    .orderBy(asc(exams.startTime), asc(exams.id), asc(examMembers.userId))
    .limit(limit);
  return rows.map((r) => {
    const link = `/exam/detail?id=${r.examId}`;
    return { userId: r.userId, eventKey: r.eventKey, link, values: { "{学员姓名}": r.learner, "{考试名称}": r.name, "{开始时间}": when(r.startTime), "{结束时间}": when(r.endTime), "{链接}": link } };
  });
};

/** Learners who reserved a shown, upcoming live starting within the lead time. */
const liveStart: Finder = async (db, task, now, limit, opts) => {
  // One live named (the back-office tool sendLiveAppointmentMsg): its reminder goes out now, whatever the lead time.
  const lead = opts?.liveId ? 100 * 365 * DAY : (task.params.leadMinutes ?? 15) * MINUTE;
  const key = sql<string>`${lives.id}::text || '@' || ${msText(lives.startTime)}`;
  const rows = await db
    .select({ userId: liveAppointments.userId, eventKey: key, roomId: lives.roomId, name: lives.name, teacher: lives.teacherName, startTime: lives.startTime, learner: learnerName })
    .from(liveAppointments)
    .innerJoin(lives, eq(lives.id, liveAppointments.liveId))
    .innerJoin(users, eq(users.id, liveAppointments.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, liveAppointments.userId))
    .where(
      and(
        eq(lives.status, 1),
        isNull(lives.deletedAt),
        eq(lives.liveStatus, 0),
        opts?.liveId ? eq(lives.id, opts.liveId) : undefined,
        gt(lives.startTime, now),
        lte(lives.startTime, new Date(now.getTime() + lead)),
        eq(users.status, 1),
        notSent(task, liveAppointments.userId, key),
      ),
    )
    .orderBy(asc(lives.startTime), asc(lives.id), asc(liveAppointments.userId))
    .limit(limit);
  return rows.map((r) => {
    const link = `/live/detail?roomId=${r.roomId}`;
    return { userId: r.userId, eventKey: r.eventKey, link, values: { "{学员姓名}": r.learner, "{直播名称}": r.name, "{主讲人}": r.teacher || "-", "{开始时间}": when(r.startTime), "{链接}": link } };
  });
};

/**
 * Learners of a released course still unfinished N days after joining, whose N-day mark passed while
 * the task was enabled (enabling a task does not remind every old enrolment at once).
 */
const courseStudy: Finder = async (db, task, now, limit) => {
  const span = (task.params.days ?? 7) * DAY;
  const since = task.enabledAt ?? now;
  const key = sql<string>`${courses.id}::text`;
  const rows = await db
    .select({ userId: userCourses.userId, eventKey: key, courseId: courses.id, name: courses.name, joinedAt: userCourses.joinedAt, progress: userCourses.progress, learner: learnerName })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .innerJoin(users, eq(users.id, userCourses.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, userCourses.userId))
    .where(
      and(
        eq(courses.status, 1),
        isNull(courses.deletedAt),
        eq(userCourses.completed, 0),
        eq(userCourses.payStatus, 1),
        lte(userCourses.joinedAt, new Date(now.getTime() - span)),
        gte(userCourses.joinedAt, new Date(since.getTime() - span)),
        eq(users.status, 1),
        notSent(task, userCourses.userId, key),
      ),
    )
    .orderBy(asc(userCourses.joinedAt), asc(userCourses.id))
    .limit(limit);
  return rows.map((r) => {
    const link = `/course/detail?id=${r.courseId}`;
    const progress = `${Math.max(0, Math.min(100, r.progress))}%`;
    return { userId: r.userId, eventKey: r.eventKey, link, values: { "{学员姓名}": r.learner, "{课程名称}": r.name, "{加入时间}": day(r.joinedAt), "{学习进度}": progress, "{链接}": link } };
  });
};

/** Sittings submitted while the task was enabled whose score is final (no answer waits for marking). */
const examResult: Finder = async (db, task, now, limit) => {
  const since = task.enabledAt ?? now;
  const key = sql<string>`${examAttempts.id}::text`;
  const rows = await db
    .select({
      userId: examAttempts.userId,
      eventKey: key,
      examId: exams.id,
      name: exams.name,
      score: examAttempts.score,
      isPass: examAttempts.isPass,
      submittedAt: examAttempts.submittedAt,
      learner: learnerName,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, examAttempts.userId))
    .where(
      and(
        eq(examAttempts.status, 2),
        eq(examAttempts.pendingCount, 0),
        sql`${examAttempts.score} is not null`,
        gte(examAttempts.submittedAt, since),
        lte(examAttempts.submittedAt, now),
        isNull(exams.deletedAt),
        eq(users.status, 1),
        notSent(task, examAttempts.userId, key),
      ),
    )
    .orderBy(asc(examAttempts.submittedAt), asc(examAttempts.id))
    .limit(limit);
  return rows.map((r) => {
    const link = `/exam/result?id=${r.examId}`;
    const score = String(Math.round((r.score ?? 0) * 10) / 10);
    return {
      userId: r.userId,
      eventKey: r.eventKey,
      link,
      values: { "{学员姓名}": r.learner, "{考试名称}": r.name, "{得分}": score, "{考试结果}": r.isPass === 1 ? "通过" : "未通过", "{交卷时间}": when(r.submittedAt), "{链接}": link },
    };
  });
};

/**
 * Learners who have not completed a published learning task whose deadline lies within the lead days (and
 * has not passed). The event is the task at its deadline, so a moved deadline reminds again.
 */
const taskDeadline: Finder = async (db, task, now, limit) => {
  const lead = (task.params.days ?? 3) * DAY;
  const t = learningTasks;
  const key = sql<string>`${t.id}::text || '@' || ${msText(t.deadline)}`;
  const nodeNum = sql<number>`(select count(*) from ${taskNodes} n where n.task_id = ${t.id})`.mapWith(Number);
  const reached = sql<number>`(select count(*) from ${taskNodes} n join ${taskNodeProgress} p on p.node_id = n.id and p.user_id = ${taskUsers.userId} where n.task_id = ${t.id} and p.rate >= n.required_rate)`.mapWith(Number);
  const rows = await db
    .select({ userId: taskUsers.userId, eventKey: key, taskId: t.id, name: t.name, deadline: t.deadline, nodeNum, reached, learner: learnerName })
    .from(taskUsers)
    .innerJoin(t, eq(t.id, taskUsers.taskId))
    .innerJoin(users, eq(users.id, taskUsers.userId))
    .leftJoin(userIdentities, eq(userIdentities.userId, taskUsers.userId))
    .where(
      and(
        eq(t.status, 1),
        isNull(t.deletedAt),
        sql`(${t.startAt} is null or ${t.startAt} <= ${now.toISOString()}::timestamptz)`,
        isNull(taskUsers.completedAt),
        gt(t.deadline, now),
        lte(t.deadline, new Date(now.getTime() + lead)),
        eq(users.status, 1),
        notSent(task, taskUsers.userId, key),
      ),
    )
    .orderBy(asc(t.deadline), asc(t.id), asc(taskUsers.userId))
    .limit(limit);
  return rows.map((r) => {
    const link = `/task/detail?id=${r.taskId}`;
    return { userId: r.userId, eventKey: r.eventKey, link, values: { "{学员姓名}": r.learner, "{任务名称}": r.name, "{截止时间}": when(r.deadline), "{完成进度}": `${Math.min(r.reached, r.nodeNum)}/${r.nodeNum}`, "{链接}": link } };
  });
};

/** Marks learning-task assignments as reminded (shown in the task's learner list). */
async function markTaskReminded(db: Db, eventKey: string, userIds: number[], now: Date) {
  const taskId = Number(eventKey.split("@")[0]);
  if (!userIds.length || !Number.isSafeInteger(taskId)) return;
  await db
    .update(taskUsers)
    .set({ remindedAt: now })
    .where(and(eq(taskUsers.taskId, taskId), inArray(taskUsers.userId, userIds)));
}

const FINDERS: Record<SceneType, Finder> = { EXAM_START: examStart, LIVE_START: liveStart, COURSE_STUDY: courseStudy, EXAM_RESULT: examResult, TASK_DEADLINE: taskDeadline };

export interface SweepOptions {
  /** Only these tasks (tests, a manual run). */
  taskIds?: number[];
  limit?: number;
  /** false: do not push unread counts (no realtime process, e.g. the seed). */
  pushUnread?: boolean;
  /** Live-start reminders of this live only, sent now whatever the lead time (a manual run). */
  liveId?: number;
}

/** Renders and sends one task's due notices; answers how many learners received one now. */
async function runTask(db: Db, task: Task, now: Date, opts: SweepOptions): Promise<number> {
  const scene = findScene(task.sceneType);
  if (!scene) throw new Error(`未知的触发场景 ${task.sceneType}`);
  if (!task.titleTemplate.trim() || !task.contentTemplate.trim()) return 0;
  const due = await FINDERS[scene.sceneType](db, task, now, opts.limit ?? SWEEP_LIMIT, opts);
  // Learners who read the same words share one sendToUsers call.
  const drafts = new Map<string, { eventKey: string; title: string; content: string; link: string; userIds: number[] }>();
  for (const d of due) {
    const link = task.link ?? d.link;
    const values = { ...d.values, "{链接}": link };
    const title = clipTitle(renderTemplate(task.titleTemplate, values));
    const content = renderTemplate(task.contentTemplate, values);
    const k = JSON.stringify([d.eventKey, title, content, link]);
    const draft = drafts.get(k) ?? { eventKey: d.eventKey, title, content, link, userIds: [] };
    draft.userIds.push(d.userId);
    drafts.set(k, draft);
  }
  const received: number[] = [];
  for (const d of drafts.values()) {
    const got = await sendToUsers(db, d.userIds, { title: d.title, content: d.content, link: d.link, businessType: taskBusinessType(task.id), businessId: d.eventKey }, { pushUnread: false });
    if (scene.sceneType === "TASK_DEADLINE") await markTaskReminded(db, d.eventKey, got, now);
    received.push(...got);
  }
  if (opts.pushUnread !== false) pushUnreadLater(db, [...new Set(received)]);
  return received.length;
}

/** Records a run: sent adds up exactly (only rows really inserted count), the newest run time wins. */
async function recordRun(db: Db, taskId: number, now: Date, sent: number, error: string | null) {
  await db
    .update(messageTasks)
    .set({
      sentCount: sql`${messageTasks.sentCount} + ${sent}`,
      lastRunAt: sql`greatest(${messageTasks.lastRunAt}, ${now.toISOString()}::timestamptz)`,
      ...(sent ? { lastSentAt: sql`greatest(${messageTasks.lastSentAt}, ${now.toISOString()}::timestamptz)` } : {}),
      lastError: error,
      // A run is not an edit.
      updatedAt: sql`${messageTasks.updatedAt}`,
    })
    .where(eq(messageTasks.id, taskId));
}

/**
 * One sweep at `now`: every enabled task (or the ones named) sends its due notices. A task that fails
 * is recorded with the reason and does not stop the others.
 */
export async function sweepMessageTasks(db: Db, now: Date = new Date(), opts: SweepOptions = {}) {
  const conds = [eq(messageTasks.status, MESSAGE_TASK_STATUS.enabled)];
  if (opts.taskIds) conds.push(inArray(messageTasks.id, opts.taskIds.length ? opts.taskIds : [0]));
  const tasks = await db.select().from(messageTasks).where(and(...conds)).orderBy(asc(messageTasks.id));
  const results: { taskId: number; sent: number; error?: string }[] = [];
  for (const task of tasks) {
    try {
      const sent = await runTask(db, task, now, opts);
      await recordRun(db, task.id, now, sent, null);
      results.push({ taskId: task.id, sent });
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 200);
      console.warn(`[message-task] task ${task.id} failed: ${error}`);
      await recordRun(db, task.id, now, 0, error).catch(() => {});
      results.push({ taskId: task.id, sent: 0, error });
    }
  }
  return { ran: tasks.length, sent: results.reduce((n, r) => n + r.sent, 0), tasks: results };
}

/**
 * The live-start reminders of one live, now (diagnostic tool sendLiveAppointmentMsg): every enabled
 * live-start task runs for that live only, keyed as the sweep keys it, so no learner gets it twice.
 * Answers null when no live-start task is enabled.
 */
export async function remindLiveStartNow(db: Db, liveId: number, now: Date = new Date()) {
  const tasks = await db
    .select()
    .from(messageTasks)
    .where(and(eq(messageTasks.status, MESSAGE_TASK_STATUS.enabled), eq(messageTasks.sceneType, "LIVE_START")))
    .orderBy(asc(messageTasks.id));
  if (!tasks.length) return null;
  let sent = 0;
  for (const task of tasks) {
    const n = await runTask(db, task, now, { liveId });
    await recordRun(db, task.id, now, n, null);
    sent += n;
  }
  return { taskIds: tasks.map((t) => t.id), sent };
}

/**
 * Takes or renews the runner lease (database clock): true when this holder may sweep now. Another
 * process takes over once the holder stops renewing and the lease lapses.
 */
export async function takeRunnerLease(db: Db, holder: string, seconds = 90): Promise<boolean> {
  const until = sql`now() + ${`${Math.max(1, Math.round(seconds))} seconds`}::interval`;
  const rows = await db
    .insert(messageTaskRunner)
    .values({ id: 1, holder, leaseUntil: until })
    .onConflictDoUpdate({
      target: messageTaskRunner.id,
      set: { holder, leaseUntil: until },
      setWhere: sql`${messageTaskRunner.holder} = ${holder} or ${messageTaskRunner.leaseUntil} < now()`,
    })
    .returning({ holder: messageTaskRunner.holder });
  return rows.length > 0;
}
