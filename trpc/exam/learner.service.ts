import { and, desc, eq, gte, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { prepared } from "@db/prepared";
import {
  examAnswers,
  examAttempts,
  examCollections,
  examMembers,
  examOpenRanges,
  examQuestions,
  exams,
  type QuestionType,
} from "@db/schema";
import { fail, notFound } from "@base/errors";
import { pageOfArray } from "@base/paging";
import { likePattern } from "@base/sql";
import { isOpenTo, userScope } from "../org/membership";
import { inSiteScope, type SiteScope } from "../site/site.service";
import { examExemptions, userWhiteInfo } from "../org/whitelist.service";
import { allowedAttempts, assertOpen, EXAM_ENDED, examPhase, loadExam, NOT_REGISTERED, seconds, startRefusal, type Exam } from "./access";
import { attemptView, closeIfOverdue, ownAttempt, ownAttemptWithExam, preparePaper, questionsOf, register, sweepOverdue, type Attempt } from "./attempt.service";
import { blankCount, QUESTION_TYPE_NAMES } from "./grading";
import { noticeDone } from "./precheck.service";
import { remainVerifyCount } from "./proctor.service";
import { pageOf } from "@base/legacy-input";

/** The Exam info entity of the spec (learner-front-end.md 3), read by the detail page and the wizard. */
export function examInfoFields(exam: Exam, now = Date.now()) {
  return {
    isOpenSoftMonitor: exam.isOpenSoftMonitor,
    winDownloadUrl: exam.winDownloadUrl,
    macInterDownloadUrl: exam.macInterDownloadUrl,
    macM1DownloadUrl: exam.macM1DownloadUrl,
    isFaceVerify: exam.isFaceVerify,
    isEnableVideoRecording: exam.isEnableVideoRecording,
    isSnapVerify: exam.isSnapVerify,
    forcedReadTime: exam.forcedReadTime,
    makeupCount: exam.makeupCount,
    limitTime: exam.limitTime,
    maxScore: exam.maxScore,
    passScore: exam.passScore,
    isEnableScreenCutting: exam.isEnableScreenCutting,
    isScreenCuttingRemind: exam.isScreenCuttingRemind,
    screenCuttingTimes: exam.screenCuttingTimes,
    instructions: exam.instructions,
    testStartRemainTime: now < exam.startTime.getTime() ? seconds(exam.startTime.getTime() - now) : null,
  };
}

async function attemptsOf(db: DbOrTx, examId: number, userId: number) {
  return db.select().from(examAttempts).where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId))).orderBy(desc(examAttempts.attemptNo));
}

/** The learner's state on an exam: 0 not joined, 1 joined, 2 answering, 3 submitted (passed or out of attempts is in the flags). */
function learnerState(exam: Exam, joined: boolean, attempts: Attempt[]) {
  const used = attempts.filter((a) => a.status > 0).length;
  const running = attempts.find((a) => a.status === 1);
  const passed = attempts.some((a) => a.isPass === 1);
  const done = attempts.find((a) => a.status === 2);
  const best = attempts.reduce<number | null>((m, a) => (a.score !== null && (m === null || a.score > m) ? a.score : m), null);
  return {
    isJoined: joined ? 1 : 0,
    userExamStatus: running ? 2 : done ? 3 : joined ? 1 : 0,
    usedCount: used,
    remainCount: passed ? 0 : Math.max(0, allowedAttempts(exam) - used),
    runningPaperId: running?.id ?? null,
    lastPaperId: done?.id ?? null,
    bestScore: best,
    isPass: passed ? 1 : done ? (attempts.some((a) => a.isPass === null && a.status === 2) ? null : 0) : null,
  };
}

