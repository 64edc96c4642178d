import { onPathContentCompleted } from "../path/completion.service";
import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { examAnswers, examAttempts, examMembers, examOpenRanges, examQuestions, exams, orgGroups, userCourses, userGroups, userIdentities, users, type QuestionType } from "@db/schema";
import { inOrgNode } from "../org/membership";
import { fail, notFound } from "@base/errors";
import { examPhase, EXAM_NOT_FOUND, loadExam, openRangeOf, type Exam } from "./access";
import { register } from "./attempt.service";
import { findPaper } from "./paper.service";
import { gradeAnswer, isObjective, partialRulesOf } from "./grading";
import { onExamPassed } from "../cert/issue.service";
import { enqueueExamPass } from "../event/event.service";
import { pageOf } from "@base/legacy-input";
import { type ExamAdvancedInput, type OpenRangeInput, type ResultPageInput } from "./schemas";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

export function examAdminView(e: Exam) {
  return {
    id: e.id,
    examId: e.id,
    name: e.name,
    coverUrl: e.coverUrl,
    description: e.description,
    courseId: e.courseId,
    paperId: e.paperId,
    startTime: e.startTime.getTime(),
    endTime: e.endTime.getTime(),
    examStatus: examPhase(e),
    status: e.status,
    submitted: e.submitted,
    sort: e.sort,
    limitTime: e.limitTime,
    makeupCount: e.makeupCount,
    passScore: e.passScore,
    maxScore: e.maxScore,
    createdAt: e.createdAt.getTime(),
  };
}

export async function pageExams(db: DbOrTx, input: { pageNo?: number; pageSize?: number; page?: number; element?: number; keyword?: string; name?: string; status?: number; examStatus?: number }) {
  const conds: SQL[] = [isNull(exams.deletedAt)];
  const kw = input.keyword ?? input.name;
  if (kw) conds.push(ilike(exams.name, likePattern(kw)));
  if (input.status !== undefined) conds.push(eq(exams.status, input.status));
  const now = new Date();
  if (input.examStatus === 0) conds.push(sql`${exams.startTime} > ${now}`);
  if (input.examStatus === 1) conds.push(and(lte(exams.startTime, now), sql`${exams.endTime} > ${now}`)!);
  if (input.examStatus === 2) conds.push(lte(exams.endTime, now));
  const where = and(...conds);
  const page = await paginate(pageOf(input, 20), db.select({ total: count() }).from(exams).where(where), db.select().from(exams).where(where).orderBy(desc(exams.sort), desc(exams.id)));
  const ids = page.list.map((r) => r.id);
  const joined = ids.length
    ? await db.select({ examId: examMembers.examId, n: count() }).from(examMembers).where(inArray(examMembers.examId, ids)).groupBy(examMembers.examId)
    : [];
  return { ...page, list: page.list.map((r) => ({ ...examAdminView(r), memberCount: joined.find((j) => j.examId === r.id)?.n ?? 0 })) };
}

export async function saveBase(db: DbOrTx, input: { id?: number; examId?: number; name: string; coverUrl?: string; description?: string; startTime: Date; endTime: Date; courseId?: number }, userId: number) {
  const id = input.id ?? input.examId;
  const values = {
    name: input.name,
    coverUrl: input.coverUrl ?? "",
    description: input.description ?? "",
    startTime: input.startTime,
    endTime: input.endTime,
    courseId: input.courseId ?? null,
  };
  if (id) {
    const rows = await db.update(exams).set(values).where(and(eq(exams.id, id), isNull(exams.deletedAt))).returning();
    if (!rows.length) throw notFound(EXAM_NOT_FOUND);
    return examAdminView(rows[0]!);
  }
  const [row] = await db.insert(exams).values({ ...values, createdBy: userId }).returning();
  return examAdminView(row!);
}

export async function getBase(db: DbOrTx, examId: number) {
  return examAdminView(await loadExam(db, examId));
}

