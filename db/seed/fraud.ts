import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { examAnswers, examAttempts, examMembers, examPaperQuestions, examQuestions, exams, examVerifications, users } from "@db/schema";
import { gradeAnswer } from "@trpc-app/exam/grading";
import { raiseForAttempt } from "@trpc-app/exam/fraud.service";
import { putObject } from "@trpc-app/upload/object.service";
import { faceFixture } from "../../tests/factories/proctoring";

export const FRAUD_DEMO = { account: "wuting_jg", nick: "吴婷", examName: "政府采购评审专家考核（人脸核验监考）" };

/**
 * One raised fraud check for the back office: 吴婷 sat the face-verified exam two days ago, failed a
 * face check before passing one, and an admin flagged one of his three snapshots.
 */
export async function seedFraud(db: Db) {
  const [user] = await db.select().from(users).where(eq(users.loginName, FRAUD_DEMO.account));
  const [exam] = await db.select().from(exams).where(eq(exams.name, FRAUD_DEMO.examName));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (!user || !exam?.paperId) return;
  const onPaper = await db
    .select({ questionId: examPaperQuestions.questionId, score: examPaperQuestions.score, q: examQuestions })
    .from(examPaperQuestions)
    .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
    .where(eq(examPaperQuestions.paperId, exam.paperId));
  const paperItems = onPaper.map((r) => ({ questionId: r.questionId, score: r.score }));
  const started = new Date(Date.now() - 2 * 24 * 3600_000);
  const at = (minutes: number) => new Date(started.getTime() + minutes * 60_000);
  await db.insert(examMembers).values({ examId: exam.id, userId: user.id }).onConflictDoNothing();
  const [attempt] = await db
    .insert(examAttempts)
    .values({
      examId: exam.id,
      userId: user.id,
      attemptNo: 1,
      items: paperItems,
      status: 2,
      startedAt: started,
      deadline: at(60),
      submittedAt: at(38),
      submitType: 1,
      score: 100,
      objectiveScore: 100,
      isPass: 1,
      screenCutCount: 2,
      screenCutTimes: [at(12).getTime(), at(25).getTime()],
    })
    .returning();
  // Every question answered right: the full score the record puts in doubt.
  for (const [i, r] of onPaper.entries()) {
    const g = gradeAnswer(r.q.questionType, r.q.answer, r.q.answer, r.score);
    await db.insert(examAnswers).values({ attemptId: attempt!.id, questionId: r.questionId, answer: r.q.answer, seq: i + 1, score: g.score, isCorrect: g.isCorrect });
  }
  const image = async (folder: string, name: string, variant: "capture" | "no-face") =>
    putObject(`exam/${folder}/${exam.id}/${user.id}/seed-${name}.jpg`, faceFixture(variant), "image/jpeg");
  await db.insert(examVerifications).values([
    { examId: exam.id, userId: user.id, attemptId: attempt!.id, kind: "face", image: await image("face", "1", "no-face"), verifyResult: 1, similarity: null, reason: "未检测到人脸，请正对摄像头并保持光线充足", createdAt: at(-3) },
    { examId: exam.id, userId: user.id, attemptId: attempt!.id, kind: "face", image: await image("face", "2", "capture"), verifyResult: 0, similarity: 97.5, reason: "", createdAt: at(-1) },
    { examId: exam.id, userId: user.id, attemptId: attempt!.id, kind: "snap", image: await image("snap", "1", "capture"), verifyResult: 0, createdAt: at(8) },
    {
      examId: exam.id,
      userId: user.id,
      attemptId: attempt!.id,
      kind: "snap",
      image: await image("snap", "2", "no-face"),
      verifyResult: 0,
      createdAt: at(19),
      flaggedAt: at(45),
      flaggedBy: admin?.id ?? null,
      flagNote: "考生离开摄像头画面",
    },
    { examId: exam.id, userId: user.id, attemptId: attempt!.id, kind: "snap", image: await image("snap", "3", "capture"), verifyResult: 0, createdAt: at(31) },
  ]);
  await raiseForAttempt(db, attempt!.id);
}
