import { creditStudyDaysFrom } from "../checkin/study-days.service";
import { onPathContentCompletedAll } from "../path/completion.service";
import { and, desc, eq, getTableColumns, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { batched } from "@db/batch";
import { executeNamed, idIn, prepared, preparedSql, rowsOf } from "@db/prepared";
import { sideBySide } from "@db/side-by-side";
import { examAnswers, examAttempts, examMembers, examOpenRanges, examQuestions, exams, type QuestionType } from "@db/schema";
import { badInput, fail, isDatabaseUnavailable, notFound, reasonOf } from "@base/errors";
import { groupBy } from "@base/group";
import {
  allowedAttempts,
  assertOpen,
  deadlineOf,
  EXAM_ENDED,
  EXAM_NOT_FOUND,
  examPhase,
  graceCutoff,
  isPastGrace,
  loadExam,
  seconds,
  startRefusal,
  type Exam,
} from "./access";
import { gradeAnswer, isObjective, partialRulesOf, QUESTION_TYPE_NAMES } from "./grading";
import { onExamPassedAll } from "../cert/issue.service";
import { enqueueExamPasses } from "../event/event.service";
import { buildPaperItems } from "./paper.service";
import { assertFacePassed } from "./proctor.service";
import { checkClosedAttempt, NO_TALLIES, talliesOfAll } from "./fraud.service";

export type Attempt = typeof examAttempts.$inferSelect;
export const PAPER_NOT_FOUND = "答卷不存在";
export const TIME_UP = "考试时间已到，答案未能保存";
export const ALREADY_SUBMITTED = "试卷已提交，不能继续作答";

/** Submit types: 1 by the learner, 2 time up (closed on read), 3 screen-cut limit, 4 periodic sweep. */
export const SubmitType = { learner: 1, timeUp: 2, screenCut: 3, sweep: 4 } as const;

/** Registers a learner (idempotent) and builds their first paper now, so the start only reads. */
export async function register(db: DbOrTx, userId: number, examId: number, joinType: 1 | 2 = 1) {
  const exam = await loadExam(db, examId, { enabledOnly: joinType === 1 });
  if (joinType === 1) await assertOpen(db, examId, userId);
  if (examPhase(exam) === 2) throw fail(EXAM_ENDED);
  await db.insert(examMembers).values({ examId, userId, joinType }).onConflictDoNothing();
  const attempt = await preparePaper(db, exam, userId);
  return { examId, registered: true, paperId: attempt?.id ?? null };
}

/** The learner's newest attempt; a prepared or running one is reused. */
async function latestAttempt(db: DbOrTx, examId: number, userId: number) {
  const [row] = await prepared(db, "exam_latest_attempt", (d) =>
    d
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, sql.placeholder("examId")), eq(examAttempts.userId, sql.placeholder("userId"))))
      .orderBy(desc(examAttempts.attemptNo))
      .limit(1)
      .prepare("exam_latest_attempt"),
  ).execute({ examId, userId });
  return row;
}

/** Builds attempt 1's paper when the learner has none yet (registration or waiting hall). */
export async function preparePaper(db: DbOrTx, exam: Exam, userId: number) {
  const latest = await latestAttempt(db, exam.id, userId);
  if (latest) return latest;
  if (!exam.paperId) throw fail("考试尚未设置试卷");
  const items = await buildPaperItems(db, exam.paperId);
  await db.insert(examAttempts).values({ examId: exam.id, userId, attemptNo: 1, items, status: 0 }).onConflictDoNothing();
  return latestAttempt(db, exam.id, userId);
}

export function attemptView(exam: Exam, a: Attempt, now = Date.now()) {
  return {
    paperId: a.id,
    examId: a.examId,
    attemptNo: a.attemptNo,
    status: a.status,
    startTime: a.startedAt?.getTime() ?? null,
    deadline: a.deadline?.getTime() ?? null,
    serverTime: now,
    remainSeconds: a.deadline && a.status === 1 ? seconds(a.deadline.getTime() - now) : 0,
    limitTime: exam.limitTime,
  };
}

/**
 * Starts (or resumes) the learner's sitting. Idempotent: while an attempt runs, every call answers it;
 * a new attempt is only made after a submitted one, within 1 + makeupCount, and the unique
 * (exam, user, attemptNo) index makes a double click land on the same row. Only a registered learner
 * starts (startRefusal): entering the waiting hall or opening the page registers nobody.
 */
