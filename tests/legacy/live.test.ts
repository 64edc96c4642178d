import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { liveMessages, liveNotices, liveWatchRecords } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createLive, createLiveSeries } from "../factories/live";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/front/live";
const B = "/api/elearning/back/live";

beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string } = {}) {
  const user = await createUser(db, { nick: opts.nick ?? "王晓雯", isAdmin: opts.isAdmin ?? 0 });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy front/live", (getDb) => {
  it("answers the room detail, the room token and the series with the spec's field names", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db);
    const series = await createLiveSeries(db);
    const live = await createLive(db, { liveStatus: 2, isPlayback: 1, playbackUrl: "/uploads/live/demo/index.m3u8", seriesId: series.id });
    const info = await client.get(`${F}/getLiveInfo`, { roomId: live.roomId });
    expect(info.body).toMatchObject({ code: 200, success: true });
    for (const k of ["id", "thirdLiveId", "liveStatus", "liveCoverUrl", "startTime", "isAppointment", "isPlayback", "playbackUrl", "m3u8PlayURL", "subtitleUrl", "isPause", "isOpenSubtitle", "roomId", "seriesId"])
      expect(info.body.data).toHaveProperty(k);
    expect(info.body.data).toMatchObject({ liveStatus: 2, isPlayback: 1, startTime: live.startTime.getTime(), seriesId: series.id });

    const token = await client.get(`${F}/getAuthToken`, { liveId: String(live.id), deviceId: "web-abc" });
    expect(token.body.data).toMatchObject({ accessToken: expect.any(String), audienceId: String(user.id), audienceNick: "王晓雯" });

    const s = await client.get(`${F}/seriesList`, { liveId: live.id });
    expect(Object.keys(s.body.data).sort()).toEqual(expect.arrayContaining(["periodsNum", "selectedLiveId", "seriesList", "seriesName", "liveSeriesId"]));
    expect((await client.post("/api/elearning/caiyun/front/live/series/subscribe", { liveSeriesId: series.id })).body.data).toEqual({ isSubscribe: 1 });
    expect((await client.get("/api/elearning/caiyun/front/live/series/get/subscribe/status", { liveSeriesId: series.id })).body.data).toEqual({ isSubscribe: 1 });
  });

  it("entry, then leave as a form post and as GET answer success; claimed seconds add no watch time", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db);
    const live = await createLive(db, { liveStatus: 1 });
    expect((await client.post(`${F}/entry`, { liveId: live.id })).body.success).toBe(true);
    expect((await client.call("POST", `${F}/leave`, { form: { liveId: String(live.id), watchSeconds: "120" } })).body.success).toBe(true);
    expect((await client.get(`${F}/leave`, { liveId: live.id, watchSeconds: 60 })).body.success).toBe(true);
    // Live watch time is the room's presence as the server measured it (issue 18, hole 9).
    const [rec] = await db.select().from(liveWatchRecords).where(eq(liveWatchRecords.userId, user.id));
    expect(rec).toMatchObject({ watchSeconds: 0, entryCount: 1 });
    const appoint = await client.post(`${F}/appointment`, { liveId: live.id });
    expect(appoint.body).toMatchObject({ success: false, message: "直播已开始，请直接进入观看" });
  });

  it("a visitor gets 281 and an outsider 102 in the envelope; bad input reads in Chinese", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 1, openRange: [{ kind: "role", target: "3" }] });
    const visitor = legacyClient(db);
    expect((await visitor.post(`${F}/entry`, { liveId: live.id })).body).toMatchObject({ success: false, code: 281 });
    const { client } = await signedIn(db);
    expect((await client.post(`${F}/checkWatchPermission`, { liveId: live.id })).body).toMatchObject({ success: false, code: 102 });
    const bad = await client.post(`${F}/joinRaffle`, { raffleId: "abc" });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: "抽奖ID格式不正确" });
    for (const path of ["getExpression", "districtTree"]) {
      const method = path === "getExpression" ? "GET" : "POST";
      expect((await client.call(method, `${F}/${path}`)).body.success).toBe(true);
    }
  });

  it("messageList and getHideMsg: a room open to everyone answers a visitor; a restricted one answers 281 and 102 in the envelope", async () => {
    const db = getDb();
    const open = await createLive(db, { liveStatus: 1 });
    const ranged = await createLive(db, { liveStatus: 1, openRange: [{ kind: "role", target: "3" }] });
    const sentAt = new Date(Date.now() - 60_000);
    for (const live of [open, ranged])
      await db.insert(liveMessages).values([
        { msgId: `shown-${live.id}`, liveId: live.id, nick: "张敏", content: "请问框架协议采购怎么操作？", sentAt },
        { msgId: `hidden-${live.id}`, liveId: live.id, nick: "刘洋", content: "内部报价是多少？", hidden: 1, sentAt },
      ]);
    const visitor = legacyClient(db);
    const list = await visitor.get(`${F}/messageList`, { liveId: open.id });
    expect(list.body).toMatchObject({ code: 200, success: true, data: [{ msgId: `shown-${open.id}`, content: "请问框架协议采购怎么操作？" }] });
    expect(list.body.data).toHaveLength(1);
    expect((await visitor.get(`${F}/getHideMsg`, { liveId: open.id })).body).toMatchObject({ success: true, data: [`hidden-${open.id}`] });

    const { client } = await signedIn(db);
    for (const path of ["messageList", "getHideMsg"]) {
      expect((await visitor.get(`${F}/${path}`, { liveId: ranged.id })).body).toEqual({ code: 281, message: "请先登录", success: false, data: null });
      expect((await client.get(`${F}/${path}`, { liveId: ranged.id })).body).toEqual({ code: 102, message: "您暂无该直播的观看权限", success: false, data: null });
    }
  });

  it("getLiveInfo of a free live outside the learner's range answers the room without its stream addresses; its notice answers 102", async () => {
    const db = getDb();
    const stream = { m3u8PlayUrl: "/uploads/live/demo/index.m3u8", playbackUrl: "/uploads/live/demo/replay.m3u8", subtitleUrl: "/uploads/live/demo/zh.vtt" };
    const ranged = await createLive(db, { liveStatus: 1, openRange: [{ kind: "role", target: "3" }], ...stream });
    await db.insert(liveNotices).values({ liveId: ranged.id, content: "内部培训资料请勿外传" });
    const { client } = await signedIn(db);
    const info = await client.get(`${F}/getLiveInfo`, { roomId: ranged.roomId });
    expect(info.body).toMatchObject({ code: 200, success: true, data: { id: ranged.id, name: ranged.name, isBuy: 1, m3u8PlayURL: "", playbackUrl: "", subtitleUrl: "" } });
    expect((await client.get(`${F}/notice`, { liveId: ranged.id })).body).toEqual({ code: 102, message: "您暂无该直播的观看权限", success: false, data: null });
    // A live open to everyone still gives a visitor its addresses.
    const open = await createLive(db, { liveStatus: 1, ...stream });
    expect((await legacyClient(db).get(`${F}/getLiveInfo`, { liveId: open.id })).body.data).toMatchObject({ m3u8PlayURL: stream.m3u8PlayUrl, playbackUrl: stream.playbackUrl, subtitleUrl: stream.subtitleUrl });
  });

  it("back office: create, publish a notice, goods put up, and the member export as .xlsx", async () => {
    const db = getDb();
    const { client } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const start = Date.now() + 86400e3;
    const created = await client.post(`${B}/create`, { name: "政府采购合同管理要点", teacherName: "孙悦", startTime: String(start), endTime: String(start + 5400e3) });
    expect(created.body).toMatchObject({ success: true, data: { liveStatus: 0 } });
    const id = created.body.data.id;
    expect((await client.post(`${B}/publishNotice`, { liveId: id, content: "直播将于明天下午两点开始" })).body.success).toBe(true);
    expect((await client.get(`${B}/getNotice`, { liveId: id })).body.data.content).toBe("直播将于明天下午两点开始");
    const goods = await client.post(`${B}/goods/create`, { liveId: id, name: "政府采购实务教材", price: 4800 });
    await client.post(`${B}/goods/putOrDown`, { id: goods.body.data.id, status: 1 });
    const learner = legacyClient(db);
    const list = await learner.get(`${F}/getGoodsList`, { liveId: id });
    expect(list.body.data).toEqual([expect.objectContaining({ goodsId: goods.body.data.id, name: "政府采购实务教材", price: 4800, status: 1 })]);
    const file = await client.post(`${B}/exportMemberList`, { liveId: id });
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect(file.text.length).toBeGreaterThan(100);
    const push = await client.post(`${B}/generateLivePushUrl`, { id });
    expect(push.body.data).toMatchObject({ pushUrl: expect.stringMatching(/^rtmp:\/\//), m3u8PlayURL: expect.any(String) });
  });
});
