import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { prepared } from "@db/prepared";
import { examOpenRanges, exams } from "@db/schema";
import { AppError, LegacyCode, notFound } from "@base/errors";
import { isOpenTo, userScope } from "../org/membership";

export type Exam = typeof exams.$inferSelect;
export const EXAM_NOT_FOUND = "考试不存在或已下架";
export const NO_OPEN_PERMISSION = "您不在该考试的开放范围内";
export const NOT_REGISTERED = "请先报名考试";
export const NOT_STARTED = "考试尚未开始，请耐心等待";
export const EXAM_ENDED = "考试已结束";
export const NO_ATTEMPTS_LEFT = "考试次数已用完";
export const ALREADY_PASSED = "您已通过本次考试";

/** Answers in flight when time is up are still accepted for this long. */
export const GRACE_MS = 30_000;

/**
 * The one grace rule: an attempt is past its time once now is strictly after deadline + GRACE_MS.
 * No deadline means no time limit. SQL filters use graceCutoff instead (deadline < cutoff is the same test).
 */
export function isPastGrace(deadline: Date | number | null | undefined, now: number = Date.now()): boolean {
  if (deadline == null) return false;
  const at = typeof deadline === "number" ? deadline : deadline.getTime();
  return now > at + GRACE_MS;
}

/** The instant a deadline must be before to be past grace: `deadline < graceCutoff(now)` ⇔ isPastGrace. */
export const graceCutoff = (now: number = Date.now()) => new Date(now - GRACE_MS);

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

/** Why a start is refused, as a kind the pages can act on and the message they show. */
export type StartRefusal = { kind: "notStarted" | "ended" | "notRegistered" | "noAttempts" | "passed"; message: string };

/**
 * The start rule (open range aside), shared by startExam and the check call so a page never offers a
 * start the server refuses: the exam must be open, the learner registered, and a new sitting needs an
 * attempt left (1 + makeupCount) and no pass yet. A prepared or running paper may always be started.
 */
export function startRefusal(
  exam: Pick<Exam, "startTime" | "endTime" | "makeupCount">,
  joined: boolean,
  latest: { status: number; attemptNo: number; isPass: number | null } | undefined,
  now = Date.now(),
): StartRefusal | null {
  const phase = examPhase(exam, now);
  // Most actionable first: nothing helps after the end; registering can be done before the start.
  if (phase === 2) return { kind: "ended", message: EXAM_ENDED };
  if (!joined) return { kind: "notRegistered", message: NOT_REGISTERED };
  if (phase === 0) return { kind: "notStarted", message: NOT_STARTED };
  if (!latest || latest.status !== 2) return null;
  if (latest.isPass === 1) return { kind: "passed", message: ALREADY_PASSED };
  if (latest.attemptNo >= allowedAttempts(exam)) return { kind: "noAttempts", message: NO_ATTEMPTS_LEFT };
  return null;
}