export async function startExam(db: Db, userId: number, examId: number) {
  // Two reads side by side (the learner's newest attempt is only used once the checks pass); the open
  // range is read only when the exam has one.
  const [found, latest] = await Promise.all([examForStart(db, examId, userId), latestAttempt(db, examId, userId)]);
  if (!found || found.exam.status !== 1) throw notFound(EXAM_NOT_FOUND);
  const exam = found.exam;
  if (found.hasRanges) await assertOpen(db, examId, userId);
  ensureSweeper(db);
  let current = latest;
  if (current && examPhase(exam) === 1) current = await closeIfOverdue(db, exam, current);
  const refused = startRefusal(exam, found.isMember, current);
  if (refused) throw fail(refused.message);
  // The synchronised start is reads plus one atomic update: resume a running attempt, or start the
  // paper built at registration; only a first-time or makeup start needs the transaction below.
  if (current?.status === 1) return attemptView(exam, current);
  await assertFacePassed(db, exam, userId);
  if (current?.status === 0) {
    const now = new Date();
    const [started] = await prepared(db, "exam_start_attempt", (d) =>
      d
        .update(examAttempts)
        .set({ status: 1, startedAt: sql`${sql.placeholder("now")}::timestamptz`, deadline: sql`${sql.placeholder("deadline")}::timestamptz` })
        .where(and(eq(examAttempts.id, sql.placeholder("id")), eq(examAttempts.status, 0)))
        .returning()
        .prepare("exam_start_attempt"),
    ).execute({ id: current.id, now: now.toISOString(), deadline: deadlineOf(exam, now).toISOString() });
    if (started) return attemptView(exam, started);
  }
  const attempt = await db.transaction(async (tx) => {
    const latest = (await preparePaper(tx, exam, userId))!;
    if (latest.status === 1) return latest;
    const now = new Date();
    if (latest.status === 0) {
      const [started] = await tx
        .update(examAttempts)
        .set({ status: 1, startedAt: now, deadline: deadlineOf(exam, now) })
        .where(and(eq(examAttempts.id, latest.id), eq(examAttempts.status, 0)))
        .returning();
      return started ?? (await latestAttempt(tx, examId, userId))!;
    }
    // Checked again here: another request may have closed an attempt since the reads above.
    const refusedNow = startRefusal(exam, true, latest);
    if (refusedNow) throw fail(refusedNow.message);
    const items = await buildPaperItems(tx, exam.paperId!);
    const [made] = await tx
      .insert(examAttempts)
      .values({ examId, userId, attemptNo: latest.attemptNo + 1, items, status: 1, startedAt: now, deadline: deadlineOf(exam, now) })
      .onConflictDoNothing()
      .returning();
    return made ?? (await latestAttempt(tx, examId, userId))!;
  });
  return attemptView(exam, attempt);
}

/** The exam as loadExam reads it, whether it has an open range (then assertOpen decides) and whether the learner registered. */
async function examForStart(db: DbOrTx, examId: number, userId: number) {
  const [row] = await prepared(db, "exam_for_start_member", (d) =>
    d
      .select({
        exam: exams,
        hasRanges: sql<boolean>`exists (select 1 from ${examOpenRanges} where ${examOpenRanges}.exam_id = ${exams}.id)`,
        isMember: sql<boolean>`exists (select 1 from ${examMembers} where ${examMembers}.exam_id = ${exams}.id and ${examMembers}.user_id = ${sql.placeholder("userId")})`,
      })
      .from(exams)
      .where(and(eq(exams.id, sql.placeholder("examId")), isNull(exams.deletedAt)))
      .prepare("exam_for_start_member"),
  ).execute({ examId, userId });
  return row;
}

/** The learner's own attempt, or 404. */
export async function ownAttempt(db: DbOrTx, userId: number, paperId: number) {
  const [a] = await prepared(db, "exam_own_attempt", (d) =>
    d
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, sql.placeholder("paperId")), eq(examAttempts.userId, sql.placeholder("userId"))))
      .prepare("exam_own_attempt"),
  ).execute({ paperId, userId });
  if (!a) throw notFound(PAPER_NOT_FOUND);
  return a;
}

/** The learner's own attempt and its exam in one query: 404 for either, as ownAttempt then loadExam. */
export async function ownAttemptWithExam(db: DbOrTx, userId: number, paperId: number): Promise<{ a: Attempt; exam: Exam }> {
  const [row] = await prepared(db, "exam_own_attempt_with_exam", (d) =>
    d
      .select({ a: examAttempts, exam: exams })
      .from(examAttempts)
      .leftJoin(exams, and(eq(exams.id, examAttempts.examId), isNull(exams.deletedAt)))
      .where(and(eq(examAttempts.id, sql.placeholder("paperId")), eq(examAttempts.userId, sql.placeholder("userId"))))
      .prepare("exam_own_attempt_with_exam"),
  ).execute({ paperId, userId });
  if (!row) throw notFound(PAPER_NOT_FOUND);
  if (!row.exam) throw notFound(EXAM_NOT_FOUND);
  return { a: row.a, exam: row.exam };
}

const isOverdue = (a: Attempt, now = Date.now()) => a.status === 1 && isPastGrace(a.deadline, now);

/**
 * A paper's questions by id, for grading and for the learner's paper: built once, prepared per connection
 * (one round trip, where an unprepared statement needs two).
 */
export const questionsOf = (db: DbOrTx, ids: number[]) =>
  ids.length
    ? prepared(db, "exam_paper_questions", (d) => d.select().from(examQuestions).where(idIn(examQuestions.id)).prepare("exam_paper_questions")).execute({ ids: ids.join(",") })
    : Promise.resolve([]);

