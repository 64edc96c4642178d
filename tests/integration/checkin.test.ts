import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { checkInMedals } from "@db/schema";
import { checkInInfo } from "@trpc-app/checkin/checkin.service";
import { creditStudyDay } from "@trpc-app/checkin/study-days.service";
import { reportLearning } from "@trpc-app/course/progress.service";
import { recordPresence } from "@trpc-app/live/room.service";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const DAY = 86_400_000;
/** A moment in Beijing: 2026-01-<day> <hour>:<minute> China time. */
const bj = (day: number, hour = 10, minute = 0) => new Date(Date.UTC(2026, 0, day, hour - 8, minute));

/** A map with a course, a live, an exam, a link and a certificate node; campaign 2026-01-05..2026-01-20 unless given. */
async function mapWith(db: Db, opts: { checkIn?: { start: Date; end: Date } | null; memberIds?: number[] } = {}) {
  const { course, sections } = await createCourse(db, { name: "政府采购需求管理" });
  const live = await createLive(db, { liveStatus: 1, startTime: bj(10, 9), endTime: bj(10, 12) });
  const { path } = await createPath(db, {
    name: "政府采购全流程实务学习地图",
    checkIn: opts.checkIn === undefined ? { start: bj(5, 0, 0), end: bj(20, 23, 59) } : opts.checkIn,
    memberIds: opts.memberIds ?? [],
    sections: [
      {
        title: "第一阶段 采购准备",
        nodes: [
          { contentType: 1, contentId: course.id },
          { contentType: 2, contentId: live.id },
          { contentType: 3, contentId: 9001 },
          { contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" },
          { contentType: 4 },
        ],
      },
    ],
  });
  return { map: path, course, sections, live };
}

const info = (db: Db, userId: number, mapId: number, at: Date) => checkInInfo(db, userId, mapId, at);
const medalRows = (db: Db, userId: number, mapId: number) =>
  db.select().from(checkInMedals).where(and(eq(checkInMedals.userId, userId), eq(checkInMedals.businessId, mapId)));

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describeEachDb("check-in medals", (getDb) => {
  it("days are China-time days whatever the process zone; only the map's course, live and exam count, and only over 60 s", async () => {
    const db = getDb();
    process.env.TZ = "America/Los_Angeles";
    const u = await createUser(db, { nick: "王晓雯" });
    const { map, course } = await mapWith(db, { memberIds: [u.id] });
    const other = await createCourse(db, { name: "不在地图中的课程" });
    // 23:59 on the 6th and 00:01 on the 7th in Beijing: two days.
    await creditStudyDay(db, u.id, 1, course.id, 70, bj(6, 23, 59));
    await creditStudyDay(db, u.id, 1, course.id, 70, bj(7, 0, 1));
    let s = await info(db, u.id, map.id, bj(7, 12));
    expect(s).toMatchObject({ isTodayCheckIn: 1, continuousDays: 2, countDown: 0, isBreak: 0, isStart: 1, isExpired: 0, isBuy: 1, today: "2026.01.07", businessName: "政府采购全流程实务学习地图" });
    expect(s.userCheckInRecordVO.filter((r) => r.isCheckIn).map((r) => r.checkInDate)).toEqual(["2026.01.06", "2026.01.07"]);

    // The 8th: 60 s is not enough; a course off the map and an exam id not on it count nothing.
    await creditStudyDay(db, u.id, 1, course.id, 60, bj(8, 9));
    await creditStudyDay(db, u.id, 1, other.course.id, 600, bj(8, 9));
    await creditStudyDay(db, u.id, 3, 9002, 600, bj(8, 9));
    s = await info(db, u.id, map.id, bj(8, 20));
    expect(s).toMatchObject({ isTodayCheckIn: 0, todaySeconds: 60, countDown: 1, continuousDays: 2 });
    // The map's exam (content type 3) tips it over.
    await creditStudyDay(db, u.id, 3, 9001, 1, bj(8, 21));
    s = await info(db, u.id, map.id, bj(8, 22));
    expect(s).toMatchObject({ isTodayCheckIn: 1, todaySeconds: 61, countDown: 0, continuousDays: 3, medalType: 1 });
    expect(s.newMedalVO.map((m) => m.medalType)).toEqual([1]);
    expect(s.taskVO.map((t) => [t.contentType, t.contentName, t.todaySeconds])).toEqual([
      [1, "政府采购需求管理", 60],
      [2, "政府采购法实施条例解读", 0],
      [3, "节点3", 1],
    ]);
  });

  it("streaks, breaks, days outside the campaign, the carousel window and kept medals", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { map, course } = await mapWith(db);
    // Before the campaign: the 3rd and 4th do not count; the 5th-7th do.
    for (const d of [3, 4, 5, 6, 7]) await creditStudyDay(db, u.id, 1, course.id, 120, bj(d));
    const before = await info(db, u.id, map.id, bj(2));
    expect(before).toMatchObject({ isStart: 0, isExpired: 0, countDown: 0, continuousDays: 0, isTodayCheckIn: 0, checkInStartDate: "2026.01.05", checkInEndDate: "2026.01.20" });
    expect(before.userCheckInRecordVO[0]!.checkInDate).toBe("2026.01.05");
    let s = await info(db, u.id, map.id, bj(7, 8));
    expect(s).toMatchObject({ continuousDays: 3, isTodayCheckIn: 1, medalType: 1, isBuy: 0 });
    // Not yet today: the streak still ends yesterday, nothing is broken.
    s = await info(db, u.id, map.id, bj(8, 8));
    expect(s).toMatchObject({ continuousDays: 3, isTodayCheckIn: 0, isBreak: 0, countDown: 61 });
    // Neither yesterday nor today: broken, the medal stays.
    s = await info(db, u.id, map.id, bj(9, 8));
    expect(s).toMatchObject({ continuousDays: 0, isBreak: 1, medalType: 1 });
    expect(s.medalVO.map((m) => [m.medalType, m.isGet, m.continuousDays])).toEqual([
      [1, 1, 3],
      [2, 0, 7],
      [3, 0, 15],
    ]);
    expect(s.medalVO[0]!.medalShareQrCode).toMatch(/^data:image\/png;base64,/);
    // 21 days of the campaign: it is only 16 days long, so the window starts on its first day.
    expect(s.userCheckInRecordVO).toHaveLength(21);
    expect(s.userCheckInRecordVO[0]).toMatchObject({ checkInDate: "2026.01.05", isCheckIn: 1, inCampaign: 1 });
    expect(s.userCheckInRecordVO[4]).toMatchObject({ checkInDate: "2026.01.09", isToday: 1 });
    expect(s.userCheckInRecordVO[20]).toMatchObject({ checkInDate: "2026.01.25", inCampaign: 0 });
    // After the last day: expired, no countdown; study after the 20th does not count.
    for (const d of [19, 20, 21]) await creditStudyDay(db, u.id, 1, course.id, 120, bj(d));
    s = await info(db, u.id, map.id, bj(23));
    expect(s).toMatchObject({ isExpired: 1, countDown: 0, isTodayCheckIn: 0, continuousDays: 2, isBreak: 0 });
    expect(await medalRows(db, u.id, map.id)).toHaveLength(1);
  });

  it("countDown falls as study is credited; a live presence report and a course progress report credit the day", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { map, course, sections, live } = await mapWith(db);
    const client = await signedInClient(db, u.id);
    // Live presence, as the realtime process reports it every 30 s.
    for (let t = 0; t <= 30; t += 30) await recordPresence(db, live.id, { present: [u.id], left: [] }, new Date(bj(10, 10).getTime() + t * 1000));
    let s = await info(db, u.id, map.id, bj(10, 10, 1));
    expect(s).toMatchObject({ todaySeconds: 30, countDown: 31, isTodayCheckIn: 0 });
    await client.call((c) => c.course.join({ courseId: course.id }));
    const viewer = { id: u.id, isAdmin: 0 };
    const at = (sec: number) => new Date(bj(10, 11).getTime() + sec * 1000);
    await reportLearning(db, viewer, { courseId: course.id, chapterId: sections[0]!.id, position: 0, event: "play" }, at(0));
    await reportLearning(db, viewer, { courseId: course.id, chapterId: sections[0]!.id, position: 20, event: "progress" }, at(20));
    s = await info(db, u.id, map.id, at(21));
    expect(s).toMatchObject({ todaySeconds: 50, countDown: 11, isTodayCheckIn: 0 });
    await reportLearning(db, viewer, { courseId: course.id, chapterId: sections[0]!.id, position: 40, event: "progress" }, at(40));
    s = await info(db, u.id, map.id, at(41));
    expect(s).toMatchObject({ todaySeconds: 70, countDown: 0, isTodayCheckIn: 1, continuousDays: 1 });
  });

  it("3- and 7-day medals are awarded once when five pop-up calls race; the widget and medal list show them", async () => {
    const db = getDb();
    const u = await createUser(db, { nick: "刘洋" });
    const { map, course } = await mapWith(db, { checkIn: { start: new Date(Date.now() - 10 * DAY), end: new Date(Date.now() + 10 * DAY) }, memberIds: [u.id] });
    const client = await signedInClient(db, u.id);
    for (let k = 6; k >= 0; k--) await creditStudyDay(db, u.id, 1, course.id, 90, new Date(Date.now() - k * DAY));
    const key = { businessType: 4, businessId: map.id };
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => client.call((c) => c.checkIn.getCheckinPopUp(key))));
    const shown = answers.filter((a) => a.isPopUp === 1);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ medalType: 2, isTodayCheckIn: 1, continuousDays: 7, countDown: 0 });
    expect(shown[0]!.medalVO.map((m) => m.medalType).sort()).toEqual([1, 2]);
    expect(answers.filter((a) => a.isPopUp === 0).every((a) => a.medalVO.length === 0)).toBe(true);
    expect(await medalRows(db, u.id, map.id)).toHaveLength(2);

    const w = await client.call((c) => c.checkIn.getCheckInWidget(key));
    expect(w).toMatchObject({ medalType: 2, continuousDays: 7, isTodayCheckIn: 1, isBuy: 1, newMedalVO: [] });
    expect(w.medalVO.map((m) => m.isGet)).toEqual([1, 1, 0]);
    expect(w.userCheckInRecordVO.filter((r) => r.isCheckIn)).toHaveLength(7);
    const mine = await client.call((c) => c.checkIn.getCheckInMedal({ businessType: 4, businessId: map.id }));
    expect(mine.map((m) => [m.medalType, m.businessName, m.isGet])).toEqual([
      [2, "政府采购全流程实务学习地图", 1],
      [1, "政府采购全流程实务学习地图", 1],
    ]);
    expect(await client.call((c) => c.checkIn.getCheckInMedal(undefined))).toHaveLength(2);
    expect(await client.call((c) => c.checkIn.getCheckInMedal({ businessId: map.id + 1 }))).toEqual([]);
  });

  it("refuses visitors, other business types and maps without a campaign with a clear message", async () => {
    const db = getDb();
    const u = await createUser(db);
    const { map } = await mapWith(db, { checkIn: null });
    const client = await signedInClient(db, u.id);
    expect((await rejection(testClient(db).call((c) => c.checkIn.getCheckInWidget({ businessType: 4, businessId: map.id })))).legacyCode).toBe("281");
    expect((await rejection(client.call((c) => c.checkIn.getCheckInWidget({ businessType: 4, businessId: map.id })))).message).toBe("该学习地图未开启打卡活动");
    expect((await rejection(client.call((c) => c.checkIn.getCheckinPopUp({ businessType: 1 as 4, businessId: map.id })))).message).toBe("打卡活动仅支持学习地图（businessType须为4）");
    expect((await rejection(client.call((c) => c.checkIn.getCheckinPopUp({ businessType: 4, businessId: "abc" as unknown as number })))).message).toBe("学习地图ID格式不正确");
    expect((await rejection(client.call((c) => c.checkIn.getCheckInWidget({ businessType: 4, businessId: 999 })))).message).toBe("学习地图不存在或已下架");
    expect(await medalRows(db, u.id, map.id)).toHaveLength(0);
  });
});
