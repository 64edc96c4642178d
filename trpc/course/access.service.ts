import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courseOpenRanges, courses, userCourses } from "@db/schema";
import { AppError, LegacyCode, notFound } from "@base/errors";
import { isOpenTo, userScope } from "../org/membership";
import type { OpenRangeEntry } from "@base/open-range";

import { isPaid } from "@base/price";

export { isPaid };

export const COURSE_GONE = "课程不存在或已下架";
export const NO_OPEN = "该课程未对您开放，暂无学习权限";
export const NO_STUDY = "您暂无该课程的学习权限，请先购买课程";
export const ALREADY_JOINED = "您已加入该课程，可能已通过兑换或购买获得，去学习吧";

export interface Viewer {
  id: number;
  isAdmin: number;
}

/** A course a learner may look at: released and not deleted (admins also see drafts, for preview). */
export async function visibleCourse(db: DbOrTx, courseId: number, viewer: Viewer | null) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), isNull(courses.deletedAt)))
    .limit(1);
  if (!course) throw notFound(COURSE_GONE);
  if (course.status !== COURSE_STATUS.released && viewer?.isAdmin !== 1) throw notFound(COURSE_GONE);
  return course;
}

export async function openRange(db: DbOrTx, courseId: number): Promise<OpenRangeEntry[]> {
  return db.select({ kind: courseOpenRanges.kind, target: courseOpenRanges.target }).from(courseOpenRanges).where(eq(courseOpenRanges.courseId, courseId));
}

export async function isCourseOpenTo(db: DbOrTx, courseId: number, userId: number) {
  return isOpenTo(await openRange(db, courseId), await userScope(db, userId));
}

export async function userCourseOf(db: DbOrTx, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(userCourses)
    .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

const outsideRange = () => new AppError(LegacyCode.noOpenPermission, NO_OPEN);

/** The 102 refusal for a learner outside the course's open range who holds no place in it (taking part, e.g. commenting). */
export async function assertInRange(db: DbOrTx, courseId: number, userId: number) {
  if ((await userCourseOf(db, userId, courseId))?.payStatus === 1) return;
  if (!(await isCourseOpenTo(db, courseId, userId))) throw outsideRange();
}

/**
 * Why a learner may not study a course, or null when they may.
 * 102 outside the open range; 106 a paid course without an order (or an admin-added place awaiting payment).
 */
export async function studyRefusal(db: DbOrTx, course: typeof courses.$inferSelect, userId: number) {
  const mine = await userCourseOf(db, userId, course.id);
  if (mine && mine.payStatus === 1) return null;
  if (!(await isCourseOpenTo(db, course.id, userId))) return outsideRange();
  if (isPaid(course) || mine) return new AppError(LegacyCode.noStudyPermission, NO_STUDY);
  return null;
}

/** The learner's place in the course, or the 102/106 refusal. */
export async function requireStudy(db: DbOrTx, courseId: number, viewer: Viewer) {
  const course = await visibleCourse(db, courseId, viewer);
  const mine = await userCourseOf(db, viewer.id, courseId);
  if (mine && mine.payStatus === 1) return { course, mine };
  const refusal = await studyRefusal(db, course, viewer.id);
  throw refusal ?? new AppError(LegacyCode.noStudyPermission, "请先加入课程再学习");
}