const ADVANCED_KEYS = [
  "limitTime",
  "makeupCount",
  "passScore",
  "showAnswers",
  "forcedReadTime",
  "instructions",
  "isEnableScreenCutting",
  "isScreenCuttingRemind",
  "screenCuttingTimes",
  "isFaceVerify",
  "faceVerifyCount",
  "faceVerifyThreshold",
  "isEnableVideoRecording",
  "isSnapVerify",
  "isOpenSoftMonitor",
  "winDownloadUrl",
  "macInterDownloadUrl",
  "macM1DownloadUrl",
  "isPartialScore",
  "partialScoreRate",
  "isBlankScore",
] as const;

export async function saveAdvanced(db: DbOrTx, input: ExamAdvancedInput) {
  const examId = input.id ?? input.examId;
  if (!examId) throw fail("缺少考试ID");
  const exam = await loadExam(db, examId);
  const set: Record<string, unknown> = {};
  for (const k of ADVANCED_KEYS) if (input[k] !== undefined) set[k] = input[k];
  const pass = (set.passScore as number | undefined) ?? exam.passScore;
  if (exam.paperId && pass > exam.maxScore) throw fail(`及格分不能高于试卷总分${exam.maxScore}分`);
  if (input.isEnableScreenCutting === 1 && !(input.screenCuttingTimes ?? exam.screenCuttingTimes)) throw fail("请设置允许切屏的次数");
  const [row] = await db.update(exams).set(set).where(eq(exams.id, examId)).returning();
  return getAdvanced(db, row!.id);
}

export async function getAdvanced(db: DbOrTx, examId: number) {
  const e = await loadExam(db, examId);
  const out: Record<string, unknown> = { id: e.id, examId: e.id, maxScore: e.maxScore };
  for (const k of ADVANCED_KEYS) out[k] = e[k];
  return out;
}

export async function saveQuestionInfo(db: DbOrTx, examId: number, paperId: number) {
  const exam = await loadExam(db, examId);
  const paper = await findPaper(db, paperId);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.examId, examId));
  if (n > 0 && exam.paperId !== paperId) throw fail("已有学员参加考试，不能更换试卷");
  const passScore = Math.min(exam.passScore, paper.totalScore);
  await db.update(exams).set({ paperId, maxScore: paper.totalScore, passScore }).where(eq(exams.id, examId));
  return getQuestionInfo(db, examId);
}

export async function getQuestionInfo(db: DbOrTx, examId: number) {
  const exam = await loadExam(db, examId);
  if (!exam.paperId) return { examId, paperId: null, paperName: "", paperType: null, totalScore: 0, questionCount: 0 };
  const paper = await findPaper(db, exam.paperId);
  return { examId, paperId: paper.id, paperName: paper.name, paperType: paper.paperType, totalScore: paper.totalScore, questionCount: paper.questionCount };
}

export async function saveOpenRange(db: Db, input: OpenRangeInput) {
  const examId = input.examId ?? input.id;
  if (!examId) throw fail("缺少考试ID");
  await loadExam(db, examId);
  const entries = [
    ...(input.entries ?? []),
    ...(input.roleIds ?? []).map((t) => ({ kind: "role" as const, target: t })),
    ...(input.groupIds ?? []).map((t) => ({ kind: "group" as const, target: t })),
    ...(input.tagIds ?? []).map((t) => ({ kind: "tag" as const, target: t })),
  ];
  await db.transaction(async (tx) => {
    await tx.delete(examOpenRanges).where(eq(examOpenRanges.examId, examId));
    if (entries.length) await tx.insert(examOpenRanges).values(entries.map((e) => ({ examId, ...e }))).onConflictDoNothing();
  });
  return getOpenRange(db, examId);
}

export async function getOpenRange(db: DbOrTx, examId: number) {
  const entries = await openRangeOf(db, examId);
  return {
    examId,
    entries,
    roleIds: entries.filter((e) => e.kind === "role").map((e) => e.target),
    groupIds: entries.filter((e) => e.kind === "group").map((e) => e.target),
    tagIds: entries.filter((e) => e.kind === "tag").map((e) => e.target),
    openToAll: entries.length === 0 ? 1 : 0,
  };
}

