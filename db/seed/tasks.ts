import { and, asc, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, exams, taskNodes, tasks, taskUsers, userCourses, users } from "@db/schema";
import { assignmentsOf, refreshProgress } from "@trpc-app/task/progress.service";

const DAY = 86_400_000;
/** Seeded learners who get the demo task besides demo_learner. */
const OTHERS = ["zhangmin_cg", "liuyang_zb", "chenjing88", "zhaolei_dl", "huangli_cw"];

/**
 * A required task for this year's practitioners: the course the demo learner has finished (so one node is
 * done), one he is half-way through and an open exam; due in 14 days. A second, finished-by-nobody draft
 * shows the back office a task still being prepared. Missing contents are skipped.
 */
export async function seedTasks(db: Db) {
  const [learner] = await db.select().from(users).where(eq(users.loginName, "demo_learner")).limit(1);
  const [admin] = await db.select().from(users).where(eq(users.loginName, "demo_admin")).limit(1);
  const released = and(eq(courses.status, 1), isNull(courses.deletedAt));
  const mine = learner
    ? await db
        .select({ id: courses.id, name: courses.name, completed: userCourses.completed, progress: userCourses.progress })
        .from(userCourses)
        .innerJoin(courses, eq(courses.id, userCourses.courseId))
        .where(and(eq(userCourses.userId, learner.id), released))
        .orderBy(desc(userCourses.completed), desc(userCourses.progress))
    : [];
  const done = mine.find((c) => c.completed === 1);
  const started = mine.find((c) => c.completed !== 1 && c.progress > 0);
  const picked = [done, started].filter((c): c is NonNullable<typeof c> => !!c);
  if (picked.length < 2) {
    const more = await db.select({ id: courses.id, name: courses.name }).from(courses).where(released).orderBy(asc(courses.id)).limit(3);
    for (const c of more) if (picked.length < 2 && !picked.some((p) => p.id === c.id)) picked.push({ ...c, completed: 0, progress: 0 });
  }
  const [exam] = await db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(and(eq(exams.status, 1), isNull(exams.deletedAt), gt(exams.endTime, new Date(Date.now() + 15 * DAY))))
    .orderBy(asc(exams.startTime))
    .limit(1);
  if (!picked.length && !exam) return;

  const now = Date.now();
  const [task] = await db
    .insert(tasks)
    .values({
      name: "2026年度政府采购从业人员必修任务",
      description: "根据年度继续教育安排，政府采购从业人员须在截止时间前完成以下必修课程的学习并通过法规知识测试。按时完成可获得任务积分，逾期完成不计积分。",
      startAt: new Date(now - 7 * DAY),
      deadline: new Date(Math.ceil((now + 14 * DAY) / 3_600_000) * 3_600_000),
      score: 20,
      status: 1,
      sort: -2,
      createdBy: admin?.id ?? null,
    })
    .returning();
  const nodes = [
    ...picked.map((c, i) => ({ taskId: task!.id, contentType: 1, contentId: c.id, name: c.name.slice(0, 60), requiredRate: i === 0 ? 100 : 80, sort: i + 1 })),
    ...(exam ? [{ taskId: task!.id, contentType: 3, contentId: exam.id, name: exam.name.slice(0, 60), requiredRate: 100, sort: picked.length + 1 }] : []),
  ];
  await db.insert(taskNodes).values(nodes);

  const assigned = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.loginName, ["demo_learner", ...OTHERS]), eq(users.status, 1)));
  if (assigned.length) await db.insert(taskUsers).values(assigned.map((u) => ({ taskId: task!.id, userId: u.id }))).onConflictDoNothing();

  // The demo learner's node rates come from his real study records, as the detail page would compute them.
  if (learner) await refreshProgress(db, learner.id, await assignmentsOf(db, learner.id, new Date()));

  const [draft] = await db
    .insert(tasks)
    .values({
      name: "政府采购内控管理专题任务（筹备中）",
      description: "面向采购单位内控岗位的专题学习任务，内容整理中。",
      deadline: new Date(now + 45 * DAY),
      score: 10,
      status: 0,
      sort: -1,
      createdBy: admin?.id ?? null,
    })
    .returning();
  if (picked[0]) await db.insert(taskNodes).values({ taskId: draft!.id, contentType: 1, contentId: picked[0].id, name: picked[0].name.slice(0, 60), requiredRate: 100, sort: 1 });
}
