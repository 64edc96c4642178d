import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { prepared } from "@db/prepared";
import type { DbOrTx } from "@db/client";
import { courses, eventBindings, eventReports, events, eventTasks, examAttempts, exams, tasks, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { isUniqueViolation, likePattern } from "@base/sql";

type Event = typeof events.$inferSelect;
const live = isNull(events.deletedAt);

function eventView(e: Event) {
  return {
    id: e.id,
    name: e.name,
    source: e.source,
    associationId: e.associationId,
    ownerName: e.ownerName,
    webhookUrl: e.webhookUrl,
    webhookSecret: e.webhookSecret,
    status: e.status,
    startTime: e.startAt?.getTime() ?? null,
    endTime: e.endAt?.getTime() ?? null,
    remark: e.remark,
    createdAt: e.createdAt.getTime(),
    updatedAt: e.updatedAt.getTime(),
  };
}

async function loadEvent(db: DbOrTx, id: number) {
  const [e] = await db.select().from(events).where(and(eq(events.id, id), live));
  if (!e) throw notFound("活动不存在或已删除");
  return e;
}

export async function pageEvents(db: DbOrTx, input: { pageNo: number; pageSize: number; name?: string; source?: string; status?: 0 | 1 }) {
  const conds: SQL[] = [live];
  if (input.name) conds.push(ilike(events.name, likePattern(input.name)));
  if (input.source) conds.push(eq(events.source, input.source));
  if (input.status !== undefined) conds.push(eq(events.status, input.status));
  const where = and(...conds);
  const page = await paginate(input, db.select({ total: sql<number>`count(*)::int` }).from(events).where(where), db.select().from(events).where(where).orderBy(desc(events.id)));
  return { ...page, list: page.list.map(eventView) };
}

const ASSOCIATION_TAKEN = "该来源下的关联ID已被其他活动使用";

/** eventUpdate: creates the event (with its report signing key) or changes it. */
export async function saveEvent(
  db: DbOrTx,
  input: { id?: number; name: string; source: string; associationId: string; ownerName?: string; webhookUrl?: string; status?: 0 | 1; startTime?: number; endTime?: number; remark?: string },
) {
  const values = {
    name: input.name,
    source: input.source,
    associationId: input.associationId,
    ownerName: input.ownerName ?? "",
    webhookUrl: input.webhookUrl ?? "",
    status: input.status ?? 1,
    startAt: input.startTime ? new Date(input.startTime) : null,
    endAt: input.endTime ? new Date(input.endTime) : null,
    remark: input.remark ?? "",
  };
  try {
    if (!input.id) {
      const [row] = await db.insert(events).values({ ...values, webhookSecret: randomBytes(24).toString("hex") }).returning();
      return eventView(row!);
    }
    await loadEvent(db, input.id);
    const [row] = await db.update(events).set(values).where(eq(events.id, input.id)).returning();
    return eventView(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw fail(ASSOCIATION_TAKEN);
    throw e;
  }
}

export async function findByAssociation(db: DbOrTx, input: { associationId: string; source?: string }) {
  const rows = await db
    .select()
    .from(events)
    .where(and(live, eq(events.associationId, input.associationId), input.source ? eq(events.source, input.source) : undefined))
    .orderBy(asc(events.id))
    .limit(1);
  return rows[0] ? eventView(rows[0]) : null;
}

/** bindTrain: the event's courses and exams become exactly the given ones (unknown ids are refused). */
export async function bindTrain(db: DbOrTx, input: { id: number; courseIds: number[]; examIds: number[] }) {
  const e = await loadEvent(db, input.id);
  const courseIds = [...new Set(input.courseIds)];
  const examIds = [...new Set(input.examIds)];
  if (courseIds.length) {
    const found = await db.select({ id: courses.id }).from(courses).where(and(inArray(courses.id, courseIds), isNull(courses.deletedAt)));
    if (found.length !== courseIds.length) throw fail("所选课程不存在或已删除");
  }
  if (examIds.length) {
    const found = await db.select({ id: exams.id }).from(exams).where(and(inArray(exams.id, examIds), isNull(exams.deletedAt)));
    if (found.length !== examIds.length) throw fail("所选考试不存在或已删除");
  }
  await db.transaction(async (tx) => {
    await tx.delete(eventBindings).where(eq(eventBindings.eventId, e.id));
    const rows = [...courseIds.map((contentId) => ({ eventId: e.id, contentType: 1, contentId })), ...examIds.map((contentId) => ({ eventId: e.id, contentType: 3, contentId }))];
    if (rows.length) await tx.insert(eventBindings).values(rows);
  });
  return { id: e.id, courseIds, examIds };
}

/** getData: the event with what it binds, how many passed each exam, and how its reports stand. */
export async function eventData(db: DbOrTx, id: number) {
  const e = await loadEvent(db, id);
  const bound = await db.select().from(eventBindings).where(eq(eventBindings.eventId, e.id));
  const courseIds = bound.filter((b) => b.contentType === 1).map((b) => b.contentId);
  const examIds = bound.filter((b) => b.contentType === 3).map((b) => b.contentId);
  const courseRows = courseIds.length ? await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [];
  const examRows = examIds.length ? await db.select({ id: exams.id, name: exams.name }).from(exams).where(inArray(exams.id, examIds)) : [];
  const passed = examIds.length
    ? await db
        .select({ examId: examAttempts.examId, n: sql<number>`count(distinct ${examAttempts.userId})::int` })
        .from(examAttempts)
        .where(and(inArray(examAttempts.examId, examIds), eq(examAttempts.isPass, 1)))
        .groupBy(examAttempts.examId)
    : [];
  const reports = await db.select({ status: eventReports.status, n: count() }).from(eventReports).where(eq(eventReports.eventId, e.id)).groupBy(eventReports.status);
  const of = (s: number) => Number(reports.find((r) => r.status === s)?.n ?? 0);
  return {
    ...eventView(e),
    courses: courseRows,
    exams: examRows.map((x) => ({ ...x, passedNum: passed.find((p) => p.examId === x.id)?.n ?? 0 })),
    report: { waiting: of(0), delivered: of(1), failed: of(2) },
  };
}

// ---------- tasks ----------

function taskView(t: typeof eventTasks.$inferSelect, taskName?: string | null) {
  return { id: t.id, eventId: t.eventId, name: t.name, taskId: t.taskId, taskName: taskName ?? null, thirdJumpUrl: t.thirdJumpUrl, status: t.status, updatedAt: t.updatedAt.getTime() };
}

export async function pageTasks(db: DbOrTx, input: { eventId: number; pageNo: number; pageSize: number }) {
  await loadEvent(db, input.eventId);
  const where = eq(eventTasks.eventId, input.eventId);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(eventTasks).where(where),
    db.select({ t: eventTasks, taskName: tasks.name }).from(eventTasks).leftJoin(tasks, eq(tasks.id, eventTasks.taskId)).where(where).orderBy(asc(eventTasks.id)),
  );
  return { ...page, list: page.list.map((r) => taskView(r.t, r.taskName)) };
}

/** task/binding: a task of the event, optionally bound to a platform task; creates or changes it. */
export async function bindTask(db: DbOrTx, input: { id?: number; eventId: number; name: string; taskId?: number; thirdJumpUrl?: string }) {
  await loadEvent(db, input.eventId);
  if (input.taskId) {
    const [t] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.id, input.taskId), isNull(tasks.deletedAt)));
    if (!t) throw fail("平台任务不存在或已删除");
  }
  const values = { eventId: input.eventId, name: input.name, taskId: input.taskId ?? null, thirdJumpUrl: input.thirdJumpUrl ?? "" };
  if (!input.id) {
    const [row] = await db.insert(eventTasks).values(values).returning();
    return taskView(row!);
  }
  const [row] = await db.update(eventTasks).set(values).where(and(eq(eventTasks.id, input.id), eq(eventTasks.eventId, input.eventId))).returning();
  if (!row) throw notFound("活动任务不存在或已删除");
  return taskView(row);
}

