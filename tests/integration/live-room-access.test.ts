import { eq } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { overrideDb } from "@db/index.server";
import { liveCaptions, liveGoods, liveNotices, liveRaffles, lives, liveSeats, liveWatchRecords } from "@db/schema";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { loadRoom } from "~/components/live/room-loader.server";
import { loader as subtitleFile } from "~/routes/live.subtitles.$liveId";
import { createLive } from "../factories/live";
import { addMembership, createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

// Who gets a live's stream addresses and what is said and shown in its room (captions, notice, goods,
// raffle, questionnaire, scoreboards): whoever may watch it, as for its chat (live-messages-access.test.ts).

type Client = ReturnType<typeof testClient>;

// The room page's server caller opens the test's database.
// The pages' loaders read the test's database; set back after the file (threads share loaded modules).
afterAll(() => overrideDb(undefined));

const request = (path: string, token?: string) =>
  new Request(`http://127.0.0.1:3000${path}`, { headers: { cookie: token ? `${SESSION_COOKIE}=${token}` : "", [PEER_ADDRESS_HEADER]: "10.0.0.5" } });
/** The live room page's first paint, as a browser with this session cookie (or none) loads it. */
const roomPage = (roomId: string, token?: string) => loadRoom(request(`/live/detail?roomId=${roomId}`, token), "detail");
/** The replay's subtitle track, as the player's <track> element fetches it. */
async function trackFile(liveId: number, token?: string) {
  const res = await subtitleFile({ request: request(`/live/subtitles/${liveId}`, token), params: { liveId: String(liveId) }, context: {} });
  return { status: res.status, body: await res.text() };
}

const STREAM = { m3u8PlayUrl: "/live/hls/room/index.m3u8", playbackUrl: "/live/hls/room/replay.m3u8", subtitleUrl: "/live/hls/room/zh.vtt" };
/** This site's HLS files are handed out as signed links (live-hls-access.test.ts fetches them). */
const signedLink = (path: string) => expect.stringMatching(new RegExp(`^${path.replace(/\./g, "\\.")}\\?exp=\\d+&sig=[\\w-]+$`));
const SHOWN = { m3u8PlayURL: signedLink(STREAM.m3u8PlayUrl), playbackUrl: signedLink(STREAM.playbackUrl), subtitleUrl: signedLink(STREAM.subtitleUrl) };
const WITHHELD = { m3u8PlayURL: "", playbackUrl: "", subtitleUrl: "" };
const addresses = (v: { m3u8PlayURL: string; playbackUrl: string; subtitleUrl: string }) => ({ m3u8PlayURL: v.m3u8PlayURL, playbackUrl: v.playbackUrl, subtitleUrl: v.subtitleUrl });

const VTT = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.600\n各位学员大家好\n\n2\n00:00:02.600 --> 00:00:05.200\n今天讲政府采购需求管理\n";

/** What the host said and showed in the room, and one viewer's score; returns the goods put up. */
async function furnish(db: Db, liveId: number) {
  await db.insert(liveCaptions).values([
    { liveId, sentenceId: "s-1", text: "各位学员大家好", beginMs: 1000, endMs: 2600 },
    { liveId, sentenceId: "s-2", text: "今天讲政府采购需求管理", beginMs: 2600, endMs: 5200 },
  ]);
  await db.insert(liveNotices).values({ liveId, content: "内部培训资料请勿外传" });
  const [goods] = await db.insert(liveGoods).values({ liveId, name: "采购内控手册（内部版）", price: 5800, status: 1, linkUrl: "https://shop.example.cn/internal" }).returning();
  const now = Date.now();
  await db.insert(liveRaffles).values({ liveId, name: "内部抽奖", awardName: "评审专家实务手册", winnerCount: 1, status: 1, startedAt: new Date(now), endsAt: new Date(now + 600_000) });
  await db.update(lives).set({ questionnaire: { title: "内部满意度调查", url: "https://wj.example.cn/s/internal", pushedAt: now } }).where(eq(lives.id, liveId));
  const viewer = await createUser(db, { nick: "周倩" });
  await db.insert(liveWatchRecords).values({ liveId, userId: viewer.id, score: 12, orgName: "杭州市财政局", areaName: "杭州市" });
  return goods!.id;
}

const boardName = (r: { orgName: string } | { regionName: string }) => ("orgName" in r ? r.orgName : r.regionName);

/** The room calls a caller makes, each answering what the room holds. */
function roomCalls(client: Client, liveId: number, goodsId: number) {
  return {
    captions: () => client.call((c) => c.live.captions({ liveId })).then((l) => l.map((s) => s.text)),
    captionsVtt: () => client.call((c) => c.live.captionsVtt({ liveId })),
    notice: () => client.call((c) => c.live.notice({ liveId })).then((n) => n.content),
    goods: () => client.call((c) => c.live.goods({ liveId })).then((l) => l.map((g) => g.name)),
    goodsClick: () => client.call((c) => c.live.goodsClick({ goodsId })).then((g) => g.linkUrl),
    raffling: () => client.call((c) => c.live.raffling({ liveId })).then((r) => r?.name),
    questionnaire: () => client.call((c) => c.live.questionnaire({ liveId })).then((q) => q?.title),
    scorePage: () => client.call((c) => c.live.scorePage({ liveId })).then((p) => p.list.map((r) => r.nick)),
    orgTop: () => client.call((c) => c.live.orgTop({ liveId })).then((l) => l.map(boardName)),
    regionTop: () => client.call((c) => c.live.regionTop({ liveId })).then((l) => l.map(boardName)),
  };
}
type Reads = { [K in keyof ReturnType<typeof roomCalls>]: unknown };
const furnished: Reads = {
  captions: ["各位学员大家好", "今天讲政府采购需求管理"],
  captionsVtt: VTT,
  notice: "内部培训资料请勿外传",
  goods: ["采购内控手册（内部版）"],
  goodsClick: "https://shop.example.cn/internal",
  raffling: "内部抽奖",
  questionnaire: "内部满意度调查",
  scorePage: ["周倩"],
  orgTop: ["杭州市财政局"],
  regionTop: ["杭州市"],
};

async function reads(client: Client, liveId: number, goodsId: number) {
  const out = {} as Reads;
  for (const [name, call] of Object.entries(roomCalls(client, liveId, goodsId))) out[name as keyof Reads] = await call();
  return out;
}

/** Each room call refused, with its code and message. */
async function refusals(client: Client, liveId: number, goodsId: number) {
  const out = {} as Reads;
  for (const [name, call] of Object.entries(roomCalls(client, liveId, goodsId))) {
    const e = await rejection(call());
    out[name as keyof Reads] = { code: e.code, legacyCode: e.legacyCode, message: e.message };
  }
  return out;
}
const every = (x: unknown): Reads => Object.fromEntries(Object.keys(furnished).map((k) => [k, x])) as Reads;

const SIGN_IN = { code: "UNAUTHORIZED", legacyCode: "281", message: "请先登录" };
const OUT_OF_RANGE = { code: "FORBIDDEN", legacyCode: "102", message: "您暂无该直播的观看权限" };
const NOT_BOUGHT = { code: "FORBIDDEN", legacyCode: "106", message: "该直播为付费直播，请先购买后观看" };

const info = (client: Client, liveId: number) => client.call((c) => c.live.info({ liveId }));

describeEachDb("live: who gets a room's stream addresses and content", (getDb) => {
  it("a live open to everyone and free: a visitor gets the addresses and everything in the room, as before", async () => {
    const db = getDb();
    overrideDb(db);
    const live = await createLive(db, { liveStatus: 1, ...STREAM });
    const goodsId = await furnish(db, live.id);
    const visitor = testClient(db);
    expect(await info(visitor, live.id)).toMatchObject({ id: live.id, isBuy: 1, ...SHOWN });
    expect(await reads(visitor, live.id, goodsId)).toEqual(furnished);
    // The answers keep their shape.
    expect(await visitor.call((c) => c.live.captions({ liveId: live.id }))).toEqual([
      { sentenceId: "s-1", text: "各位学员大家好", beginTime: 1000, endTime: 2600, source: "asr" },
      { sentenceId: "s-2", text: "今天讲政府采购需求管理", beginTime: 2600, endTime: 5200, source: "asr" },
    ]);
    expect(await visitor.call((c) => c.live.notice({ liveId: live.id }))).toEqual({ liveId: live.id, content: "内部培训资料请勿外传", publishTime: expect.any(Number) });
    expect(await trackFile(live.id)).toEqual({ status: 200, body: VTT });
  });

  it("a free live opened to a tag: a visitor and an outsider get the room without its addresses and are refused its content; a member gets both", async () => {
    const db = getDb();
    const tag = await createTag(db, "政府采购从业人员");
    const live = await createLive(db, { liveStatus: 1, openRange: [{ kind: "tag", target: String(tag.id) }], ...STREAM });
    const goodsId = await furnish(db, live.id);
    const visitor = testClient(db);
    const outsider = await signedInClient(db, (await createUser(db, { nick: "刘洋" })).id);
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    const member = await signedInClient(db, memberRow.id);

    // The room stays readable (title, time, cover); a free live is still not one to buy.
    for (const client of [visitor, outsider]) expect(await info(client, live.id)).toMatchObject({ id: live.id, name: live.name, startTime: live.startTime.getTime(), isFree: 1, isBuy: 1, ...WITHHELD });
    expect(await refusals(visitor, live.id, goodsId)).toEqual(every(SIGN_IN));
    expect(await refusals(outsider, live.id, goodsId)).toEqual(every(OUT_OF_RANGE));
    // The open range binds admins too, as for the chat.
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    expect(addresses(await info(admin, live.id))).toEqual(WITHHELD);
    expect((await rejection(admin.call((c) => c.live.captions({ liveId: live.id })))).legacyCode).toBe("102");

    expect(await info(member, live.id)).toMatchObject({ isBuy: 1, ...SHOWN });
    expect(await reads(member, live.id, goodsId)).toEqual(furnished);
    // Whether a sign-in round is open is a harmless counter: it stays public.
    expect(await visitor.call((c) => c.live.signStatus({ liveId: live.id }))).toMatchObject({ isSign: 0, signNum: 0 });
  });

  it("a sold live: a visitor and a learner without a seat get the room without its addresses and are refused its content; a buyer, an admin or a teacher gets both", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 2, isPlayback: 1, price: 4_900, ...STREAM });
    const goodsId = await furnish(db, live.id);
    const visitor = testClient(db);
    const learner = await signedInClient(db, (await createUser(db, { nick: "刘洋" })).id);
    const buyerRow = await createUser(db, { nick: "张敏" });
    await db.insert(liveSeats).values({ liveId: live.id, userId: buyerRow.id });

    for (const client of [visitor, learner]) expect(await info(client, live.id)).toMatchObject({ id: live.id, isFree: 0, isBuy: 0, ...WITHHELD });
    expect(await refusals(visitor, live.id, goodsId)).toEqual(every(SIGN_IN));
    expect(await refusals(learner, live.id, goodsId)).toEqual(every(NOT_BOUGHT));

    for (const row of [buyerRow, await createUser(db, { isAdmin: 1 }), await createUser(db, { isTeacher: 1 })]) {
      const client = await signedInClient(db, row.id);
      expect(await info(client, live.id)).toMatchObject({ isBuy: 1, ...SHOWN });
      expect(await reads(client, live.id, goodsId)).toEqual(furnished);
    }
  });

  it("the replay's subtitle track is an empty file for a viewer who may not watch, the captions for one who may", async () => {
    const db = getDb();
    overrideDb(db);
    const tag = await createTag(db, "政府采购从业人员");
    const live = await createLive(db, { liveStatus: 2, isPlayback: 1, openRange: [{ kind: "tag", target: String(tag.id) }], ...STREAM });
    await furnish(db, live.id);
    const outsider = (await createSession(db, (await createUser(db, { nick: "刘洋" })).id)).token;
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    const member = (await createSession(db, memberRow.id)).token;
    // The same answer as a live without captions: the file does not tell an outsider there are any.
    for (const token of [undefined, outsider]) expect(await trackFile(live.id, token)).toEqual({ status: 404, body: "WEBVTT\n" });
    expect(await trackFile(live.id, member)).toEqual({ status: 200, body: VTT });
  });

  it("the subtitle file tells a server fault from a refusal: the database out of reach is a retryable 503, another fault fails as the server's error, not an empty track", async () => {
    const db = getDb();
    const live = await createLive(db, { liveStatus: 2, isPlayback: 1, ...STREAM });
    await furnish(db, live.id);
    // The route's database fails every read, as a down server (connection refused) or a broken query would.
    const failing = (error: () => Error) => new Proxy(db as object, { get: (t, k) => (k === "select" ? () => { throw error(); } : Reflect.get(t, k)) });
    overrideDb(failing(() => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) as Db);
    const down = await trackFile(live.id);
    expect(down).toEqual({ status: 503, body: "服务暂时繁忙，请稍后重试" });
    overrideDb(failing(() => new Error('relation "live_captions" does not exist')) as Db);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Thrown on as the server's own fault, which the framework answers 500 (not a refusal, not a 503).
      await expect(trackFile(live.id)).rejects.toMatchObject({ name: "TRPCError", code: "INTERNAL_SERVER_ERROR" });
    } finally {
      quiet.mockRestore();
    }
    overrideDb(db);
    expect(await trackFile(live.id)).toEqual({ status: 200, body: VTT });
  });

  it("the room page opens for a viewer who may not watch, with the reason and without the room's content; a member gets it all", async () => {
    const db = getDb();
    overrideDb(db);
    const tag = await createTag(db, "政府采购从业人员");
    const ranged = await createLive(db, { liveStatus: 1, openRange: [{ kind: "tag", target: String(tag.id) }], ...STREAM });
    const sold = await createLive(db, { liveStatus: 2, isPlayback: 1, price: 4_900, ...STREAM });
    await furnish(db, ranged.id);
    await furnish(db, sold.id);
    const outsider = (await createSession(db, (await createUser(db, { nick: "刘洋" })).id)).token;
    const memberRow = await createUser(db, { nick: "张敏" });
    await addMembership(db, memberRow.id, { tagIds: [tag.id] });
    await db.insert(liveSeats).values({ liveId: sold.id, userId: memberRow.id });
    const member = (await createSession(db, memberRow.id)).token;
    const empty = { notice: { content: "" }, goods: [], messages: [], raffle: null, questionnaire: null, captions: [] };

    const cases = [
      [ranged, undefined, { code: "281", message: "请先登录" }],
      [ranged, outsider, { code: "102", message: "您暂无该直播的观看权限" }],
      [sold, undefined, { code: "281", message: "请先登录" }],
      [sold, outsider, { code: "106", message: "该直播为付费直播，请先购买后观看" }],
    ] as const;
    for (const [live, token, refused] of cases) {
      const page = await roomPage(live.roomId, token);
      expect(page).toMatchObject({ info: { id: live.id, name: live.name, ...WITHHELD }, ...empty, refused });
    }
    for (const live of [ranged, sold]) {
      const page = await roomPage(live.roomId, member);
      expect(page).toMatchObject({ info: { id: live.id, ...SHOWN }, notice: { content: "内部培训资料请勿外传" }, goods: [{ name: "采购内控手册（内部版）" }], raffle: { name: "内部抽奖" }, questionnaire: { title: "内部满意度调查" }, refused: null });
      expect(page.captions.map((c) => c.text)).toEqual(["各位学员大家好", "今天讲政府采购需求管理"]);
    }
  });
});
