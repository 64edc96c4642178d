import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { prepared } from "@db/prepared";
import { examOpenRanges, exams } from "@db/schema";
import { AppError, LegacyCode, notFound } from "../errors";
import { isOpenTo, userScope } from "../org/membership";

export type Exam = typeof exams.$inferSelect;
export const EXAM_NOT_FOUND = "考试不存在或已下架";
export const NO_OPEN_PERMISSION = "您不在该考试的开放范围内";

/** Answers in flight when time is up are still accepted for this long. */
export const GRACE_MS = 30_000;

export async function loadExam(db: DbOrTx, examId: number, opts: { enabledOnly?: boolean } = {}) {
  const [exam] = await prepared(db, "exam_by_id", (d) =>
    d
      .select()
      .from(exams)
      .where(and(eq(exams.id, sql.placeholder("examId")), isNull(exams.deletedAt)))
      .prepare("exam_by_id"),
  ).execute({ examId });
  if (!exam || (opts.enabledOnly && exam.status !== 1)) throw notFound(EXAM_NOT_FOUND);
  return exam;
}

export async function openRangeOf(db: DbOrTx, examId: number) {
  return prepared(db, "exam_open_ranges", (d) =>
    d
      .select({ kind: examOpenRanges.kind, target: examOpenRanges.target })
      .from(examOpenRanges)
      .where(eq(examOpenRanges.examId, sql.placeholder("examId")))
      .prepare("exam_open_ranges"),
  ).execute({ examId });
}

/** The open-range rule shared with courses and lives: outside it the learner gets 102. */
export async function assertOpen(db: DbOrTx, examId: number, userId: number) {
  const entries = await openRangeOf(db, examId);
  if (!entries.length) return;
  if (!isOpenTo(entries, await userScope(db, userId))) throw new AppError(LegacyCode.noOpenPermission, NO_OPEN_PERMISSION);
}

/** 0 not started, 1 in progress, 2 ended. */
export function examPhase(exam: Pick<Exam, "startTime" | "endTime">, now = Date.now()): 0 | 1 | 2 {
  if (now < exam.startTime.getTime()) return 0;
  if (now >= exam.endTime.getTime()) return 2;
  return 1;
}

export const allowedAttempts = (exam: Pick<Exam, "makeupCount">) => 1 + exam.makeupCount;

/** The answering deadline: the time limit from the start, never after the exam ends. */
export function deadlineOf(exam: Pick<Exam, "limitTime" | "endTime">, startedAt: Date): Date {
  const end = exam.endTime.getTime();
  if (!exam.limitTime) return new Date(end);
  return new Date(Math.min(startedAt.getTime() + exam.limitTime * 60_000, end));
}

export const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