/** exam/group add and remove: one kind of open-range entry at a time. */
export async function changeRange(db: DbOrTx, examId: number, kind: "role" | "group", targets: string[], add: boolean) {
  await loadExam(db, examId);
  if (!targets.length) throw fail("请选择角色或分组");
  if (add) await db.insert(examOpenRanges).values(targets.map((target) => ({ examId, kind, target }))).onConflictDoNothing();
  else await db.delete(examOpenRanges).where(and(eq(examOpenRanges.examId, examId), eq(examOpenRanges.kind, kind), inArray(examOpenRanges.target, targets)));
  return getOpenRange(db, examId);
}

/** submitExam: the editor's final check before learners can see the exam. */
export async function submitExam(db: DbOrTx, examId: number) {
  const exam = await loadExam(db, examId);
  if (!exam.paperId) throw fail("请先设置考试试卷");
  if (exam.passScore > exam.maxScore) throw fail("及格分不能高于试卷总分");
  await db.update(exams).set({ submitted: 1 }).where(eq(exams.id, examId));
  return examAdminView({ ...exam, submitted: 1 });
}

export async function setStatus(db: DbOrTx, ids: number[], status: 0 | 1) {
  if (status === 1) {
    const rows = await db.select().from(exams).where(and(inArray(exams.id, ids), isNull(exams.deletedAt)));
    const bad = rows.find((e) => !e.paperId);
    if (bad) throw fail(`「${bad.name}」还没有设置试卷，不能启用`);
  }
  const rows = await db.update(exams).set({ status }).where(and(inArray(exams.id, ids), isNull(exams.deletedAt))).returning({ id: exams.id });
  return { updated: rows.length };
}

export async function moveExam(db: DbOrTx, id: number, sort: number) {
  const rows = await db.update(exams).set({ sort }).where(and(eq(exams.id, id), isNull(exams.deletedAt))).returning({ id: exams.id });
  if (!rows.length) throw notFound(EXAM_NOT_FOUND);
  return { id, sort };
}

export async function copyExam(db: Db, id: number, userId: number) {
  const exam = await loadExam(db, id);
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = exam;
    const [copy] = await tx.insert(exams).values({ ...rest, name: copyName(exam.name, 100), status: 0, submitted: 0, createdBy: userId }).returning();
    const ranges = await openRangeOf(tx, id);
    if (ranges.length) await tx.insert(examOpenRanges).values(ranges.map((r) => ({ ...r, examId: copy!.id })));
    return examAdminView(copy!);
  });
}

export async function removeExams(db: DbOrTx, ids: number[]) {
  const rows = await db.update(exams).set({ deletedAt: new Date(), status: 0 }).where(and(inArray(exams.id, ids), isNull(exams.deletedAt))).returning({ id: exams.id });
  return { removed: rows.length };
}

