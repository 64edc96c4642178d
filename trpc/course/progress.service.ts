import { creditStudyDay } from "../checkin/study-days.service";
import { onPathContentCompleted } from "../path/completion.service";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@db/client";
import { courseChapters, userChapterProgress, userCourses, userLearnClocks, users } from "@db/schema";
import { badInput } from "@base/errors";
import { requireStudy, type Viewer } from "./access.service";
import type { LearnInput } from "./schemas";
import { onCourseCompleted } from "../cert/issue.service";

/** A section completes once this share of its video was really watched. */
export const COMPLETE_RATIO = 0.9;
/** Longest gap between two reports that still counts as watching (the player reports every ~10 s). */
export const MAX_GAP_SECONDS = 30;

/**
 * Seconds to credit for a report at `now`: the wall-clock time since the learner's last counted
 * moment, at most MAX_GAP_SECONDS. One clock per learner, so two tabs playing share it.
 */
async function tickClock(tx: Tx, userId: number, now: Date, counts: boolean): Promise<number> {
  const [clock] = await tx.select().from(userLearnClocks).where(eq(userLearnClocks.userId, userId)).for("update");
  let delta = 0;
  if (clock && counts) {
    const gap = (now.getTime() - clock.lastCountedAt.getTime()) / 1000;
    delta = gap > 0 && gap <= MAX_GAP_SECONDS ? Math.floor(gap) : 0;
  }
  // Only whole seconds are consumed: the remainder stays on the clock for the next report.
  const next = clock && delta > 0 ? new Date(clock.lastCountedAt.getTime() + delta * 1000) : now;
  if (clock && next.getTime() < clock.lastCountedAt.getTime()) return 0;
  await tx
    .insert(userLearnClocks)
    .values({ userId, lastCountedAt: next })
    .onConflictDoUpdate({ target: userLearnClocks.userId, set: { lastCountedAt: next } });
  return delta;
}

/** Course progress: the average share of each section done (a completed one counts whole). */
async function refreshCourse(tx: Tx, userId: number, courseId: number) {
  const sections = await tx
    .select({ id: courseChapters.id, duration: courseChapters.duration, type: courseChapters.type })
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, courseId), sql`${courseChapters.parentId} is not null`));
  const done = await tx
    .select()
    .from(userChapterProgress)
    .where(and(eq(userChapterProgress.userId, userId), eq(userChapterProgress.courseId, courseId)));
  const byId = new Map(done.map((p) => [p.chapterId, p]));
  let sum = 0;
  let completedAll = sections.length > 0;
  for (const s of sections) {
    const p = byId.get(s.id);
    if (p?.completed) sum += 1;
    else {
      completedAll = false;
      if (p && s.duration > 0) sum += Math.min(1, p.watchedSeconds / (s.duration * COMPLETE_RATIO)) * 0.99;
    }
  }
  const progress = sections.length ? Math.min(100, Math.floor((sum / sections.length) * 100)) : 0;
  return { progress: completedAll ? 100 : Math.min(progress, 99), completedAll };
}

/**
 * One report from the player (learn, record, learnVod). Idempotent and monotonic: the furthest
 * position never moves back; watched time grows only by real elapsed time.
 */