export async function taskDetail(db: DbOrTx, id: number) {
  const [r] = await db.select({ t: eventTasks, taskName: tasks.name }).from(eventTasks).leftJoin(tasks, eq(tasks.id, eventTasks.taskId)).where(eq(eventTasks.id, id));
  if (!r) throw notFound("活动任务不存在或已删除");
  return taskView(r.t, r.taskName);
}

export async function updateJumpUrl(db: DbOrTx, input: { id: number; thirdJumpUrl: string }) {
  const [row] = await db.update(eventTasks).set({ thirdJumpUrl: input.thirdJumpUrl }).where(eq(eventTasks.id, input.id)).returning();
  if (!row) throw notFound("活动任务不存在或已删除");
  return taskView(row);
}

// ---------- exam passes reported to the event's owner ----------

/**
 * An exam was passed: one report for every running event that binds it, in the transaction that stored
 * the pass (a unique index keeps it to one per event, learner and exam, however often it is called).
 */
export async function enqueueExamPass(tx: DbOrTx, userId: number, examId: number, score: number | null) {
  return enqueueExamPasses(tx, examId, [{ userId, score }]);
}

/** Learners passed an exam in one transaction (a turn's submits): the events are read once, then each learner's reports. */
export async function enqueueExamPasses(tx: DbOrTx, examId: number, passes: { userId: number; score: number | null }[]) {
  if (!passes.length) return 0;
  // Prepared (one text, kept per connection): sent with a closing transaction's writes.
  const bound = await prepared(tx, "event_bindings_of_exam", (t) =>
    t
      .select({ e: events })
      .from(eventBindings)
      .innerJoin(events, eq(events.id, eventBindings.eventId))
      // An event without a callback address has no one to tell yet; examSuccess2 catches up once it has one.
      .where(and(eq(eventBindings.contentType, 3), eq(eventBindings.contentId, sql.placeholder("examId")), eq(events.status, 1), live, sql`${events.webhookUrl} <> ''`))
      .prepare("event_bindings_of_exam"),
  ).execute({ examId });
  if (!bound.length) return 0;
  // One read of the learners and one insert of every report, however many passes the turn closed.
  const [[exam], people] = await Promise.all([
    tx.select({ name: exams.name }).from(exams).where(eq(exams.id, examId)),
    tx.select({ id: users.id, nick: users.nick, mobile: users.mobile }).from(users).where(inArray(users.id, passes.map((p) => p.userId))),
  ]);
  const byId = new Map(people.map((u) => [u.id, u]));
  const passedAt = Date.now();
  const rows = passes.flatMap(({ userId, score }) =>
    bound.map(({ e }) => ({
      eventId: e.id,
      userId,
      examId,
      payload: {
        type: "exam.success",
        eventSource: e.source,
        associationId: e.associationId,
        userId,
        name: byId.get(userId)?.nick ?? "",
        mobile: byId.get(userId)?.mobile ?? "",
        examId,
        examName: exam?.name ?? "",
        score,
        passedAt,
      },
    })),
  );
  const made = await tx.insert(eventReports).values(rows).onConflictDoNothing().returning({ id: eventReports.id });
  return made.length;
}