type AnswerRow = typeof examAnswers.$inferSelect;
type QuestionRow = typeof examQuestions.$inferSelect;
type Closing = { exam: Exam; attempt: Attempt; submitType: number; answers: AnswerRow[] };

/**
 * Grades and closes attempts inside a transaction that holds their row locks, given their stored answers
 * and (some of) their questions. However many attempts, the writes are four statements sent together
 * (on PostgreSQL one round trip): every answer's grade, every attempt's close, the study-day credit of
 * each exam, the fraud rules' counts. A passed attempt issues its certificates, settles its maps and
 * reports to events, each learner's beside the others' (one attempt a learner per exam); what is bound to
 * the exam is looked up in the writes' round trip, so a turn whose passes have nothing bound takes no
 * round trip more.
 */
async function finaliseAll(tx: DbOrTx, closings: Closing[], known: QuestionRow[]) {
  if (!closings.length) return [];
  const byId = new Map(known.map((q) => [q.id, q]));
  const missing = [...new Set(closings.flatMap((c) => c.attempt.items.map((i) => i.questionId)))].filter((id) => !byId.has(id));
  if (missing.length) for (const q of await questionsOf(tx, missing)) byId.set(q.id, q);
  const submittedAt = new Date();
  const grades: { id: number; score: number | null; is_correct: number | null }[] = [];
  // Each attempt's answers as stored once graded: what its result page reads back (GradedAnswer).
  const graded: GradedAnswer[][] = [];
  const closes: { id: number; submit_type: number; score: number; pending: number; is_pass: number | null }[] = [];
  // Time in the exam counts towards the learner's study day (check-in), never more than its duration.
  const credited: { examId: number; user_id: number; seconds: number }[] = [];
  for (const { exam, attempt, submitType, answers } of closings) {
    const given = new Map(answers.map((a) => [a.questionId, a]));
    const rules = partialRulesOf(exam);
    let score = 0;
    let pending = 0;
    const stored = new Map<number, GradedAnswer>(answers.map((r) => [r.questionId, { questionId: r.questionId, answer: r.answer, score: r.score, isCorrect: r.isCorrect }]));
    for (const item of attempt.items) {
      const q = byId.get(item.questionId);
      if (!q) continue;
      const row = given.get(item.questionId);
      const g = gradeAnswer(q.questionType as QuestionType, q.answer, row?.answer, item.score, rules);
      if (g.score === null) pending += 1;
      else score += g.score;
      if (row) {
        grades.push({ id: row.id, score: g.score, is_correct: g.isCorrect });
        stored.set(row.questionId, { questionId: row.questionId, answer: row.answer, score: g.score, isCorrect: g.isCorrect });
      }
    }
    graded.push([...stored.values()]);
    closes.push({ id: attempt.id, submit_type: submitType, score, pending, is_pass: pending > 0 ? null : score >= exam.passScore ? 1 : 0 });
    const spent = (submittedAt.getTime() - (attempt.startedAt ?? submittedAt).getTime()) / 1000;
    const seconds = Math.floor(Math.min(spent, (exam.limitTime > 0 ? exam.limitTime : 24 * 60) * 60));
    if (seconds > 0) credited.push({ examId: exam.id, user_id: attempt.userId, seconds });
  }
  const p = (name: string) => sql.placeholder(name);
  const storeGrades = grades.length
    ? preparedSql(
        tx,
        "exam_grade_store",
        () => sql`
      update ${examAnswers} set score = v.score, is_correct = v.is_correct
      from jsonb_to_recordset(${p("grades")}::jsonb) as v(id bigint, score double precision, is_correct smallint)
      where ${examAnswers.id} = v.id`,
      ).execute({ grades: JSON.stringify(grades) })
    : null;
  // The rows are locked and running, so this update closes them.
  const close = prepared(tx, "exam_close_attempts", (t) =>
    t
      .update(examAttempts)
      .set({
        status: 2,
        submittedAt: sql`${p("at")}::timestamptz`,
        submitType: sql`v.submit_type`,
        score: sql`v.score`,
        objectiveScore: sql`v.score`,
        pendingCount: sql`v.pending`,
        isPass: sql`v.is_pass`,
      })
      .from(sql`jsonb_to_recordset(${p("closes")}::jsonb) as v(id bigint, submit_type smallint, score double precision, pending integer, is_pass smallint)`)
      .where(and(sql`${examAttempts.id} = v.id`, eq(examAttempts.status, 1)))
      .returning(getTableColumns(examAttempts))
      .prepare("exam_close_attempts"),
  ).execute({ closes: JSON.stringify(closes), at: submittedAt.toISOString() });
  const credit = [...groupBy(credited, (c) => c.examId)].map(([examId, rows]) =>
    executeNamed(
      tx,
      "exam_credit_study_days",
      creditStudyDaysFrom(sql`select * from jsonb_to_recordset(${JSON.stringify(rows.map(({ user_id, seconds }) => ({ user_id, seconds })))}::jsonb) as r(user_id bigint, seconds integer)`, 3, examId, submittedAt),
    ),
  );
  // What the fraud rules count (checks up to this submission), read alongside.
  const tallies = talliesOfAll(
    tx,
    closings.map((c) => ({ ...c.attempt, submittedAt })),
  );
  // A pass issues its certificates, settles the learner's maps and tells the exam's outside events, in
  // the transaction that records it (once per learner and exam); each read once per exam for all passes.
  // The passes are known before the close is written (its rows take the grades above), so the first
  // exam's look-ups of what is bound go out behind the writes, in their round trip: PostgreSQL runs them
  // after the writes, and whatever reads a pass (a map's exam node) comes later still. Exam after exam: a
  // learner passing two exams of one series in one call is settled by the first and found done by the
  // second. Within an exam the three are independent: sent side by side.
  const passedByExam = groupBy(
    closings.flatMap(({ exam, attempt }, i) => (closes[i]!.is_pass === 1 ? [{ examId: exam.id, userId: attempt.userId, score: closes[i]!.score }] : [])),
    (p) => p.examId,
  );
  // Started now, so the first exam's look-ups are sent before anything is awaited.
  const passesSettled = (async () => {
    for (const [examId, passed] of passedByExam) {
      const passes = passed.map(({ userId, score }) => ({ userId, score }));
      await sideBySide([
        onExamPassedAll(tx, examId, passes),
        onPathContentCompletedAll(
          tx,
          passes.map((x) => x.userId),
          3,
          examId,
        ),
        enqueueExamPasses(tx, examId, passes),
      ]);
    }
  })();
  // Every chain done before a failure is thrown (sideBySide): the rollback must come after the passes' statements.
  const [, closedRows, , counted] = await sideBySide([storeGrades, close, Promise.all(credit), tallies, passesSettled]);
  const closedById = new Map(closedRows.map((a) => [a.id, a]));
  return closings.map(({ attempt }, i) => {
    const closed = closedById.get(attempt.id);
    if (!closed) throw new Error(`attempt ${attempt.id} was locked and running but did not close`);
    return { closed, tallies: counted.get(attempt.id) ?? NO_TALLIES, answers: graded[i]!, types: byId };
  });
}