/** Results: one row per learner with attempts (newest submitted attempt, best score, paper count). */
export async function pageResults(db: DbOrTx, input: ResultPageInput, opts: { all?: boolean; members?: boolean } = {}) {
  const { pageNo, pageSize } = pageOf(input, 20);
  const exam = await loadExam(db, input.examId);
  const conds: SQL[] = [eq(examMembers.examId, exam.id)];
  if (input.userId) conds.push(eq(examMembers.userId, input.userId));
  if (input.userName) conds.push(ilike(users.loginName, `%${input.userName}%`));
  if (input.name) conds.push(ilike(users.nick, `%${input.name}%`));
  if (input.mobile) conds.push(ilike(users.mobile, `%${input.mobile}%`));
  if (input.joinType) conds.push(eq(examMembers.joinType, input.joinType));
  if (input.keyword) {
    const kw = likePattern(input.keyword);
    conds.push(or(ilike(users.nick, kw), ilike(users.loginName, kw), ilike(users.mobile, kw))!);
  }
  if (input.roleId) conds.push(inOrgNode("role", input.roleId, users.id));
  if (input.groupId) conds.push(inOrgNode("group", input.groupId, users.id));
  if (input.orgName) {
    // 单位: the organisation the learner gave in the identity supplement, or any organisation group they belong to.
    const like = likePattern(input.orgName);
    conds.push(
      or(
        sql`exists (select 1 from ${userIdentities} i where i.user_id = ${users.id} and i.org_name ilike ${like})`,
        sql`exists (select 1 from ${userGroups} ug join ${orgGroups} g on g.id = ug.group_id where ug.user_id = ${users.id} and g.name ilike ${like})`,
      )!,
    );
  }
  if (input.relatedCourseId) conds.push(sql`exists (select 1 from ${userCourses} uc where uc.user_id = ${users.id} and uc.course_id = ${input.relatedCourseId} and uc.pay_status = 1)`);
  const stats = db
    .select({
      userId: examAttempts.userId,
      paperCount: sql<number>`count(*) filter (where ${examAttempts.status} = 2)`.as("paper_count"),
      bestScore: sql<number | null>`max(${examAttempts.score})`.as("best_score"),
      passed: sql<number>`max(coalesce(${examAttempts.isPass}, 0))`.as("passed"),
      lastTime: sql<Date | null>`max(${examAttempts.submittedAt})`.as("last_time"),
      pending: sql<number>`sum(${examAttempts.pendingCount})`.as("pending"),
      started: sql<number>`count(*) filter (where ${examAttempts.status} > 0)`.as("started"),
      lastPaperId: sql<number | null>`max(${examAttempts.id}) filter (where ${examAttempts.status} > 0)`.as("last_paper_id"),
    })
    .from(examAttempts)
    .where(eq(examAttempts.examId, exam.id))
    .groupBy(examAttempts.userId)
    .as("s");
  if (!opts.members) conds.push(sql`${stats.paperCount} > 0`);
  if (input.isPassed !== undefined) conds.push(sql`coalesce(${stats.passed}, 0) = ${input.isPassed}`);
  if (input.minScore !== undefined) conds.push(sql`${stats.bestScore} >= ${input.minScore}`);
  if (input.maxScore !== undefined) conds.push(sql`${stats.bestScore} <= ${input.maxScore}`);
  if (input.score !== undefined) conds.push(sql`${stats.bestScore} = ${input.score}`);
  if (input.paperCount !== undefined) conds.push(sql`coalesce(${stats.paperCount}, 0) = ${input.paperCount}`);
  const from = input.lastTimeStart ?? input.finishExamStart;
  const to = input.lastTimeEnd ?? input.finishExamEnd;
  if (from) conds.push(sql`${stats.lastTime} >= ${from}`);
  if (to) conds.push(sql`${stats.lastTime} <= ${to}`);
  if (input.joinStatus === 0) conds.push(sql`coalesce(${stats.started}, 0) = 0`);
  if (input.joinStatus === 1) conds.push(sql`coalesce(${stats.started}, 0) > 0 and coalesce(${stats.paperCount}, 0) = 0`);
  if (input.joinStatus === 2) conds.push(sql`coalesce(${stats.paperCount}, 0) > 0`);
  const where = and(...conds);
  const base = () =>
    db
      .select({ m: examMembers, u: users, paperCount: stats.paperCount, bestScore: stats.bestScore, passed: stats.passed, lastTime: stats.lastTime, pending: stats.pending, started: stats.started, lastPaperId: stats.lastPaperId }).from(examMembers).innerJoin(users, eq(users.id, examMembers.userId)).leftJoin(stats, eq(stats.userId, examMembers.userId));
  // An export (all) reads every row, up to 50 000, in one page.
  const { list: rows, total } = await paginate(
    opts.all ? { pageNo: 1, pageSize: 50_000 } : { pageNo, pageSize },
    db.select({ total: count() }).from(examMembers).innerJoin(users, eq(users.id, examMembers.userId)).leftJoin(stats, eq(stats.userId, examMembers.userId)).where(where),
    base().where(where).orderBy(desc(examMembers.id)),
  );
  return {
    list: rows.map(({ m, u, ...s }) => ({
      examId: exam.id,
      userId: u.id,
      userName: u.loginName,
      name: u.nick,
      mobile: u.mobile ?? "",
      joinType: m.joinType,
      joinTime: m.createdAt.getTime(),
      paperCount: Number(s?.paperCount ?? 0),
      score: s?.bestScore ?? null,
      isPassed: Number(s?.passed ?? 0),
      pendingCount: Number(s?.pending ?? 0),
      lastTime: s?.lastTime ? new Date(s.lastTime).getTime() : null,
      joinStatus: Number(s?.paperCount ?? 0) > 0 ? 2 : Number(s?.started ?? 0) > 0 ? 1 : 0,
      lastPaperId: s?.lastPaperId == null ? null : Number(s.lastPaperId),
    })),
    total,
    pageNo,
    pageSize,
    examName: exam.name,
    passScore: exam.passScore,
    proctored: !!(exam.isFaceVerify || exam.isSnapVerify || exam.isEnableVideoRecording),
  };
}

