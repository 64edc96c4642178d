import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courseCollections, courses, userCourses, users } from "@db/schema";
import { userView } from "../auth/user-view";
import { notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { learningStatus } from "./catalogue.service";
import type { PageInput } from "./schemas";
import { courseCard } from "./view";

type Mine = typeof userCourses.$inferSelect;

function studyItem(c: typeof courses.$inferSelect, m: Mine) {
  return {
    ...courseCard(c),
    progress: m.progress,
    learningStatus: learningStatus(m),
    completed: m.completed,
    learnSeconds: m.learnSeconds,
    joinTime: m.joinedAt.getTime(),
    lastLearnTime: m.lastLearnAt ? m.lastLearnAt.getTime() : null,
    completedTime: m.completedAt ? m.completedAt.getTime() : null,
    studyUrl: `/study/platform?id=${c.id}`,
  };
}

/** The study list's courses (joined with userCourses to courses): joined, paid for, not deleted. */
const listed = (userId: number): SQL[] => [eq(userCourses.userId, userId), isNull(courses.deletedAt), eq(userCourses.payStatus, 1)];

/**
 * The learner's courses, most recently studied first. status: 1 in progress (not completed),
 * 2 completed; none for all.
 */
export async function myCourses(db: DbOrTx, userId: number, input: PageInput) {
  const conds = listed(userId);
  if (input.status === 1) conds.push(eq(userCourses.completed, 0));
  if (input.status === 2) conds.push(eq(userCourses.completed, 1));
  const where = and(...conds);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(userCourses).innerJoin(courses, eq(courses.id, userCourses.courseId)).where(where),
    db
      .select({ c: courses, m: userCourses })
      .from(userCourses)
      .innerJoin(courses, eq(courses.id, userCourses.courseId))
      .where(where)
      .orderBy(sql`${userCourses.lastLearnAt} desc nulls last`, desc(userCourses.joinedAt), desc(userCourses.id)),
  );
  return { ...page, list: page.list.map((r) => studyItem(r.c, r.m)) };
}

export async function recentCourses(db: DbOrTx, userId: number, limit = 4) {
  return (await myCourses(db, userId, { pageNo: 1, pageSize: limit, status: undefined })).list;
}

/** Joined and not finished: the learner's to-do list. */
export async function backlogCourses(db: DbOrTx, userId: number, input: PageInput) {
  return myCourses(db, userId, { ...input, status: 1 });
}

export async function myCollections(db: DbOrTx, userId: number, input: PageInput) {
  const where = and(eq(courseCollections.userId, userId), isNull(courses.deletedAt));
  const page = await paginate(
    input,
    db.select({ total: count() }).from(courseCollections).innerJoin(courses, eq(courses.id, courseCollections.courseId)).where(where),
    db
      .select({ c: courses, at: courseCollections.createdAt })
      .from(courseCollections)
      .innerJoin(courses, eq(courses.id, courseCollections.courseId))
      .where(where)
      .orderBy(desc(courseCollections.createdAt)),
  );
  return { ...page, list: page.list.map((r) => ({ ...courseCard(r.c), collectTime: r.at.getTime(), available: r.c.status === 1 ? 1 : 0 })) };
}

/**
 * Personal-centre figures, all read from the learning records so they add up with the study list:
 * time is the sum of the seconds credited to each course (never more than its videos last), hours
 * are whole hours of it, lessons are completed courses, and the course counts are the list's own.
 */
export async function userLearnInfo(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound("用户不存在");
  const [records] = await db
    .select({
      seconds: sql<number>`coalesce(sum(${userCourses.learnSeconds}), 0)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${userCourses.completed} = 1)`.mapWith(Number),
    })
    .from(userCourses)
    .where(eq(userCourses.userId, userId));
  const [list] = await db
    .select({
      joined: count(),
      completed: sql<number>`count(*) filter (where ${userCourses.completed} = 1)`.mapWith(Number),
    })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(and(...listed(userId)));
  const [{ n: collected } = { n: 0 }] = await db.select({ n: count() }).from(courseCollections).where(eq(courseCollections.userId, userId));
  const v = userView(user);
  const learnTime = records?.seconds ?? 0;
  return {
    userId,
    nick: v.nick,
    headPic: v.headPic,
    learnHour: Math.floor(learnTime / 3600),
    learnLesson: records?.completed ?? 0,
    learnTime,
    registerDay: v.registerDay,
    isPurchaser: v.isPurchaser,
    joinedCourseNum: list?.joined ?? 0,
    completedCourseNum: list?.completed ?? 0,
    collectionNum: collected,
  };
}