/** examSuccess: reports one learner's pass again now (made if it was never made); the pass must exist. */
export async function reportOne(db: DbOrTx, input: { id: number; userId: number; examId: number }) {
  const e = await loadEvent(db, input.id);
  const [bound] = await db.select().from(eventBindings).where(and(eq(eventBindings.eventId, e.id), eq(eventBindings.contentType, 3), eq(eventBindings.contentId, input.examId)));
  if (!bound) throw fail("该考试未绑定到此活动");
  const [pass] = await db
    .select({ score: examAttempts.score })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, input.examId), eq(examAttempts.userId, input.userId), eq(examAttempts.isPass, 1)))
    .orderBy(desc(examAttempts.score))
    .limit(1);
  if (!pass) throw fail("该学员尚未通过此考试");
  await db.transaction((tx) => enqueueExamPass(tx, input.userId, input.examId, pass.score));
  await db
    .update(eventReports)
    .set({ status: 0, nextAttemptAt: new Date(), attempts: 0, lastError: "" })
    .where(and(eq(eventReports.eventId, e.id), eq(eventReports.userId, input.userId), eq(eventReports.examId, input.examId), sql`${eventReports.status} <> 1`));
  const [report] = await db.select().from(eventReports).where(and(eq(eventReports.eventId, e.id), eq(eventReports.userId, input.userId), eq(eventReports.examId, input.examId)));
  return { reportId: report!.id, status: report!.status };
}

