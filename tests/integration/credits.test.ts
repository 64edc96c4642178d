import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { GOODS_TYPE, learningPathMembers, liveWatchRecords, ORDER_STATUS, orders, userCourses } from "@db/schema";
import { chinaYear, creditLives, myCredits } from "@trpc-app/order/credit.service";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const HOUR = 3600_000;
let seq = 0;

/** A paid order written straight into the table, as the payment path leaves it. */
async function paidOrder(db: Db, userId: number, g: { goodsType: number; goodsId: number; goodsName: string; learnHour: number; paidAt?: Date; status?: number }) {
  seq += 1;
  const paidAt = g.paidAt ?? new Date(Date.now() - HOUR);
  const [row] = await db
    .insert(orders)
    .values({
      tradeNo: `CYTEST${String(seq).padStart(8, "0")}`,
      userId,
      goodsType: g.goodsType,
      goodsId: g.goodsId,
      goodsName: g.goodsName,
      learnHour: g.learnHour,
      originalPrice: 9_900,
      payAmount: 9_900,
      status: g.status ?? ORDER_STATUS.paid,
      provider: "sandbox",
      expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
      paidAt,
      createdAt: new Date(paidAt.getTime() - 60_000),
    })
    .returning();
  return row!;
}

async function purchaser(db: Db, nick: string) {
  const user = await createUser(db, { nick, isPurchaser: 1 });
  return { user, client: await signedInClient(db, user.id) };
}

const TZ = process.env.TZ;
afterEach(() => {
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});