export async function addMembers(db: Db, examId: number, userIds: number[]) {
  let added = 0;
  for (const userId of userIds) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!u) continue;
    await register(db, userId, examId, 2);
    added += 1;
  }
  return { added };
}

/** Removing a member keeps submitted papers (results stay auditable) but drops unstarted ones. */
export async function removeMembers(db: Db, examId: number, userIds: number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(examAttempts).where(and(eq(examAttempts.examId, examId), inArray(examAttempts.userId, userIds), eq(examAttempts.status, 0)));
    await tx.delete(examMembers).where(and(eq(examMembers.examId, examId), inArray(examMembers.userId, userIds)));
  });
  return { removed: userIds.length };
}

/** Papers of an exam with short answers waiting for correction (or one learner's papers). */
export async function correctionList(db: DbOrTx, examId: number, onlyPending = true) {
  const conds: SQL[] = [eq(examAttempts.examId, examId), eq(examAttempts.status, 2)];
  if (onlyPending) conds.push(sql`${examAttempts.pendingCount} > 0`);
  const rows = await db.select({ a: examAttempts, u: users }).from(examAttempts).innerJoin(users, eq(users.id, examAttempts.userId)).where(and(...conds)).orderBy(examAttempts.submittedAt);
  return rows.map(({ a, u }) => ({ paperId: a.id, userId: u.id, name: u.nick, userName: u.loginName, attemptNo: a.attemptNo, score: a.score, pendingCount: a.pendingCount, submitTime: ms(a.submittedAt) }));
}

/** One submitted paper with every answer, for manual correction. */
export async function paperForCorrection(db: DbOrTx, paperId: number) {
  const [a] = await db.select().from(examAttempts).where(eq(examAttempts.id, paperId));
  if (!a) throw notFound("答卷不存在");
  const ids = a.items.map((i) => i.questionId);
  const qs = ids.length ? await db.select().from(examQuestions).where(inArray(examQuestions.id, ids)) : [];
  const ans = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId));
  return {
    paperId,
    examId: a.examId,
    status: a.status,
    score: a.score,
    isPass: a.isPass,
    pendingCount: a.pendingCount,
    questions: a.items.map((item, i) => {
      const q = qs.find((x) => x.id === item.questionId)!;
      const g = ans.find((x) => x.questionId === item.questionId);
      return { sort: i + 1, questionId: q.id, questionType: q.questionType, content: q.content, options: q.options, rightAnswer: q.answer, fullScore: item.score, userAnswer: g?.answer ?? [], userScore: g?.score ?? null };
    }),
  };
}

/**
 * Manual correction of short answers: scores are stored on the answers, the paper total recomputed,
 * and pass/fail decided once nothing is pending.
 */
export async function correctPaper(db: Db, adminId: number, paperId: number, scores: { questionId: number; score: number }[]) {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.id, paperId)).for("update");
    if (!a) throw notFound("答卷不存在");
    if (a.status !== 2) throw fail("学员尚未交卷，不能批阅");
    const exam = await loadExam(tx, a.examId);
    const qs = await tx.select().from(examQuestions).where(inArray(examQuestions.id, scores.map((s) => s.questionId)));
    for (const s of scores) {
      const item = a.items.find((i) => i.questionId === s.questionId);
      const q = qs.find((x) => x.id === s.questionId);
      if (!item || !q) throw fail("该题不在本试卷中");
      if (q.questionType !== 5) throw fail("只有简答题需要人工批阅");
      if (s.score > item.score) throw fail(`得分不能超过该题分值${item.score}分`);
      const isCorrect = s.score === item.score ? 1 : 0;
      const updated = await tx.update(examAnswers).set({ score: s.score, isCorrect, correctedBy: adminId }).where(and(eq(examAnswers.attemptId, paperId), eq(examAnswers.questionId, s.questionId))).returning();
      if (!updated.length) await tx.insert(examAnswers).values({ attemptId: paperId, questionId: s.questionId, answer: [], seq: 0, score: s.score, isCorrect, correctedBy: adminId });
    }
    return recalc(tx, exam, paperId);
  });
}