/** queryTestInfoById: the exam with the learner's state; outside the open range answers 102. */
export async function examDetail(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  await sweepOverdue(db, { userId });
  const [member] = await db.select().from(examMembers).where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
  const attempts = await attemptsOf(db, examId, userId);
  const now = Date.now();
  const questionCount = attempts[0]?.items.length ?? null;
  return {
    id: exam.id,
    examId: exam.id,
    name: exam.name,
    coverUrl: exam.coverUrl,
    description: exam.description,
    courseId: exam.courseId,
    startTime: exam.startTime.getTime(),
    endTime: exam.endTime.getTime(),
    serverTime: now,
    examStatus: examPhase(exam, now),
    questionCount,
    ...(await learnerExamFields(db, userId, exam, now)),
    ...learnerState(exam, !!member, attempts),
    remind: member?.remind ?? 0,
    /** 1 once the pre-check notice was read through for this exam (or it has no forced read). */
    noticeRead: noticeDone(exam, member) ? 1 : 0,
  };
}

export async function examPaperInfo(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  return { examId, name: exam.name, ...(await learnerExamFields(db, userId, exam)), remainVerifyCount: await remainVerifyCount(db, exam, userId) };
}

function remainTime(exam: Exam) {
  const now = Date.now();
  return { examId: exam.id, testStartRemainTime: seconds(exam.startTime.getTime() - now), startTime: exam.startTime.getTime(), endTime: exam.endTime.getTime(), serverTime: now };
}

/** The waiting hall's countdown; an exam's schedule is shown only to whom detail shows it (102 outside the open range). */
export async function startRemainTime(db: DbOrTx, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  return remainTime(exam);
}

/** Entering the waiting hall (registered learners only) builds the paper ahead of the start, so the start only reads it. */
export async function entryExam(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  // The start rule's order: after the end nothing helps, registering included.
  if (examPhase(exam) === 2) throw fail(EXAM_ENDED);
  const entered = await db
    .update(examMembers)
    .set({ enteredHallAt: new Date() })
    .where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)))
    .returning({ id: examMembers.id });
  if (!entered.length) throw fail(NOT_REGISTERED);
  const attempt = await preparePaper(db, exam, userId);
  return { registered: true, paperId: attempt?.id ?? null, ...remainTime(exam) };
}

/** Pre-start check: whether the learner may start now and, when not, why (the rule startExam applies). */
export async function checkExam(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  await sweepOverdue(db, { userId });
  const [member] = await db.select({ id: examMembers.id }).from(examMembers).where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
  const attempts = await attemptsOf(db, examId, userId);
  const refused = startRefusal(exam, !!member, attempts[0]);
  return {
    examId,
    canStart: refused ? 0 : 1,
    reason: refused?.message ?? "",
    /** notStarted, ended, notRegistered, noAttempts, passed; "" when the start is allowed. */
    reasonType: refused?.kind ?? "",
    examStatus: examPhase(exam),
    ...learnerState(exam, !!member, attempts),
    testStartRemainTime: examInfoFields(exam).testStartRemainTime,
  };
}

async function questionsById(db: DbOrTx, ids: number[]) {
  return new Map((await questionsOf(db, ids)).map((q) => [q.id, q]));
}

const learnerQuestion = (q: typeof examQuestions.$inferSelect, score: number, sort: number) => ({
  questionId: q.id,
  questionType: q.questionType,
  questionTypeName: QUESTION_TYPE_NAMES[q.questionType as QuestionType],
  content: q.content,
  options: q.options,
  blankCount: blankCount(q.questionType as QuestionType, q.answer),
  score,
  sort,
});

