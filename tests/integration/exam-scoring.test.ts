import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAnswers } from "@db/schema";
import { floorHalf, gradeAnswer } from "@trpc-app/exam/grading";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

it("少选得分: some right keys and no wrong one earn the share, floored to 0.5", () => {
  const half = { partialRate: 50 };
  expect(gradeAnswer(2, ["A", "B", "C"], ["A", "B"], 5, half)).toEqual({ score: 2.5, isCorrect: 0 });
  expect(gradeAnswer(2, ["A", "B", "C"], ["A"], 1, half)).toEqual({ score: 0.5, isCorrect: 0 });
  expect(gradeAnswer(2, ["A", "B", "C"], ["A"], 3, { partialRate: 30 })).toEqual({ score: 0.5, isCorrect: 0 });
  expect(gradeAnswer(2, ["A", "B", "C"], ["A", "D"], 5, half)).toEqual({ score: 0, isCorrect: 0 });
  expect(gradeAnswer(2, ["A", "B", "C"], ["C", "B", "A"], 5, half)).toEqual({ score: 5, isCorrect: 1 });
  // Off: whole points only, as before.
  expect(gradeAnswer(2, ["A", "B", "C"], ["A", "B"], 5)).toEqual({ score: 0, isCorrect: 0 });
  // Single choice never gets partial credit.
  expect(gradeAnswer(1, ["A"], ["A", "B"], 5, half)).toEqual({ score: 0, isCorrect: 0 });
});

it("填空按空给分: right blanks / blanks of the points, floored to 0.5", () => {
  const on = { perBlank: true };
  expect(gradeAnswer(4, ["7|七", "15", "财政部门"], ["七", "15", "采购人"], 10, on)).toEqual({ score: 6.5, isCorrect: 0 });
  expect(gradeAnswer(4, ["7|七", "15"], ["", "15"], 5, on)).toEqual({ score: 2.5, isCorrect: 0 });
  expect(gradeAnswer(4, ["7|七", "15"], ["7", "十五"], 5, on)).toEqual({ score: 2.5, isCorrect: 0 });
  expect(gradeAnswer(4, ["7|七", "15"], ["8", "十五"], 5, on)).toEqual({ score: 0, isCorrect: 0 });
  expect(gradeAnswer(4, ["7|七", "15"], ["7", "15"], 5, on)).toEqual({ score: 5, isCorrect: 1 });
  expect(gradeAnswer(4, ["7|七", "15", "财政部门"], ["七", "15", "采购人"], 10)).toEqual({ score: 0, isCorrect: 0 });
  expect(floorHalf(6.6666)).toBe(6.5);
  expect(floorHalf(2.5)).toBe(2.5);
  expect(floorHalf(0.49)).toBe(0);
});

/** single 5, multi 5 (A,B,C), multi 3 (A,B), fill with 3 blanks 10: 23 points. */
async function paper(db: Db) {
  const single = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价", "竞争性谈判"], answer: ["A"] });
  const multi = await createQuestion(db, { questionType: 2, content: "政府采购当事人包括？", options: ["采购人", "供应商", "采购代理机构", "新闻媒体"], answer: ["A", "B", "C"] });
  const multi2 = await createQuestion(db, { questionType: 2, content: "可以提出质疑的是？", options: ["参与采购的供应商", "采购人", "潜在供应商"], answer: ["A", "C"] });
  const fill = await createQuestion(db, { questionType: 4, content: "质疑期限为____个工作日，答复期限为____个工作日，投诉向____提出。", answer: ["7|七", "7|七", "财政部门"] });
  const p = await createFixedPaper(db, "部分得分卷", [
    { questionId: single.id, score: 5 },
    { questionId: multi.id, score: 5 },
    { questionId: multi2.id, score: 3 },
    { questionId: fill.id, score: 10 },
  ]);
  return { p, single, multi, multi2, fill };
}

async function sit(db: Db, examId: number, q: Awaited<ReturnType<typeof paper>>) {
  const u = await createUser(db, { nick: "部分得分考生" });
  const client = await signedInClient(db, u.id);
  await client.call((c) => c.exam.register({ examId }));
  const { paperId } = await client.call((c) => c.exam.start({ examId }));
  const answers = [
    { questionId: q.single.id, answer: ["A"] },
    { questionId: q.multi.id, answer: ["A", "B"] },
    { questionId: q.multi2.id, answer: ["C"] },
    { questionId: q.fill.id, answer: ["七", "7", "采购人"] },
  ];
  const result = await client.call((c) => c.exam.submit({ paperId, answers }));
  return { paperId, result, user: u };
}