type CloseCall = { exam: Exam; attemptId: number; userId?: number; submitType: number; items: Attempt["items"] };
/** A call's attempt as it stands after the close, and, for a close it made, what its result reads (ResultFacts). */
type Closed = { attempt: Attempt | undefined; facts: ResultFacts | null };

/**
 * Locks the attempts' rows, then closes those still running (and, with `onlyIfOverdue`, past their time),
 * answering each call with its attempt as it stands after. The rows are locked in id order, so two such
 * transactions, or one and the saves' share locks, wait for each other and never deadlock. `items` are
 * the papers as read before (an attempt's items never change once it exists): their questions are read
 * with the locks. With `withFacts` (the learners' submits), the learners' attempts on those exams are
 * read with them, and each attempt this transaction closed is answered with its result's facts: the
 * result page then needs no read of its own after the close.
 */
async function closeLockedAll(db: Db | DbOrTx, calls: CloseCall[], onlyIfOverdue: boolean, withFacts = false): Promise<Closed[]> {
  return db.transaction(async (tx) => {
    // Sent together, in this order, on the transaction's one connection: PostgreSQL runs them one after
    // the other, so the answers are read once the locks are held, after every save that held a row
    // (share lock) has committed. One round trip instead of three while the server is busy.
    const ids = calls.map((c) => c.attemptId).join(",");
    const lock = prepared(tx, "exam_lock_attempts", (t) => t.select().from(examAttempts).where(idIn(examAttempts.id)).orderBy(examAttempts.id).for("update").prepare("exam_lock_attempts")).execute({ ids });
    const answers = prepared(tx, "exam_grade_answers", (t) => t.select().from(examAnswers).where(idIn(examAnswers.attemptId)).prepare("exam_grade_answers")).execute({ ids });
    const questions = questionsOf(tx, [...new Set(calls.flatMap((c) => c.items.map((i) => i.questionId)))]);
    const siblings = withFacts ? attemptsOfLearners(tx, calls) : Promise.resolve([]);
    const [locked, given, known, others] = await Promise.all([lock, answers, questions, siblings]);
    const attempts = new Map(locked.map((a) => [a.id, a]));
    const answersOf = groupBy(given, (r) => r.attemptId);
    // Closed already (a second submit, the sweep) or not yet due: answered as it stands.
    const running = calls.filter((c) => {
      const a = attempts.get(c.attemptId);
      return a?.status === 1 && (!onlyIfOverdue || isOverdue(a));
    });
    const done = await finaliseAll(
      tx,
      running.map((c) => ({ exam: c.exam, attempt: attempts.get(c.attemptId)!, submitType: c.submitType, answers: answersOf.get(c.attemptId) ?? [] })),
      known,
    );
    await Promise.all(running.map((c, i) => checkClosedAttempt(tx, c.exam, done[i]!.closed, done[i]!.tallies)));
    const closed = new Map(done.map((d) => [d.closed.id, d]));
    const ofLearner = groupBy(others, (a) => `${a.examId}:${a.userId}`);
    return calls.map((c): Closed => {
      const d = closed.get(c.attemptId);
      if (!d) return { attempt: attempts.get(c.attemptId), facts: null };
      if (!withFacts) return { attempt: d.closed, facts: null };
      const a = d.closed;
      const types = new Map<number, QuestionType>();
      for (const item of a.items) {
        const q = d.types.get(item.questionId);
        if (q) types.set(item.questionId, q.questionType as QuestionType);
      }
      const mine = (ofLearner.get(`${a.examId}:${a.userId}`) ?? []).map((x) => (x.id === a.id ? a : x));
      return { attempt: a, facts: { attempts: mine.some((x) => x.id === a.id) ? mine : [...mine, a], types, answers: d.answers } };
    });
  });
}

