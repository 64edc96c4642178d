import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { courses, operateCategories, orgGroups, tags, userChapterProgress, userCourses, userGroups, userLearnClocks, users } from "@db/schema";
import { reportLearning } from "@trpc-app/course/progress.service";
import { searchCourses } from "@trpc-app/course/search.service";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const at = (base: number, s: number) => new Date(base + s * 1000);
const progressOf = async (db: Db, userId: number, chapterId: number) =>
  (await db.select().from(userChapterProgress).where(and(eq(userChapterProgress.userId, userId), eq(userChapterProgress.chapterId, chapterId))))[0];
const placeOf = async (db: Db, userId: number, courseId: number) =>
  (await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId))))[0];
const userRow = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

describeEachDb("courses: seeing, joining and studying", (getDb) => {
  it("a visitor sees released courses only, and joining needs a login (281)", async () => {
    const db = getDb();
    const { course: open } = await createCourse(db, { name: "政府采购法实施条例解读" });
    const { course: draft } = await createCourse(db, { name: "采购需求管理办法（草稿）", status: 0 });
    const visitor = testClient(db);
    const detail = await visitor.call((c) => c.course.detail({ courseId: open.id }));
    expect(detail).toMatchObject({ id: open.id, name: "政府采购法实施条例解读", isJoin: 0, isLogin: 0 });
    expect((await rejection(visitor.call((c) => c.course.detail({ courseId: draft.id })))).legacyCode).toBe("404");
    const list = await visitor.call((c) => c.course.search({}));
    expect(list.list.map((c) => c.id)).toEqual([open.id]);
    expect((await rejection(visitor.call((c) => c.course.join({ courseId: open.id })))).legacyCode).toBe("281");
  });

  it("the open range decides who may join (102), joining twice answers 103 and counts once", async () => {
    const db = getDb();
    const [group] = await db.insert(orgGroups).values({ name: "省财政厅采购处" }).returning();
    const inside = await createUser(db, { loginName: "inside_user" });
    const outside = await createUser(db, { loginName: "outside_user" });
    await db.insert(userGroups).values({ userId: inside.id, groupId: group!.id });
    const { course } = await createCourse(db, { name: "框架协议采购实务", openRange: [{ kind: "group", target: String(group!.id) }] });

    const out = await signedInClient(db, outside.id);
    expect((await out.call((c) => c.course.detail({ courseId: course.id }))).isOpen).toBe(0);
    const refused = await rejection(out.call((c) => c.course.join({ courseId: course.id })));
    expect(refused.legacyCode).toBe("102");
    expect(await placeOf(db, outside.id, course.id)).toBeUndefined();

    const inn = await signedInClient(db, inside.id);
    const joined = await inn.call((c) => c.course.join({ courseId: course.id }));
    expect(joined.isJoin).toBe(1);
    expect((await rejection(inn.call((c) => c.course.join({ courseId: course.id })))).legacyCode).toBe("103");
    expect((await db.select().from(courses).where(eq(courses.id, course.id)))[0]!.joinedCount).toBe(1);
    expect(await placeOf(db, inside.id, course.id)).toMatchObject({ source: "join", payStatus: 1 });
    expect((await inn.call((c) => c.course.detail({ id: course.id }))).isJoin).toBe(1);
  });

  it("a paid course answers 106 until a place exists; re-acquire checks again", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { course } = await createCourse(db, { name: "电子化采购操作", isFree: 0, price: 19900 });
    const client = await signedInClient(db, u.id);
    expect((await rejection(client.call((c) => c.course.join({ courseId: course.id })))).legacyCode).toBe("106");
    expect((await rejection(client.call((c) => c.course.access({ courseId: course.id })))).legacyCode).toBe("106");
    // A place made by an order or an admin (paid) opens it.
    await db.insert(userCourses).values({ userId: u.id, courseId: course.id, source: "order", payStatus: 1 });
    expect((await client.call((c) => c.course.access({ courseId: course.id }))).access).toBe(true);
    expect((await client.call((c) => c.course.learnDetail({ courseId: course.id }))).chapters).toHaveLength(1);
  });

  it("progress is idempotent and monotonic; time counts only real elapsed seconds", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { course, sections } = await createCourse(db, { chapters: [{ name: "第一章", sections: [{ name: "1.1", duration: 100 }] }] });
    const client = await signedInClient(db, u.id);
    await client.call((c) => c.course.join({ courseId: course.id }));
    const viewer = { id: u.id, isAdmin: 0 };
    const s = sections[0]!.id;
    const t0 = Date.UTC(2026, 0, 5, 9, 0, 0);
    await reportLearning(db, viewer, { courseId: course.id, chapterId: s, position: 0, event: "play" }, at(t0, 0));
    await reportLearning(db, viewer, { courseId: course.id, chapterId: s, position: 40, event: "progress" }, at(t0, 10));
    // The same report again changes nothing.
    await reportLearning(db, viewer, { courseId: course.id, chapterId: s, position: 40, event: "progress" }, at(t0, 10));
    let p = await progressOf(db, u.id, s);
    expect(p).toMatchObject({ maxPosition: 40, watchedSeconds: 10, completed: 0 });
    // Seeking back keeps the furthest position; the resume point follows the player.
    await reportLearning(db, viewer, { courseId: course.id, chapterId: s, position: 20, event: "progress" }, at(t0, 20));
    p = await progressOf(db, u.id, s);
    expect(p).toMatchObject({ maxPosition: 40, lastPosition: 20, watchedSeconds: 20 });
    // A report after a long silence credits nothing for the gap.
    await reportLearning(db, viewer, { courseId: course.id, chapterId: s, position: 25, event: "progress" }, at(t0, 600));
    expect((await progressOf(db, u.id, s))!.watchedSeconds).toBe(20);
    const place = await placeOf(db, u.id, course.id);
    expect(place).toMatchObject({ learnSeconds: 20, lastChapterId: s, lastPosition: 25, completed: 0 });
    expect((await userRow(db, u.id)).learnTime).toBe(20);
    // Through the procedure (the legacy learn call) the stored max never moves back either.
    await client.call((c) => c.course.learn({ courseId: course.id, chapterId: s, position: 5 }));
    expect((await progressOf(db, u.id, s))!.maxPosition).toBe(40);
  });

  it("two tabs playing at once do not double count", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { course, sections } = await createCourse(db, {
      chapters: [{ name: "第一章", sections: [{ name: "1.1", duration: 300 }, { name: "1.2", duration: 300 }] }],
    });
    await (await signedInClient(db, u.id)).call((c) => c.course.join({ courseId: course.id }));
    const viewer = { id: u.id, isAdmin: 0 };
    const [a, b] = [sections[0]!.id, sections[1]!.id];
    const t0 = Date.UTC(2026, 0, 5, 10, 0, 0);
    await reportLearning(db, viewer, { courseId: course.id, chapterId: a, position: 0, event: "play" }, at(t0, 0));
    await reportLearning(db, viewer, { courseId: course.id, chapterId: b, position: 0, event: "play" }, at(t0, 1));
    // Both tabs report every 10 s for one minute of wall clock.
    for (let s = 10; s <= 60; s += 10) {
      await reportLearning(db, viewer, { courseId: course.id, chapterId: a, position: s, event: "progress" }, at(t0, s));
      await reportLearning(db, viewer, { courseId: course.id, chapterId: b, position: s, event: "progress" }, at(t0, s + 1));
    }
    const watched = (await progressOf(db, u.id, a))!.watchedSeconds + (await progressOf(db, u.id, b))!.watchedSeconds;
    expect(watched).toBeLessThanOrEqual(61);
    expect(watched).toBeGreaterThanOrEqual(59);
    expect((await userRow(db, u.id)).learnTime).toBe(watched);
    expect((await db.select().from(userLearnClocks).where(eq(userLearnClocks.userId, u.id)))).toHaveLength(1);
  });

  it("a section completes at 90% watched, documents on open, and the course on the last one; hours and lessons add up", async () => {
    const db = getDb();
    const u = await createUser(db, { learnTime: 3590, learnHour: 0, learnLesson: 2 });
    const { course, sections } = await createCourse(db, {
      chapters: [{ name: "第一章", sections: [{ name: "1.1 视频", duration: 30 }, { name: "1.2 讲义", type: 2 }] }],
    });
    await (await signedInClient(db, u.id)).call((c) => c.course.join({ courseId: course.id }));
    const viewer = { id: u.id, isAdmin: 0 };
    const [video, doc] = [sections[0]!.id, sections[1]!.id];
    const t0 = Date.UTC(2026, 0, 6, 8, 0, 0);
    await reportLearning(db, viewer, { courseId: course.id, chapterId: video, position: 0, event: "play" }, at(t0, 0));
    await reportLearning(db, viewer, { courseId: course.id, chapterId: video, position: 20, event: "progress" }, at(t0, 20));
    expect((await progressOf(db, u.id, video))!.completed).toBe(0);
    const r = await reportLearning(db, viewer, { courseId: course.id, chapterId: video, position: 27, event: "pause" }, at(t0, 27));
    expect(r.chapterCompleted).toBe(1);
    expect((await placeOf(db, u.id, course.id))!.completed).toBe(0);
    const done = await reportLearning(db, viewer, { courseId: course.id, chapterId: doc, position: 0, event: "open" }, at(t0, 40));
    expect(done).toMatchObject({ chapterCompleted: 1, courseCompleted: 1, progress: 100 });
    expect(await placeOf(db, u.id, course.id)).toMatchObject({ completed: 1, progress: 100 });
    // Completing again later adds no second lesson.
    await reportLearning(db, viewer, { courseId: course.id, chapterId: doc, position: 0, event: "open" }, at(t0, 50));
    const after = await userRow(db, u.id);
    expect(after).toMatchObject({ learnTime: 3590 + 27, learnHour: 1, learnLesson: 3 });
  });

  it("search ranks a title match before a teacher match and highlights the keyword", async () => {
    const db = getDb();
    await createCourse(db, { name: "政府采购质疑投诉处理", teacherName: "李明", sort: 9 });
    await createCourse(db, { name: "招标文件编制要点", teacherName: "投诉处理专家组", sort: 99 });
    await createCourse(db, { name: "投诉处理（未发布）", status: 0 });
    const r = await searchCourses(db, { keyword: "投诉处理", pageNo: 1, pageSize: 10 });
    expect(r.total).toBe(2);
    expect(r.list[0]!.name).toBe("政府采购质疑投诉处理");
    expect(r.list[0]!.highlightName).toBe("政府采购质疑<em>投诉处理</em>");
    expect(r.list[1]!.highlightTeacher).toBe("<em>投诉处理</em>专家组");
    const page2 = await searchCourses(db, { keyword: "投诉处理", pageNo: 2, pageSize: 1 });
    expect(page2.list.map((c) => c.name)).toEqual(["招标文件编制要点"]);
  });

  it("the course centre filters by category (with its sub-categories) and tag, and sorts", async () => {
    const db = getDb();
    const [top] = await db.insert(operateCategories).values({ name: "实务操作", type: 1 }).returning();
    const [leaf] = await db.insert(operateCategories).values({ name: "框架协议", type: 1, parentId: top!.id }).returning();
    const [tag] = await db.insert(tags).values({ name: "新入职" }).returning();
    const { course: a } = await createCourse(db, { name: "框架协议采购实务", categoryId: leaf!.id, tagIds: [tag!.id], joinedCount: 5 });
    const { course: b } = await createCourse(db, { name: "开放式框架协议入围管理", categoryId: leaf!.id, joinedCount: 50 });
    await createCourse(db, { name: "政府采购法总则" });
    const visitor = testClient(db);
    expect((await visitor.call((c) => c.course.search({ categoryId: top!.id, sort: "hot" }))).list.map((c) => c.id)).toEqual([b.id, a.id]);
    expect((await visitor.call((c) => c.course.search({ tagId: tag!.id }))).list.map((c) => c.id)).toEqual([a.id]);
    expect(await visitor.call((c) => c.course.tags())).toEqual([{ id: tag!.id, name: "新入职" }]);
  });
});
