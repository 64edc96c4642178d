import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, userCourses, users } from "@db/schema";
import { notFound } from "@base/errors";
import type { UserCoursePageInput } from "./schemas";
import { likePattern } from "@base/sql";
import { isPaid } from "./access.service";
import { dateText, toXlsx } from "@base/xlsx";
import { paginate } from "@base/paging";

async function findCourse(db: DbOrTx, id: number) {
  const [c] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  if (!c) throw notFound("课程不存在或已删除");
  return c;
}

const learnerRow = (u: typeof users.$inferSelect, m: typeof userCourses.$inferSelect) => ({
  userId: u.id,
  loginName: u.loginName,
  nick: u.nick,
  mobile: u.mobile ?? "",
  courseId: m.courseId,
  source: m.source,
  payStatus: m.payStatus,
  progress: m.progress,
  completed: m.completed,
  learnSeconds: m.learnSeconds,
  joinTime: m.joinedAt.getTime(),
  lastLearnTime: m.lastLearnAt ? m.lastLearnAt.getTime() : null,
  completedTime: m.completedAt ? m.completedAt.getTime() : null,
});

function learnersWhere(input: Pick<UserCoursePageInput, "courseId" | "keyword" | "completed">) {
  const conds: SQL[] = [eq(userCourses.courseId, input.courseId)];
  if (input.keyword) {
    const like = likePattern(input.keyword);
    conds.push(or(ilike(users.loginName, like), ilike(users.nick, like), ilike(users.mobile, like))!);
  }
  if (input.completed !== undefined) conds.push(eq(userCourses.completed, input.completed));
  return and(...conds);
}

export async function pageCourseLearners(db: DbOrTx, input: UserCoursePageInput) {
  await findCourse(db, input.courseId);
  const where = learnersWhere(input);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(userCourses).innerJoin(users, eq(users.id, userCourses.userId)).where(where),
    db
      .select({ u: users, m: userCourses })
      .from(userCourses)
      .innerJoin(users, eq(users.id, userCourses.userId))
      .where(where)
      .orderBy(desc(userCourses.joinedAt), desc(userCourses.id)),
  );
  return { ...page, list: page.list.map((r) => learnerRow(r.u, r.m)) };
}

/** Admin adds learners; on a paid course the place waits for payment (finishPay) before it opens. */
export async function addCourseLearners(db: DbOrTx, courseId: number, userIds: number[]) {
  const course = await findCourse(db, courseId);
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
    if (!found.length) throw notFound("用户不存在");
    const added = await tx
      .insert(userCourses)
      .values(found.map((u) => ({ userId: u.id, courseId, source: "admin", payStatus: isPaid(course) ? 0 : 1 })))
      .onConflictDoNothing()
      .returning({ id: userCourses.id });
    if (added.length) await tx.update(courses).set({ joinedCount: sql`${courses.joinedCount} + ${added.length}` }).where(eq(courses.id, courseId));
    return { courseId, added: added.length };
  });
}

export async function removeCourseLearners(db: DbOrTx, courseId: number, userIds: number[]) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(userCourses)
      .where(and(eq(userCourses.courseId, courseId), inArray(userCourses.userId, userIds)))
      .returning({ id: userCourses.id });
    if (removed.length)
      await tx.update(courses).set({ joinedCount: sql`greatest(0, ${courses.joinedCount} - ${removed.length})` }).where(eq(courses.id, courseId));
    return { courseId, removed: removed.length };
  });
}

/** Marks admin-added places as paid (an offline payment), which opens the course to them. */
export async function finishPay(db: DbOrTx, courseId: number, userIds: number[]) {
  const rows = await db
    .update(userCourses)
    .set({ payStatus: 1 })
    .where(and(eq(userCourses.courseId, courseId), inArray(userCourses.userId, userIds)))
    .returning({ id: userCourses.id });
  return { courseId, updated: rows.length };
}

export async function courseResult(db: DbOrTx, courseId: number) {
  const course = await findCourse(db, courseId);
  const [r] = await db
    .select({
      joined: count(),
      completed: sql<number>`count(*) filter (where ${userCourses.completed} = 1)`.mapWith(Number),
      avgProgress: sql<number>`coalesce(round(avg(${userCourses.progress})), 0)`.mapWith(Number),
      learnSeconds: sql<number>`coalesce(sum(${userCourses.learnSeconds}), 0)`.mapWith(Number),
    })
    .from(userCourses)
    .where(eq(userCourses.courseId, courseId));
  return { courseId, name: course.name, joinedNum: r?.joined ?? 0, completedNum: r?.completed ?? 0, avgProgress: r?.avgProgress ?? 0, learnSeconds: r?.learnSeconds ?? 0 };
}

const hm = (s: number) => `${Math.floor(s / 3600)}小时${Math.floor((s % 3600) / 60)}分钟`;

export async function exportCourseResult(db: DbOrTx, courseId: number) {
  const course = await findCourse(db, courseId);
  const rows = await db
    .select({ u: users, m: userCourses })
    .from(userCourses)
    .innerJoin(users, eq(users.id, userCourses.userId))
    .where(eq(userCourses.courseId, courseId))
    .orderBy(desc(userCourses.joinedAt))
    .limit(50_000);
  return toXlsx(
    `${course.name}-学习情况.xlsx`,
    "学习情况",
    [
      { header: "用户ID", key: "userId", width: 10 },
      { header: "账号", key: "loginName" },
      { header: "昵称", key: "nick" },
      { header: "手机号", key: "mobile" },
      { header: "进度(%)", key: "progress", width: 10 },
      { header: "是否完成", key: "completed", width: 10 },
      { header: "学习时长", key: "time" },
      { header: "加入时间", key: "joined", width: 20 },
    ],
    rows.map(({ u, m }) => ({
      userId: u.id,
      loginName: u.loginName,
      nick: u.nick,
      mobile: u.mobile ?? "",
      progress: m.progress,
      completed: m.completed ? "已完成" : "未完成",
      time: hm(m.learnSeconds),
      joined: dateText(m.joinedAt),
    })),
  );
}

export async function exportUserResult(db: DbOrTx, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw notFound("用户不存在");
  const rows = await db
    .select({ c: courses, m: userCourses })
    .from(userCourses)
    .innerJoin(courses, eq(courses.id, userCourses.courseId))
    .where(eq(userCourses.userId, userId))
    .orderBy(desc(userCourses.joinedAt));
  return toXlsx(
    `${u.nick}-课程学习记录.xlsx`,
    "课程学习记录",
    [
      { header: "课程ID", key: "id", width: 10 },
      { header: "课程名称", key: "name", width: 36 },
      { header: "进度(%)", key: "progress", width: 10 },
      { header: "是否完成", key: "completed", width: 10 },
      { header: "学习时长", key: "time" },
      { header: "加入时间", key: "joined", width: 20 },
    ],
    rows.map(({ c, m }) => ({ id: c.id, name: c.name, progress: m.progress, completed: m.completed ? "已完成" : "未完成", time: hm(m.learnSeconds), joined: dateText(m.joinedAt) })),
  );
}