/** Every attempt of the calls' learners on the calls' exams (a learner's other attempts count in the result). */
function attemptsOfLearners(tx: DbOrTx, calls: CloseCall[]) {
  const users = [...new Set(calls.map((c) => c.userId).filter((u): u is number => u !== undefined))];
  if (!users.length) return Promise.resolve([]);
  return prepared(tx, "exam_attempts_of_learners", (t) =>
    t
      .select()
      .from(examAttempts)
      .where(and(idIn(examAttempts.userId, "users"), idIn(examAttempts.examId, "exams")))
      .prepare("exam_attempts_of_learners"),
  ).execute({ users: users.join(","), exams: [...new Set(calls.map((c) => c.exam.id))].join(",") });
}

/** Locks one attempt, then closes it if it is still running (and, with `onlyIfOverdue`, past its time). */
async function closeLocked(db: Db | DbOrTx, exam: Exam, attemptId: number, submitType: number, onlyIfOverdue: boolean, items: Attempt["items"] = []) {
  const [closed] = await closeLockedAll(db, [{ exam, attemptId, submitType, items }], onlyIfOverdue);
  return closed!.attempt!;
}

/**
 * Closing transactions out at once per process (decision 022): the submits made while they are out wait
 * and go together in the next. Two, since the result no longer reads after the close: measured against
 * one, six interleaved closed-loop runs each, the save's p99 lower in all six and the submit's p99 over
 * 1 s once instead of three times.
 */
const CLOSE_CONCURRENCY = 2;

/**
 * The submits of one turn closed in one transaction (decision 022). When a deadline or a synchronised
 * paper ends, every learner submits within seconds; alone, each close holds a transaction connection for
 * four round trips, and submits queue for those connections. Together (closeLockedAll): the attempts
 * locked and read in one round trip, then all graded and closed by finaliseAll in a few statements
 * whatever their number. A learner's two closes never share a transaction; the second goes in the next.
 * When the transaction fails, nothing of it was written and each submit closes alone, as before.
 */
function closeTogether(db: Db) {
  return batched<CloseCall, Closed>(db, "exam_close_attempts", (d, calls) => closeLockedAll(d, calls, false, true), {
    group: (c) => String(c.userId),
    concurrency: CLOSE_CONCURRENCY,
  });
}

/**
 * Closes a learner's submitted attempt with the others of its turn (answered with its result's facts when
 * this close made it), or alone when that fails.
 */
export async function closeSubmitted(db: Db, exam: Exam, a: Attempt, submitType: number): Promise<Closed> {
  const call = { exam, attemptId: a.id, userId: a.userId, submitType, items: a.items };
  const closed = await closeTogether(db)(call).catch((e: unknown) => {
    if (!isDatabaseUnavailable(e)) console.warn(`[exam] submits together failed, each closed alone: ${reasonOf(e)}`);
    return null;
  });
  return closed ?? { attempt: await closeLocked(db, exam, a.id, submitType, false, a.items), facts: null };
}

/** Any read of an attempt closes it when its time (plus grace) has passed. */
export async function closeIfOverdue(db: DbOrTx, exam: Exam, a: Attempt, submitType: number = SubmitType.timeUp) {
  if (!isOverdue(a)) return a;
  return closeLocked(db, exam, a.id, submitType, true, a.items);
}

/** Overdue attempts closed in one transaction by the sweep. */
const SWEEP_CHUNK = 100;