/** getPaper: the running paper without correct answers, with every answer saved so far (a reload resumes). */
export async function paperContent(db: Db, userId: number, paperId: number) {
  const own = await ownAttemptWithExam(db, userId, paperId);
  const exam = own.exam;
  const a = await closeIfOverdue(db, exam, own.a);
  if (a.status === 0) throw fail("请先开始考试");
  const [byId, saved] = await Promise.all([
    questionsById(db, a.items.map((i) => i.questionId)),
    prepared(db, "exam_answers_of_attempt", (d) =>
      d.select().from(examAnswers).where(eq(examAnswers.attemptId, sql.placeholder("attemptId"))).prepare("exam_answers_of_attempt"),
    ).execute({ attemptId: a.id }),
  ]);
  return {
    ...attemptView(exam, a),
    examName: exam.name,
    totalScore: a.items.reduce((s, i) => s + i.score, 0),
    passScore: exam.passScore,
    isEnableScreenCutting: exam.isEnableScreenCutting,
    isScreenCuttingRemind: exam.isScreenCuttingRemind,
    screenCuttingTimes: exam.screenCuttingTimes,
    screenCutCount: a.screenCutCount,
    questions: a.items.flatMap((item, i) => {
      const q = byId.get(item.questionId);
      return q ? [learnerQuestion(q, item.score, i + 1)] : [];
    }),
    answers: saved.map((s) => ({ questionId: s.questionId, answer: s.answer, seq: s.seq })),
  };
}

export async function questionContent(db: Db, userId: number, input: { paperId: number; questionId: number }) {
  const a = await ownAttempt(db, userId, input.paperId);
  // A paper built ahead of the start stays sealed until the learner starts.
  if (a.status === 0) throw fail("请先开始考试");
  const idx = a.items.findIndex((i) => i.questionId === input.questionId);
  if (idx < 0) throw notFound("该题不在本试卷中");
  const q = (await questionsById(db, [input.questionId])).get(input.questionId);
  if (!q) throw notFound("试题不存在");
  const [saved] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, a.id), eq(examAnswers.questionId, q.id)));
  return { ...learnerQuestion(q, a.items[idx]!.score, idx + 1), paperId: a.id, answer: saved?.answer ?? [] };
}

/** Answer review: only when the exam allows it and only for a submitted paper. */
async function reviewableAttempt(db: Db, userId: number, input: { examId?: number; paperId?: number }) {
  let a: Attempt | undefined;
  if (input.paperId) a = await ownAttempt(db, userId, input.paperId);
  else {
    const rows = await attemptsOf(db, input.examId!, userId);
    a = rows.find((r) => r.status === 2);
  }
  if (!a) throw notFound("您还没有提交过试卷");
  const exam = await loadExam(db, a.examId);
  if (exam.showAnswers !== 1) throw fail("本考试不允许查看答案");
  if (a.status !== 2) throw fail("交卷后才能查看答案");
  return { a, exam };
}

function reviewItem(q: typeof examQuestions.$inferSelect, score: number, sort: number, ans?: typeof examAnswers.$inferSelect) {
  return {
    ...learnerQuestion(q, score, sort),
    userAnswer: ans?.answer ?? [],
    rightAnswer: q.answer,
    analysis: q.analysis,
    userScore: ans?.score ?? (q.questionType === 5 && ans ? null : 0),
    isCorrect: ans?.isCorrect ?? 0,
  };
}

export async function viewAnswers(db: Db, userId: number, input: { examId?: number; paperId?: number }) {
  const { a, exam } = await reviewableAttempt(db, userId, input);
  const byId = await questionsById(db, a.items.map((i) => i.questionId));
  const saved = new Map((await db.select().from(examAnswers).where(eq(examAnswers.attemptId, a.id))).map((s) => [s.questionId, s]));
  return {
    examId: exam.id,
    examName: exam.name,
    paperId: a.id,
    score: a.score,
    isPass: a.isPass,
    questions: a.items.flatMap((item, i) => {
      const q = byId.get(item.questionId);
      return q ? [reviewItem(q, item.score, i + 1, saved.get(q.id))] : [];
    }),
  };
}

