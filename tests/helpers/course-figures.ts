import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@db/client";
import { courseChapters, userChapterProgress, users } from "@db/schema";
import type { signedInClient } from "./auth";

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
export async function expectFiguresAddUp(db: Db, client: Client, userId: number) {
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
