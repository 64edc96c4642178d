import { and, eq, inArray, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { examAnswers, examAttempts, examMembers, examOpenRanges, exams, materialFolders } from "@db/schema";
import { loadExam } from "@trpc-app/exam/access";
import { closeSubmitted, resultOfAttempt, SubmitType, sweepOverdue } from "@trpc-app/exam/attempt.service";
import { gradeAnswer, normaliseText } from "@trpc-app/exam/grading";
import { createExam, createFixedPaper, createQuestion, createRandomPaper } from "../factories/exam";
import { addMembership, createNode } from "../factories/org";
import { createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

/** A small fixed paper with one question of each type: 20 + 20 + 20 + 20 + 20 = 100 points. */
async function fivePaper(db: Db) {
  const single = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价", "竞争性谈判"], answer: ["A"] });
  const multi = await createQuestion(db, { questionType: 2, content: "政府采购当事人包括？", options: ["采购人", "供应商", "采购代理机构", "新闻媒体"], answer: ["A", "B", "C"] });
  const judge = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const fill = await createQuestion(db, { questionType: 4, content: "质疑期限为____个工作日，答复期限为____个工作日。", answer: ["7|七", "7|七"] });
  const essay = await createQuestion(db, { questionType: 5, content: "简述质疑与投诉的区别。", answer: ["质疑向采购人提出，投诉向财政部门提出。"] });
  const paper = await createFixedPaper(db, "法规基础卷", [single, multi, judge, fill, essay].map((q) => ({ questionId: q.id, score: 20 })));
  return { paper, single, multi, judge, fill, essay };
}

async function learner(db: Db, name = "考生") {
  const u = await createUser(db, { nick: name });
  return { user: u, client: await signedInClient(db, u.id) };
}

const attemptsOf = (db: Db, examId: number, userId: number) =>
  db.select().from(examAttempts).where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId)));

it("grades each question type by the rules", () => {
  expect(gradeAnswer(1, ["A"], ["A"], 5)).toEqual({ score: 5, isCorrect: 1 });
  expect(gradeAnswer(1, ["A"], ["A", "B"], 5)).toEqual({ score: 0, isCorrect: 0 });
  expect(gradeAnswer(2, ["A", "C"], ["C", "A"], 4)).toEqual({ score: 4, isCorrect: 1 });
  expect(gradeAnswer(2, ["A", "C"], ["A"], 4)).toEqual({ score: 0, isCorrect: 0 });
  expect(gradeAnswer(3, ["B"], ["B"], 2)).toEqual({ score: 2, isCorrect: 1 });
  expect(gradeAnswer(4, ["书面|书面形式"], [" 书面形式。"], 3)).toEqual({ score: 3, isCorrect: 1 });
  expect(gradeAnswer(4, ["15|十五"], ["１５"], 3)).toEqual({ score: 3, isCorrect: 1 });
  expect(gradeAnswer(4, ["7", "15"], ["7"], 3)).toEqual({ score: 0, isCorrect: 0 });
  expect(gradeAnswer(5, ["参考"], ["我的回答"], 10)).toEqual({ score: null, isCorrect: null });
  expect(gradeAnswer(5, ["参考"], [], 10)).toEqual({ score: 0, isCorrect: 0 });
  expect(normaliseText("ＡＢＣ ｄ。")).toBe("abcd");
});

