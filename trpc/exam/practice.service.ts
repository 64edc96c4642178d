import { randomInt } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { examPracticeAnswers, examPractices, examPracticeSessions, examPracticeWrongs, examQuestions, materialFolders, type QuestionType } from "@db/schema";
import { AppError, badInput, fail, LegacyCode, notFound } from "@base/errors";
import { pageOfArray, pageOffset, paginate } from "@base/paging";
import { isOpenTo, userScope, type UserScope } from "../org/membership";
import { blankCount, gradeAnswer, QUESTION_TYPE_NAMES } from "./grading";
import { JUDGE_OPTIONS } from "./question.service";
import { EMPTY_STATS, rateOf, statsOfPractices } from "./practice-stats.service";
import { pageOf } from "@base/legacy-input";

// The learner's practice (docs/decisions/009-learner-practice.md): rounds in a mode, one question at a
// time graded at once, a wrong-question book per practice.

type Practice = typeof examPractices.$inferSelect;
type Session = typeof examPracticeSessions.$inferSelect;
type Question = typeof examQuestions.$inferSelect;

export const PRACTICE_NOT_FOUND = "练习不存在或已停用";
export const PRACTICE_NO_PERMISSION = "您不在该练习的开放范围内";
export const SESSION_NOT_FOUND = "练习记录不存在";
export const MODE_NAMES: Record<number, string> = { 1: "顺序练习", 2: "随机练习", 3: "题型练习" };
/** Question types a practice draws: short answers need a marker, so they give no immediate feedback and stay out. */
export const PRACTICE_TYPES: QuestionType[] = [1, 2, 3, 4];
/** Source of a round: a mode of the practice or the wrong-question book. */
export const Source = { mode: 1, wrongBook: 2 } as const;
const WRONG_ROUND_MAX = 200;

const openTo = (p: Practice, scope: UserScope) => p.userIds.includes(scope.userId) || isOpenTo(p.openRange, scope);

/** An enabled practice the learner may use: listed in its users or inside its open range (102 otherwise). */
export async function loadOpenPractice(db: DbOrTx, userId: number, id: number) {
  const [p] = await db.select().from(examPractices).where(and(eq(examPractices.id, id), isNull(examPractices.deletedAt)));
  if (!p || p.status !== 1) throw notFound(PRACTICE_NOT_FOUND);
  if (!openTo(p, await userScope(db, userId))) throw new AppError(LegacyCode.noOpenPermission, PRACTICE_NO_PERMISSION);
  return p;
}

/** The practice's folders and every folder under them. */
async function folderTree(db: DbOrTx, folderIds: number[]): Promise<number[]> {
  if (!folderIds.length) return [];
  const ids = sql.join(folderIds.map((f) => sql`${f}`), sql`, `);
  const res = await db.execute(sql`
    with recursive down as (
      select id from ${materialFolders} where id in (${ids})
      union select c.id from ${materialFolders} c join down on c.parent_id = down.id
    ) select id from down`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: unknown }[];
  return [...new Set([...folderIds, ...rows.map((r) => Number(r.id))])];
}

/** Usable questions of the practice in bank order, optionally of one type. */
async function poolOf(db: DbOrTx, p: Pick<Practice, "folderIds">, questionType?: number | null) {
  const folders = await folderTree(db, p.folderIds);
  if (!folders.length) return [];
  return db
    .select({ id: examQuestions.id, questionType: examQuestions.questionType })
    .from(examQuestions)
    .where(
      and(
        inArray(examQuestions.folderId, folders),
        eq(examQuestions.status, 1),
        isNull(examQuestions.deletedAt),
        inArray(examQuestions.questionType, questionType ? [questionType as QuestionType] : PRACTICE_TYPES),
      ),
    )
    .orderBy(examQuestions.id);
}

/** How many questions of each type the folders (and their sub-folders) offer to a practice. */
export async function typeCounts(db: DbOrTx, p: Pick<Practice, "folderIds">) {
  const pool = await poolOf(db, p);
  return PRACTICE_TYPES.map((t) => ({ questionType: t, questionTypeName: QUESTION_TYPE_NAMES[t], count: pool.filter((q) => q.questionType === t).length }));
}

const practiceCard = (p: Practice) => ({ id: p.id, name: p.name, description: p.description, modes: p.modes.map((m) => ({ ...m, modeTypeName: MODE_NAMES[m.modeType] ?? m.name })) });