export async function questionAnswer(db: Db, userId: number, input: { paperId: number; questionId: number }) {
  const { a } = await reviewableAttempt(db, userId, { paperId: input.paperId });
  const idx = a.items.findIndex((i) => i.questionId === input.questionId);
  if (idx < 0) throw notFound("该题不在本试卷中");
  const q = (await questionsById(db, [input.questionId])).get(input.questionId)!;
  const [ans] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, a.id), eq(examAnswers.questionId, q.id)));
  return reviewItem(q, a.items[idx]!.score, idx + 1, ans);
}

/** Exam cards of the learner lists. */
async function examCards(db: Db, userId: number, list: Exam[]) {
  const ids = list.map((e) => e.id);
  const members = ids.length ? await db.select().from(examMembers).where(and(eq(examMembers.userId, userId), inArray(examMembers.examId, ids))) : [];
  const attempts = ids.length ? await db.select().from(examAttempts).where(and(eq(examAttempts.userId, userId), inArray(examAttempts.examId, ids))) : [];
  const now = Date.now();
  return list.map((e) => ({
    id: e.id,
    examId: e.id,
    name: e.name,
    coverUrl: e.coverUrl,
    startTime: e.startTime.getTime(),
    endTime: e.endTime.getTime(),
    examStatus: examPhase(e, now),
    limitTime: e.limitTime,
    passScore: e.passScore,
    maxScore: e.maxScore,
    makeupCount: e.makeupCount,
    linkUrl: `/exam/detail?id=${e.id}`,
    ...learnerState(e, members.some((m) => m.examId === e.id), attempts.filter((a) => a.examId === e.id).sort((x, y) => y.attemptNo - x.attemptNo)),
  }));
}

/** Enabled exams open to the learner, newest start first; an extra site that lists chosen content lists only its exams. */
async function visibleExams(db: Db, userId: number, keyword?: string, siteScope?: SiteScope | null) {
  const conds = [eq(exams.status, 1), isNull(exams.deletedAt)];
  if (keyword) conds.push(ilike(exams.name, likePattern(keyword)));
  const scoped = inSiteScope(siteScope, 3, exams.id);
  if (scoped) conds.push(scoped);
  const list = await db.select().from(exams).where(and(...conds)).orderBy(desc(exams.startTime)).limit(2000);
  const ranges = list.length ? await db.select().from(examOpenRanges).where(inArray(examOpenRanges.examId, list.map((e) => e.id))) : [];
  const scope = await userScope(db, userId);
  return list.filter((e) => isOpenTo(ranges.filter((r) => r.examId === e.id), scope));
}

/** queryUserPagingExam: status 1 not started, 2 in progress, 3 ended; none or 0 means all. */
export async function userPagingExam(
  db: Db,
  userId: number,
  input: { status?: number; keyword?: string; pageNo?: number; pageSize?: number; page?: number; element?: number },
  scope?: SiteScope | null,
) {
  await sweepOverdue(db, { userId });
  const now = Date.now();
  let list = await visibleExams(db, userId, input.keyword, scope);
  if (input.status) list = list.filter((e) => examPhase(e, now) === input.status! - 1);
  const page = pageOfArray(list, pageOf(input, 10));
  return { ...page, list: await examCards(db, userId, page.list) };
}

/** queryUserToDo / userBacklogExam: joined exams not yet ended that the learner can still sit. */
export async function userToDo(db: Db, userId: number) {
  await sweepOverdue(db, { userId });
  const joined = await db
    .select({ exam: exams })
    .from(examMembers)
    .innerJoin(exams, eq(exams.id, examMembers.examId))
    .where(and(eq(examMembers.userId, userId), eq(exams.status, 1), isNull(exams.deletedAt), gte(exams.endTime, new Date())))
    .orderBy(exams.startTime);
  const cards = await examCards(db, userId, joined.map((j) => j.exam));
  return cards.filter((c) => c.remainCount > 0 || c.runningPaperId);
}

export async function remindedExams(db: Db, userId: number) {
  const rows = await db
    .select({ exam: exams })
    .from(examMembers)
    .innerJoin(exams, eq(exams.id, examMembers.examId))
    .where(and(eq(examMembers.userId, userId), eq(examMembers.remind, 1), isNull(exams.deletedAt)));
  return examCards(db, userId, rows.map((r) => r.exam));
}