describeEachDb("exam: learner flow on the server", (getDb, kind) => {
  it("registration builds the paper; a double start makes one attempt with one paperId", async () => {
    const db = getDb();
    const { paper } = await fivePaper(db);
    const exam = await createExam(db, { paperId: paper.id, limitTime: 30 });
    const { user, client } = await learner(db);

    const reg = await client.call((c) => c.exam.register({ examId: exam.id }));
    const prepared = await attemptsOf(db, exam.id, user.id);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.status).toBe(0);
    expect(prepared[0]!.items).toHaveLength(5);
    expect(reg.paperId).toBe(prepared[0]!.id);

    const starts = await Promise.all([1, 2, 3, 4].map(() => client.call((c) => c.exam.start({ examId: exam.id }))));
    expect(new Set(starts.map((s) => s.paperId)).size).toBe(1);
    expect(starts[0]!.paperId).toBe(prepared[0]!.id);
    const after = await attemptsOf(db, exam.id, user.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.status).toBe(1);
    // The deadline is the server's: start + limit, never after the exam ends.
    expect(after[0]!.deadline!.getTime() - after[0]!.startedAt!.getTime()).toBe(30 * 60_000);
    const again = await client.call((c) => c.exam.start({ examId: exam.id }));
    expect(again.paperId).toBe(starts[0]!.paperId);
    expect(again.deadline).toBe(after[0]!.deadline!.getTime());
  });

  it("the deadline is capped by the exam end", async () => {
    const db = getDb();
    const { paper } = await fivePaper(db);
    const end = new Date(Date.now() + 10 * 60_000);
    const exam = await createExam(db, { paperId: paper.id, limitTime: 60, endTime: end });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const s = await client.call((c) => c.exam.start({ examId: exam.id }));
    expect(s.deadline).toBe(end.getTime());
  });

  it("saves every answer as given, grades on submit, and submit is idempotent", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, passScore: 60 });
    const { user, client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));

    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.single.id, answer: ["A"], seq: 1 }));
    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.multi.id, answer: ["C", "A", "B"], seq: 2 }));
    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.judge.id, answer: ["B"], seq: 3 }));
    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.fill.id, answer: ["七", "7"], seq: 4 }));

    // A reload resumes with every saved answer and no correct answers leak.
    const paper = await client.call((c) => c.exam.paper({ paperId }));
    expect(paper.answers.map((a) => a.questionId).sort()).toEqual([q.single.id, q.multi.id, q.judge.id, q.fill.id].sort());
    expect(JSON.stringify(paper.questions)).not.toContain("rightAnswer");
    expect(paper.questions.find((x) => x.questionId === q.fill.id)!.blankCount).toBe(2);

    // The essay answer arrives with the submit (still queued in the browser).
    const result = await client.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.essay.id, answer: ["质疑向采购人提出"] }] }));
    expect(result).toMatchObject({ status: 2, score: 60, pendingCount: 1, isPass: null });
    const stored = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId));
    expect(stored).toHaveLength(5);
    expect(stored.find((a) => a.questionId === q.judge.id)).toMatchObject({ score: 0, isCorrect: 0 });
    expect(stored.find((a) => a.questionId === q.essay.id)).toMatchObject({ score: null, answer: ["质疑向采购人提出"] });

    const again = await client.call((c) => c.exam.submit({ paperId }));
    expect(again.score).toBe(60);
    expect(again.submitTime).toBe(result.submitTime);

    // Saving after submission is refused with a clear message.
    const late = await rejection(client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.single.id, answer: ["B"] })));
    expect(late.message).toBe("试卷已提交，不能继续作答");

    // Manual correction of the short answer decides pass/fail.
    const admin = await createUser(db, { isAdmin: 1, nick: "阅卷老师" });
    const ac = await signedInClient(db, admin.id);
    const pending = await ac.call((c) => c.exam.admin.exam.correctionList({ examId: exam.id }));
    expect(pending.map((p) => p.paperId)).toEqual([paperId]);
    const over = await rejection(ac.call((c) => c.exam.admin.exam.correct({ paperId, scores: [{ questionId: q.essay.id, score: 25 }] })));
    expect(over.message).toContain("不能超过");
    const corrected = await ac.call((c) => c.exam.admin.exam.correct({ paperId, scores: [{ questionId: q.essay.id, score: 15 }] }));
    expect(corrected).toMatchObject({ score: 75, pendingCount: 0, isPass: 1 });
    const res = await client.call((c) => c.exam.result({ examId: exam.id }));
    expect(res).toMatchObject({ score: 75, isPass: 1, remainCount: 0 });
    expect((await attemptsOf(db, exam.id, user.id))[0]!.isPass).toBe(1);
  });

  it("concurrent saves of one question keep the newest by sequence number", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    const seqs = [5, 3, 9, 1, 7, 2, 8];
    await Promise.all(seqs.map((seq) => client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.fill.id, answer: [`答案${seq}`], seq }))));
    const [row] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, paperId), eq(examAnswers.questionId, q.fill.id)));
    expect(row!.answer).toEqual(["答案9"]);
    expect(row!.seq).toBe(9);
    const older = await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.fill.id, answer: ["旧答案"], seq: 4 }));
    expect(older.kept).toBe(false);
    const [still] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, paperId), eq(examAnswers.questionId, q.fill.id)));
    expect(still!.answer).toEqual(["答案9"]);
    // A question that is not on the paper is refused.
    const other = await createQuestion(db, { questionType: 3, answer: ["正确"] });
    expect((await rejection(client.call((c) => c.exam.saveAnswer({ paperId, questionId: other.id, answer: ["A"] })))).message).toBe("该题不在本试卷中");
  });

  // Saves arriving together go to the database as one statement (db/batch.ts): each must still land on its
  // own paper only, and one that must be refused is refused alone, with its own reason.
  it("saves of many learners sent together each land on their own paper; a refused one fails alone", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id });
    const learners = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => learner(db, `考生${i}`)));
    const papers: number[] = [];
    for (const l of learners) {
      await l.client.call((c) => c.exam.register({ examId: exam.id }));
      papers.push((await l.client.call((c) => c.exam.start({ examId: exam.id }))).paperId);
    }
    const submitted = learners[5]!;
    await submitted.client.call((c) => c.exam.submit({ paperId: papers[5]! }));
    const other = await createQuestion(db, { questionType: 3, answer: ["正确"] });
    const calls = [
      ...learners.slice(0, 4).flatMap((l, i) => [
        l.client.call((c) => c.exam.saveAnswer({ paperId: papers[i]!, questionId: q.single.id, answer: [`答${i}`], seq: 1 })),
        l.client.call((c) => c.exam.saveAnswer({ paperId: papers[i]!, questionId: q.judge.id, answer: [`判${i}`], seq: 1 })),
      ]),
      // Another learner's paper, a question not on the paper, a paper already handed in.
      learners[4]!.client.call((c) => c.exam.saveAnswer({ paperId: papers[0]!, questionId: q.fill.id, answer: ["冒名"], seq: 1 })),
      learners[4]!.client.call((c) => c.exam.saveAnswer({ paperId: papers[4]!, questionId: other.id, answer: ["A"], seq: 1 })),
      submitted.client.call((c) => c.exam.saveAnswer({ paperId: papers[5]!, questionId: q.single.id, answer: ["B"], seq: 1 })),
    ];
    const settled = await Promise.allSettled(calls);
    expect(settled.slice(0, 8).map((s) => s.status)).toEqual(Array(8).fill("fulfilled"));
    expect(settled.slice(0, 8).map((s) => (s as PromiseFulfilledResult<{ kept: boolean }>).value.kept)).toEqual(Array(8).fill(true));
    const reasons = settled.slice(8).map((s) => (s.status === "rejected" ? (s.reason as Error).message : "saved"));
    expect(reasons).toEqual(["答卷不存在", "该题不在本试卷中", "试卷已提交，不能继续作答"]);
    const rows = await db.select().from(examAnswers).where(sql`${examAnswers.attemptId} in ${papers}`);
    expect(rows.map((r) => [papers.indexOf(r.attemptId), r.questionId, r.answer]).sort()).toEqual(
      [0, 1, 2, 3].flatMap((i) => [[i, q.single.id, [`答${i}`]], [i, q.judge.id, [`判${i}`]]]).sort(),
    );
  });

  // Learners whose time ends together submit together: the closes of one turn share one transaction.
  async function startedLearners(db: Db, count: number) {
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, passScore: 60 });
    const learners = await Promise.all(Array.from({ length: count }, (_, i) => learner(db, `交卷考生${i}`)));
    const papers: number[] = [];
    for (const [i, l] of learners.entries()) {
      await l.client.call((c) => c.exam.register({ examId: exam.id }));
      const { paperId } = await l.client.call((c) => c.exam.start({ examId: exam.id }));
      papers.push(paperId);
      // Learner i gets the single-choice right when i is even and the judgement right when i < 3.
      await l.client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.single.id, answer: [i % 2 === 0 ? "A" : "B"], seq: 1 }));
      await l.client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.judge.id, answer: [i < 3 ? "A" : "B"], seq: 1 }));
    }
    const expected = papers.map((_, i) => (i % 2 === 0 ? 20 : 0) + (i < 3 ? 20 : 0));
    return { q, exam: await loadExam(db, exam.id), learners, papers, expected };
  }
  const attemptsById = async (db: Db, ids: number[]) => {
    const rows = await db.select().from(examAttempts).where(inArray(examAttempts.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!);
  };

  it("submits of one turn close in one transaction, each graded as alone; a learner's second submit goes in the next", async () => {
    const db = getDb();
    const { exam, learners, papers, expected } = await startedLearners(db, 6);
    // One paper is already handed in: its submit answers it as it stands.
    await learners[5]!.client.call((c) => c.exam.submit({ paperId: papers[5]! }));
    const before = await attemptsById(db, papers);
    const transactions = vi.spyOn(db, "transaction");
    try {
      const closing = [...before, before[0]!].map((a) => closeSubmitted(db, exam, a, SubmitType.learner));
      const closed = await Promise.all(closing);
      // One for the turn, one for learner 0's second submit (never in the same transaction as the first).
      expect(transactions).toHaveBeenCalledTimes(2);
      expect(closed.map((c) => c.attempt!.status)).toEqual(Array(7).fill(2));
      expect(closed.map((c) => c.attempt!.score)).toEqual([...expected, expected[0]]);
    } finally {
      transactions.mockRestore();
    }
    const after = await attemptsById(db, papers);
    expect(after.map((a) => a.score)).toEqual(expected);
    expect(after.map((a) => a.submitType)).toEqual(Array(6).fill(SubmitType.learner));
    // The paper handed in before kept its time; the others closed once.
    expect(after[5]!.submittedAt).toEqual(before[5]!.submittedAt);
    const graded = await db.select().from(examAnswers).where(inArray(examAnswers.attemptId, papers));
    expect(graded.every((r) => r.score !== null)).toBe(true);
    expect(graded.filter((r) => r.isCorrect === 1).map((r) => papers.indexOf(r.attemptId)).sort()).toEqual([0, 0, 1, 2, 2, 4]);
  });

  it("a turn's submits answer each result from their close, equal to the result read back after", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, passScore: 40, makeupCount: 1 });
    const learners = await Promise.all([0, 1, 2, 3].map((i) => learner(db, `成绩考生${i}`)));
    const papers: number[] = [];
    for (const [i, l] of learners.entries()) {
      await l.client.call((c) => c.exam.register({ examId: exam.id }));
      // Learner 0 sits a second attempt: the result counts the first one too (used, best score).
      if (i === 0) {
        const first = await l.client.call((c) => c.exam.start({ examId: exam.id }));
        await l.client.call((c) => c.exam.saveAnswer({ paperId: first.paperId, questionId: q.single.id, answer: ["A"], seq: 1 }));
        await l.client.call((c) => c.exam.submit({ paperId: first.paperId }));
      }
      const { paperId } = await l.client.call((c) => c.exam.start({ examId: exam.id }));
      papers.push(paperId);
      await l.client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.single.id, answer: [i % 2 === 0 ? "A" : "B"], seq: 1 }));
      await l.client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.judge.id, answer: [i < 2 ? "A" : "B"], seq: 1 }));
      // Learners 2 and 3 leave a short answer to be corrected: pending, no pass yet.
      if (i >= 2) await l.client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.essay.id, answer: ["质疑向采购人提出"], seq: 1 }));
    }
    const loaded = await loadExam(db, exam.id);
    const before = await attemptsById(db, papers.slice(0, 2));
    const closed = await Promise.all(before.map((a) => closeSubmitted(db, loaded, a, SubmitType.learner)));
    for (const [i, c] of closed.entries()) {
      expect(c.facts).not.toBeNull();
      const fromClose = await resultOfAttempt(db, loaded, c.attempt!, before[i]!.userId, c.facts);
      expect(fromClose).toEqual(await resultOfAttempt(db, loaded, c.attempt!, before[i]!.userId));
    }
    // A second close of a closed paper made nothing: it has no facts and reads its result.
    expect((await closeSubmitted(db, loaded, before[0]!, SubmitType.learner)).facts).toBeNull();
    // Through the API: every submit of one turn answers what the result page reads after.
    const submitted = await Promise.all(learners.map((l, i) => l.client.call((c) => c.exam.submit({ paperId: papers[i]! }))));
    for (const [i, l] of learners.entries()) expect(submitted[i]).toEqual(await l.client.call((c) => c.exam.result({ paperId: papers[i]! })));
    expect(submitted.map((r) => [r.usedCount, r.bestScore, r.isPass, r.pendingCount, r.answeredCount])).toEqual([
      [2, 40, 1, 0, 2],
      [1, 20, 0, 0, 2],
      [1, 20, null, 1, 3],
      [1, 0, null, 1, 3],
    ]);
  });

  it("when the turn's transaction fails, each submit closes alone", async () => {
    const db = getDb();
    const { exam, papers, expected } = await startedLearners(db, 4);
    const before = await attemptsById(db, papers);
    const transactions = vi.spyOn(db, "transaction").mockImplementationOnce(() => Promise.reject(new Error("连接中断")));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const closed = await Promise.all(before.map((a) => closeSubmitted(db, exam, a, SubmitType.learner)));
      expect(closed.map((c) => c.attempt!.score)).toEqual(expected);
      expect(transactions).toHaveBeenCalledTimes(1 + 4);
      expect(warn).toHaveBeenCalledTimes(4);
    } finally {
      transactions.mockRestore();
      warn.mockRestore();
    }
    expect((await attemptsById(db, papers)).map((a) => [a.status, a.score])).toEqual(expected.map((s) => [2, s]));
  });

  it("the sweep closes the papers a deadline left open in one transaction, each graded; one still in time stays open", async () => {
    const db = getDb();
    const { papers, expected } = await startedLearners(db, 4);
    const past = new Date(Date.now() - 3_600_000);
    await db.update(examAttempts).set({ deadline: past }).where(inArray(examAttempts.id, papers.slice(0, 3)));
    const transactions = vi.spyOn(db, "transaction");
    let swept: { closed: number };
    try {
      swept = await sweepOverdue(db);
      // Every paper the sweep found (this file's other tests may have left some) in transactions of 100.
      expect(swept.closed).toBeGreaterThanOrEqual(3);
      expect(transactions).toHaveBeenCalledTimes(Math.ceil(swept.closed / 100));
    } finally {
      transactions.mockRestore();
    }
    const after = await attemptsById(db, papers);
    expect(after.map((a) => [a.status, a.submitType, a.score])).toEqual([...expected.slice(0, 3).map((s) => [2, SubmitType.sweep, s]), [1, null, null]]);
  });

  it("when the sweep's transaction fails, its papers close alone", async () => {
    const db = getDb();
    const { papers, expected } = await startedLearners(db, 3);
    await db.update(examAttempts).set({ deadline: new Date(Date.now() - 3_600_000) }).where(inArray(examAttempts.id, papers));
    const transactions = vi.spyOn(db, "transaction").mockImplementationOnce(() => Promise.reject(new Error("连接中断")));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const swept = await sweepOverdue(db);
      expect(swept.closed).toBeGreaterThanOrEqual(3);
      expect(swept.closed).toBeLessThanOrEqual(100);
      // The failed one, then one for every paper found.
      expect(transactions).toHaveBeenCalledTimes(1 + swept.closed);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
      warn.mockRestore();
    }
    expect((await attemptsById(db, papers)).map((a) => [a.status, a.submitType, a.score])).toEqual(expected.map((s) => [2, SubmitType.sweep, s]));
  });

  // The submit reads the answers in the same round trip as it takes the attempt's lock: they must be read
  // after the lock, or an answer whose save held the row while the submit waited would go ungraded.
  it.skipIf(kind === "pglite")("an answer saved while the submit waits for the attempt's lock is graded with the paper", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.multi.id, answer: ["C", "A", "B"], seq: 1 }));
    // A save in flight: it holds the attempt row (share lock) and has written its answer, not yet committed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const inFlight = new Promise<void>((r) => (written = r));
    const saving = db.transaction(async (tx) => {
      await tx.select({ id: examAttempts.id }).from(examAttempts).where(eq(examAttempts.id, paperId)).for("share");
      await tx.insert(examAnswers).values({ attemptId: paperId, questionId: q.single.id, answer: ["A"], seq: 1 });
      written();
      await held;
    });
    await inFlight;
    const submitting = client.call((c) => c.exam.submit({ paperId }));
    // Until the submit is seen waiting for the row lock.
    await vi.waitFor(
      async () => {
        const waiting = await db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`);
        expect((waiting as unknown as { n: number }[])[0]!.n).toBe(1);
      },
      { timeout: 5000, interval: 20 },
    );
    release();
    await saving;
    const res = await submitting;
    expect(res.score).toBe(40);
    const [single] = await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, paperId), eq(examAnswers.questionId, q.single.id)));
    expect(single).toMatchObject({ score: 20, isCorrect: 1 });
  });

  it("the server clock ends the exam: grace for answers in flight, then refused and auto-submitted", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, limitTime: 10 });
    const { user, client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId, deadline } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.single.id, answer: ["A"], seq: 1 }));

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(deadline! + 10_000);
    // Inside the 30 s grace an answer in flight is still saved.
    const inGrace = await client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.judge.id, answer: ["A"], seq: 2 }));
    expect(inGrace.saved).toBe(true);

    vi.setSystemTime(deadline! + 31_000);
    const late = await rejection(client.call((c) => c.exam.saveAnswer({ paperId, questionId: q.multi.id, answer: ["A", "B", "C"], seq: 3 })));
    expect(late.message).toBe("考试时间已到，答案未能保存");
    const [closed] = await attemptsOf(db, exam.id, user.id);
    expect(closed).toMatchObject({ status: 2, submitType: 2, score: 40, isPass: 0 });
    expect(await db.select().from(examAnswers).where(and(eq(examAnswers.attemptId, paperId), eq(examAnswers.questionId, q.multi.id)))).toHaveLength(0);
    vi.useRealTimers();
  });

  it("overdue attempts close on read (paperResult) and by the sweep", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, makeupCount: 2 });
    const a = await learner(db, "甲");
    const b = await learner(db, "乙");
    await a.client.call((c) => c.exam.register({ examId: exam.id }));
    const pa = await a.client.call((c) => c.exam.start({ examId: exam.id }));
    await b.client.call((c) => c.exam.register({ examId: exam.id }));
    const pb = await b.client.call((c) => c.exam.start({ examId: exam.id }));
    await a.client.call((c) => c.exam.saveAnswer({ paperId: pa.paperId, questionId: q.single.id, answer: ["A"] }));
    const past = new Date(Date.now() - 60_000);
    await db.update(examAttempts).set({ deadline: past }).where(eq(examAttempts.examId, exam.id));

    const res = await a.client.call((c) => c.exam.result({ examId: exam.id }));
    expect(res).toMatchObject({ status: 2, score: 20, submitType: 2, remainCount: 2 });
    expect((await attemptsOf(db, exam.id, b.user.id))[0]!.status).toBe(1);

    const swept = await sweepOverdue(db);
    expect(swept.closed).toBe(1);
    expect((await attemptsOf(db, exam.id, b.user.id))[0]).toMatchObject({ status: 2, submitType: 4, score: 0 });
    expect(pb.paperId).not.toBe(pa.paperId);
  });

  it("makeup limits: 1 + makeupCount attempts, each a new paper; then refused", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, makeupCount: 1, passScore: 100 });
    const { user, client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const first = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.submit({ paperId: first.paperId }));
    const second = await Promise.all([1, 2].map(() => client.call((c) => c.exam.start({ examId: exam.id }))));
    expect(second[0]!.paperId).toBe(second[1]!.paperId);
    expect(second[0]!.paperId).not.toBe(first.paperId);
    expect(second[0]!.attemptNo).toBe(2);
    const r = await client.call((c) => c.exam.submit({ paperId: second[0]!.paperId }));
    expect(r.remainCount).toBe(0);
    const refused = await rejection(client.call((c) => c.exam.start({ examId: exam.id })));
    expect(refused.message).toBe("考试次数已用完");
    expect(await attemptsOf(db, exam.id, user.id)).toHaveLength(2);
    const detail = await client.call((c) => c.exam.detail({ examId: exam.id }));
    expect(detail).toMatchObject({ usedCount: 2, remainCount: 0, makeupCount: 1, userExamStatus: 3 });
  });

  it("outside the open range the learner gets 102; before the start the waiting hall counts down", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const closed = await createExam(db, { paperId: q.paper.id });
    await db.insert(examOpenRanges).values({ examId: closed.id, kind: "group", target: "999" });
    const { user, client } = await learner(db);
    for (const call of [
      () => client.call((c) => c.exam.register({ examId: closed.id })),
      () => client.call((c) => c.exam.start({ examId: closed.id })),
      () => client.call((c) => c.exam.detail({ examId: closed.id })),
    ]) {
      const err = await rejection(call());
      expect(err.legacyCode).toBe("102");
    }
    expect(await db.select().from(examMembers).where(eq(examMembers.userId, user.id))).toHaveLength(0);

    const later = await createExam(db, { paperId: q.paper.id, startTime: new Date(Date.now() + 600_000), endTime: new Date(Date.now() + 4000_000) });
    await client.call((c) => c.exam.register({ examId: later.id }));
    const hall = await client.call((c) => c.exam.entry({ examId: later.id }));
    expect(hall.testStartRemainTime).toBeGreaterThan(590);
    expect(hall.testStartRemainTime).toBeLessThanOrEqual(600);
    expect((await attemptsOf(db, later.id, user.id))[0]!.status).toBe(0);
    expect((await rejection(client.call((c) => c.exam.start({ examId: later.id })))).message).toBe("考试尚未开始，请耐心等待");
    const info = await client.call((c) => c.exam.paperInfo({ examId: later.id }));
    expect(info.testStartRemainTime).toBeGreaterThan(590);
  });

  it("the waiting-hall countdown, the proctoring info and the face-check settings refuse an outsider of the open range as detail does (102), and answer one inside it", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const group = await createNode(db, "group", "省财政厅");
    const exam = await createExam(db, { paperId: q.paper.id, startTime: new Date(Date.now() + 600_000), endTime: new Date(Date.now() + 4000_000) });
    await db.update(exams).set({ isOpenSoftMonitor: 1, winDownloadUrl: "https://soft.example.cn/monitor-setup.exe" }).where(eq(exams.id, exam.id));
    await db.insert(examOpenRanges).values({ examId: exam.id, kind: "group", target: String(group.id) });
    const outsider = await learner(db, "刘洋");
    const insider = await learner(db, "王晓雯");
    await addMembership(db, insider.user.id, { groupIds: [group.id] });

    const detail = await rejection(outsider.client.call((c) => c.exam.detail({ examId: exam.id })));
    for (const call of [
      () => outsider.client.call((c) => c.exam.startRemainTime({ examId: exam.id })),
      () => outsider.client.call((c) => c.exam.monitorInfo({ examId: exam.id })),
      () => outsider.client.call((c) => c.exam.faceUserInfo({ examId: exam.id })),
    ]) {
      const err = await rejection(call());
      expect([err.legacyCode, err.message]).toEqual([detail.legacyCode, detail.message]);
      expect([err.legacyCode, err.message]).toEqual(["102", "您不在该考试的开放范围内"]);
    }

    await insider.client.call((c) => c.exam.register({ examId: exam.id }));
    const remain = await insider.client.call((c) => c.exam.startRemainTime({ examId: exam.id }));
    expect(remain).toMatchObject({ examId: exam.id, startTime: exam.startTime.getTime() });
    expect(remain.testStartRemainTime).toBeGreaterThan(590);
    expect(await insider.client.call((c) => c.exam.monitorInfo({ examId: exam.id }))).toMatchObject({ isOpenSoftMonitor: 1, winDownloadUrl: "https://soft.example.cn/monitor-setup.exe" });
    expect(await insider.client.call((c) => c.exam.faceUserInfo({ examId: exam.id }))).toMatchObject({ examId: exam.id, realName: "王晓雯" });
  });

  it("answer review only when the exam allows it and after submission", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const hidden = await createExam(db, { paperId: q.paper.id, showAnswers: 0 });
    const shown = await createExam(db, { paperId: q.paper.id, showAnswers: 1 });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: hidden.id }));
    const h = await client.call((c) => c.exam.start({ examId: hidden.id }));
    await client.call((c) => c.exam.submit({ paperId: h.paperId }));
    expect((await rejection(client.call((c) => c.exam.viewAnswers({ examId: hidden.id })))).message).toBe("本考试不允许查看答案");
    await client.call((c) => c.exam.register({ examId: shown.id }));
    const s = await client.call((c) => c.exam.start({ examId: shown.id }));
    expect((await rejection(client.call((c) => c.exam.questionAnswer({ paperId: s.paperId, questionId: q.single.id })))).message).toBe("交卷后才能查看答案");
    await client.call((c) => c.exam.saveAnswer({ paperId: s.paperId, questionId: q.single.id, answer: ["A"] }));
    await client.call((c) => c.exam.submit({ paperId: s.paperId }));
    const review = await client.call((c) => c.exam.viewAnswers({ examId: shown.id }));
    const single = review.questions.find((x) => x.questionId === q.single.id)!;
    expect(single).toMatchObject({ userAnswer: ["A"], rightAnswer: ["A"], userScore: 20, isCorrect: 1 });
  });

  it("screen switches over the limit submit the paper", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, isEnableScreenCutting: 1, screenCuttingTimes: 2 });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    expect(await client.call((c) => c.exam.screenCut({ paperId }))).toMatchObject({ screenCutCount: 1, remainTimes: 1, forcedSubmit: false });
    await client.call((c) => c.exam.screenCut({ paperId }));
    const third = await client.call((c) => c.exam.screenCut({ paperId }));
    expect(third.forcedSubmit).toBe(true);
    const [a] = await db.select().from(examAttempts).where(eq(examAttempts.id, paperId));
    expect(a).toMatchObject({ status: 2, submitType: 3 });
  });

  it("lists: paging by status and the to-do list", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const now = Date.now();
    await createExam(db, { paperId: q.paper.id, name: "进行中的考试" });
    const future = await createExam(db, { paperId: q.paper.id, name: "未开始的考试", startTime: new Date(now + 600_000), endTime: new Date(now + 7200_000) });
    await createExam(db, { paperId: q.paper.id, name: "已结束的考试", startTime: new Date(now - 7200_000), endTime: new Date(now - 3600_000) });
    await createExam(db, { paperId: q.paper.id, name: "未启用的考试", status: 0 });
    const { client } = await learner(db);
    expect((await client.call((c) => c.exam.pageMine({}))).total).toBe(3);
    expect((await client.call((c) => c.exam.pageMine({ status: 1 }))).list.map((e) => e.name)).toEqual(["未开始的考试"]);
    expect((await client.call((c) => c.exam.pageMine({ status: 3 }))).list.map((e) => e.name)).toEqual(["已结束的考试"]);
    await client.call((c) => c.exam.register({ examId: future.id }));
    expect((await client.call((c) => c.exam.toDo())).map((e) => e.examId)).toEqual([future.id]);
  });
});

describeEachDb("exam: question bank, papers and exam admin", (getDb) => {
  async function admin(db: Db) {
    const u = await createUser(db, { isAdmin: 1, nick: "考务管理员" });
    return signedInClient(db, u.id);
  }

  it("validates questions per type and refuses learners", async () => {
    const db = getDb();
    const ac = await admin(db);
    const ok = await ac.call((c) =>
      c.exam.admin.question.add({ questionType: 2, content: "政府采购方式有哪些？", options: [{ key: "A", content: "公开招标" }, { key: "B", content: "询价" }, { key: "C", content: "拍卖" }], answer: ["B", "A"] }),
    );
    expect(ok.answer).toEqual(["A", "B"]);
    const bad = await rejection(ac.call((c) => c.exam.admin.question.add({ questionType: 1, content: "题", options: [{ key: "A", content: "甲" }, { key: "B", content: "乙" }], answer: ["A", "B"] })));
    expect(bad.message).toBe("单选题只能有一个正确答案");
    const judge = await ac.call((c) => c.exam.admin.question.add({ questionType: 3, content: "判断", answer: ["错误"] }));
    expect(judge.answer).toEqual(["B"]);
    const { client } = await learner(db);
    expect((await rejection(client.call((c) => c.exam.admin.question.page({})))).code).toBe("FORBIDDEN");
    const page = await ac.call((c) => c.exam.admin.question.page({ questionType: 3 }));
    expect(page.total).toBe(1);
  });

  it("random papers draw by type, difficulty and folder with the rule's score; short banks are refused", async () => {
    const db = getDb();
    const ac = await admin(db);
    const single = await createQuestionFolder(db, "单选题库");
    const judge = await createQuestionFolder(db, "判断题库");
    // Half of the true/false questions sit in a sub-folder: a folder rule draws from its sub-folders too.
    const judgeSub = await createQuestionFolder(db, "判断题库·专项", judge.id);
    for (let i = 0; i < 6; i++) await createQuestion(db, { questionType: 1, options: ["甲", "乙"], answer: ["A"], difficultyType: i < 3 ? 1 : 3, folderId: single.id });
    for (let i = 0; i < 4; i++) await createQuestion(db, { questionType: 3, answer: ["正确"], folderId: i < 2 ? judge.id : judgeSub.id });
    const [ware] = await db.insert(materialFolders).values({ name: "课件目录", kind: 1 }).returning();
    const wrongKind = await rejection(ac.call((c) => c.exam.admin.paper.save({ name: "抽题卷", paperType: 2, rules: [{ questionType: 3, folderId: ware!.id, count: 1, score: 5 }] })));
    expect(wrongKind.message).toBe("所选文件夹不是题库文件夹，试题只能放入题库中的文件夹");
    expect((await rejection(ac.call((c) => c.exam.admin.paper.save({ name: "抽题卷", paperType: 2, rules: [{ questionType: 3, folderId: 9_999_999, count: 1, score: 5 }] })))).message).toBe("文件夹不存在或已删除，请重新选择");
    const short = await rejection(ac.call((c) => c.exam.admin.paper.save({ name: "抽题卷", paperType: 2, rules: [{ questionType: 1, difficultyType: 1, count: 4, score: 5 }] })));
    expect(short.message).toContain("不足4道");
    const saved = await ac.call((c) =>
      c.exam.admin.paper.save({
        name: "随机抽题卷",
        paperType: 2,
        rules: [
          { questionType: 1, difficultyType: 3, folderId: single.id, count: 3, score: 10 },
          { questionType: 3, folderId: judge.id, count: 4, score: 5 },
        ],
      }),
    );
    expect(saved).toMatchObject({ totalScore: 50, questionCount: 7 });
    const exam = await createExam(db, { paperId: saved.id, maxScore: 50, passScore: 30 });
    const papers = [];
    for (const name of ["甲", "乙", "丙"]) {
      const { client, user } = await learner(db, name);
      await client.call((c) => c.exam.register({ examId: exam.id }));
      papers.push((await attemptsOf(db, exam.id, user.id))[0]!);
    }
    const { examQuestions } = await import("@db/schema");
    const all = await db.select().from(examQuestions);
    for (const p of papers) {
      expect(p.items).toHaveLength(7);
      expect(new Set(p.items.map((i) => i.questionId)).size).toBe(7);
      const qs = p.items.map((i) => ({ ...i, q: all.find((x) => x.id === i.questionId)! }));
      expect(qs.filter((x) => x.q.questionType === 1).every((x) => x.q.difficultyType === 3 && x.q.folderId === single.id && x.score === 10)).toBe(true);
      // All four true/false questions: two from the folder, two from its sub-folder.
      expect(qs.filter((x) => x.q.questionType === 3).map((x) => x.q.folderId).sort()).toEqual([judge.id, judge.id, judgeSub.id, judgeSub.id].sort());
      expect(qs.filter((x) => x.q.questionType === 3).every((x) => x.score === 5)).toBe(true);
    }
  });

  it("builds an exam through the editor tabs and lists results with filters", async () => {
    const db = getDb();
    const ac = await admin(db);
    const q = await fivePaper(db);
    const base = await ac.call((c) =>
      c.exam.admin.exam.saveBase({ name: "2026年政府采购从业人员能力考试", startTime: new Date(Date.now() - 60_000), endTime: new Date(Date.now() + 3600_000) }),
    );
    expect((await rejection(ac.call((c) => c.exam.admin.exam.enable({ ids: [base.id] })))).message).toContain("还没有设置试卷");
    await ac.call((c) => c.exam.admin.exam.saveQuestionInfo({ examId: base.id, paperId: q.paper.id }));
    const adv = await ac.call((c) => c.exam.admin.exam.saveAdvanced({ examId: base.id, limitTime: 45, makeupCount: 1, passScore: 60, showAnswers: 1, forcedReadTime: 10 }));
    expect(adv).toMatchObject({ limitTime: 45, makeupCount: 1, maxScore: 100 });
    expect((await rejection(ac.call((c) => c.exam.admin.exam.saveAdvanced({ examId: base.id, passScore: 120 })))).message).toContain("及格分不能高于");
    await ac.call((c) => c.exam.admin.exam.submitExam({ examId: base.id }));
    await ac.call((c) => c.exam.admin.exam.enable({ ids: [base.id] }));

    const a = await learner(db, "王晓雯");
    const b = await learner(db, "刘洋");
    await a.client.call((c) => c.exam.register({ examId: base.id }));
    const pa = await a.client.call((c) => c.exam.start({ examId: base.id }));
    await a.client.call((c) => c.exam.saveAnswer({ paperId: pa.paperId, questionId: q.single.id, answer: ["A"] }));
    await a.client.call((c) => c.exam.submit({ paperId: pa.paperId }));
    await ac.call((c) => c.exam.admin.exam.memberAdd({ examId: base.id, userIds: [b.user.id] }));

    const results = await ac.call((c) => c.exam.admin.exam.resultPage({ examId: base.id }));
    expect(results.total).toBe(1);
    expect(results.list[0]).toMatchObject({ name: "王晓雯", score: 20, paperCount: 1, isPassed: 0 });
    expect((await ac.call((c) => c.exam.admin.exam.resultPage({ examId: base.id, minScore: 30 }))).total).toBe(0);
    const members = await ac.call((c) => c.exam.admin.exam.memberPage({ examId: base.id }));
    expect(members.total).toBe(2);
    expect(members.list.find((m) => m.name === "刘洋")).toMatchObject({ joinType: 2, joinStatus: 0 });
    expect((await ac.call((c) => c.exam.admin.exam.memberPage({ examId: base.id, joinStatus: 2 }))).list.map((m) => m.name)).toEqual(["王晓雯"]);
    const file = await ac.call((c) => c.exam.admin.exam.resultExport({ examId: base.id }));
    expect(file.fileName).toContain(".xlsx");

    const copy = await ac.call((c) => c.exam.admin.exam.copy({ id: base.id }));
    expect(copy).toMatchObject({ status: 0, paperId: q.paper.id });
    await ac.call((c) => c.exam.admin.exam.remove({ ids: [copy.id] }));
    expect((await ac.call((c) => c.exam.admin.exam.page({}))).total).toBe(1);
  });

  it("imports questions from .xlsx with per-row errors and a downloadable error report", async () => {
    const db = getDb();
    const ac = await admin(db);
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("试题");
    ws.addRow(["题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "正确答案", "难度", "解析"]);
    ws.addRow(["单选题", "政府采购的主要方式是？", "公开招标", "询价", "", "", "", "", "A", "简单", ""]);
    ws.addRow(["多选题", "采购当事人有？", "采购人", "供应商", "代理机构", "", "", "", "A,B,C", "中等", ""]);
    ws.addRow(["判断题", "合同应当采用书面形式。", "", "", "", "", "", "", "正确", "", ""]);
    ws.addRow(["论述题", "未知题型", "", "", "", "", "", "", "", "", ""]);
    ws.addRow(["单选题", "没有答案的题", "甲", "乙", "", "", "", "", "", "简单", ""]);
    const buf = await wb.xlsx.writeBuffer();
    const file = new File([buf as ArrayBuffer], "试题.xlsx");
    const r = await ac.call((c) => c.exam.admin.question.importExcel({ file }));
    expect(r).toMatchObject({ total: 5, imported: 3, failed: 2 });
    expect(r.errors.map((e) => e.row)).toEqual([5, 6]);
    expect(r.errors[0]!.message).toContain("题型");
    const progress = await ac.call((c) => c.exam.admin.question.importProgress({ importId: r.importId }));
    expect(progress).toMatchObject({ status: 1, percent: 100, imported: 3 });
    const errFile = await ac.call((c) => c.exam.admin.question.errorFile({ importId: r.importId }));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.from(errFile.base64, "base64") as never);
    expect(back.worksheets[0]!.rowCount).toBe(3);
    expect((await ac.call((c) => c.exam.admin.question.page({}))).total).toBe(3);
  });
});
