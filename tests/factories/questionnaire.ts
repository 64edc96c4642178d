import type { DbOrTx } from "@db/client";
import { questionnaireAnswers, questionnaireQuestions, questionnaires, type QuestionnaireAnswerItem } from "@db/schema";

export interface QuestionnaireQuestionInput {
  type: 1 | 2 | 3;
  title: string;
  required?: 0 | 1;
  options?: string[];
}

export const SAMPLE_QUESTIONS: QuestionnaireQuestionInput[] = [
  { type: 1, title: "您所在的单位类型", options: ["采购人", "采购代理机构", "供应商", "监管部门"] },
  { type: 2, title: "您希望学习的内容", options: ["政府采购法规", "采购文件编制", "评审实务", "合同履约管理"] },
  { type: 3, title: "您对培训的其他建议", required: 0 },
];

export async function createQuestionnaire(
  db: DbOrTx,
  input: { title?: string; description?: string; status?: 0 | 1 | 2; anonymous?: 0 | 1; questions?: QuestionnaireQuestionInput[] } = {},
) {
  const [q] = await db
    .insert(questionnaires)
    .values({ title: input.title ?? "政府采购培训满意度调查", description: input.description ?? "", status: input.status ?? 1, anonymous: input.anonymous ?? 0 })
    .returning();
  const questions = await db
    .insert(questionnaireQuestions)
    .values((input.questions ?? SAMPLE_QUESTIONS).map((x, i) => ({ questionnaireId: q!.id, type: x.type, title: x.title, required: x.required ?? 1, options: x.options ?? [], sort: i + 1 })))
    .returning();
  return { questionnaire: q!, questions };
}

export async function addAnswer(db: DbOrTx, questionnaireId: number, userId: number, answers: QuestionnaireAnswerItem[], submittedAt?: Date) {
  const [row] = await db.insert(questionnaireAnswers).values({ questionnaireId, userId, answers, ...(submittedAt ? { submittedAt } : {}) }).returning();
  return row!;
}
