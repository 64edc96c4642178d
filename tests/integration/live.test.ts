import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { liveAppointments, liveAwardRecords, liveLikeBatches, liveMessages, liveRaffles, liveSignRecords, liveWatchRecords } from "@db/schema";
import { fairPick } from "@trpc-app/live/raffle.service";
import { recordPresence } from "@trpc-app/live/room.service";
import { hashToken } from "@trpc-app/auth/session";
import { createLive, createLiveSeries } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

// Publishing to a realtime process that is not running only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function people(db: Db) {
  const learnerRow = await createUser(db, { nick: "张敏" });
  const otherRow = await createUser(db, { nick: "刘洋" });
  const adminRow = await createUser(db, { nick: "李建国", isAdmin: 1 });
  return {
    learnerRow,
    otherRow,
    learner: await signedInClient(db, learnerRow.id),
    other: await signedInClient(db, otherRow.id),
    admin: await signedInClient(db, adminRow.id),
  };
}

describeEachDb("live: learner rules", (getDb) => {
  it("reserves an upcoming live once, and refuses a live already on air", async () => {
    const db = getDb();
    const { learner, learnerRow } = await people(db);
    const upcoming = await createLive(db, { liveStatus: 0 });
    const onAir = await createLive(db, { liveStatus: 1 });
    expect((await learner.call((c) => c.live.info({ roomId: upcoming.roomId }))).isAppointment).toBe(0);
    expect(await learner.call((c) => c.live.appointment({ liveId: upcoming.id }))).toEqual({ isAppointment: 1 });
    expect(await learner.call((c) => c.live.appointment({ liveId: String(upcoming.id) as never }))).toEqual({ isAppointment: 1 });
    const rows = await db.select().from(liveAppointments).where(eq(liveAppointments.userId, learnerRow.id));
    expect(rows).toHaveLength(1);
    const info = await learner.call((c) => c.live.info({ roomId: upcoming.roomId }));
    expect(info).toMatchObject({ isAppointment: 1, liveStatus: 0, roomId: upcoming.roomId, startTime: upcoming.startTime.getTime() });
    const refused = await rejection(learner.call((c) => c.live.appointment({ liveId: onAir.id })));
    expect(refused.message).toBe("直播已开始，请直接进入观看");
    // A visitor sees the room but must log in to reserve.
    const visitor = testClient(db);
    expect((await visitor.call((c) => c.live.info({ liveId: upcoming.id }))).isAppointment).toBe(0);
    expect((await rejection(visitor.call((c) => c.live.appointment({ liveId: upcoming.id })))).legacyCode).toBe("281");
  });

  it("answers 102 outside the open range for entry, room token, reservation and sign-in", async () => {
    const db = getDb();
    const { learner, learnerRow } = await people(db);
    const closed = await createLive(db, { liveStatus: 1, openRange: [{ kind: "region", target: "330100" }] });
    for (const call of [
      () => learner.call((c) => c.live.entry({ liveId: closed.id })),
      () => learner.call((c) => c.live.authToken({ liveId: closed.id })),
      () => learner.call((c) => c.live.checkPermission({ liveId: closed.id })),
      () => learner.call((c) => c.live.sign({ liveId: closed.id })),
    ]) {
      const err = await rejection(call());
      expect(err.legacyCode).toBe("102");
      expect(err.message).toBe("您暂无该直播的观看权限");
    }
    expect(await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.userId, learnerRow.id))).toHaveLength(0);
    const open = await createLive(db, { liveStatus: 1 });
    const token = await learner.call((c) => c.live.authToken({ liveId: open.id }));
    expect(token).toMatchObject({ audienceId: String(learnerRow.id), audienceNick: "张敏", accessToken: expect.stringMatching(/^\d+\.\d+\.\d+\./) });
    await learner.call((c) => c.live.entry({ liveId: open.id, orgName: "杭州市财政局", areaName: "杭州市" }));
    // Ten minutes in the room, as the realtime process reports it (every 30 s); a claimed figure adds nothing.
    const since = Date.now() - 600e3;
    for (let s = 0; s <= 600; s += 30) await recordPresence(db, open.id, { present: s < 600 ? [learnerRow.id] : [], left: s < 600 ? [] : [learnerRow.id] }, new Date(since + s * 1000));
    await learner.call((c) => c.live.leave({ liveId: open.id, watchSeconds: 600 }));
    const [rec] = await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.liveId, open.id));
    expect(rec).toMatchObject({ entryCount: 1, watchSeconds: 600, score: 10, orgName: "杭州市财政局" });
    expect(await learner.call((c) => c.live.orgTop({ liveId: open.id }))).toEqual([{ rank: 1, orgName: "杭州市财政局", score: 10, userNum: 1 }]);
    expect(await learner.call((c) => c.live.regionTop({ liveId: open.id }))).toEqual([{ rank: 1, regionName: "杭州市", score: 10, userNum: 1 }]);
    expect(await learner.call((c) => c.live.myScore({ liveId: open.id }))).toEqual({ liveId: open.id, score: 10, rank: 1 });
  });

  it("subscribes to a replay only after the live ended", async () => {
    const db = getDb();
    const { learner } = await people(db);
    const ended = await createLive(db, { liveStatus: 2, isPlayback: 0 });
    expect(await learner.call((c) => c.live.playbackStatus({ liveId: ended.id }))).toEqual({ isSubscribe: 0 });
    await learner.call((c) => c.live.playbackSubscribe({ liveId: ended.id }));
    await learner.call((c) => c.live.playbackSubscribe({ liveId: ended.id }));
    expect(await learner.call((c) => c.live.playbackStatus({ liveId: ended.id }))).toEqual({ isSubscribe: 1 });
    const upcoming = await createLive(db, { liveStatus: 0 });
    expect((await rejection(learner.call((c) => c.live.playbackSubscribe({ liveId: upcoming.id })))).message).toBe("直播尚未结束，暂不能预约回放");
  });

  it("series: carousel centred on the live now, subscribe and unsubscribe", async () => {
    const db = getDb();
    const { learner } = await people(db);
    const series = await createLiveSeries(db, { periodsNum: 3 });
    const a = await createLive(db, { liveStatus: 2, seriesId: series.id, name: "第一期：采购需求管理" });
    const b = await createLive(db, { liveStatus: 1, seriesId: series.id, name: "第二期：采购方式选择" });
    await createLive(db, { liveStatus: 0, seriesId: series.id, name: "第三期：履约验收" });
    const list = await learner.call((c) => c.live.series({ liveSeriesId: series.id }));
    expect(list).toMatchObject({ seriesName: series.name, periodsNum: 3, selectedLiveId: b.id, liveSeriesId: series.id });
    expect(list!.seriesList.map((i) => i.id)[0]).toBe(a.id);
    expect(Object.keys(list!.seriesList[0]!).sort()).toEqual(["id", "isPlayback", "liveCoverUrl", "liveStatus", "name", "roomId", "startTime", "teacherName"]);
    expect((await learner.call((c) => c.live.series({ liveId: a.id })))!.selectedLiveId).toBe(a.id);
    await learner.call((c) => c.live.seriesSubscribe({ liveSeriesId: series.id }));
    expect(await learner.call((c) => c.live.seriesStatus({ liveSeriesId: series.id }))).toEqual({ isSubscribe: 1 });
    await learner.call((c) => c.live.seriesUnsubscribe({ liveSeriesId: series.id }));
    expect(await learner.call((c) => c.live.seriesStatus({ liveSeriesId: series.id }))).toEqual({ isSubscribe: 0 });
  });
});

