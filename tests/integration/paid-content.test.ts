import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { learningPathMembers, learningPaths, lives, liveSeats, orders, redemptionCodes, userCourses } from "@db/schema";
import { applyPayment, refundOrder } from "@trpc-app/order/payment.service";
import { joinGrant } from "@trpc-app/live/room.service";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function learner(db: Db, nick = "王晓雯") {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

/** Buys through the learner's own calls and a provider payment, as the waiting page would see it. */
async function buy(db: Db, client: Client, goodsType: number, goodsId: number) {
  const trade = await client.call((c) => c.order.getTradeNo({ goodsType, goodsId } as never));
  const result = await applyPayment(db, "sandbox", { tradeNo: trade.tradeNo, amount: trade.payAmount, providerTradeNo: `SB${trade.tradeNo.slice(2)}`, paidAt: new Date() }, {});
  expect(result.outcome).toBe("applied");
  return trade;
}

/** The demo stream's playlist as handed to a viewer: a signed link. */
const SIGNED_DEMO = /^\/live\/hls\/demo\/index\.m3u8\?exp=\d+&sig=[\w-]+$/;

const seats = (db: Db, liveId: number) => db.select().from(liveSeats).where(eq(liveSeats.liveId, liveId));

describeEachDb("sold lives and learning maps", (getDb) => {
  it("a sold live is watched with a seat: without one the stream addresses are withheld and the room refuses 106; buying opens it, a refund closes it", async () => {
    const db = getDb();
    const live = await createLive(db, { name: "2026年政府采购政策新变化解读", liveStatus: 2, isPlayback: 1, playbackUrl: "/live/hls/demo/index.m3u8", m3u8PlayUrl: "/live/hls/demo/index.m3u8", price: 4_900, learnHour: 2 });
    const { user, client } = await learner(db);

    const before = await client.call((c) => c.live.info({ liveId: live.id }));
    expect(before).toMatchObject({ isFree: 0, realPrice: 4_900, isBuy: 0, learnHour: 2, playbackUrl: "", m3u8PlayURL: "" });
    for (const refused of [
      rejection(client.call((c) => c.live.checkPermission({ liveId: live.id }))),
      rejection(client.call((c) => c.live.entry({ liveId: live.id }))),
      rejection(client.call((c) => c.live.authToken({ liveId: live.id }))),
    ]) {
      const e = await refused;
      expect([e.legacyCode, e.message]).toEqual(["106", "该直播为付费直播，请先购买后观看"]);
    }
    // A visitor without a session is not let into the room of a sold live.
    await expect(joinGrant(db, { liveId: live.id })).rejects.toThrow();

    const preview = await client.call((c) => c.order.preCreateOrder({ goodsType: 2, goodsId: live.id }));
    expect(preview).toMatchObject({ goodsName: "2026年政府采购政策新变化解读", payAmount: 4_900, learnHour: 2 });
    const trade = await buy(db, client, 2, live.id);

    expect(await seats(db, live.id)).toMatchObject([{ userId: user.id, source: "order" }]);
    const after = await client.call((c) => c.live.info({ liveId: live.id }));
    expect(after).toMatchObject({ isBuy: 1, playbackUrl: expect.stringMatching(SIGNED_DEMO) });
    expect(await client.call((c) => c.live.checkPermission({ liveId: live.id }))).toMatchObject({ hasPermission: true });
    // Buying it again answers 103: it is already the learner's.
    expect((await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 2, goodsId: live.id })))).legacyCode).toBe("103");

    const admin = await createUser(db, { isAdmin: 1, nick: "财务管理员" });
    await refundOrder(db, admin.id, trade.tradeNo, "学员误购，申请退款");
    expect(await seats(db, live.id)).toHaveLength(0);
    expect((await client.call((c) => c.live.info({ liveId: live.id }))).isBuy).toBe(0);
  });

  it("admins and teachers watch a sold live without buying; an ended live without a replay is no longer sold", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1, m3u8PlayUrl: "/live/hls/demo/index.m3u8", price: 9_900 });
    for (const flags of [{ isAdmin: 1 }, { isTeacher: 1 }] as const) {
      const staff = await createUser(db, flags);
      const client = await signedInClient(db, staff.id);
      expect(await client.call((c) => c.live.info({ liveId: live.id }))).toMatchObject({ isBuy: 1, m3u8PlayURL: expect.stringMatching(SIGNED_DEMO) });
    }
    // Outside the open range nothing is sold either (102), for a live as for a map.
    const ranged = await createLive(db, { liveStatus: 0, price: 9_900, openRange: [{ kind: "role", target: "99999" }] });
    const { path: rangedMap } = await createPath(db, { price: 9_900, openRange: [{ kind: "role", target: "99999" }], sections: [{ title: "基础", nodes: [{ contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" }] }] });
    const { client: outsider } = await learner(db, "区外学员");
    for (const [goodsType, goodsId, message] of [[2, ranged.id, "该直播未对您开放，无法购买"], [4, rangedMap.id, "该学习地图未对您开放，无法购买"]] as const) {
      const e = await rejection(outsider.call((c) => c.order.getTradeNo({ goodsType, goodsId })));
      expect([e.legacyCode, e.message]).toEqual(["102", message]);
    }
    const ended = await createLive(db, { liveStatus: 2, isPlayback: 0, price: 9_900 });
    const { client } = await learner(db);
    expect((await rejection(client.call((c) => c.order.preCreateOrder({ goodsType: 2, goodsId: ended.id })))).message).toBe("该直播已结束且没有回放，已停止销售");
    // A free live is not bought at all.
    const free = await createLive(db, { liveStatus: 0 });
    expect((await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 2, goodsId: free.id })))).message).toBe("该内容无需购买，可直接加入学习");
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it("a sold map is joined by buying it: entry refuses 106 before, the bought place opens the map's sold course and live, a refund takes them back but not a course bought on its own", async () => {
    const db = getDb();
    const { course: soldCourse } = await createCourse(db, { name: "政府采购合同管理实务", isFree: 0, price: 19_900, learnHour: 4 });
    const { course: ownCourse } = await createCourse(db, { name: "框架协议采购实务", isFree: 0, price: 9_900 });
    const soldLive = await createLive(db, { liveStatus: 2, isPlayback: 1, playbackUrl: "/live/hls/demo/index.m3u8", price: 4_900 });
    const { path, nodes } = await createPath(db, {
      name: "政府采购全流程实务学习地图",
      price: 29_900,
      sections: [{ title: "实务", nodes: [{ contentType: 1, contentId: soldCourse.id, unlockType: 0 }, { contentType: 2, contentId: soldLive.id, unlockType: 0 }, { contentType: 1, contentId: ownCourse.id, unlockType: 0 }] }],
    });
    await db.update(learningPaths).set({ learnHour: 12 }).where(eq(learningPaths.id, path.id));
    const { user, client } = await learner(db);

    expect(await client.call((c) => c.path.detail({ id: path.id }))).toMatchObject({ isFree: 0, realPrice: 29_900, isBuy: 0, isJoin: 0, learnHour: 12 });
    for (const refused of [rejection(client.call((c) => c.path.entry({ id: path.id }))), rejection(client.call((c) => c.path.entryNode({ learningPathNodeId: nodes[0]!.id })))]) {
      const e = await refused;
      expect([e.legacyCode, e.message]).toEqual(["106", "该学习地图为付费内容，请先购买后学习"]);
    }
    expect(await db.select().from(learningPathMembers)).toHaveLength(0);

    // The learner had bought one of the map's courses on her own before.
    const own = await buy(db, client, 1, ownCourse.id);
    expect(own.payAmount).toBe(9_900);
    const trade = await buy(db, client, 4, path.id);
    expect(trade.payAmount).toBe(29_900);
    expect((await db.select().from(orders).where(eq(orders.tradeNo, trade.tradeNo)))[0]!.learnHour).toBe(12);
    expect(await client.call((c) => c.path.detail({ id: path.id }))).toMatchObject({ isBuy: 1, isJoin: 1 });
    // The sold live opens with the map at once, before its node is reached in order.
    expect((await client.call((c) => c.live.info({ liveId: soldLive.id }))).isBuy).toBe(1);

    const opened = await client.call((c) => c.path.entryNode({ learningPathNodeId: nodes[0]!.id }));
    expect(opened.relationContentLinkUrl).toContain(`/study/platform?id=${soldCourse.id}`);
    await client.call((c) => c.path.entryNode({ learningPathNodeId: nodes[1]!.id }));
    await client.call((c) => c.path.entryNode({ learningPathNodeId: nodes[2]!.id }));
    const courseSeat = async (courseId: number) => (await db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, courseId))))[0];
    expect(await courseSeat(soldCourse.id)).toMatchObject({ payStatus: 1, source: "map" });
    expect(await courseSeat(ownCourse.id)).toMatchObject({ payStatus: 1, source: "order" });
    expect(await seats(db, soldLive.id)).toMatchObject([{ userId: user.id, source: "map" }]);

    const admin = await createUser(db, { isAdmin: 1 });
    await refundOrder(db, admin.id, trade.tradeNo, "单位统一采购，个人订单退款");
    expect(await db.select().from(learningPathMembers)).toHaveLength(0);
    expect(await courseSeat(soldCourse.id)).toBeUndefined();
    expect(await seats(db, soldLive.id)).toHaveLength(0);
    expect(await courseSeat(ownCourse.id)).toMatchObject({ payStatus: 1, source: "order" });
  });

  it("refunding one of two bought maps that share a sold course keeps the course open through the other", async () => {
    const db = getDb();
    const { course: shared } = await createCourse(db, { name: "政府采购评审规范精讲", isFree: 0, price: 9_900 });
    const { course: onlyFirst } = await createCourse(db, { name: "采购文件编制要点", isFree: 0, price: 9_900 });
    const { path: first } = await createPath(db, { price: 19_900, sections: [{ title: "一", nodes: [{ contentType: 1, contentId: shared.id }, { contentType: 1, contentId: onlyFirst.id }] }] });
    const { path: second } = await createPath(db, { price: 19_900, sections: [{ title: "二", nodes: [{ contentType: 1, contentId: shared.id }] }] });
    const { user, client } = await learner(db);
    const firstTrade = await buy(db, client, 4, first.id);
    await buy(db, client, 4, second.id);
    const seatOf = async (courseId: number) => (await db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, courseId))))[0];
    expect(await seatOf(shared.id)).toMatchObject({ source: "map", payStatus: 1 });

    await refundOrder(db, (await createUser(db, { isAdmin: 1 })).id, firstTrade.tradeNo, "重复购买，退第一张地图");
    expect(await seatOf(onlyFirst.id)).toBeUndefined();
    expect(await seatOf(shared.id)).toMatchObject({ source: "map", payStatus: 1 });
  });

  it("a learner who joined a map while it was free keeps it; buying after it is sold upgrades nothing twice", async () => {
    const db = getDb();
    const { path } = await createPath(db, { sections: [{ title: "基础", nodes: [{ contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" }] }] });
    const { client } = await learner(db);
    await client.call((c) => c.path.entry({ id: path.id }));
    await db.update(learningPaths).set({ isFree: 0, price: 9_900 }).where(eq(learningPaths.id, path.id));
    expect(await client.call((c) => c.path.detail({ id: path.id }))).toMatchObject({ isJoin: 1, isBuy: 1 });
    expect((await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 4, goodsId: path.id })))).legacyCode).toBe("103");
  });

  it("a redemption code opens a sold live; 5 parallel redemptions of one code give one seat", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 0, price: 4_900 });
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const batch = await admin.call((c) => c.redeem.admin.create({ name: "采购中心直播兑换", goodsType: 2, goodsId: live.id, count: 1, validFrom: Date.now() - 60_000, validTo: Date.now() + 86_400_000 } as never));
    const [code] = await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, batch.id));
    const learners = await Promise.all([1, 2, 3, 4, 5].map((i) => learner(db, `学员${i}`)));
    const results = await Promise.allSettled(learners.map((l) => l.client.call((c) => c.redeem.redeem({ redemptionCode: code!.code }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const fulfilled = results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ jumpUrl: string }>;
    expect(fulfilled.value.jumpUrl).toBe(`/live/detail?selectedLiveId=${live.id}`);
    expect(await seats(db, live.id)).toMatchObject([{ source: "redeem" }]);
  });

  it("back office: a live and a map take a price; bad prices are refused with nothing stored; an edit silent on the price keeps it", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const base = { name: "政府采购质疑投诉实务直播", startTime: Date.now() + 86_400_000, endTime: Date.now() + 90_000_000 };
    const saved = await admin.call((c) => c.live.admin.save({ ...base, isFree: 0, price: 3_900, scribingPrice: 5_900, learnHour: 2 } as never));
    expect((await db.select().from(lives).where(eq(lives.id, saved.id)))[0]).toMatchObject({ isFree: 0, price: 3_900, scribingPrice: 5_900, learnHour: 2 });

    const bad: [Record<string, unknown>, string][] = [
      [{ isFree: 0 }, "付费直播请填写大于0的价格"],
      [{ price: 5_000, scribingPrice: 100 }, "划线价不能低于售价"],
      [{ price: -1 }, "价格"],
      [{ learnHour: 2000 }, "学时"],
    ];
    for (const [fields, message] of bad) {
      const e = await rejection(admin.call((c) => c.live.admin.save({ ...base, name: "不应保存的直播", ...fields } as never)));
      expect(e.message).toContain(message);
    }
    expect(await db.select().from(lives).where(eq(lives.name, "不应保存的直播"))).toHaveLength(0);

    await admin.call((c) => c.live.admin.save({ ...base, id: saved.id, name: "政府采购质疑投诉实务直播（第二期）" } as never));
    expect((await db.select().from(lives).where(eq(lives.id, saved.id)))[0]).toMatchObject({ name: "政府采购质疑投诉实务直播（第二期）", isFree: 0, price: 3_900 });

    const map = await admin.call((c) => c.path.admin.create({ name: "政府采购评审专家能力提升地图", price: 19_900, learnHour: 8 } as never));
    expect((await db.select().from(learningPaths).where(eq(learningPaths.id, map.id)))[0]).toMatchObject({ isFree: 0, price: 19_900, learnHour: 8 });
    expect((await rejection(admin.call((c) => c.path.admin.create({ name: "价格有误的地图", isFree: 0 } as never)))).message).toContain("付费学习地图请填写大于0的价格");
    expect(await db.select().from(learningPaths).where(eq(learningPaths.name, "价格有误的地图"))).toHaveLength(0);
    await admin.call((c) => c.path.admin.edit({ id: map.id, name: "政府采购评审专家能力提升地图" } as never));
    expect((await db.select().from(learningPaths).where(eq(learningPaths.id, map.id)))[0]).toMatchObject({ isFree: 0, price: 19_900 });
    // Free again: the price goes.
    await admin.call((c) => c.path.admin.edit({ id: map.id, name: "政府采购评审专家能力提升地图", isFree: 1 } as never));
    expect((await db.select().from(learningPaths).where(eq(learningPaths.id, map.id)))[0]).toMatchObject({ isFree: 1, price: 0 });
  });
});