/** Closes every overdue attempt (the periodic sweep and list reads call it). */
export async function sweepOverdue(db: DbOrTx, opts: { userId?: number; limit?: number } = {}) {
  const cutoff = graceCutoff();
  const conds = [eq(examAttempts.status, 1), lt(examAttempts.deadline, cutoff)];
  if (opts.userId) conds.push(eq(examAttempts.userId, opts.userId));
  const rows = await db.select().from(examAttempts).where(and(...conds)).limit(opts.limit ?? 500);
  const cache = new Map<number, Exam>();
  const calls: CloseCall[] = [];
  for (const a of rows) {
    const exam = cache.get(a.examId) ?? (await loadExam(db, a.examId).catch(() => null));
    if (!exam) continue;
    cache.set(a.examId, exam);
    calls.push({ exam, attemptId: a.id, submitType: opts.userId ? SubmitType.timeUp : SubmitType.sweep, items: a.items });
  }
  // The papers of a deadline close in a few transactions, not one each. A transaction that fails wrote
  // nothing: its papers close alone, so one that cannot close keeps no other paper open (a sweep of one
  // paper, as a learner's read makes, fails as that paper's close does).
  for (let i = 0; i < calls.length; i += SWEEP_CHUNK) {
    const chunk = calls.slice(i, i + SWEEP_CHUNK);
    await closeLockedAll(db, chunk, true).catch(async (e: unknown) => {
      if (isDatabaseUnavailable(e) || chunk.length === 1) throw e;
      console.warn(`[exam] sweep: ${chunk.length} papers together failed, each closed alone: ${reasonOf(e)}`);
      for (const c of chunk) {
        await closeLockedAll(db, [c], true).catch((err: unknown) => {
          if (isDatabaseUnavailable(err)) throw err;
          console.warn(`[exam] sweep: paper ${c.attemptId} not closed: ${reasonOf(err)}`);
        });
      }
    });
  }
  return { closed: rows.length };
}

let sweeper: ReturnType<typeof setInterval> | undefined;
/** Starts the periodic sweep once per process, on the first exam start (never in tests). */
export function ensureSweeper(db: Db) {
  if (sweeper || process.env.NODE_ENV === "test") return;
  sweeper = setInterval(() => {
    // One line, as the other sweeps log: a stop mid-sweep (the pool closing) is not worth a stack.
    sweepOverdue(db).catch((e) => console.warn(`[exam] sweep failed: ${reasonOf(e instanceof Error && e.cause instanceof Error ? e.cause : e)}`));
  }, 20_000);
  sweeper.unref?.();
}

function checkWritable(a: Attempt) {
  if (a.status === 0) throw fail("请先开始考试");
  if (a.status === 2) throw fail(ALREADY_SUBMITTED);
  if (isPastGrace(a.deadline)) throw fail(TIME_UP);
}

type SaveCall = { paperId: number; userId: number; questionId: number; answer: string[]; seq: number };

/** The fast path's statement for a turn's saves: answers, per call, whether the answer was stored. */
function saveFast(db: Db) {
  return batched<SaveCall, boolean>(
    db,
    "exam_save_answers",
    async (d, calls) => {
      const result = await preparedSql(d, "exam_save_answers", () => {
        const p = (name: string) => sql.placeholder(name);
        return sql`
        with x as (
          select * from jsonb_to_recordset(${p("calls")}::jsonb) as x(paper_id bigint, user_id bigint, question_id bigint, answer jsonb, seq bigint)
        ), a as (
          -- Row by row through the key (a join would let the plan scan every attempt for a few saves).
          select x.paper_id, x.question_id, x.answer, x.seq from x
          cross join lateral (
            select 1 from ${examAttempts} t
            where t.id = x.paper_id and t.user_id = x.user_id and t.status = 1
              and (t.deadline is null or t.deadline >= ${p("cutoff")}::timestamptz)
              and t.items @> jsonb_build_array(jsonb_build_object('questionId', x.question_id))
            for share
          ) t
        )
        insert into ${examAnswers} (attempt_id, question_id, answer, seq)
        select a.paper_id, a.question_id, a.answer, a.seq from a
        on conflict (attempt_id, question_id) do update set answer = excluded.answer, seq = excluded.seq, saved_at = now()
          where ${examAnswers.seq} <= excluded.seq
        returning attempt_id, question_id`;
      }).execute({
        // In key order, so two statements that share rows take their locks in the same order (no deadlock).
        calls: JSON.stringify(
          [...calls]
            .sort((a, b) => a.paperId - b.paperId || a.questionId - b.questionId)
            .map((c) => ({ paper_id: c.paperId, user_id: c.userId, question_id: c.questionId, answer: c.answer, seq: c.seq })),
        ),
        cutoff: graceCutoff().toISOString(),
      });
      const stored = new Set(rowsOf<{ attempt_id: number; question_id: number }>(result).map((r) => `${r.attempt_id}:${r.question_id}`));
      return calls.map((c) => stored.has(`${c.paperId}:${c.questionId}`));
    },
    // One statement cannot upsert the same row twice: a second save of a question waits for the next.
    { group: (c) => `${c.paperId}:${c.questionId}` },
  );
}

/**
 * Saves one answer as given. The row lock (shared) keeps a save from landing after grading; the
 * upsert keeps the highest sequence number, so a late-arriving older save never overwrites a newer one.
 */