/** Practices open to the learner, newest first, with their own figures. */
export async function listPractices(db: DbOrTx, userId: number, paging: { pageNo?: number; pageSize?: number; page?: number; element?: number } = {}) {
  const scope = await userScope(db, userId);
  const all = await db.select().from(examPractices).where(and(eq(examPractices.status, 1), isNull(examPractices.deletedAt))).orderBy(desc(examPractices.id));
  const page = pageOfArray(all.filter((p) => openTo(p, scope)), pageOf(paging, 12));
  const stats = await statsOfPractices(db, userId, page.list.map((p) => p.id));
  const list = [];
  for (const p of page.list) list.push({ ...practiceCard(p), questionCount: (await poolOf(db, p)).length, stats: stats.get(p.id) ?? EMPTY_STATS });
  return { ...page, list };
}

/** Unfinished rounds of the learner in a practice, newest first. */
async function openSessions(db: DbOrTx, userId: number, practiceId: number) {
  return db
    .select()
    .from(examPracticeSessions)
    .where(and(eq(examPracticeSessions.userId, userId), eq(examPracticeSessions.practiceId, practiceId), eq(examPracticeSessions.status, 0)))
    .orderBy(desc(examPracticeSessions.id));
}

const roundOf = (s: Session) => ({ sessionId: s.id, questionType: s.questionType, total: s.items.length, answeredCount: s.answeredCount, correctCount: s.correctCount, position: s.position, startTime: s.createdAt.getTime() });

/** A practice's page: its modes with any round to continue, the question types on offer, the learner's figures. */
export async function practiceDetail(db: DbOrTx, userId: number, id: number) {
  const p = await loadOpenPractice(db, userId, id);
  const [types, stats, open] = await Promise.all([typeCounts(db, p), statsOfPractices(db, userId, [p.id]), openSessions(db, userId, p.id)]);
  return {
    ...practiceCard(p),
    questionCount: types.reduce((s, t) => s + t.count, 0),
    types,
    modes: practiceCard(p).modes.map((m) => ({ ...m, unfinished: open.filter((s) => s.source === Source.mode && s.modeId === m.id).map(roundOf) })),
    wrongRound: open.filter((s) => s.source === Source.wrongBook).map(roundOf)[0] ?? null,
    stats: stats.get(p.id) ?? EMPTY_STATS,
  };
}

function shuffled<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * The next sequential round: it starts after the last question answered in the previous round of the
 * same mode (and type), or at that round's first question when none was answered; past the end of the
 * bank it starts over from the first question.
 */
async function nextSequential(tx: DbOrTx, userId: number, p: Practice, modeId: number, questionType: number | null, pool: number[], size: number) {
  const [prev] = await tx
    .select()
    .from(examPracticeSessions)
    .where(
      and(
        eq(examPracticeSessions.userId, userId),
        eq(examPracticeSessions.practiceId, p.id),
        eq(examPracticeSessions.source, Source.mode),
        eq(examPracticeSessions.modeId, modeId),
        questionType ? eq(examPracticeSessions.questionType, questionType) : isNull(examPracticeSessions.questionType),
      ),
    )
    .orderBy(desc(examPracticeSessions.id))
    .limit(1);
  let from = 0;
  if (prev) {
    const answered = new Set((await tx.select({ q: examPracticeAnswers.questionId }).from(examPracticeAnswers).where(eq(examPracticeAnswers.sessionId, prev.id))).map((r) => r.q));
    const lastIndex = prev.items.reduce((last, q, i) => (answered.has(q) ? i : last), -1);
    from = lastIndex >= 0 ? pool.findIndex((q) => q > prev.items[lastIndex]!) : pool.findIndex((q) => q >= (prev.items[0] ?? 0));
    if (from < 0) from = 0;
  }
  return pool.slice(from, from + size);
}

/**
 * Starts a round in a mode, or resumes the unfinished one of that mode (and type). Sequential and by-type
 * rounds go through the bank in order and carry on where the last round stopped; random rounds draw
 * questionCount questions anew. restart gives up the unfinished round first.
 */
