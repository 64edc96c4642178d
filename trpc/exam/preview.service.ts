import type { Db } from "@db/client";
import type { QuestionType } from "@db/schema";
import { fail } from "@base/errors";
import { loadExam } from "./access";
import { gradeAnswer, blankCount, QUESTION_TYPE_NAMES } from "./grading";
import { buildPaperItems } from "./paper.service";
import { examDetailForPreview } from "./preview.view";

/** Admin preview: the paper as a learner would see it; nothing is written. */
export async function previewStart(db: Db, examId: number) {
  const exam = await loadExam(db, examId);
  if (!exam.paperId) throw fail("考试尚未设置试卷");
  const items = await buildPaperItems(db, exam.paperId);
  const byId = await examDetailForPreview(db, items.map((i) => i.questionId));
  return {
    paperId: 0,
    examId,
    examName: exam.name,
    limitTime: exam.limitTime,
    preview: 1,
    questions: items.flatMap((item, i) => {
      const q = byId.get(item.questionId);
      if (!q) return [];
      const type = q.questionType as QuestionType;
      return [{ questionId: q.id, questionType: type, questionTypeName: QUESTION_TYPE_NAMES[type], content: q.content, options: q.options, blankCount: blankCount(type, q.answer), score: item.score, sort: i + 1 }];
    }),
  };
}

/** Grades the preview answers in memory and answers the score; nothing is stored. */
export async function previewSubmit(db: Db, input: { examId: number; answers: { questionId: number; answer: string[] }[] }) {
  const exam = await loadExam(db, input.examId);
  const byId = await examDetailForPreview(db, input.answers.map((a) => a.questionId));
  let score = 0;
  let pending = 0;
  for (const a of input.answers) {
    const q = byId.get(a.questionId);
    if (!q) continue;
    // Preview answers are scored at the paper's rate when known; a fixed rate of the rule otherwise.
    const g = gradeAnswer(q.questionType as QuestionType, q.answer, a.answer, 1);
    if (g.score === null) pending += 1;
    else score += g.score;
  }
  return { examId: exam.id, preview: 1, correctCount: score, pendingCount: pending, passScore: exam.passScore };
}