export async function reportLearning(db: DbOrTx, viewer: Viewer, input: LearnInput, now = new Date()) {
  const { mine } = await requireStudy(db, input.courseId, viewer);
  const [section] = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.id, input.chapterId), eq(courseChapters.courseId, input.courseId)))
    .limit(1);
  if (!section || section.parentId === null) throw badInput("章节不属于该课程");
  const position = section.duration > 0 ? Math.min(input.position, section.duration) : input.position;

  return db.transaction(async (tx) => {
    const delta = await tickClock(tx, viewer.id, now, input.event !== "play" && input.event !== "open");
    const [before] = await tx
      .select()
      .from(userChapterProgress)
      .where(and(eq(userChapterProgress.userId, viewer.id), eq(userChapterProgress.chapterId, section.id)))
      .for("update");
    const cap = section.duration > 0 ? section.duration : Number.MAX_SAFE_INTEGER;
    const watched = Math.min(cap, (before?.watchedSeconds ?? 0) + delta);
    const credited = watched - (before?.watchedSeconds ?? 0);
    const maxPosition = Math.max(before?.maxPosition ?? 0, position);
    const reached = section.type === 2 || section.duration === 0 || watched >= Math.ceil(section.duration * COMPLETE_RATIO);
    const completed = before?.completed === 1 || reached ? 1 : 0;
    await tx
      .insert(userChapterProgress)
      .values({
        userId: viewer.id,
        chapterId: section.id,
        courseId: input.courseId,
        maxPosition,
        lastPosition: position,
        watchedSeconds: watched,
        completed,
        completedAt: completed ? now : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [userChapterProgress.userId, userChapterProgress.chapterId],
        set: {
          maxPosition,
          lastPosition: position,
          watchedSeconds: watched,
          completed,
          completedAt: before?.completedAt ?? (completed ? now : null),
          updatedAt: now,
        },
      });

    const { progress, completedAll } = await refreshCourse(tx, viewer.id, input.courseId);
    const newlyCompleted = completedAll && mine.completed === 0;
    const [current] = await tx.select({ completed: userCourses.completed }).from(userCourses).where(eq(userCourses.id, mine.id)).for("update");
    const firstCompletion = newlyCompleted && current?.completed === 0;
    await tx
      .update(userCourses)
      .set({
        progress: sql`greatest(${userCourses.progress}, ${progress})`,
        lastChapterId: section.id,
        lastPosition: position,
        learnSeconds: sql`${userCourses.learnSeconds} + ${credited}`,
        lastLearnAt: now,
        ...(firstCompletion ? { completed: 1, completedAt: now } : {}),
      })
      .where(eq(userCourses.id, mine.id));
    await creditStudyDay(tx, viewer.id, 1, input.courseId, credited, now);
    if (firstCompletion) {
      await onCourseCompleted(tx, viewer.id, input.courseId);
      await onPathContentCompleted(tx, viewer.id, 1, input.courseId);
    }
    if (credited > 0 || firstCompletion) {
      await tx
        .update(users)
        .set({
          learnTime: sql`${users.learnTime} + ${credited}`,
          learnHour: sql`floor((${users.learnTime} + ${credited}) / 3600)::int`,
          ...(firstCompletion ? { learnLesson: sql`${users.learnLesson} + 1` } : {}),
        })
        .where(eq(users.id, viewer.id));
    }
    return {
      courseId: input.courseId,
      chapterId: section.id,
      position,
      maxPosition,
      watchedSeconds: watched,
      credited,
      chapterCompleted: completed,
      progress: Math.max(progress, mine.progress),
      courseCompleted: firstCompletion || mine.completed === 1 ? 1 : 0,
    };
  });
}

/** Offline positions sent later: the furthest position may move on, no time is credited. */
export async function compensateProgress(db: DbOrTx, viewer: Viewer, courseId: number, list: { chapterId: number; position: number }[]) {
  await requireStudy(db, courseId, viewer);
  let applied = 0;
  for (const item of list) {
    const [section] = await db
      .select()
      .from(courseChapters)
      .where(and(eq(courseChapters.id, item.chapterId), eq(courseChapters.courseId, courseId)))
      .limit(1);
    if (!section || section.parentId === null) continue;
    const position = section.duration > 0 ? Math.min(item.position, section.duration) : item.position;
    await db
      .insert(userChapterProgress)
      .values({ userId: viewer.id, chapterId: section.id, courseId, maxPosition: position, lastPosition: position })
      .onConflictDoUpdate({
        target: [userChapterProgress.userId, userChapterProgress.chapterId],
        set: { maxPosition: sql`greatest(${userChapterProgress.maxPosition}, ${position})` },
      });
    applied += 1;
  }
  return { courseId, applied };
}

// ---------- repairs (diagnostic tools, docs/decisions/036-diagnostic-tools.md) ----------

/**
 * refreshUserLearn: the learner's courses and totals recomputed from the section records. A course's
 * progress and study seconds only move up (time credited for a section deleted since stays counted); a
 * course whose sections are all complete but that was never marked completes now, with its certificate
 * and learning-map step, exactly as the player's report would have done. The totals on the account
 * (learnTime, learnHour, learnLesson) are the sums of the courses. A second run changes nothing.
 */
