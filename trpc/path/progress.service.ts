import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examAttempts, lives, liveWatchRecords, userCourses } from "@db/schema";

/** A live counts as watched once live plus replay time reaches this share of its time on air. */
export const LIVE_COMPLETE_RATIO = 0.8;

export type ProgressContentType = 1 | 2 | 3;
export interface ContentRef {
  contentType: number;
  contentId: number | null;
}
/** rate 0-100 (100 = completed); started once the learner has any record in the content. */
export interface ContentProgress {
  rate: number;
  started: boolean;
  completed: boolean;
}

export const progressKey = (contentType: number, contentId: number | null) => `${contentType}:${contentId ?? 0}`;
const none: ContentProgress = { rate: 0, started: false, completed: false };

/**
 * A learner's real progress in courses (1), lives (2) and exams (3), read from the learning records:
 * a course's own progress and completion; a live's watched plus replay seconds against its time on air;
 * an exam passed (a result voided by a confirmed fraud does not count). One query per kind.
 * Learning maps and tasks read node states from here.
 */
export async function contentProgress(db: DbOrTx, userId: number, refs: readonly ContentRef[]): Promise<Map<string, ContentProgress>> {
  const ids = (t: number) => [...new Set(refs.filter((r) => r.contentType === t && r.contentId).map((r) => r.contentId!))];
  const out = new Map<string, ContentProgress>();
  const courseIds = ids(1);
  if (courseIds.length) {
    const rows = await db
      .select({ id: userCourses.courseId, progress: userCourses.progress, completed: userCourses.completed, payStatus: userCourses.payStatus })
      .from(userCourses)
      .where(and(eq(userCourses.userId, userId), inArray(userCourses.courseId, courseIds)));
    for (const r of rows) {
      const completed = r.completed === 1;
      out.set(progressKey(1, r.id), { rate: completed ? 100 : Math.min(99, r.progress), started: r.payStatus === 1, completed });
    }
  }
  const liveIds = ids(2);
  if (liveIds.length) {
    const rows = await db
      .select({ id: lives.id, startTime: lives.startTime, startedAt: lives.startedAt, endTime: lives.endTime, watch: liveWatchRecords.watchSeconds, replay: liveWatchRecords.playbackSeconds, entries: liveWatchRecords.entryCount })
      .from(liveWatchRecords)
      .innerJoin(lives, eq(lives.id, liveWatchRecords.liveId))
      .where(and(eq(liveWatchRecords.userId, userId), inArray(liveWatchRecords.liveId, liveIds)));
    for (const r of rows) {
      const onAir = Math.max(60, (r.endTime.getTime() - (r.startedAt ?? r.startTime).getTime()) / 1000);
      const watched = r.watch + r.replay;
      const rate = Math.min(100, Math.floor((watched / (onAir * LIVE_COMPLETE_RATIO)) * 100));
      out.set(progressKey(2, r.id), { rate, started: watched > 0 || r.entries > 0, completed: rate >= 100 });
    }
  }
  const examIds = ids(3);
  if (examIds.length) {
    const rows = await db
      .select({ id: examAttempts.examId, isPass: examAttempts.isPass, voided: examAttempts.voidedByFraud, status: examAttempts.status })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.examId, examIds)));
    for (const r of rows) {
      const prev = out.get(progressKey(3, r.id)) ?? none;
      const passed = prev.completed || (r.isPass === 1 && r.voided === 0 && r.status === 2);
      out.set(progressKey(3, r.id), { rate: passed ? 100 : 0, started: true, completed: passed });
    }
  }
  return out;
}

export const progressOf = (map: Map<string, ContentProgress>, contentType: number, contentId: number | null) => map.get(progressKey(contentType, contentId)) ?? none;
