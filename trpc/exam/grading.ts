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

export interface GradeResult {
  /** null for a short answer that waits for correction. */
  score: number | null;
  isCorrect: 0 | 1 | null;
}

/** Partial credit an exam switched on (exams.isPartialScore / partialScoreRate / isBlankScore). */
export interface PartialRules {
  /** 少选得分: share (percent) of the points for a multiple choice with some right keys and no wrong one. */
  partialRate?: number | null;
  /** 填空按空给分: each right blank earns its share of the points. */
  perBlank?: boolean;
}

export const partialRulesOf = (e: { isPartialScore: number; partialScoreRate: number; isBlankScore: number }): PartialRules => ({
  partialRate: e.isPartialScore === 1 ? e.partialScoreRate : null,
  perBlank: e.isBlankScore === 1,
});

/** Partial points are floored to a multiple of 0.5 so a result never shows more than one decimal. */
export const floorHalf = (n: number) => Math.floor(n * 2 + 1e-9) / 2;

const keysOf = (a: string[]) => [...new Set(a.map((k) => k.trim().toUpperCase()).filter(Boolean))];

/**
 * Grades one answer: choice and true/false need exactly the right keys; a fill-in needs every blank to
 * match one of its accepted answers ("|" separates them); a short answer waits for manual correction
 * unless it was left empty. With partial rules, a multiple choice missing keys but with no wrong key
 * earns partialRate % and a fill-in earns right blanks / blanks of the points, both floored to 0.5;
 * only a fully right answer counts as correct.
 */
export function gradeAnswer(type: QuestionType, correct: string[], given: string[] | undefined, fullScore: number, rules: PartialRules = {}): GradeResult {
  const answer = (given ?? []).filter((a) => a.trim() !== "");
  if (type === 5) return answer.length ? { score: null, isCorrect: null } : { score: 0, isCorrect: 0 };
  if (!answer.length) return { score: 0, isCorrect: 0 };
  if (type === 4) {
    const blanks = given ?? [];
    const rightBlanks = correct.filter((accepted, i) => {
      const g = normaliseText(blanks[i] ?? "");
      return g !== "" && accepted.split("|").some((alt) => normaliseText(alt) === g);
    }).length;
    if (correct.length > 0 && rightBlanks === correct.length) return { score: fullScore, isCorrect: 1 };
    if (rules.perBlank && correct.length > 1 && rightBlanks > 0) return { score: floorHalf((fullScore * rightBlanks) / correct.length), isCorrect: 0 };
    return { score: 0, isCorrect: 0 };
  }
  const want = keysOf(correct);
  const got = keysOf(answer);
  if (type !== 2 && answer.length !== 1) return { score: 0, isCorrect: 0 };
  if (got.length === want.length && got.every((k) => want.includes(k))) return { score: fullScore, isCorrect: 1 };
  if (type === 2 && rules.partialRate && got.length < want.length && got.every((k) => want.includes(k))) {
    return { score: floorHalf((fullScore * rules.partialRate) / 100), isCorrect: 0 };
  }
  return { score: 0, isCorrect: 0 };
}

/** Number of blanks of a fill-in question (one accepted-answer entry per blank). */
export const blankCount = (type: QuestionType, answer: string[]) => (type === 4 ? Math.max(1, answer.length) : 0);