describeEachDb("live: raffles, sign-in, mutes and comments", (getDb) => {
  it("fairPick: each participant wins about equally often, and never twice in one draw", () => {
    const people = ["a", "b", "c", "d", "e"];
    const wins = new Map(people.map((p) => [p, 0]));
    const N = 20_000;
    for (let i = 0; i < N; i++) {
      const picked = fairPick(people, 2);
      if (picked[0] === picked[1]) throw new Error("the same person won twice");
      for (const p of picked) wins.set(p, wins.get(p)! + 1);
    }
    // Expected 2/5 of draws each; 5% tolerance is more than 10 standard deviations here.
    for (const n of wins.values()) expect(Math.abs(n / N - 0.4)).toBeLessThan(0.02);
    expect(fairPick(people, 9)).toHaveLength(5);
  });

  it("draws once among those who joined, even when many ask at the same time", async () => {
    const db = getDb();
    const { admin, learner, other, learnerRow, otherRow } = await people(db);
    const live = await createLive(db, { liveStatus: 1 });
    const outsider = await createUser(db, { nick: "未参与" });
    const raffle = await admin.call((c) => c.live.admin.awards.create({ liveId: live.id, name: "互动抽奖", awardName: "《政府采购法》释义", winnerCount: 1, durationSeconds: 60 }));
    expect((await rejection(learner.call((c) => c.live.joinRaffle({ raffleId: raffle.id })))).message).toBe("抽奖尚未开始");
    await admin.call((c) => c.live.admin.awards.start({ id: raffle.id }));
    await learner.call((c) => c.live.joinRaffle({ raffleId: raffle.id }));
    await learner.call((c) => c.live.joinRaffle({ raffleId: raffle.id }));
    await other.call((c) => c.live.joinRaffle({ raffleId: raffle.id }));
    expect(await learner.call((c) => c.live.raffling({ liveId: live.id }))).toMatchObject({ id: raffle.id, isJoin: 1, joinNum: 2, status: 1 });

    const results = await Promise.all(Array.from({ length: 6 }, () => admin.call((c) => c.live.admin.awards.draw({ id: raffle.id }))));
    expect(results.filter((r) => r.drawn)).toHaveLength(1);
    const records = await db.select().from(liveAwardRecords).where(eq(liveAwardRecords.raffleId, raffle.id));
    expect(records).toHaveLength(1);
    expect([learnerRow.id, otherRow.id]).toContain(records[0]!.userId);
    expect(records[0]!.userId).not.toBe(outsider.id);
    for (const r of results) expect(r.winners.map((w) => w.userId)).toEqual([records[0]!.userId]);
    const [stored] = await db.select().from(liveRaffles).where(eq(liveRaffles.id, raffle.id));
    expect(stored!.status).toBe(2);
    expect((await rejection(other.call((c) => c.live.joinRaffle({ raffleId: raffle.id })))).message).toBe("抽奖已结束");

    // The winner gives an address and may change it until the prize is shipped.
    const winner = records[0]!.userId === learnerRow.id ? learner : other;
    const mine = await winner.call((c) => c.live.awardRecords({ liveId: live.id }));
    expect(mine).toHaveLength(1);
    const id = mine[0]!.liveUserAwardRecordId;
    await winner.call((c) => c.live.receiveAward({ liveUserAwardRecordId: id, receiverName: "张敏", receiverMobile: "13912345678", receiverAddress: "浙江省杭州市西湖区文三路1号" }));
    const again = await winner.call((c) => c.live.receiveAward({ liveUserAwardRecordId: id, receiverName: "别人", receiverMobile: "13900000000", receiverAddress: "别处" }));
    expect(again).toMatchObject({ receiveStatus: 1, receiverName: "别人" });
    const loser = winner === learner ? other : learner;
    expect((await rejection(loser.call((c) => c.live.receiveAddress({ liveUserAwardRecordId: id })))).legacyCode).toBe("404");
  });

  it("a raffle past its closing time is drawn when the room asks", async () => {
    const db = getDb();
    const { admin, learner } = await people(db);
    const live = await createLive(db, { liveStatus: 1 });
    const raffle = await admin.call((c) => c.live.admin.awards.create({ liveId: live.id, name: "限时抽奖", awardName: "定制笔记本", winnerCount: 3, durationSeconds: 5 }));
    await admin.call((c) => c.live.admin.awards.start({ id: raffle.id }));
    await learner.call((c) => c.live.joinRaffle({ raffleId: raffle.id }));
    await db.update(liveRaffles).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(liveRaffles.id, raffle.id));
    expect(await learner.call((c) => c.live.raffling({ liveId: live.id }))).toBeNull();
    expect(await db.select().from(liveAwardRecords).where(eq(liveAwardRecords.raffleId, raffle.id))).toHaveLength(1);
  });

  it("counts each learner's sign-in once per round", async () => {
    const db = getDb();
    const { admin, learner, learnerRow } = await people(db);
    const live = await createLive(db, { liveStatus: 1 });
    expect((await rejection(learner.call((c) => c.live.sign({ liveId: live.id })))).message).toBe("当前没有进行中的签到");
    await admin.call((c) => c.live.admin.signStart({ liveId: live.id, durationSeconds: 60 }));
    expect(await learner.call((c) => c.live.signStatus({ liveId: live.id }))).toMatchObject({ isSign: 1 });
    const first = await learner.call((c) => c.live.sign({ liveId: live.id }));
    const second = await learner.call((c) => c.live.sign({ liveId: live.id }));
    expect(first).toMatchObject({ isUserSign: 1, firstTime: 1 });
    expect(second).toMatchObject({ isUserSign: 1, firstTime: 0 });
    expect(await db.select().from(liveSignRecords).where(and(eq(liveSignRecords.liveId, live.id), eq(liveSignRecords.userId, learnerRow.id)))).toHaveLength(1);
    const [rec] = await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.userId, learnerRow.id));
    expect(rec!.interactions).toBe(5);
    const ended = await admin.call((c) => c.live.admin.signEnd({ liveId: live.id }));
    expect(ended.signNum).toBe(1);
    expect((await rejection(learner.call((c) => c.live.sign({ liveId: live.id })))).message).toBe("当前没有进行中的签到");
  });

  it("mutes, sensitive words, batched comments stored once, hidden comments left out", async () => {
    const db = getDb();
    const { admin, learner, learnerRow, otherRow } = await people(db);
    const live = await createLive(db, { liveStatus: 1 });
    const service = testClient(db, { headers: { authorization: `Bearer ${process.env.SERVICE_TOKEN}` } });
    await admin.call((c) => c.live.admin.saveWords({ words: ["代开发票", "刷单"] }));
    await admin.call((c) => c.live.admin.mute({ liveId: live.id, userId: otherRow.id, mute: 1 }));
    expect(await service.call((c) => c.live.service.rules({ liveId: live.id }))).toEqual({ muteAll: 0, mutedUserIds: [otherRow.id], words: expect.arrayContaining(["代开发票", "刷单"]) });
    expect(await service.call((c) => c.live.service.refusal({ liveId: live.id, userId: otherRow.id, content: "老师好" }))).toBe("您已被禁言");
    expect(await service.call((c) => c.live.service.refusal({ liveId: live.id, userId: learnerRow.id, content: "可以代开发票吗" }))).toBe("消息包含敏感词，发送失败");
    expect(await service.call((c) => c.live.service.refusal({ liveId: live.id, userId: learnerRow.id, content: "老师讲得很清楚" }))).toBeNull();
    expect(await learner.call((c) => c.live.checkSensitive({ content: "有人刷单吗" }))).toMatchObject({ isSensitive: 1 });

    // Each comment and like names the session that sent it; only standing sessions' are stored.
    const sessionId = hashToken(learner.jar.cy_session!);
    const items = [
      { msgId: "11111111-aaaa", userId: learnerRow.id, nick: "张敏", content: "请问框架协议采购怎么操作？", sentAt: Date.now() - 2000, sessionId },
      { msgId: "22222222-bbbb", userId: learnerRow.id, nick: "张敏", content: "谢谢老师", sentAt: Date.now() - 1000, sessionId },
    ];
    expect(await service.call((c) => c.live.service.saveBatch({ liveId: live.id, items, likes: [{ sessionId, count: 7 }] }))).toEqual({ saved: 2, ended: [] });
    expect(await service.call((c) => c.live.service.saveBatch({ liveId: live.id, items, likes: [] }))).toEqual({ saved: 0, ended: [] });
    expect(await db.select().from(liveMessages).where(eq(liveMessages.liveId, live.id))).toHaveLength(2);
    expect((await learner.call((c) => c.live.info({ liveId: live.id }))).likeCount).toBe(7);

    // A batch retried with its id (its answer was lost) counts its likes once, also sent twice at once.
    const batch = { liveId: live.id, batchId: "9c2f6a1e-likes-1", items: [], likes: [{ sessionId, count: 5 }] };
    expect(await service.call((c) => c.live.service.saveBatch(batch))).toEqual({ saved: 0, ended: [] });
    expect(await service.call((c) => c.live.service.saveBatch(batch))).toEqual({ saved: 0, ended: [] });
    const twice = { ...batch, batchId: "9c2f6a1e-likes-2", likes: [{ sessionId, count: 3 }] };
    await Promise.all([service.call((c) => c.live.service.saveBatch(twice)), service.call((c) => c.live.service.saveBatch(twice))]);
    expect((await learner.call((c) => c.live.info({ liveId: live.id }))).likeCount).toBe(15);
    expect(await db.select().from(liveLikeBatches).where(eq(liveLikeBatches.liveId, live.id))).toHaveLength(2);
    // A day later the ids are forgotten as the next batch comes.
    await db.update(liveLikeBatches).set({ createdAt: new Date(Date.now() - 25 * 3600e3) }).where(eq(liveLikeBatches.liveId, live.id));
    await service.call((c) => c.live.service.saveBatch({ ...batch, batchId: "9c2f6a1e-likes-3", likes: [{ sessionId, count: 1 }] }));
    expect((await db.select().from(liveLikeBatches).where(eq(liveLikeBatches.liveId, live.id))).map((b) => b.batchId)).toEqual(["9c2f6a1e-likes-3"]);
    expect((await learner.call((c) => c.live.info({ liveId: live.id }))).likeCount).toBe(16);

    await admin.call((c) => c.live.admin.hide({ liveId: live.id, msgId: "11111111-aaaa", hidden: 1 }));
    const history = await learner.call((c) => c.live.messages({ liveId: live.id }));
    expect(history.map((m) => m.content)).toEqual(["谢谢老师"]);
    expect(await learner.call((c) => c.live.hiddenMessages({ liveId: live.id }))).toEqual(["11111111-aaaa"]);
    const since = await learner.call((c) => c.live.messages({ liveId: live.id, since: items[1]!.sentAt - 1 }));
    expect(since.map((m) => m.msgId)).toEqual(["22222222-bbbb"]);

    await admin.call((c) => c.live.admin.mute({ liveId: live.id, mute: 1 }));
    expect(await service.call((c) => c.live.service.refusal({ liveId: live.id, userId: learnerRow.id, content: "老师好" }))).toBe("直播间已开启全员禁言");
    await admin.call((c) => c.live.admin.mute({ liveId: live.id, userId: otherRow.id, mute: 0 }));
    expect((await service.call((c) => c.live.service.rules({ liveId: live.id }))).mutedUserIds).toEqual([]);
  });

  it("the back office is for admins, and the service calls for the realtime process only", async () => {
    const db = getDb();
    const { learner } = await people(db);
    const live = await createLive(db, { liveStatus: 1 });
    expect((await rejection(learner.call((c) => c.live.admin.publishNotice({ liveId: live.id, content: "休息十分钟" })))).legacyCode).toBe("403");
    expect((await rejection(learner.call((c) => c.live.service.rules({ liveId: live.id })))).legacyCode).toBe("403");
    expect((await rejection(learner.call((c) => c.live.admin.save({ name: "", startTime: 2, endTime: 1 } as never)))).legacyCode).toBe("403");
  });

  it("admin edits, operates the live and exports the members as a workbook", async () => {
    const db = getDb();
    const { admin, learner } = await people(db);
    const start = Date.now() + 3600e3;
    const bad = await rejection(admin.call((c) => c.live.admin.save({ name: "政府采购质疑投诉处理", startTime: start, endTime: start - 1 })));
    expect(bad.message).toBe("结束时间须晚于开始时间");
    const saved = await admin.call((c) => c.live.admin.save({ name: "政府采购质疑投诉处理", teacherName: "赵磊", startTime: start, endTime: start + 7200e3 }));
    expect(saved).toMatchObject({ liveStatus: 0, roomId: expect.any(String) });
    await admin.call((c) => c.live.admin.operate({ id: saved.id, action: "start" }));
    await learner.call((c) => c.live.entry({ liveId: saved.id }));
    await admin.call((c) => c.live.admin.operate({ id: saved.id, action: "pause" }));
    expect((await learner.call((c) => c.live.info({ liveId: saved.id }))).isPause).toBe(1);
    await admin.call((c) => c.live.admin.stop({ id: saved.id }));
    const ended = await learner.call((c) => c.live.info({ liveId: saved.id }));
    expect(ended.liveStatus).toBe(2);
    // Started an hour early: the record shows the real start, before the end.
    expect(ended.startTime).toBeLessThan(start);
    expect(ended.endTime).toBeGreaterThanOrEqual(ended.startTime);
    expect((await rejection(admin.call((c) => c.live.admin.operate({ id: saved.id, action: "start" })))).message).toBe("直播已结束，不能再次开始");
    const file = await admin.call((c) => c.live.admin.exportMembers({ liveId: saved.id }));
    expect(file.rows).toBe(1);
    expect(Buffer.from(file.base64, "base64").subarray(0, 2).toString()).toBe("PK");

    // A copy of the ended live is a new upcoming one: its own room, no replay, likes or pushed questionnaire.
    await admin.call((c) => c.live.admin.pushQuestionnaire({ liveId: saved.id, title: "直播满意度调查", url: "https://example.cn/questionnaire?id=1" }));
    const copy = await admin.call((c) => c.live.admin.copy({ id: saved.id }));
    expect(copy).toMatchObject({ name: "政府采购质疑投诉处理（副本）", liveStatus: 0, teacherName: "赵磊" });
    expect(copy.roomId).not.toBe(saved.roomId);
    expect(await admin.call((c) => c.live.admin.questionnaire({ liveId: copy.id }))).toBeNull();
    const long = await admin.call((c) => c.live.admin.save({ name: "长".repeat(60), startTime: start, endTime: start + 3600e3 }));
    expect((await admin.call((c) => c.live.admin.copy({ id: long.id }))).name).toBe(`${"长".repeat(56)}（副本）`);
  });
});
