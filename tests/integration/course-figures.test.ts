import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { courseChapters, courses, materialItems, userChapterProgress, users } from "@db/schema";
import { localFileOf, probeDuration } from "@trpc-app/material/media";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { describeEachDb, onceOn } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;

/** Everything the personal centre shows about one learner, and the records it must agree with. */
async function figures(db: Db, client: Client, userId: number) {
  const info = await client.call((c) => c.course.learnInfo());
  const list = await client.call((c) => c.course.mine({ pageNo: 1, pageSize: 100 }));
  const records = await db
    .select({ watched: userChapterProgress.watchedSeconds, courseId: userChapterProgress.courseId, duration: courseChapters.duration, type: courseChapters.type })
    .from(userChapterProgress)
    .innerJoin(courseChapters, eq(courseChapters.id, userChapterProgress.chapterId))
    .where(eq(userChapterProgress.userId, userId));
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return { info, list, records, row: row! };
}

/** The overview equals the study list and the records: counts, learn time, hours, completed lessons. */
async function expectFiguresAddUp(db: Db, client: Client, userId: number) {
  const { info, list, records, row } = await figures(db, client, userId);
  const listed = new Set(list.list.map((c) => c.id));
  const listSeconds = list.list.reduce((s, c) => s + c.learnSeconds, 0);
  const recordSeconds = records.reduce((s, r) => s + r.watched, 0);
  expect(info.joinedCourseNum).toBe(list.total);
  expect(info.completedCourseNum).toBe(list.list.filter((c) => c.completed === 1).length);
  // Each listed course shows the time of its own records; the overview adds up all of them.
  expect(listSeconds).toBe(records.filter((r) => listed.has(r.courseId)).reduce((s, r) => s + r.watched, 0));
  expect(info.learnTime).toBe(recordSeconds);
  expect(info.learnHour).toBe(Math.floor(info.learnTime / 3600));
  expect(info.learnLesson).toBe(info.completedCourseNum);
  // The user's own counters (what the legacy user info answers) say the same.
  expect({ learnTime: row.learnTime, learnHour: row.learnHour, learnLesson: row.learnLesson }).toEqual({ learnTime: info.learnTime, learnHour: info.learnHour, learnLesson: info.learnLesson });
  // Nobody watched a video for longer than it lasts.
  for (const r of records) if (r.type === 1) expect(r.watched).toBeLessThanOrEqual(r.duration);
  for (const c of list.list) {
    const detail = await client.call((x) => x.course.detail({ courseId: c.id }));
    expect(c.learnSeconds).toBeLessThanOrEqual(detail.totalDuration);
  }
  return { info, list };
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDb("course figures: one source of truth", (getDb, kind) => {
  it("after real progress calls the overview equals the study list and the records, even when a joined course is withdrawn", async () => {
    const db = getDb();
    const u = await createUser(db, { loginName: "figures_learner" });
    const client = await signedInClient(db, u.id);
    const { course: a, sections: sa } = await createCourse(db, {
      name: "采购需求管理办法",
      chapters: [{ name: "第一章", sections: [{ name: "1.1 导读", duration: 30 }, { name: "1.2 讲义", type: 2 }, { name: "1.3 精讲", duration: 25 }] }],
    });
    const { course: b, sections: sb } = await createCourse(db, { name: "框架协议采购实务", chapters: [{ name: "第一章", sections: [{ name: "1.1 导读", duration: 60 }] }] });
    const { course: c } = await createCourse(db, { name: "政府采购合同管理实务" });
    const { course: gone, sections: sg } = await createCourse(db, { name: "即将下线的课程", chapters: [{ name: "第一章", sections: [{ name: "1.1", duration: 40 }] }] });
    for (const course of [a, b, c, gone]) await client.call((x) => x.course.join({ courseId: course.id }));

    // The server counts on its own clock: move it as a learner's real minutes pass.
    vi.useFakeTimers({ toFake: ["Date"] });
    let now = Date.UTC(2026, 2, 2, 1, 0, 0);
    const learn = async (courseId: number, chapterId: number, position: number, event: "play" | "progress" | "pause" | "ended" | "open", after = 0) => {
      now += after * 1000;
      vi.setSystemTime(now);
      return client.call((x) => x.course.learn({ courseId, chapterId, position, event }));
    };
    // Course a: both videos to the end (the first one twice), the handout opened.
    for (const round of [1, 2]) {
      await learn(a.id, sa[0]!.id, 0, "play", 60);
      await learn(a.id, sa[0]!.id, 10, "progress", 10);
      await learn(a.id, sa[0]!.id, 20, "progress", 10);
      const end = await learn(a.id, sa[0]!.id, 30, "ended", 10);
      expect(end.chapterCompleted).toBe(1);
      expect(end.watchedSeconds).toBe(30);
      if (round === 2) expect(end.credited).toBe(0);
    }
    await learn(a.id, sa[1]!.id, 0, "open", 5);
    await learn(a.id, sa[2]!.id, 0, "play", 5);
    await learn(a.id, sa[2]!.id, 10, "progress", 10);
    await learn(a.id, sa[2]!.id, 20, "progress", 10);
    const last = await learn(a.id, sa[2]!.id, 25, "ended", 5);
    expect(last).toMatchObject({ chapterCompleted: 1, progress: 100, courseCompleted: 1 });
    // Course b: half of its video, with a long pause in the middle that counts for nothing.
    await learn(b.id, sb[0]!.id, 0, "play", 30);
    await learn(b.id, sb[0]!.id, 10, "progress", 10);
    await learn(b.id, sb[0]!.id, 12, "pause", 2);
    await learn(b.id, sb[0]!.id, 12, "play", 600);
    await learn(b.id, sb[0]!.id, 30, "pause", 18);
    // The withdrawn course was studied before it went.
    await learn(gone.id, sg[0]!.id, 0, "play", 30);
    await learn(gone.id, sg[0]!.id, 10, "progress", 10);
    vi.useRealTimers();
    await db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, gone.id));

    const { info, list } = await expectFiguresAddUp(db, client, u.id);
    expect(list.total).toBe(3);
    expect(info).toMatchObject({ joinedCourseNum: 3, completedCourseNum: 1, learnLesson: 1 });
    expect(list.list.map((x) => [x.name, x.learnSeconds])).toEqual([
      ["框架协议采购实务", 30],
      ["采购需求管理办法", 55],
      [c.name, 0],
    ]);
    // Time really spent stays the learner's, including in the withdrawn course.
    expect(info.learnTime).toBe(55 + 30 + 10);
  });

  // The whole demo data seeded (12-14 s on PGlite): once, on PostgreSQL when it is there; the browser tests seed it on PGlite every run.
  it.runIf(onceOn(kind))("the demo data adds up: lessons last as long as their stored videos, and the demo learner's records stay within them", async () => {
    const db = getDb();
    const { seed } = await import("@db/seed");
    await seed(db);

    const videos = await db.select().from(materialItems).where(and(eq(materialItems.library, 1), eq(materialItems.fileType, 1)));
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) {
      const file = localFileOf(v.url);
      expect(file, `${v.name} has a stored file`).toBeTruthy();
      expect(v.duration, v.name).toBe(await probeDuration(file!));
    }
    const lessons = await db
      .select({ name: courseChapters.name, duration: courseChapters.duration, ware: materialItems.duration })
      .from(courseChapters)
      .innerJoin(materialItems, eq(materialItems.id, courseChapters.coursewareId))
      .where(and(isNotNull(courseChapters.parentId), inArray(materialItems.id, videos.map((v) => v.id))));
    expect(lessons.length).toBeGreaterThan(0);
    for (const l of lessons) expect(l.duration, l.name).toBe(l.ware);

    const [learner] = await db.select().from(users).where(eq(users.loginName, "demo_learner"));
    const client = await signedInClient(db, learner!.id);
    const { info, list } = await expectFiguresAddUp(db, client, learner!.id);
    // A learner with something to show: one course finished, others under way, time on the clock.
    expect(info.completedCourseNum).toBeGreaterThanOrEqual(1);
    expect(list.list.filter((c) => c.learningStatus === 1).length).toBeGreaterThanOrEqual(2);
    expect(info.learnTime).toBeGreaterThan(0);
    for (const c of list.list) if (c.completed === 1) expect(c.progress).toBe(100);
  }, 180_000);
});
