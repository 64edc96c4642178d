import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { examAnswers, examAttempts, examMembers, users } from "@db/schema";
import { gradeAnswer } from "@trpc-app/exam/grading";
import { createExam, createFixedPaper, createProcurementBank, createRandomPaper } from "../../tests/factories/exam";

/** Demo exams: a question bank, a fixed and a random paper, and exams open now, soon and ended. */
export async function seedExam(db: Db) {
  const bank = await createProcurementBank(db);
  const byType = (t: number) => bank.filter((q) => q.questionType === t);
  const fixedItems = [
    ...byType(1).slice(0, 10).map((q) => ({ questionId: q.id, score: 4 })),
    ...byType(2).slice(0, 5).map((q) => ({ questionId: q.id, score: 6 })),
    ...byType(3).slice(0, 5).map((q) => ({ questionId: q.id, score: 2 })),
    ...byType(4).slice(0, 2).map((q) => ({ questionId: q.id, score: 5 })),
  ];
  const fixed = await createFixedPaper(db, "政府采购法律法规基础卷（固定）", fixedItems);
  const random = await createRandomPaper(db, "政府采购从业能力测评卷（随机）", [
    { questionType: 1, count: 10, score: 4 },
    { questionType: 2, count: 5, score: 6 },
    { questionType: 3, count: 5, score: 2 },
    { questionType: 4, count: 2, score: 5 },
  ]);
  const now = Date.now();
  const instructions = "1. 考试期间请勿切换页面或打开其他应用；\n2. 每道题作答后自动保存，网络中断时答案会在恢复后自动补传；\n3. 考试时间到将自动交卷。";
  await createExam(db, {
    name: "2026年度政府采购从业人员能力测评",
    paperId: random.id,
    startTime: new Date(now - 24 * 3600_000),
    endTime: new Date(now + 30 * 24 * 3600_000),
    limitTime: 60,
    makeupCount: 2,
    passScore: 60,
    maxScore: random.totalScore,
    forcedReadTime: 10,
    instructions,
    description: "面向采购人、采购代理机构从业人员，考查《政府采购法》及其实施条例、87号令等核心规定。",
  });
  await createExam(db, {
    name: "政府采购法律法规专项考试（统一开考）",
    paperId: fixed.id,
    startTime: new Date(now + 10 * 60_000),
    endTime: new Date(now + 3 * 3600_000),
    limitTime: 45,
    passScore: 60,
    maxScore: fixed.totalScore,
    forcedReadTime: 5,
    instructions,
    description: "统一时间开考，请提前进入候考厅等候。",
  });
  const ended = await createExam(db, {
    name: "2025年第四季度政府采购业务考核",
    paperId: fixed.id,
    startTime: new Date(now - 40 * 24 * 3600_000),
    endTime: new Date(now - 30 * 24 * 3600_000),
    limitTime: 45,
    passScore: 60,
    maxScore: fixed.totalScore,
    showAnswers: 1,
  });
  // demo_learner sat the ended exam and passed.
  const [learner] = await db.select().from(users).where(eq(users.loginName, "demo_learner"));
  if (!learner) return;
  await db.insert(examMembers).values({ examId: ended.id, userId: learner.id });
  const started = new Date(ended.startTime.getTime() + 3600_000);
  const [attempt] = await db
    .insert(examAttempts)
    .values({ examId: ended.id, userId: learner.id, attemptNo: 1, items: fixedItems, status: 2, startedAt: started, deadline: new Date(started.getTime() + 45 * 60_000), submittedAt: new Date(started.getTime() + 32 * 60_000), submitType: 1 })
    .returning();
  let score = 0;
  for (const [i, item] of fixedItems.entries()) {
    const q = bank.find((b) => b.id === item.questionId)!;
    // Two wrong answers out of twenty-two, the rest right.
    const answer = i === 3 || i === 12 ? ["D"] : q.questionType === 4 ? q.answer.map((a) => a.split("|")[0]!) : q.answer;
    const g = gradeAnswer(q.questionType, q.answer, answer, item.score);
    score += g.score ?? 0;
    await db.insert(examAnswers).values({ attemptId: attempt!.id, questionId: q.id, answer, seq: i + 1, score: g.score, isCorrect: g.isCorrect });
  }
  await db.update(examAttempts).set({ score, objectiveScore: score, isPass: score >= 60 ? 1 : 0 }).where(eq(examAttempts.id, attempt!.id));
}
