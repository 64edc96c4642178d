import { afterEach, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { courses } from "@db/schema";
import { expectFiguresAddUp } from "../helpers/course-figures";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

afterEach(() => {
  vi.useRealTimers();
});

describeEachDb("course figures: one source of truth", (getDb) => {
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
});