/** Recomputes a paper's score from its answers (score/calculate). */
async function recalc(tx: DbOrTx, exam: Exam, paperId: number) {
  const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.id, paperId));
  const ans = await tx.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId));
  const qs = await tx.select({ id: examQuestions.id, t: examQuestions.questionType }).from(examQuestions).where(inArray(examQuestions.id, a!.items.map((i) => i.questionId)));
  const pending = qs.filter((q) => q.t === 5 && ans.some((x) => x.questionId === q.id && x.score === null && x.answer.some((s) => s.trim()))).length;
  const score = ans.reduce((s, x) => s + (x.score ?? 0), 0);
  const [row] = await tx
    .update(examAttempts)
    // A result voided by a confirmed fraud stays failed whatever the marking; clearing the check restores it.
    .set({ score, pendingCount: pending, isPass: a!.voidedByFraud ? 0 : pending > 0 ? null : score >= exam.passScore ? 1 : 0 })
    .where(eq(examAttempts.id, paperId))
    .returning();
  if (row!.isPass === 1 && row!.status === 2) {
    await onExamPassed(tx, row!.userId, exam.id, row!.score);
    await onPathContentCompleted(tx, row!.userId, 3, exam.id);
    await enqueueExamPass(tx, row!.userId, exam.id, row!.score);
  }
  return { paperId, score: row!.score, pendingCount: row!.pendingCount, isPass: row!.isPass };
}

/**
 * score/calculate: regrades the objective answers of every submitted paper with the exam's current
 * scoring rules (so switching partial credit on or off applies to papers already in), keeps manual
 * scores of short answers, and recomputes totals and pass/fail.
 */
export async function calculateScores(db: Db, examId: number) {
  const exam = await loadExam(db, examId);
  const rules = partialRulesOf(exam);
  const rows = await db.select({ id: examAttempts.id }).from(examAttempts).where(and(eq(examAttempts.examId, examId), eq(examAttempts.status, 2)));
  for (const r of rows)
    await db.transaction(async (tx) => {
      const [a] = await tx.select().from(examAttempts).where(eq(examAttempts.id, r.id)).for("update");
      const qs = await tx.select().from(examQuestions).where(inArray(examQuestions.id, a!.items.map((i) => i.questionId)));
      const ans = await tx.select().from(examAnswers).where(eq(examAnswers.attemptId, r.id));
      for (const x of ans) {
        const q = qs.find((y) => y.id === x.questionId);
        const item = a!.items.find((i) => i.questionId === x.questionId);
        if (!q || !item || !isObjective(q.questionType as QuestionType)) continue;
        const g = gradeAnswer(q.questionType as QuestionType, q.answer, x.answer, item.score, rules);
        if (g.score !== x.score || g.isCorrect !== x.isCorrect) await tx.update(examAnswers).set({ score: g.score, isCorrect: g.isCorrect }).where(eq(examAnswers.id, x.id));
      }
      return recalc(tx, exam, r.id);
    });
  return { examId, calculated: rows.length };
}

export async function examStats(db: DbOrTx, examId: number) {
  const [s] = await db
    .select({
      members: sql<number>`(select count(*) from ${examMembers} where ${examMembers.examId} = ${examId})`,
      submitted: sql<number>`count(*) filter (where ${examAttempts.status} = 2)`,
      passed: sql<number>`count(*) filter (where ${examAttempts.isPass} = 1)`,
      running: sql<number>`count(*) filter (where ${examAttempts.status} = 1)`,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), gte(examAttempts.attemptNo, 1)));
  return { examId, members: Number(s?.members ?? 0), submitted: Number(s?.submitted ?? 0), passed: Number(s?.passed ?? 0), running: Number(s?.running ?? 0) };
}