describeEachDb("exam partial credit", (getDb) => {
  it("an exam with both rules on stores half points on answers and the paper", async () => {
    const db = getDb();
    const q = await paper(db);
    const exam = await createExam(db, { paperId: q.p.id, passScore: 15, maxScore: 23, isPartialScore: 1, partialScoreRate: 50, isBlankScore: 1 });
    const { paperId, result } = await sit(db, exam.id, q);
    // 5 + 2.5 + 1.5 + floor_0.5(10 * 2/3) = 15.5
    expect(result).toMatchObject({ status: 2, score: 15.5, isPass: 1 });
    const stored = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId));
    expect(stored.find((a) => a.questionId === q.multi.id)).toMatchObject({ score: 2.5, isCorrect: 0 });
    expect(stored.find((a) => a.questionId === q.multi2.id)).toMatchObject({ score: 1.5, isCorrect: 0 });
    expect(stored.find((a) => a.questionId === q.fill.id)).toMatchObject({ score: 6.5, isCorrect: 0 });
    const admin = await createUser(db, { isAdmin: 1 });
    const ac = await signedInClient(db, admin.id);
    const page = await ac.call((c) => c.exam.admin.exam.resultPage({ examId: exam.id }));
    expect(page.list[0]).toMatchObject({ score: 15.5, isPassed: 1 });
    expect((await ac.call((c) => c.exam.admin.exam.resultPage({ examId: exam.id, minScore: 16 }))).total).toBe(0);
  });

  it("only 少选得分 on: the multi-blank fill-in still needs every blank", async () => {
    const db = getDb();
    const q = await paper(db);
    const exam = await createExam(db, { paperId: q.p.id, passScore: 15, maxScore: 23, isPartialScore: 1, partialScoreRate: 40 });
    const { result } = await sit(db, exam.id, q);
    // 5 + floor_0.5(2) + floor_0.5(1.2) + 0 = 8
    expect(result).toMatchObject({ score: 8, isPass: 0 });
  });

  it("an exam that does not enable it keeps whole-point results", async () => {
    const db = getDb();
    const q = await paper(db);
    const exam = await createExam(db, { paperId: q.p.id, passScore: 15, maxScore: 23 });
    const { paperId, result } = await sit(db, exam.id, q);
    expect(result).toMatchObject({ score: 5, isPass: 0 });
    const stored = await db.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId));
    expect(stored.filter((a) => a.score === 0)).toHaveLength(3);
  });

  it("the admin sets the rule in advanced info; 重新算分 applies it to papers already in", async () => {
    const db = getDb();
    const q = await paper(db);
    const exam = await createExam(db, { paperId: q.p.id, passScore: 15, maxScore: 23 });
    const { paperId } = await sit(db, exam.id, q);
    const admin = await createUser(db, { isAdmin: 1 });
    const ac = await signedInClient(db, admin.id);
    expect(await ac.call((c) => c.exam.admin.exam.getAdvanced({ examId: exam.id }))).toMatchObject({ isPartialScore: 0, partialScoreRate: 50, isBlankScore: 0 });
    const err = await rejection(ac.call((c) => c.exam.admin.exam.saveAdvanced({ examId: exam.id, isPartialScore: 1, partialScoreRate: 100 })));
    expect(err.message).toBe("少选得分比例不能大于99");
    const saved = await ac.call((c) => c.exam.admin.exam.saveAdvanced({ examId: exam.id, isPartialScore: 1, partialScoreRate: 50, isBlankScore: 1 }));
    expect(saved).toMatchObject({ isPartialScore: 1, partialScoreRate: 50, isBlankScore: 1 });
    await ac.call((c) => c.exam.admin.exam.calculate({ examId: exam.id }));
    const page = await ac.call((c) => c.exam.admin.exam.resultPage({ examId: exam.id }));
    expect(page.list[0]).toMatchObject({ score: 15.5, isPassed: 1 });
    // Switching it off again and recalculating returns to whole points.
    await ac.call((c) => c.exam.admin.exam.saveAdvanced({ examId: exam.id, isPartialScore: 0, isBlankScore: 0 }));
    await ac.call((c) => c.exam.admin.exam.calculate({ examId: exam.id }));
    const paperRow = await ac.call((c) => c.exam.admin.exam.correctionPaper({ paperId }));
    expect(paperRow).toMatchObject({ score: 5, isPass: 0 });
  });
});