export async function startPractice(db: Db, userId: number, input: { id: number; modeId: number; questionType?: number; restart?: boolean }) {
  const p = await loadOpenPractice(db, userId, input.id);
  const mode = p.modes.find((m) => m.id === input.modeId);
  if (!mode) throw badInput("练习模式不存在");
  if (mode.modeType === 3 && !input.questionType) throw badInput("请选择要练习的题型");
  const questionType = mode.modeType === 3 ? input.questionType! : null;
  return db.transaction(async (tx) => {
    // One round per learner and practice at a time is started; the row lock orders concurrent starts.
    await tx.execute(sql`select 1 from ${examPractices} where ${examPractices.id} = ${p.id} for update`);
    const [current] = (await openSessions(tx, userId, p.id)).filter((s) => s.source === Source.mode && s.modeId === mode.id && (s.questionType ?? null) === questionType);
    if (current && !input.restart) return { sessionId: current.id, resumed: true };
    if (current) await tx.update(examPracticeSessions).set({ status: 1, finishedAt: new Date() }).where(eq(examPracticeSessions.id, current.id));
    const pool = (await poolOf(tx, p, questionType)).map((q) => q.id);
    if (!pool.length) throw fail(questionType ? `该练习暂无${QUESTION_TYPE_NAMES[questionType as QuestionType]}` : "该练习暂无可练习的题目");
    const size = Math.max(1, mode.questionCount);
    const items = mode.modeType === 2 ? shuffled(pool).slice(0, size) : await nextSequential(tx, userId, p, mode.id, questionType, pool, size);
    const [row] = await tx
      .insert(examPracticeSessions)
      .values({ practiceId: p.id, userId, source: Source.mode, modeId: mode.id, modeType: mode.modeType, questionType, items })
      .returning();
    return { sessionId: row!.id, resumed: false };
  });
}