export async function recomputeLearner(db: DbOrTx, userId: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ learnTime: users.learnTime, learnHour: users.learnHour, learnLesson: users.learnLesson }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw badInput("学员不存在");
    const mine = await tx.select().from(userCourses).where(eq(userCourses.userId, userId)).for("update");
    const fixed: { courseId: number; progress: [number, number]; learnSeconds: [number, number]; completed: [number, number] }[] = [];
    for (const uc of mine) {
      const { progress, completedAll } = await refreshCourse(tx, userId, uc.courseId);
      const [watched] = await tx
        .select({ s: sql<number>`coalesce(sum(${userChapterProgress.watchedSeconds}), 0)`.mapWith(Number) })
        .from(userChapterProgress)
        .where(and(eq(userChapterProgress.userId, userId), eq(userChapterProgress.courseId, uc.courseId)));
      const seconds = Math.max(uc.learnSeconds, watched?.s ?? 0);
      const nextProgress = Math.max(uc.progress, progress);
      const completes = uc.completed === 0 && completedAll && uc.payStatus === 1;
      if (seconds === uc.learnSeconds && nextProgress === uc.progress && !completes) continue;
      await tx
        .update(userCourses)
        .set({ learnSeconds: seconds, progress: nextProgress, ...(completes ? { completed: 1, completedAt: now } : {}) })
        .where(eq(userCourses.id, uc.id));
      if (completes) {
        await onCourseCompleted(tx, userId, uc.courseId);
        await onPathContentCompleted(tx, userId, 1, uc.courseId);
      }
      fixed.push({ courseId: uc.courseId, progress: [uc.progress, nextProgress], learnSeconds: [uc.learnSeconds, seconds], completed: [uc.completed, completes ? 1 : uc.completed] });
    }
    const [sums] = await tx
      .select({
        seconds: sql<number>`coalesce(sum(${userCourses.learnSeconds}), 0)`.mapWith(Number),
        completed: sql<number>`count(*) filter (where ${userCourses.completed} = 1)`.mapWith(Number),
      })
      .from(userCourses)
      .where(eq(userCourses.userId, userId));
    const after = { learnTime: sums?.seconds ?? 0, learnHour: Math.floor((sums?.seconds ?? 0) / 3600), learnLesson: sums?.completed ?? 0 };
    const totalsChanged = after.learnTime !== user.learnTime || after.learnHour !== user.learnHour || after.learnLesson !== user.learnLesson;
    if (totalsChanged) await tx.update(users).set(after).where(eq(users.id, userId));
    return { userId, courses: mine.length, fixedCourses: fixed, before: user, after, changed: totalsChanged || fixed.length > 0 };
  });
}

/**
 * unlockLearnCourseware: nothing locks a section itself (sections open in any order, seeking is free);
 * what can stop a learner's time from counting is the learner's study clock standing in the future (a
 * report stamped ahead of the server's clock), which credits nothing until that moment. Checks the
 * enrolment and the clock and sets a future clock back to now; answers what was checked.
 */
export async function unlockLearnClock(db: DbOrTx, userId: number, courseId: number, now = new Date()) {
  const [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user) throw badInput("学员不存在");
  const checked: string[] = [];
  const [mine] = await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId)));
  checked.push(!mine ? "学员未加入该课程（无学习记录可解锁）" : mine.payStatus === 1 ? "课程学习资格正常" : "课程待支付：学员支付后才能学习");
  checked.push(user.status === 1 ? "账号状态正常" : "账号已被禁用：请先在用户管理中启用");
  const [clock] = await db.select().from(userLearnClocks).where(eq(userLearnClocks.userId, userId));
  let unlocked = false;
  if (clock && clock.lastCountedAt.getTime() > now.getTime()) {
    await db.update(userLearnClocks).set({ lastCountedAt: now }).where(eq(userLearnClocks.userId, userId));
    unlocked = true;
    checked.push(`学习计时停在未来时刻（${clock.lastCountedAt.toISOString()}），已重置为当前时间`);
  } else checked.push("学习计时正常");
  checked.push("课件章节不设顺序锁定，可自由拖动与切换");
  return { userId, courseId, unlocked, checked, message: unlocked ? "已解锁：学员的学习时长将继续累计" : "未发现被锁定的学习进度" };
}