export async function saveAnswer(db: Db, userId: number, input: { paperId: number; questionId: number; answer: string[]; seq?: number }) {
  const seq = input.seq ?? Date.now();
  // Fast path, one statement for all the saves of this turn (db/batch.ts): each attempt row is
  // share-locked, checked (owner, running, in time, question on the paper) and the answer upserted. A save
  // it did not keep, or a statement that failed, goes through the checks below for the reason.
  const kept = await saveFast(db)({ paperId: input.paperId, userId, questionId: input.questionId, answer: input.answer, seq }).catch((e: unknown) => {
    // Every save of that statement takes the checks below; a fault of the statement itself should not hide there.
    if (!isDatabaseUnavailable(e)) console.warn(`[exam] saves together failed, each saved alone: ${reasonOf(e)}`);
    return false;
  });
  if (kept) return { paperId: input.paperId, questionId: input.questionId, saved: true, kept: true, seq, serverTime: Date.now() };
  // One transaction: read the attempt under a shared lock (grading takes it exclusively), then upsert.
  const out = await db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, input.paperId), eq(examAttempts.userId, userId)))
      .for("share");
    if (!a) throw notFound(PAPER_NOT_FOUND);
    if (isOverdue(a)) return { overdue: a as Attempt, kept: false };
    checkWritable(a);
    if (!a.items.some((i) => i.questionId === input.questionId)) throw badInput("该题不在本试卷中");
    const [row] = await tx
      .insert(examAnswers)
      .values({ attemptId: input.paperId, questionId: input.questionId, answer: input.answer, seq })
      .onConflictDoUpdate({
        target: [examAnswers.attemptId, examAnswers.questionId],
        set: { answer: sql`excluded.answer`, seq: sql`excluded.seq`, savedAt: sql`now()` },
        setWhere: sql`${examAnswers.seq} <= excluded.seq`,
      })
      .returning({ seq: examAnswers.seq });
    return { overdue: null, kept: !!row };
  });
  if (out.overdue) {
    await closeIfOverdue(db, await loadExam(db, out.overdue.examId), out.overdue);
    throw fail(TIME_UP);
  }
  return { paperId: input.paperId, questionId: input.questionId, saved: true, kept: out.kept, seq, serverTime: Date.now() };
}

/** Submits the paper (idempotent): queued answers are saved first, then objective questions graded. */
export async function submitPaper(
  db: Db,
  userId: number,
  input: { paperId: number; answers?: { questionId: number; answer: string[]; seq?: number }[] },
  submitType: number = SubmitType.learner,
) {
  const { a, exam } = await ownAttemptWithExam(db, userId, input.paperId);
  if (a.status === 0) throw fail("请先开始考试");
  if (a.status === 1 && !isOverdue(a)) {
    for (const ans of input.answers ?? []) {
      if (a.items.some((i) => i.questionId === ans.questionId)) await saveAnswer(db, userId, { paperId: a.id, ...ans });
    }
  }
  const closed = await closeSubmitted(db, exam, a, isOverdue(a) ? SubmitType.timeUp : submitType);
  return resultOfAttempt(db, exam, closed.attempt!, userId, closed.facts);
}

/** A graded answer as the result page reads it. */
type GradedAnswer = { questionId: number; answer: string[]; score: number | null; isCorrect: number | null };
/** What an attempt's result is made of: the learner's attempts on the exam, the paper's question types, its graded answers. */
type ResultFacts = { attempts: Attempt[]; types: Map<number, QuestionType>; answers: GradedAnswer[] };

/**
 * What the result page reads for one attempt plus the learner's totals on the exam; `facts` (the close
 * that just graded it holds them) spare the reads.
 */
export async function resultOfAttempt(db: DbOrTx, exam: Exam, a: Attempt, userId: number, facts: ResultFacts | null = null) {
  const [all, breakdown] = facts
    ? [facts.attempts, a.status === 2 ? breakdownFrom(a, facts.types, facts.answers) : null]
    : await Promise.all([
        prepared(db, "exam_attempts_of_user", (d) =>
          d
            .select()
            .from(examAttempts)
            .where(and(eq(examAttempts.examId, sql.placeholder("examId")), eq(examAttempts.userId, sql.placeholder("userId"))))
            .prepare("exam_attempts_of_user"),
        ).execute({ examId: exam.id, userId }),
        a.status === 2 ? breakdownOf(db, a) : null,
      ]);
  const used = all.filter((x) => x.status > 0).length;
  const passed = all.some((x) => x.isPass === 1);
  const best = all.reduce<number | null>((m, x) => (x.score !== null && (m === null || x.score > m) ? x.score : m), null);
  return {
    examId: exam.id,
    examName: exam.name,
    paperId: a.id,
    status: a.status,
    score: a.score,
    isPass: a.isPass,
    pendingCount: a.pendingCount,
    passScore: exam.passScore,
    maxScore: exam.maxScore,
    submitTime: a.submittedAt?.getTime() ?? null,
    submitType: a.submitType,
    bestScore: best,
    hasPassed: passed,
    usedCount: used,
    makeupCount: exam.makeupCount,
    remainCount: passed ? 0 : Math.max(0, allowedAttempts(exam) - used),
    showAnswers: exam.showAnswers,
    canViewAnswer: exam.showAnswers === 1 && a.status === 2,
    attemptNo: a.attemptNo,
    allowedCount: allowedAttempts(exam),
    startTime: a.startedAt?.getTime() ?? null,
    usedSeconds: usedSecondsOf(a),
    questionCount: a.items.length,
    totalScore: a.items.reduce((t, i) => t + i.score, 0),
    correctCount: breakdown?.correctCount ?? null,
    answeredCount: breakdown?.answeredCount ?? null,
    typeScores: breakdown?.typeScores ?? [],
  };
}