export async function collectedExams(db: Db, userId: number, input: { pageNo?: number; pageSize?: number; page?: number; element?: number }) {
  const rows = await db
    .select({ exam: exams })
    .from(examCollections)
    .innerJoin(exams, eq(exams.id, examCollections.examId))
    .where(and(eq(examCollections.userId, userId), isNull(exams.deletedAt)))
    .orderBy(desc(examCollections.createdAt));
  const page = pageOfArray(rows.map((r) => r.exam), pageOf(input, 10));
  return { ...page, list: await examCards(db, userId, page.list) };
}

export async function searchExams(db: Db, userId: number, input: { keyword?: string; pageNo?: number; pageSize?: number; page?: number; element?: number }, scope?: SiteScope | null) {
  return userPagingExam(db, userId, { ...input, status: 0 }, scope);
}

/** startExamRemind: the learner asks to be reminded of the start (this registers them). */
export async function remindMe(db: Db, userId: number, examId: number) {
  await register(db, userId, examId);
  await db.update(examMembers).set({ remind: 1 }).where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
  return { examId, remind: 1 };
}

export async function setRemindResult(db: Db, userId: number, examId: number, value: number) {
  const rows = await db.update(examMembers).set({ remindResult: value }).where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId))).returning();
  if (!rows.length) throw fail("请先报名考试");
  return { examId, remindResult: value };
}

export async function getRemindResult(db: Db, userId: number, examId: number) {
  const [m] = await db.select().from(examMembers).where(and(eq(examMembers.examId, examId), eq(examMembers.userId, userId)));
  return { examId, remindResult: m?.remindResult ?? 0, remind: m?.remind ?? 0 };
}

/** The proctoring settings and software downloads; outside the open range 102, as detail answers. */
export async function monitorInfo(db: Db, userId: number, examId: number) {
  const exam = await loadExam(db, examId, { enabledOnly: true });
  await assertOpen(db, examId, userId);
  const exempt = await examExemptions(db, userId, examId);
  return {
    examId,
    isOpenSoftMonitor: exempt.softMonitor ? 0 : exam.isOpenSoftMonitor,
    isEnableVideoRecording: exam.isEnableVideoRecording,
    isSnapVerify: exam.isSnapVerify,
    isFaceVerify: exempt.faceVerify ? 0 : exam.isFaceVerify,
    winDownloadUrl: exam.winDownloadUrl,
    macInterDownloadUrl: exam.macInterDownloadUrl,
    macM1DownloadUrl: exam.macM1DownloadUrl,
    ports: [52338, 52339, 52340, 52341, 52342],
  };
}

/** The exam's whitelist status of the learner, as the org domain's whitelist answers it. */
export async function whiteInfo(db: Db, userId: number, input: { examId: number; whiteBusinessType?: number }) {
  const type = input.whiteBusinessType === 2 || input.whiteBusinessType === 3 ? input.whiteBusinessType : 1;
  return userWhiteInfo(db, userId, { whiteBusinessType: type, businessId: input.examId, examId: input.examId });
}

/** The exam's settings as this learner meets them: a whitelist exemption turns monitoring or the face check off. */
export async function learnerExamFields(db: DbOrTx, userId: number, exam: Exam, now = Date.now()) {
  const fields = examInfoFields(exam, now);
  if (!fields.isOpenSoftMonitor && !fields.isFaceVerify) return fields;
  const exempt = await examExemptions(db, userId, exam.id);
  return { ...fields, isOpenSoftMonitor: exempt.softMonitor ? 0 : fields.isOpenSoftMonitor, isFaceVerify: exempt.faceVerify ? 0 : fields.isFaceVerify };
}

// Fraud checks seen by the learner: fraud.service.ts.

export { preparePaper };