describeEachDb("learning credits", (getDb) => {
  it("a completed course earns its hours, one in progress is pending with its progress; refunded and unpaid orders carry none", async () => {
    const db = getDb();
    const { user, client } = await purchaser(db, "王晓雯");
    const { course: done } = await createCourse(db, { name: "政府采购合同范本使用指南", isFree: 0, price: 4_900, learnHour: 4 });
    const { course: going } = await createCourse(db, { name: "框架协议采购实务", isFree: 0, price: 19_900, learnHour: 3 });
    const { course: refunded } = await createCourse(db, { name: "采购需求调查与编制", isFree: 0, price: 9_900, learnHour: 2 });
    const { course: unpaid } = await createCourse(db, { name: "投诉处理决定典型案例评析", isFree: 0, price: 19_900, learnHour: 5 });
    const completedAt = new Date(Date.now() - 10 * 60_000);
    await db.insert(userCourses).values([
      { userId: user.id, courseId: done.id, source: "order", progress: 100, completed: 1, completedAt },
      { userId: user.id, courseId: going.id, source: "order", progress: 45 },
      // A refunded course completed before the refund still carries nothing.
      { userId: user.id, courseId: refunded.id, source: "order", progress: 100, completed: 1, completedAt },
    ]);
    const a = await paidOrder(db, user.id, { goodsType: 1, goodsId: done.id, goodsName: done.name, learnHour: 4, paidAt: new Date(Date.now() - 3 * HOUR) });
    const b = await paidOrder(db, user.id, { goodsType: 1, goodsId: going.id, goodsName: going.name, learnHour: 3, paidAt: new Date(Date.now() - 2 * HOUR) });
    await paidOrder(db, user.id, { goodsType: 1, goodsId: refunded.id, goodsName: refunded.name, learnHour: 2, status: ORDER_STATUS.refunded });
    await paidOrder(db, user.id, { goodsType: 1, goodsId: unpaid.id, goodsName: unpaid.name, learnHour: 5, status: ORDER_STATUS.unpaid });

    const mine = await client.call((c) => c.order.credit.mine());
    expect(mine.year).toBe(chinaYear());
    expect(mine.years).toEqual([chinaYear()]);
    expect(mine.totals).toEqual({ earned: 4, pending: 3, courseEarned: 4, liveEarned: 0, mapEarned: 0 });
    expect(mine.list.map((i) => i.tradeNo)).toEqual([b.tradeNo, a.tradeNo]);
    expect(mine.list[1]).toMatchObject({ goodsType: 1, goodsId: done.id, goodsName: "政府采购合同范本使用指南", learnHour: 4, earned: 1, progress: 100, completedTime: completedAt.getTime(), paidTime: a.paidAt!.getTime(), studyUrl: `/study/platform?id=${done.id}` });
    expect(mine.list[0]).toMatchObject({ goodsId: going.id, learnHour: 3, earned: 0, progress: 45, completedTime: null });
  });

  it("another learner's orders are never shown, and a learner who never bought anything gets an empty answer", async () => {
    const db = getDb();
    const me = await purchaser(db, "张敏");
    const other = await purchaser(db, "陈静");
    const { course } = await createCourse(db, { name: "政府采购货物和服务招标投标管理办法精讲", isFree: 0, price: 9_900, learnHour: 4 });
    await db.insert(userCourses).values({ userId: other.user.id, courseId: course.id, progress: 100, completed: 1, completedAt: new Date() });
    await paidOrder(db, other.user.id, { goodsType: 1, goodsId: course.id, goodsName: course.name, learnHour: 4 });
    const live = await createLive(db, { liveStatus: 2 });
    await paidOrder(db, other.user.id, { goodsType: 2, goodsId: live.id, goodsName: live.name, learnHour: 2 });

    expect((await other.client.call((c) => c.order.credit.mine({}))).list).toHaveLength(2);
    const mine = await me.client.call((c) => c.order.credit.mine({}));
    expect(mine).toMatchObject({ list: [], totals: { earned: 0, pending: 0 } });
    // No input names the owner: an extra userId is ignored.
    expect((await me.client.call((c) => c.order.credit.mine({ userId: other.user.id } as never))).list).toEqual([]);
    expect(await me.client.call((c) => c.order.credit.lives({ pageNo: 1, pageSize: 10 }))).toMatchObject({ list: [], total: 0 });

    const never = await createUser(db, { nick: "刘洋", isPurchaser: 0 });
    const visitorOfCredits = await signedInClient(db, never.id);
    expect(await visitorOfCredits.call((c) => c.order.credit.mine())).toEqual({ years: [chinaYear()], year: chinaYear(), totals: { earned: 0, pending: 0, courseEarned: 0, liveEarned: 0, mapEarned: 0 }, list: [] });
    expect(await visitorOfCredits.call((c) => c.order.credit.lives())).toMatchObject({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  });

  it("the year is the China-time year of payment, whatever the server's zone", async () => {
    const db = getDb();
    const { user, client } = await purchaser(db, "黄丽");
    const { course: late } = await createCourse(db, { name: "政府采购监督检查实务", isFree: 0, price: 9_900, learnHour: 2 });
    const { course: early } = await createCourse(db, { name: "PPP项目政府采购操作", isFree: 0, price: 29_900, learnHour: 6 });
    // 2026-12-31 23:30 and 2027-01-01 00:10 in Beijing: both still 2026-12-31 in UTC and further west.
    const lastEvening = await paidOrder(db, user.id, { goodsType: 1, goodsId: late.id, goodsName: late.name, learnHour: 2, paidAt: new Date("2026-12-31T23:30:00+08:00") });
    const newYear = await paidOrder(db, user.id, { goodsType: 1, goodsId: early.id, goodsName: early.name, learnHour: 6, paidAt: new Date("2027-01-01T00:10:00+08:00") });
    for (const zone of ["Pacific/Honolulu", "UTC", "Asia/Tokyo"]) {
      process.env.TZ = zone;
      const y2026 = await client.call((c) => c.order.credit.mine({ year: 2026 }));
      const y2027 = await client.call((c) => c.order.credit.mine({ year: "2027" } as never));
      expect(y2026.list.map((i) => i.tradeNo), zone).toEqual([lastEvening.tradeNo]);
      expect(y2027.list.map((i) => i.tradeNo), zone).toEqual([newYear.tradeNo]);
      expect(y2027.totals).toMatchObject({ earned: 0, pending: 6 });
      expect(y2026.years, zone).toEqual([...new Set([2027, 2026, chinaYear()])].sort((a, b) => b - a));
    }
    // A year without purchases answers empty and keeps the years that have some.
    const empty = await client.call((c) => c.order.credit.mine({ year: 2024 }));
    expect(empty).toMatchObject({ year: 2024, list: [] });
    expect(empty.years).toContain(2024);
  });

  it("a bought live is earned at 80 % of its time on air (live plus replay), and its list reads page by page", async () => {
    const db = getDb();
    const { user, client } = await purchaser(db, "赵磊");
    const start = new Date(Date.now() - 5 * HOUR);
    const onAir = { liveStatus: 2 as const, startTime: start, endTime: new Date(start.getTime() + HOUR) };
    const watched = await createLive(db, { name: "政府采购法实施条例解读", ...onAir });
    const almost = await createLive(db, { name: "框架协议采购实务操作", ...onAir });
    const upcoming = await createLive(db, { name: "2027年政府采购新规前瞻", liveStatus: 0 });
    // 80 % of an hour is 2,880 seconds: 2,000 live + 880 replay completes it, one second less does not.
    await db.insert(liveWatchRecords).values([
      { liveId: watched.id, userId: user.id, entryCount: 2, watchSeconds: 2_000, playbackSeconds: 880 },
      { liveId: almost.id, userId: user.id, entryCount: 1, watchSeconds: 2_000, playbackSeconds: 879 },
    ]);
    const paid = (live: typeof watched, hours: number, back: number) =>
      paidOrder(db, user.id, { goodsType: GOODS_TYPE.live, goodsId: live.id, goodsName: live.name, learnHour: hours, paidAt: new Date(Date.now() - back * HOUR) });
    await paid(watched, 2, 8);
    await paid(almost, 3, 7);
    await paid(upcoming, 1, 1);

    const mine = await client.call((c) => c.order.credit.mine({}));
    expect(mine.totals).toEqual({ earned: 2, pending: 4, courseEarned: 0, liveEarned: 2, mapEarned: 0 });
    expect(mine.list.find((i) => i.goodsId === watched.id)).toMatchObject({ earned: 1, progress: 100, studyUrl: `/live/detail?roomId=${watched.roomId}` });
    expect(mine.list.find((i) => i.goodsId === watched.id)!.completedTime).toEqual(expect.any(Number));
    expect(mine.list.find((i) => i.goodsId === almost.id)).toMatchObject({ earned: 0, progress: 99, completedTime: null });

    const first = await client.call((c) => c.order.credit.lives({ pageNo: 1, pageSize: 2 }));
    expect(first).toMatchObject({ total: 3, pageNo: 1, pageSize: 2, year: null, years: [chinaYear()] });
    expect(first.list.map((l) => l.name)).toEqual(["2027年政府采购新规前瞻", "框架协议采购实务操作"]);
    expect(first.list[0]).toMatchObject({ liveStatus: 0, watchSeconds: 0, playbackSeconds: 0, progress: 0, earned: 0, earnedHour: 0, startTime: upcoming.startTime.getTime() });
    expect(first.list[1]).toMatchObject({ watchSeconds: 2_000, playbackSeconds: 879, progress: 99, learnHour: 3, earnedHour: 0 });
    const second = await client.call((c) => c.order.credit.lives({ pageNo: "2", pageSize: "2", year: String(chinaYear()) } as never));
    expect(second.list).toHaveLength(1);
    expect(second.list[0]).toMatchObject({ liveId: watched.id, watchSeconds: 2_000, playbackSeconds: 880, progress: 100, earned: 1, earnedHour: 2, liveStatus: 2 });
    // Courses are not lives: the live list holds only goods type 2.
    expect((await creditLives(db, user.id, { year: 2000, pageNo: 1, pageSize: 10 })).total).toBe(0);
  });

  it("a bought learning map is earned once the map is completed", async () => {
    const db = getDb();
    const { user } = await purchaser(db, "吴婷");
    const done = await createPath(db, { name: "政府采购全流程实务学习地图", sections: [{ title: "第一阶段", nodes: [{ contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" }] }] });
    const going = await createPath(db, { name: "采购需求管理学习地图", sections: [{ title: "第一阶段", nodes: [{ contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" }] }] });
    const completedAt = new Date(Date.now() - HOUR);
    await db.insert(learningPathMembers).values([
      { pathId: done.path.id, userId: user.id, source: "order", progress: 100, completedAt },
      { pathId: going.path.id, userId: user.id, source: "order", progress: 40 },
    ]);
    await paidOrder(db, user.id, { goodsType: 4, goodsId: done.path.id, goodsName: done.path.name, learnHour: 8 });
    await paidOrder(db, user.id, { goodsType: 4, goodsId: going.path.id, goodsName: going.path.name, learnHour: 5 });
    const mine = await myCredits(db, user.id);
    expect(mine.totals).toEqual({ earned: 8, pending: 5, courseEarned: 0, liveEarned: 0, mapEarned: 8 });
    expect(mine.list.find((i) => i.goodsId === done.path.id)).toMatchObject({ earned: 1, progress: 100, completedTime: completedAt.getTime(), studyUrl: `/map/detail?id=${done.path.id}` });
    expect(mine.list.find((i) => i.goodsId === going.path.id)).toMatchObject({ earned: 0, progress: 40, completedTime: null });
  });

  it("a bad year or page answers a Chinese message and changes nothing", async () => {
    const db = getDb();
    const { user, client } = await purchaser(db, "周强");
    const { course } = await createCourse(db, { name: "政府采购质疑投诉处理", isFree: 0, price: 9_900, learnHour: 2 });
    await paidOrder(db, user.id, { goodsType: 1, goodsId: course.id, goodsName: course.name, learnHour: 2 });
    const before = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect((await rejection(client.call((c) => c.order.credit.mine({ year: 1999 })))).message).toBe("年度须在2000-2100之间");
    expect((await rejection(client.call((c) => c.order.credit.mine({ year: 2101 })))).message).toBe("年度须在2000-2100之间");
    expect((await rejection(client.call((c) => c.order.credit.mine({ year: "abc" } as never)))).message).toBe("年度格式不正确");
    expect((await rejection(client.call((c) => c.order.credit.mine({ year: 2026.5 })))).message).toBe("年度格式不正确");
    expect((await rejection(client.call((c) => c.order.credit.lives({ year: "abc" } as never)))).message).toBe("年度格式不正确");
    expect((await rejection(client.call((c) => c.order.credit.lives({ pageNo: 0 })))).message).toBe("页码须在1-100000之间");
    expect((await rejection(client.call((c) => c.order.credit.lives({ pageSize: 500 })))).message).toBe("每页条数须在1-100之间");
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toEqual(before);

    // A visitor is asked to log in (legacy code 281).
    expect((await rejection(testClient(db).call((c) => c.order.credit.mine()))).legacyCode).toBe("281");
  });
});