/** Starts (or resumes) a round over the wrong-question book, the most recent mistakes first. */
export async function startWrongRound(db: Db, userId: number, input: { id: number; restart?: boolean }) {
  const p = await loadOpenPractice(db, userId, input.id);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${examPractices} where ${examPractices.id} = ${p.id} for update`);
    const [current] = (await openSessions(tx, userId, p.id)).filter((s) => s.source === Source.wrongBook);
    if (current && !input.restart) return { sessionId: current.id, resumed: true };
    if (current) await tx.update(examPracticeSessions).set({ status: 1, finishedAt: new Date() }).where(eq(examPracticeSessions.id, current.id));
    const rows = await tx
      .select({ q: examPracticeWrongs.questionId })
      .from(examPracticeWrongs)
      .where(and(eq(examPracticeWrongs.practiceId, p.id), eq(examPracticeWrongs.userId, userId)))
      .orderBy(desc(examPracticeWrongs.lastWrongAt), desc(examPracticeWrongs.id))
      .limit(WRONG_ROUND_MAX);
    if (!rows.length) throw fail("错题本暂无题目");
    const [row] = await tx
      .insert(examPracticeSessions)
      .values({ practiceId: p.id, userId, source: Source.wrongBook, items: rows.map((r) => r.q) })
      .returning();
    return { sessionId: row!.id, resumed: false };
  });
}

/** The learner's own round; another learner's reads as missing. */
async function ownSession(db: DbOrTx, userId: number, sessionId: number, lock = false) {
  const q = db.select().from(examPracticeSessions).where(and(eq(examPracticeSessions.id, sessionId), eq(examPracticeSessions.userId, userId)));
  const [s] = lock ? await q.for("update") : await q;
  if (!s) throw notFound(SESSION_NOT_FOUND);
  return s;
}

const optionsOf = (q: Question) => (q.questionType === 3 && !q.options.length ? JUDGE_OPTIONS : q.options);

/** An answer as a reader sees it: option keys, 正确/错误, or the blanks (alternatives after "或"). */
export function answerText(q: Pick<Question, "questionType" | "options">, answer: string[]): string {
  if (q.questionType === 3) return answer.map((k) => (k === "A" ? "正确" : k === "B" ? "错误" : k)).join("");
  if (q.questionType === 4) return answer.map((b) => b.split("|").filter(Boolean).join(" 或 ")).join("；");
  return [...answer].sort().join("、");
}

function learnerQuestion(q: Question, sort: number) {
  const type = q.questionType as QuestionType;
  return { questionId: q.id, questionType: type, questionTypeName: QUESTION_TYPE_NAMES[type], content: q.content, options: optionsOf(q), blankCount: blankCount(type, q.answer), score: 0, sort };
}

function resultOf(q: Question, a: { answer: string[]; isCorrect: number }) {
  return {
    questionId: q.id,
    answer: a.answer,
    isCorrect: a.isCorrect,
    answerText: answerText(q, a.answer),
    rightAnswer: q.answer,
    rightAnswerText: answerText(q, q.answer),
    analysis: q.analysis,
  };
}

async function wrongBookCount(db: DbOrTx, userId: number, practiceId: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(examPracticeWrongs).where(and(eq(examPracticeWrongs.practiceId, practiceId), eq(examPracticeWrongs.userId, userId)));
  return n;
}

const summaryOf = (s: Session) => ({
  total: s.items.length,
  answeredCount: s.answeredCount,
  correctCount: s.correctCount,
  wrongCount: s.answeredCount - s.correctCount,
  correctRate: rateOf(s.correctCount, s.answeredCount),
  durationSeconds: Math.max(0, Math.round(((s.finishedAt ?? s.updatedAt).getTime() - s.createdAt.getTime()) / 1000)),
});

/** A round with its questions; right answers and analysis only for questions already answered. */
export async function sessionView(db: DbOrTx, userId: number, sessionId: number) {
  const s = await ownSession(db, userId, sessionId);
  const [[p], questions, answers, wrongs] = await Promise.all([
    db.select({ name: examPractices.name, modes: examPractices.modes }).from(examPractices).where(eq(examPractices.id, s.practiceId)),
    s.items.length ? db.select().from(examQuestions).where(inArray(examQuestions.id, s.items)) : Promise.resolve([]),
    db.select().from(examPracticeAnswers).where(eq(examPracticeAnswers.sessionId, s.id)),
    wrongBookCount(db, userId, s.practiceId),
  ]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const ordered = s.items.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const mode = p?.modes.find((m) => m.id === s.modeId);
  return {
    sessionId: s.id,
    practiceId: s.practiceId,
    practiceName: p?.name ?? "",
    source: s.source,
    modeId: s.modeId,
    modeType: s.modeType,
    modeName: s.source === Source.wrongBook ? "错题练习" : (mode?.name ?? MODE_NAMES[s.modeType] ?? "练习"),
    questionType: s.questionType,
    status: s.status,
    position: Math.min(s.position, Math.max(0, ordered.length - 1)),
    startTime: s.createdAt.getTime(),
    finishTime: s.finishedAt?.getTime() ?? null,
    summary: summaryOf(s),
    /** Questions now in the practice's wrong-question book. */
    wrongBookCount: wrongs,
    questions: ordered.map((q, i) => learnerQuestion(q, i + 1)),
    answers: answers.flatMap((a) => (byId.has(a.questionId) ? [resultOf(byId.get(a.questionId)!, a)] : [])),
  };
}

/**
 * Grades one answer at once and returns the right answer and the analysis. An answer is final in its
 * round: sending it again returns the first result. A wrong answer goes into the wrong-question book, a
 * right one takes the question out. The round finishes by itself when its last question is answered.
 */
export async function answerQuestion(db: Db, userId: number, input: { sessionId: number; questionId: number; answer: string[] }) {
  const given = input.answer.map((a) => a.trim());
  if (!given.some(Boolean)) throw badInput("请先作答");
  return db.transaction(async (tx) => {
    const s = await ownSession(tx, userId, input.sessionId, true);
    const index = s.items.indexOf(input.questionId);
    if (index < 0) throw badInput("该题不在本次练习中");
    const [q] = await tx.select().from(examQuestions).where(eq(examQuestions.id, input.questionId));
    if (!q) throw notFound("题目不存在或已删除");
    const [prior] = await tx.select().from(examPracticeAnswers).where(and(eq(examPracticeAnswers.sessionId, s.id), eq(examPracticeAnswers.questionId, q.id)));
    if (prior) return { ...resultOf(q, prior), repeated: true, cleared: false, finished: s.status === 1, summary: summaryOf(s), wrongBookCount: await wrongBookCount(tx, userId, s.practiceId) };
    if (s.status !== 0) throw fail("本次练习已结束，请重新开始练习");
    if (q.questionType <= 3) {
      const keys = new Set(optionsOf(q).map((o) => o.key));
      if (given.some((k) => !keys.has(k.toUpperCase()))) throw badInput("答案须为本题的选项");
      if (q.questionType !== 2 && given.length !== 1) throw badInput("本题只能选择一个答案");
    }
    const answer = q.questionType <= 3 ? [...new Set(given.map((k) => k.toUpperCase()))].sort() : given;
    const isCorrect = gradeAnswer(q.questionType as QuestionType, q.answer, answer, 1).isCorrect === 1 ? 1 : 0;
    await tx.insert(examPracticeAnswers).values({ sessionId: s.id, practiceId: s.practiceId, userId, questionId: q.id, answer, isCorrect });
    const answeredCount = s.answeredCount + 1;
    const finished = answeredCount >= s.items.length;
    const [updated] = await tx
      .update(examPracticeSessions)
      .set({ answeredCount, correctCount: s.correctCount + isCorrect, position: index, ...(finished ? { status: 1, finishedAt: new Date() } : {}) })
      .where(eq(examPracticeSessions.id, s.id))
      .returning();
    const book = and(eq(examPracticeWrongs.practiceId, s.practiceId), eq(examPracticeWrongs.userId, userId), eq(examPracticeWrongs.questionId, q.id));
    let cleared = false;
    if (isCorrect) cleared = (await tx.delete(examPracticeWrongs).where(book).returning({ id: examPracticeWrongs.id })).length > 0;
    else {
      await tx
        .insert(examPracticeWrongs)
        .values({ practiceId: s.practiceId, userId, questionId: q.id, lastAnswer: answer })
        .onConflictDoUpdate({
          target: [examPracticeWrongs.practiceId, examPracticeWrongs.userId, examPracticeWrongs.questionId],
          set: { wrongCount: sql`${examPracticeWrongs.wrongCount} + 1`, lastAnswer: answer, lastWrongAt: new Date() },
        });
    }
    return { ...resultOf(q, { answer, isCorrect }), repeated: false, cleared, finished, summary: summaryOf(updated!), wrongBookCount: await wrongBookCount(tx, userId, s.practiceId) };
  });
}

/** Remembers where the learner is in a round, so a reload opens the same question. */
export async function savePosition(db: DbOrTx, userId: number, input: { sessionId: number; position: number }) {
  const s = await ownSession(db, userId, input.sessionId);
  if (input.position >= s.items.length) throw badInput("题目序号超出范围");
  if (s.status === 0) await db.update(examPracticeSessions).set({ position: input.position }).where(eq(examPracticeSessions.id, s.id));
  return { sessionId: s.id, position: input.position };
}

/** Ends a round early (a round whose every question is answered has ended already). */
export async function finishPractice(db: DbOrTx, userId: number, sessionId: number) {
  const s = await ownSession(db, userId, sessionId);
  if (s.status === 0) await db.update(examPracticeSessions).set({ status: 1, finishedAt: new Date() }).where(and(eq(examPracticeSessions.id, s.id), eq(examPracticeSessions.status, 0)));
  return sessionView(db, userId, sessionId);
}

/** The wrong-question book of a practice, the most recent mistakes first, with answers and analysis. */
export async function wrongBook(db: DbOrTx, userId: number, input: { id: number; pageNo?: number; pageSize?: number; page?: number; element?: number }) {
  const p = await loadOpenPractice(db, userId, input.id);
  const paging = pageOf(input, 10);
  const where = and(eq(examPracticeWrongs.practiceId, p.id), eq(examPracticeWrongs.userId, userId));
  const { list, total, pageNo, pageSize } = await paginate(
    paging,
    db.select({ total: count() }).from(examPracticeWrongs).where(where),
    db
      .select({ w: examPracticeWrongs, q: examQuestions })
      .from(examPracticeWrongs)
      .innerJoin(examQuestions, eq(examQuestions.id, examPracticeWrongs.questionId))
      .where(where)
      .orderBy(desc(examPracticeWrongs.lastWrongAt), desc(examPracticeWrongs.id)),
  );
  return {
    practiceId: p.id,
    practiceName: p.name,
    list: list.map(({ w, q }, i) => ({
      ...learnerQuestion(q, pageOffset(paging) + i + 1),
      wrongCount: w.wrongCount,
      lastAnswer: w.lastAnswer,
      lastAnswerText: answerText(q, w.lastAnswer),
      rightAnswerText: answerText(q, q.answer),
      analysis: q.analysis,
      lastWrongTime: w.lastWrongAt.getTime(),
    })),
    total,
    pageNo,
    pageSize,
  };
}

/** Takes a question out of the wrong-question book by hand. */
export async function removeWrong(db: DbOrTx, userId: number, input: { id: number; questionId: number }) {
  const removed = await db
    .delete(examPracticeWrongs)
    .where(and(eq(examPracticeWrongs.practiceId, input.id), eq(examPracticeWrongs.userId, userId), eq(examPracticeWrongs.questionId, input.questionId)))
    .returning({ id: examPracticeWrongs.id });
  if (!removed.length) throw notFound("错题本中没有这道题");
  return { questionId: input.questionId, removed: true };
}
