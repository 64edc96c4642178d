import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courseCollections, courses, userCourses } from "@db/schema";
import { AppError, LegacyCode } from "@base/errors";
import { assertRealName } from "../identity/real-name.service";
import { BUSINESS_TYPE } from "@base/real-name";
import { ALREADY_JOINED, isCourseOpenTo, NO_OPEN, NO_STUDY, studyRefusal, userCourseOf, visibleCourse, type Viewer } from "./access.service";
import { isPaid } from "./access.service";

/**
 * Joins a free course open to the learner. Paid courses are joined by an order (or an admin),
 * so without a place they answer 106; a second join answers 103; a course asking for real name
 * answers 108 (the real-name dialog) to a learner without it.
 */
export async function joinCourse(db: DbOrTx, viewer: Viewer, courseId: number) {
  return db.transaction(async (tx) => {
    const course = await visibleCourse(tx, courseId, viewer);
    if (await userCourseOf(tx, viewer.id, courseId)) throw new AppError(LegacyCode.alreadyJoined, ALREADY_JOINED);
    if (!(await isCourseOpenTo(tx, courseId, viewer.id))) throw new AppError(LegacyCode.noOpenPermission, NO_OPEN);
    await assertRealName(tx, viewer, BUSINESS_TYPE.course, courseId, `/course/detail?id=${courseId}`);
    if (isPaid(course)) throw new AppError(LegacyCode.noStudyPermission, NO_STUDY);
    const inserted = await tx.insert(userCourses).values({ userId: viewer.id, courseId, source: "join" }).onConflictDoNothing().returning({ id: userCourses.id });
    if (!inserted.length) throw new AppError(LegacyCode.alreadyJoined, ALREADY_JOINED);
    await tx.update(courses).set({ joinedCount: sql`${courses.joinedCount} + 1` }).where(eq(courses.id, courseId));
    return { courseId, isJoin: 1, jumpUrl: `/study/platform?id=${courseId}` };
  });
}

/** Re-acquire permission: checks again and, for a free open course, joins it. */
export async function learningContentAccess(db: DbOrTx, viewer: Viewer, courseId: number) {
  const course = await visibleCourse(db, courseId, viewer);
  const refusal = await studyRefusal(db, course, viewer.id);
  if (refusal) throw refusal;
  if (!(await userCourseOf(db, viewer.id, courseId))) await joinCourse(db, viewer, courseId);
  return { courseId, access: true, jumpUrl: `/study/platform?id=${courseId}` };
}

/** Whether the learner may open the study page now (no error: the page decides what to show). */
export async function checkLearnCourse(db: DbOrTx, viewer: Viewer, courseId: number) {
  const course = await visibleCourse(db, courseId, viewer);
  const mine = await userCourseOf(db, viewer.id, courseId);
  const refusal = await studyRefusal(db, course, viewer.id);
  return { courseId, isJoin: mine ? 1 : 0, canLearn: refusal ? 0 : mine ? 1 : 0, code: refusal ? refusal.legacyCode : null };
}

export async function collectCourse(db: DbOrTx, viewer: Viewer, courseId: number) {
  await visibleCourse(db, courseId, viewer);
  await db.insert(courseCollections).values({ userId: viewer.id, courseId }).onConflictDoNothing();
  return { courseId, isCollect: 1 };
}

export async function uncollectCourse(db: DbOrTx, viewer: Viewer, courseId: number) {
  await db.delete(courseCollections).where(and(eq(courseCollections.userId, viewer.id), eq(courseCollections.courseId, courseId)));
  return { courseId, isCollect: 0 };
}
