import type { DbOrTx } from "@db/client";
import { examPaperQuestions, examPapers, examQuestions, exams, type PaperRule, type QuestionType } from "@db/schema";
import { normaliseQuestion } from "@trpc-app/exam/question.service";
import { PROCUREMENT_BANK } from "./exam-bank";

export interface QuestionSpec {
  questionType: QuestionType;
  content?: string;
  options?: string[];
  answer: string[];
  difficultyType?: number;
  folderId?: number | null;
  analysis?: string;
}

let seq = 0;

/** One question, checked by the same rules as the back office. */
export async function createQuestion(db: DbOrTx, spec: QuestionSpec) {
  seq += 1;
  const values = normaliseQuestion({
    questionType: spec.questionType,
    difficultyType: spec.difficultyType ?? 2,
    folderId: spec.folderId ?? undefined,
    materialLibFolderId: undefined,
    content: spec.content ?? `政府采购法规知识第${seq}题`,
    options: (spec.options ?? []).map((content, i) => ({ key: "ABCDEFGHIJ"[i]!, content })),
    answer: spec.answer,
    analysis: spec.analysis,
    status: 1,
  });
  const [row] = await db.insert(examQuestions).values(values).returning();
  return row!;
}

/** The government-procurement bank (60+ questions of every type), optionally in a folder. */
export async function createProcurementBank(db: DbOrTx, folderId?: number) {
  const out = [];
  for (const [questionType, difficultyType, content, options, answer, analysis] of PROCUREMENT_BANK) {
    out.push(await createQuestion(db, { questionType, difficultyType, content, options, answer, analysis, folderId }));
  }
  return out;
}

export async function createFixedPaper(db: DbOrTx, name: string, items: { questionId: number; score: number }[]) {
  const total = items.reduce((s, i) => s + i.score, 0);
  const [paper] = await db.insert(examPapers).values({ name, paperType: 1, totalScore: total, questionCount: items.length }).returning();
  await db.insert(examPaperQuestions).values(items.map((it, i) => ({ paperId: paper!.id, questionId: it.questionId, score: it.score, sort: i + 1 })));
  return paper!;
}

export async function createRandomPaper(db: DbOrTx, name: string, rules: PaperRule[]) {
  const total = rules.reduce((s, r) => s + r.count * r.score, 0);
  const count = rules.reduce((s, r) => s + r.count, 0);
  const [paper] = await db.insert(examPapers).values({ name, paperType: 2, rules, totalScore: total, questionCount: count }).returning();
  return paper!;
}

export interface ExamSpec {
  name?: string;
  paperId: number;
  startTime?: Date;
  endTime?: Date;
  limitTime?: number;
  makeupCount?: number;
  passScore?: number;
  maxScore?: number;
  showAnswers?: 0 | 1;
  status?: 0 | 1;
  forcedReadTime?: number;
  instructions?: string;
  isEnableScreenCutting?: 0 | 1;
  screenCuttingTimes?: number;
  isFaceVerify?: 0 | 1;
  description?: string;
  isPartialScore?: 0 | 1;
  partialScoreRate?: number;
  isBlankScore?: 0 | 1;
  /** Proctoring settings (face check allowance and threshold, snapshots, recording, helper). */
  proctoring?: Partial<Pick<typeof exams.$inferInsert, "faceVerifyCount" | "faceVerifyThreshold" | "isSnapVerify" | "isEnableVideoRecording" | "isOpenSoftMonitor" | "winDownloadUrl" | "macInterDownloadUrl" | "macM1DownloadUrl">>;
}

/** An enabled exam on a paper; by default open now for an hour with a 30-minute limit. */
export async function createExam(db: DbOrTx, spec: ExamSpec) {
  const now = Date.now();
  const [exam] = await db
    .insert(exams)
    .values({
      name: spec.name ?? "政府采购法规知识考试",
      paperId: spec.paperId,
      startTime: spec.startTime ?? new Date(now - 60_000),
      endTime: spec.endTime ?? new Date(now + 3600_000),
      limitTime: spec.limitTime ?? 30,
      makeupCount: spec.makeupCount ?? 0,
      passScore: spec.passScore ?? 60,
      maxScore: spec.maxScore ?? 100,
      showAnswers: spec.showAnswers ?? 1,
      status: spec.status ?? 1,
      submitted: 1,
      forcedReadTime: spec.forcedReadTime ?? 0,
      instructions: spec.instructions ?? "",
      description: spec.description ?? "",
      isEnableScreenCutting: spec.isEnableScreenCutting ?? 0,
      screenCuttingTimes: spec.screenCuttingTimes ?? 0,
      isFaceVerify: spec.isFaceVerify ?? 0,
      isPartialScore: spec.isPartialScore ?? 0,
      partialScoreRate: spec.partialScoreRate ?? 50,
      isBlankScore: spec.isBlankScore ?? 0,
      ...spec.proctoring,
    })
    .returning();
  return exam!;
}