/** examSuccess2: every pass of the event's exams gets its report (the repair after a binding came late); idempotent. */
export async function reportAll(db: DbOrTx, id: number) {
  const e = await loadEvent(db, id);
  const examIds = (await db.select().from(eventBindings).where(and(eq(eventBindings.eventId, e.id), eq(eventBindings.contentType, 3)))).map((b) => b.contentId);
  if (!examIds.length) return { made: 0 };
  const passes = await db
    .select({ userId: examAttempts.userId, examId: examAttempts.examId, score: sql<number | null>`max(${examAttempts.score})` })
    .from(examAttempts)
    .where(and(inArray(examAttempts.examId, examIds), eq(examAttempts.isPass, 1)))
    .groupBy(examAttempts.userId, examAttempts.examId);
  let made = 0;
  for (const p of passes) made += await db.transaction((tx) => enqueueExamPass(tx, p.userId, p.examId, p.score));
  return { made };
}

// ---------- diagnostic tools (docs/decisions/036-diagnostic-tools.md) ----------

/**
 * sendEventRemind: the event's owner is told again of every pass it should know of: missing reports are
 * made (reportAll) and the waiting ones are due now, so the report sweep sends them on its next round.
 */
export async function remindEventOwner(db: DbOrTx, id: number) {
  const e = await loadEvent(db, id);
  if (!e.webhookUrl) throw fail("该活动未配置回调地址，无法发送");
  const { made } = await reportAll(db, e.id);
  const due = await db
    .update(eventReports)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(eventReports.eventId, e.id), eq(eventReports.status, 0)))
    .returning({ id: eventReports.id });
  const [delivered] = await db.select({ n: count() }).from(eventReports).where(and(eq(eventReports.eventId, e.id), eq(eventReports.status, 1)));
  return { eventId: e.id, made, waiting: due.length, delivered: Number(delivered?.n ?? 0), note: due.length ? "待发送的上报已排到现在，后台每30秒发送一次" : "没有待发送的上报" };
}

/**
 * pushStudyResult: what an event's owner hears of a learner is their passes of the event's exams. For each
 * running event binding the course, the learner's passes of its exams are reported again (reportOne);
 * answers what was pushed, or why nothing was.
 */
export async function pushStudyResult(db: DbOrTx, userId: number, courseId: number) {
  const bound = await db
    .select({ e: events })
    .from(eventBindings)
    .innerJoin(events, eq(events.id, eventBindings.eventId))
    .where(and(eq(eventBindings.contentType, 1), eq(eventBindings.contentId, courseId), eq(events.status, 1), live));
  if (!bound.length) return { userId, courseId, events: [], pushed: 0, note: "该课程未绑定到进行中的培训活动，无需推送" };
  const out: { eventId: number; name: string; exams: { examId: number; pushed: boolean; reason?: string; reportId?: number; status?: number }[] }[] = [];
  let pushed = 0;
  for (const { e } of bound) {
    const examIds = (await db.select().from(eventBindings).where(and(eq(eventBindings.eventId, e.id), eq(eventBindings.contentType, 3)))).map((b) => b.contentId);
    const exams: (typeof out)[number]["exams"] = [];
    for (const examId of examIds) {
      if (!e.webhookUrl) {
        exams.push({ examId, pushed: false, reason: "活动未配置回调地址" });
        continue;
      }
      try {
        const r = await reportOne(db, { id: e.id, userId, examId });
        exams.push({ examId, pushed: true, ...r });
        pushed += 1;
      } catch (err) {
        exams.push({ examId, pushed: false, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    out.push({ eventId: e.id, name: e.name, exams });
  }
  const note = pushed ? `已排队推送${pushed}条考试通过记录，后台每30秒发送一次` : "学员在这些活动的考试中尚无可推送的通过记录";
  return { userId, courseId, events: out, pushed, note };
}
