import { and, count, countDistinct, eq, inArray, max, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examPracticeAnswers, examPracticeWrongs } from "@db/schema";

/** A learner's figures in one practice: every answer counts, a question answered twice counts twice. */
export interface PracticeStats {
  answeredCount: number;
  correctCount: number;
  /** Percent with one decimal; 0 before the first answer. */
  correctRate: number;
  /** Distinct questions answered at least once. */
  doneQuestionCount: number;
  /** Questions now in the wrong-question book. */
  wrongCount: number;
  /** ms timestamp of the last answer, null before the first. */
  lastPracticeTime: number | null;
}

export const EMPTY_STATS: PracticeStats = { answeredCount: 0, correctCount: 0, correctRate: 0, doneQuestionCount: 0, wrongCount: 0, lastPracticeTime: null };

export const rateOf = (correct: number, answered: number) => (answered ? Math.round((correct * 1000) / answered) / 10 : 0);

type Key = "userId" | "practiceId";

/** Figures grouped by learner (one practice) or by practice (one learner). */
async function statsBy(db: DbOrTx, by: Key, fixed: { column: Key; value: number }, keys: number[]): Promise<Map<number, PracticeStats>> {
  const out = new Map<number, PracticeStats>();
  if (!keys.length) return out;
  const a = examPracticeAnswers;
  const w = examPracticeWrongs;
  const [answers, wrongs] = await Promise.all([
    db
      .select({
        key: a[by],
        answered: count(),
        correct: sql<number>`coalesce(sum(${a.isCorrect}), 0)`.mapWith(Number),
        done: countDistinct(a.questionId),
        last: max(a.answeredAt),
      })
      .from(a)
      .where(and(eq(a[fixed.column], fixed.value), inArray(a[by], keys)))
      .groupBy(a[by]),
    db
      .select({ key: w[by], n: count() })
      .from(w)
      .where(and(eq(w[fixed.column], fixed.value), inArray(w[by], keys)))
      .groupBy(w[by]),
  ]);
  for (const r of answers) {
    out.set(Number(r.key), {
      answeredCount: r.answered,
      correctCount: r.correct,
      correctRate: rateOf(r.correct, r.answered),
      doneQuestionCount: r.done,
      wrongCount: 0,
      lastPracticeTime: r.last ? new Date(r.last).getTime() : null,
    });
  }
  for (const r of wrongs) out.set(Number(r.key), { ...(out.get(Number(r.key)) ?? EMPTY_STATS), wrongCount: r.n });
  return out;
}

/** Each learner's figures in a practice (back office). */
export const statsOfUsers = (db: DbOrTx, practiceId: number, userIds: number[]) => statsBy(db, "userId", { column: "practiceId", value: practiceId }, userIds);

/** One learner's figures in each practice (practice list and detail). */
export const statsOfPractices = (db: DbOrTx, userId: number, practiceIds: number[]) => statsBy(db, "practiceId", { column: "userId", value: userId }, practiceIds);

/** Learners who answered in a practice, the most recent first (they show in the user list beside the listed ones). */
export async function practisedUserIds(db: DbOrTx, practiceId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: examPracticeAnswers.userId, last: max(examPracticeAnswers.answeredAt) })
    .from(examPracticeAnswers)
    .where(eq(examPracticeAnswers.practiceId, practiceId))
    .groupBy(examPracticeAnswers.userId)
    .orderBy(sql`2 desc`, examPracticeAnswers.userId);
  return rows.map((r) => Number(r.userId));
}