/** Time spent on a submitted paper: from the start to the submission, never past the deadline. */
function usedSecondsOf(a: Attempt): number | null {
  if (a.status !== 2 || !a.startedAt || !a.submittedAt) return null;
  const end = Math.min(a.submittedAt.getTime(), a.deadline?.getTime() ?? Infinity);
  return Math.max(0, Math.round((end - a.startedAt.getTime()) / 1000));
}

/** Per question type of a graded paper: questions, points, points earned, right and waiting answers. */
async function breakdownOf(db: DbOrTx, a: Attempt) {
  const ids = a.items.map((i) => i.questionId);
  const [types, answers] = await Promise.all([
    ids.length
      ? prepared(db, "exam_result_types", (d) =>
          d.select({ id: examQuestions.id, questionType: examQuestions.questionType }).from(examQuestions).where(idIn(examQuestions.id)).prepare("exam_result_types"),
        ).execute({ ids: ids.join(",") })
      : [],
    prepared(db, "exam_result_answers", (d) =>
      d
        .select({ questionId: examAnswers.questionId, answer: examAnswers.answer, score: examAnswers.score, isCorrect: examAnswers.isCorrect })
        .from(examAnswers)
        .where(eq(examAnswers.attemptId, sql.placeholder("attemptId")))
        .prepare("exam_result_answers"),
    ).execute({ attemptId: a.id }),
  ]);
  return breakdownFrom(a, new Map(types.map((t) => [t.id, t.questionType as QuestionType])), answers);
}

function breakdownFrom(a: Attempt, typeOf: Map<number, QuestionType>, answers: GradedAnswer[]) {
  const given = new Map(answers.map((x) => [x.questionId, x]));
  const rows = new Map<QuestionType, { questionType: QuestionType; questionTypeName: string; questionCount: number; totalScore: number; score: number; correctCount: number; pendingCount: number }>();
  let correctCount = 0;
  let answeredCount = 0;
  for (const item of a.items) {
    const type = typeOf.get(item.questionId);
    if (!type) continue;
    const row = rows.get(type) ?? { questionType: type, questionTypeName: QUESTION_TYPE_NAMES[type], questionCount: 0, totalScore: 0, score: 0, correctCount: 0, pendingCount: 0 };
    const ans = given.get(item.questionId);
    row.questionCount += 1;
    row.totalScore += item.score;
    row.score += ans?.score ?? 0;
    if (ans?.isCorrect === 1) row.correctCount += 1;
    // A short answer not yet corrected has no score.
    if (ans && ans.score === null) row.pendingCount += 1;
    if (ans?.answer.some((x) => x.trim())) answeredCount += 1;
    rows.set(type, row);
  }
  for (const r of rows.values()) correctCount += r.correctCount;
  const typeScores = [...rows.values()].sort((x, y) => x.questionType - y.questionType);
  return { typeScores, correctCount, answeredCount };
}

/** paperResult: the newest submitted attempt (or the one named), closing an overdue one first. */
export async function paperResult(db: Db, userId: number, input: { examId?: number; paperId?: number }) {
  await sweepOverdue(db, { userId });
  let a: Attempt | undefined;
  if (input.paperId) a = await ownAttempt(db, userId, input.paperId);
  else {
    const rows = await db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, input.examId!), eq(examAttempts.userId, userId)))
      .orderBy(desc(examAttempts.attemptNo));
    a = rows.find((r) => r.status === 2) ?? rows[0];
  }
  if (!a) throw notFound("您还没有参加这场考试");
  const exam = await loadExam(db, a.examId);
  return resultOfAttempt(db, exam, a, userId);
}

/** Screen switches: counted; over the limit the paper is submitted for the learner. */
export async function recordScreenCut(db: Db, userId: number, paperId: number) {
  const a = await ownAttempt(db, userId, paperId);
  const exam = await loadExam(db, a.examId);
  if (a.status !== 1) return { screenCutCount: a.screenCutCount, screenCuttingTimes: exam.screenCuttingTimes, remainTimes: 0, forcedSubmit: a.status === 2 };
  const [row] = await db
    .update(examAttempts)
    .set({ screenCutCount: sql`${examAttempts.screenCutCount} + 1`, screenCutTimes: sql`${examAttempts.screenCutTimes} || ${JSON.stringify([Date.now()])}::jsonb` })
    .where(eq(examAttempts.id, paperId))
    .returning();
  const limited = exam.isEnableScreenCutting === 1;
  const over = limited && row!.screenCutCount > exam.screenCuttingTimes;
  if (over) await closeLocked(db, exam, paperId, SubmitType.screenCut, false, a.items);
  return {
    screenCutCount: row!.screenCutCount,
    screenCuttingTimes: exam.screenCuttingTimes,
    remainTimes: limited ? Math.max(0, exam.screenCuttingTimes - row!.screenCutCount) : null,
    forcedSubmit: over,
  };
}

export const objective = isObjective;
