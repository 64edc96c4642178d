import type { QuestionType } from "@db/schema";

export const QUESTION_TYPE_NAMES: Record<QuestionType, string> = { 1: "单选题", 2: "多选题", 3: "判断题", 4: "填空题", 5: "简答题" };
export const DIFFICULTY_NAMES: Record<number, string> = { 1: "简单", 2: "中等", 3: "困难" };

/** Short answers are corrected by hand; everything else is graded at submission. */
export const isObjective = (type: QuestionType) => type !== 5;

/** Fill-in answers match after full-width/half-width folding, case folding and whitespace/end-punctuation removal. */
export function normaliseText(s: string): string {
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/[。．.，,；;！!？?]+$/u, "");
}

const sameKeys = (a: string[], b: string[]) => {
  const x = [...new Set(a.map((k) => k.trim().toUpperCase()).filter(Boolean))].sort();
  const y = [...new Set(b.map((k) => k.trim().toUpperCase()).filter(Boolean))].sort();
  return x.length === y.length && x.every((k, i) => k === y[i]);
};

export interface GradeResult {
  /** null for a short answer that waits for correction. */
  score: number | null;
  isCorrect: 0 | 1 | null;
}

/**
 * Grades one answer: choice and true/false need exactly the right keys; a fill-in needs every blank to
 * match one of its accepted answers ("|" separates them); a short answer waits for manual correction
 * unless it was left empty.
 */
export function gradeAnswer(type: QuestionType, correct: string[], given: string[] | undefined, fullScore: number): GradeResult {
  const answer = (given ?? []).filter((a) => a.trim() !== "");
  if (type === 5) return answer.length ? { score: null, isCorrect: null } : { score: 0, isCorrect: 0 };
  if (!answer.length) return { score: 0, isCorrect: 0 };
  let right = false;
  if (type === 4) {
    const blanks = given ?? [];
    right =
      correct.length > 0 &&
      correct.every((accepted, i) => {
        const g = normaliseText(blanks[i] ?? "");
        return g !== "" && accepted.split("|").some((alt) => normaliseText(alt) === g);
      });
  } else {
    right = sameKeys(correct, answer);
    if (type !== 2 && answer.length !== 1) right = false;
  }
  return right ? { score: fullScore, isCorrect: 1 } : { score: 0, isCorrect: 0 };
}

/** Number of blanks of a fill-in question (one accepted-answer entry per blank). */
export const blankCount = (type: QuestionType, answer: string[]) => (type === 4 ? Math.max(1, answer.length) : 0);
