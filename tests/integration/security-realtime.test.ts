import type { Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { Db, DbHandle } from "@db/client";
import { liveMessages, lives, liveWatchRecords, sessions } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { recordPresence } from "@trpc-app/live/room.service";
import { closePublisher } from "@trpc-app/realtime/publish";
import type { RealtimeServer } from "../../realtime/server";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { testClient } from "../helpers/caller";
import { signedInClient } from "../helpers/auth";
import { createTestDb, describeEachDb } from "../helpers/db";
import { connect, inbox, sleep } from "../helpers/sockets";
import { startRealtimeUnderTest, type RealtimeUnderTest } from "../helpers/realtime-process";
import { startTrpcApp } from "../helpers/trpc-app-server";

// Issue 18, holes 8, 9, 11 and 12: sockets end with their session, watch time is the server's
// measure, likes and comments are capped per socket and per user, and upgrades check Origin.

const PUBLIC_ORIGIN = "https://edu.caiyun.example";

/** Sends on a socket that may already be closed, as a client racing the close would. */
const trySend = (ws: WebSocket, text: string) => ws.send(text, () => {});

let handle: DbHandle;
let app: { url: string; server: Server };
let realtime: RealtimeUnderTest;
let rt: RealtimeServer;

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  handle = await createTestDb("pglite");
  app = await startTrpcApp(handle.db);
  realtime = await startRealtimeUnderTest(app.url, { allowedOrigins: [PUBLIC_ORIGIN], publishHere: true });
  rt = realtime.rt;
});
afterAll(async () => {
  await realtime?.stop();
  await closePublisher();
  app?.server.closeAllConnections();
  await new Promise((resolve) => app?.server.close(resolve));
  await handle?.close();
});

async function learner(nick: string) {
  const user = await createUser(handle.db, { nick });
  const { token } = await createSession(handle.db, user.id);
  return { id: user.id, token, cookie: `cy_session=${token}`, client: testClient(handle.db, { cookies: { cy_session: token } }) };
}
const join = (path: string, opts: { cookie?: string; origin?: string } = {}) => realtime.join(path, opts);
/**
 * A user socket that has answered one heartbeat: a close the test then waits for is the one it causes, not a
 * socket lost as it opened (seen twice in full runs: 1006 where 4401 or the flood's 1008 was expected, with
 * the server's close count unchanged; not reproduced alone). The failure message then says which it was.
 */
async function answering(ws: WebSocket) {
  ws.send('{"type":"heartbeat"}');
  await inbox(ws).next((f) => f.type === "heartbeat", 5000);
  return ws;
}
const livePath = (liveId: number) => `/api/elearning/ws/live/${liveId}`;
const userPath = (userId: number) => `/api/elearning/ws/${userId}`;
async function stored(liveId: number, userId: number) {
  return handle.db.select().from(liveMessages).where(and(eq(liveMessages.liveId, liveId), eq(liveMessages.userId, userId)));
}
async function watchRecord(liveId: number, userId: number) {
  const [r] = await handle.db.select().from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, liveId), eq(liveWatchRecords.userId, userId)));
  return r;
}
async function likeCount(liveId: number) {
  const [l] = await handle.db.select({ likeCount: lives.likeCount }).from(lives).where(eq(lives.id, liveId));
  return l!.likeCount;
}

describe("sockets end with their session (hole 8)", () => {
  it("an admin disabling a learner closes the learner's user and live sockets within a second; later frames are neither broadcast nor stored", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const l = await learner("张敏");
    const b = await learner("刘洋");
    const adminRow = await createUser(handle.db, { nick: "李建国", isAdmin: 1 });
    const admin = await signedInClient(handle.db, adminRow.id);
    const { accessToken } = await l.client.call((c) => c.live.authToken({ liveId: live.id }));
    const wsUser = await answering(await join(userPath(l.id), { cookie: l.cookie }));
    const wsLive = await join(livePath(live.id), { cookie: l.cookie });
    const wsToken = await join(`${livePath(live.id)}?token=${encodeURIComponent(accessToken)}`);
    const wsB = await join(livePath(live.id), { cookie: b.cookie });
    await inbox(wsLive).next((f) => f.type === "welcome");
    await inbox(wsToken).next((f) => f.type === "welcome");
    await inbox(wsB).next((f) => f.type === "welcome");

    const started = Date.now();
    await admin.call((c) => c.org.admin.users.unable({ ids: [l.id] }));
    const codes = await Promise.all([wsUser, wsLive, wsToken].map((ws) => inbox(ws).closed(1000)));
    expect(codes, [wsUser, wsLive, wsToken].map((ws) => inbox(ws).closeDetail()).join("; ")).toEqual([4401, 4401, 4401]);
    expect(Date.now() - started, "ms from the admin's call to the sockets' close").toBeLessThan(1000);

    for (const ws of [wsLive, wsToken]) {
      trySend(ws, JSON.stringify({ type: "comment", content: "禁用之后的发言" }));
      trySend(ws, JSON.stringify({ type: "like", count: 5 }));
    }
    // Neither the cookie nor the room token opens a learner's socket again: the cookie is a visitor's now.
    await expect(connect(rt.port, `${livePath(live.id)}?token=${encodeURIComponent(accessToken)}`)).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, userPath(l.id), { cookie: l.cookie })).rejects.toThrow("HTTP 401");
    const asVisitor = await join(livePath(live.id), { cookie: l.cookie });
    expect((await inbox(asVisitor).next((f) => f.type === "welcome")).data).toMatchObject({ userId: 0 });
    asVisitor.send(JSON.stringify({ type: "comment", content: "禁用之后换个身份发言" }));
    expect((await inbox(asVisitor).next((f) => f.type === "error")).data.message).toBe("登录后才能参与互动");
    await sleep(1300);
    expect(inbox(wsB).all.filter((f) => f.type === "comment")).toEqual([]);
    expect(inbox(wsB).all.filter((f) => f.type === "like")).toEqual([]);
    expect(await stored(live.id, l.id)).toEqual([]);
    expect(await likeCount(live.id)).toBe(0);
    expect(await inbox(wsB).closed(10)).toBe("open");
  });

  it("logout closes only that session's sockets; a password change closes the other sessions' and keeps the current one", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const u = await learner("陈静");
    const second = await createSession(handle.db, u.id);
    const third = await createSession(handle.db, u.id);
    const cookie2 = `cy_session=${second.token}`;
    const cookie3 = `cy_session=${third.token}`;
    const s1 = [await answering(await join(userPath(u.id), { cookie: u.cookie })), await join(livePath(live.id), { cookie: u.cookie })];
    const s2 = [await answering(await join(userPath(u.id), { cookie: cookie2 })), await join(livePath(live.id), { cookie: cookie2 })];
    const s3 = [await answering(await join(userPath(u.id), { cookie: cookie3 })), await join(livePath(live.id), { cookie: cookie3 })];
    await inbox(s2[1]!).next((f) => f.type === "welcome");

    await u.client.call((c) => c.auth.logout());
    expect(await Promise.all(s1.map((ws) => inbox(ws).closed(1000)))).toEqual([4401, 4401]);
    expect(await Promise.all([...s2, ...s3].map((ws) => inbox(ws).closed(300)))).toEqual(["open", "open", "open", "open"]);
    s2[1]!.send(JSON.stringify({ type: "comment", content: "另一台设备还在线" }));
    expect((await inbox(s3[1]!).next((f) => f.type === "comment")).data).toMatchObject({ userId: u.id, content: "另一台设备还在线" });

    const device2 = testClient(handle.db, { cookies: { cy_session: second.token } });
    await device2.call((c) => c.auth.updatePassword({ oldPassword: "Caiyun@2026pass", password: "Caiyun@2027pass", confirmPassword: "Caiyun@2027pass" }));
    expect(await Promise.all(s3.map((ws) => inbox(ws).closed(1000)))).toEqual([4401, 4401]);
    expect(await Promise.all(s2.map((ws) => inbox(ws).closed(300)))).toEqual(["open", "open"]);
    await sleep(700);
    expect((await stored(live.id, u.id)).map((m) => m.content)).toEqual(["另一台设备还在线"]);
  });

  it("an admin's password reset and a deletion close the user's sockets too", async () => {
    const adminRow = await createUser(handle.db, { nick: "王立新", isAdmin: 1 });
    const admin = await signedInClient(handle.db, adminRow.id);
    const reset = await learner("黄丽");
    const removed = await learner("周强");
    const wsReset = await answering(await join(userPath(reset.id), { cookie: reset.cookie }));
    const wsRemoved = await answering(await join(userPath(removed.id), { cookie: removed.cookie }));
    await admin.call((c) => c.org.admin.users.update({ userId: reset.id, password: "Caiyun@2028pass" }));
    expect(await inbox(wsReset).closed(1000), inbox(wsReset).closeDetail()).toBe(4401);
    expect(await inbox(wsRemoved).closed(10), inbox(wsRemoved).closeDetail()).toBe("open");
    await admin.call((c) => c.org.admin.users.del({ ids: [removed.id] }));
    expect(await inbox(wsRemoved).closed(1000), inbox(wsRemoved).closeDetail()).toBe(4401);
  });

  it("when the news of an ended session is lost, the app stores none of its comments or likes and the sockets are closed", async () => {
    // A realtime process that never hears the app's events (its own bus), sweeping sessions every half second.
    const deaf = await startRealtimeUnderTest(app.url, { sessionSweepMs: 500 });
    try {
      const live = await createLive(handle.db, { liveStatus: 1 });
      const l = await learner("吴婷");
      const b = await learner("赵磊");
      const wsL = await deaf.join(livePath(live.id), { cookie: l.cookie });
      const wsB = await deaf.join(livePath(live.id), { cookie: b.cookie });
      await inbox(wsL).next((f) => f.type === "welcome");
      await handle.db.delete(sessions).where(eq(sessions.userId, l.id));
      wsL.send(JSON.stringify({ type: "comment", content: "会话已结束的发言" }));
      wsL.send(JSON.stringify({ type: "like", count: 5 }));
      expect(await inbox(wsL).closed(2000)).toBe(4401);
      await sleep(700);
      expect(await stored(live.id, l.id)).toEqual([]);
      expect(await likeCount(live.id)).toBe(0);
      expect(await inbox(wsB).closed(10)).toBe("open");

      // A silent socket (the unread count) goes at the next sweep.
      const u = await learner("孙悦");
      const wsU = await deaf.join(userPath(u.id), { cookie: u.cookie });
      await handle.db.delete(sessions).where(eq(sessions.userId, u.id));
      expect(await inbox(wsU).closed(1500)).toBe(4401);
    } finally {
      await deaf.stop();
    }
  });
});

describe("watch time is measured by the server (hole 9)", () => {
  it("record and leave claiming 86400 seconds credit nothing during a live and at most the real elapsed time on a replay", async () => {
    const onAir = await createLive(handle.db, { liveStatus: 1 });
    const l = await learner("郑凯");
    await l.client.call((c) => c.live.entry({ liveId: onAir.id }));
    expect(await l.client.call((c) => c.live.record({ liveId: onAir.id, watchSeconds: 86400 }))).toEqual({ success: true });
    expect(await l.client.call((c) => c.live.leave({ liveId: onAir.id, watchSeconds: 86400 }))).toEqual({ success: true });
    expect(await watchRecord(onAir.id, l.id)).toMatchObject({ watchSeconds: 0, playbackSeconds: 0, score: 0, entryCount: 1 });

    const replay = await createLive(handle.db, { liveStatus: 2, isPlayback: 1, playbackUrl: "https://media.caiyun.example/replay.m3u8" });
    await l.client.call((c) => c.live.entry({ liveId: replay.id }));
    const entered = Date.now();
    await sleep(1200);
    expect(await l.client.call((c) => c.live.record({ liveId: replay.id, watchSeconds: 86400, isPlayback: 1 }))).toEqual({ success: true });
    const first = (await watchRecord(replay.id, l.id))!;
    expect(first.playbackSeconds).toBeGreaterThanOrEqual(1);
    expect(first.playbackSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() - entered) / 1000));
    expect(first.watchSeconds).toBe(0);
    await l.client.call((c) => c.live.watchPlayback({ liveId: replay.id, watchSeconds: 86400 }));
    await l.client.call((c) => c.live.leave({ liveId: replay.id, watchSeconds: 86400, isPlayback: 1 }));
    const left = (await watchRecord(replay.id, l.id))!;
    expect(left.playbackAt).toBeNull();
    // Leaving stops the replay clock: a later claim starts from nothing.
    await sleep(1600);
    await l.client.call((c) => c.live.record({ liveId: replay.id, watchSeconds: 86400, isPlayback: 1 }));
    const after = (await watchRecord(replay.id, l.id))!;
    expect(after.playbackSeconds).toBe(left.playbackSeconds);
    expect(after.playbackAt).not.toBeNull();
    expect(after.score).toBe(0);
  });

  it("presence in the room credits the real time between joining and leaving, once for several sockets", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const l = await learner("冯雪");
    const ws = await join(livePath(live.id), { cookie: l.cookie });
    await inbox(ws).next((f) => f.type === "welcome");
    const joined = Date.now();
    // Joins and departures reach the app within a second each, so the credit is within a second of the truth.
    await sleep(3000);
    ws.close();
    await inbox(ws).closed(1000);
    const left = Date.now();
    let rec = await watchRecord(live.id, l.id);
    for (let i = 0; i < 30 && !rec?.lastLeaveAt; i++) {
      await sleep(100);
      rec = await watchRecord(live.id, l.id);
    }
    expect(rec!.watchSeconds).toBeGreaterThanOrEqual(2);
    expect(rec!.watchSeconds).toBeLessThanOrEqual(Math.ceil((left - joined) / 1000) + 1);
    expect(rec!.presenceAt).toBeNull();
    const once = rec!.watchSeconds;

    // Two sockets of the same learner (two tabs) are one presence: closing one tab does not stop the clock.
    const a = await join(livePath(live.id), { cookie: l.cookie });
    const b = await join(livePath(live.id), { cookie: l.cookie });
    await inbox(b).next((f) => f.type === "welcome");
    await sleep(2000);
    a.close();
    await sleep(2000);
    b.close();
    await inbox(b).closed(1000);
    await sleep(1500);
    const twice = (await watchRecord(live.id, l.id))!.watchSeconds - once;
    expect(twice).toBeGreaterThanOrEqual(3);
    expect(twice).toBeLessThanOrEqual(6);
  });

});

// The crediting rules themselves, on both databases.
describeEachDb("watch time rules (hole 9)", (getDb) => {
  const recordOf = async (db: Db, liveId: number, userId: number) =>
    (await db.select().from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, liveId), eq(liveWatchRecords.userId, userId))))[0];

  it("a replay is credited at most its duration, however long ago the previous report was", async () => {
    const db = getDb();
    const start = new Date(Date.now() - 30 * 3600e3);
    const replay = await createLive(db, { liveStatus: 2, isPlayback: 1, playbackUrl: "https://media.caiyun.example/r.m3u8", startTime: start, endTime: new Date(start.getTime() + 2 * 3600e3) });
    const row = await createUser(db, { nick: "钱程" });
    const l = { id: row.id, client: await signedInClient(db, row.id) };
    await db.insert(liveWatchRecords).values({ liveId: replay.id, userId: l.id, entryCount: 1, playbackAt: new Date(Date.now() - 3 * 3600e3) });
    await l.client.call((c) => c.live.record({ liveId: replay.id, watchSeconds: 86400, isPlayback: 1 }));
    expect(await recordOf(db, replay.id, l.id)).toMatchObject({ playbackSeconds: 7200, score: 60 });
    await l.client.call((c) => c.live.record({ liveId: replay.id, watchSeconds: 86400, isPlayback: 1 }));
    expect((await recordOf(db, replay.id, l.id))!.playbackSeconds).toBe(7200);
  });

  it("presence earns nothing across long gaps or off air, and never more than the live was on air", async () => {
    const db = getDb();
    const T = Date.now() - 3600e3;
    const live = await createLive(db, { liveStatus: 1, startTime: new Date(T) });
    const l = await createUser(db, { nick: "许宁" });
    const at = (s: number) => new Date(T + s * 1000);
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(-60));
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(-30));
    expect((await recordOf(db, live.id, l.id))!.watchSeconds).toBe(0);
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(30));
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(60));
    expect((await recordOf(db, live.id, l.id))!.watchSeconds).toBe(60);
    // Four minutes without a word (the realtime process was cut off): not counted.
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(300));
    await recordPresence(db, live.id, { present: [], left: [l.id] }, at(330));
    expect(await recordOf(db, live.id, l.id)).toMatchObject({ watchSeconds: 90, score: 1, presenceAt: null });
    // Back after leaving: the time away is not counted.
    await recordPresence(db, live.id, { present: [l.id], left: [] }, at(400));
    await recordPresence(db, live.id, { present: [], left: [l.id] }, at(420));
    expect((await recordOf(db, live.id, l.id))!.watchSeconds).toBe(110);

    // The live ends at +100 s: a viewer who stays on is credited up to the end only.
    const E = Date.now() - 7200e3;
    const ended = await createLive(db, { liveStatus: 2, startTime: new Date(E), endTime: new Date(E + 100e3) });
    const v = await createUser(db, { nick: "何平" });
    await recordPresence(db, ended.id, { present: [v.id], left: [] }, new Date(E + 80e3));
    await recordPresence(db, ended.id, { present: [], left: [v.id] }, new Date(E + 130e3));
    expect((await recordOf(db, ended.id, v.id))!.watchSeconds).toBe(20);

    // A disabled account earns nothing, even while its socket is on its way out.
    const off = await createUser(db, { nick: "停用学员", status: 0 });
    await recordPresence(db, live.id, { present: [off.id], left: [] }, at(30));
    await recordPresence(db, live.id, { present: [off.id], left: [] }, at(60));
    expect(await recordOf(db, live.id, off.id)).toBeUndefined();
  });
});

describe("likes and comments are rate limited (hole 11)", () => {
  it("a socket flooding 25,000 likes gets at most 10 a second through, the rest dropped and counted, and is closed", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await learner("蒋涛");
    const b = await learner("沈瑶");
    const wsA = await join(livePath(live.id), { cookie: a.cookie });
    const wsB = await join(livePath(live.id), { cookie: b.cookie });
    await inbox(wsA).next((f) => f.type === "welcome");
    await inbox(wsB).next((f) => f.type === "welcome");
    const droppedBefore = rt.stats().likesDropped;
    const floodsAtStart = rt.stats().floodClosed;
    for (let i = 0; i < 25_000 && wsA.readyState === WebSocket.OPEN; i++) wsA.send('{"type":"like"}');
    // The server ends it with 1008 (counted below); the client may see 1006 instead when the rest of its
    // flood meets the closed connection and the reset takes the close frame with it.
    expect([1008, 1006], inbox(wsA).closeDetail()).toContain(await inbox(wsA).closed(2000));
    await vi.waitFor(() => expect(rt.stats().floodClosed, inbox(wsA).closeDetail()).toBe(floodsAtStart + 1), { timeout: 2000, interval: 50 });
    // Likes go out once a second and are stored every half second: on a busy machine either may come a
    // tick late, so wait until what was shown and what was stored agree, then a second more to see both settle.
    const seenLikes = () => inbox(wsB).all.filter((f) => f.type === "like").reduce((n, f) => n + Number(f.data.count), 0);
    const settled = async () => {
      await vi.waitFor(async () => expect(seenLikes()).toBe(await likeCount(live.id)), { timeout: 8000, interval: 100 });
      return seenLikes();
    };
    await sleep(1800);
    const seen = await settled();
    await sleep(1200);
    expect(await settled()).toBe(seen);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(11);
    expect(rt.stats().likesDropped - droppedBefore).toBeGreaterThan(100);
    expect(await inbox(wsB).closed(10)).toBe("open");

    // The user socket answers every heartbeat, so a flood of them is cut off too (at a looser rate).
    const wsUser = await answering(await join(userPath(b.id), { cookie: b.cookie }));
    const floodsBefore = rt.stats().floodClosed;
    for (let i = 0; i < 5000 && wsUser.readyState === WebSocket.OPEN; i++) wsUser.send('{"type":"heartbeat"}');
    // The server ends it with 1008; the client may see 1006 instead when the rest of its flood meets the closed connection.
    expect([1008, 1006], inbox(wsUser).closeDetail()).toContain(await inbox(wsUser).closed(2000));
    // Counted when the server ends it, which a busy machine may report a moment after the client saw the close.
    await vi.waitFor(() => expect(rt.stats().floodClosed, inbox(wsUser).closeDetail()).toBe(floodsBefore + 1), { timeout: 2000, interval: 50 });
  });

  it("one learner's sockets together get at most 20 likes a second, and one comment at a time", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const u = await learner("韩梅");
    const watcher = await learner("杨帆");
    const tabs = [await join(livePath(live.id), { cookie: u.cookie }), await join(livePath(live.id), { cookie: u.cookie }), await join(livePath(live.id), { cookie: u.cookie })];
    const wsW = await join(livePath(live.id), { cookie: watcher.cookie });
    await inbox(wsW).next((f) => f.type === "welcome");
    for (const ws of tabs) for (let i = 0; i < 10; i++) ws.send(JSON.stringify({ type: "like", count: 1 }));
    await sleep(1500);
    const seen = inbox(wsW).all.filter((f) => f.type === "like").reduce((n, f) => n + Number(f.data.count), 0);
    expect(seen).toBeGreaterThanOrEqual(20);
    expect(seen).toBeLessThanOrEqual(22);
    expect(await Promise.all(tabs.map((ws) => inbox(ws).closed(10)))).toEqual(["open", "open", "open"]);

    tabs[0]!.send(JSON.stringify({ type: "comment", content: "第一条" }));
    tabs[1]!.send(JSON.stringify({ type: "comment", content: "第二条" }));
    expect((await inbox(tabs[1]!).next((f) => f.type === "error")).data).toMatchObject({ code: "too_fast", message: "发言太频繁，请稍后再试" });
    await sleep(1000);
    expect(inbox(wsW).all.filter((f) => f.type === "comment").map((f) => f.data.content)).toEqual(["第一条"]);
    expect((await stored(live.id, u.id)).map((m) => m.content)).toEqual(["第一条"]);
  });
});

describe("upgrades check Origin (hole 12)", () => {
  it("refuses a foreign Origin with 403 on the user socket and live sockets; this site, the public origin and clients without Origin get in", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const l = await learner("曹颖");
    const { accessToken } = await l.client.call((c) => c.live.authToken({ liveId: live.id }));
    const tokenPath = `${livePath(live.id)}?token=${encodeURIComponent(accessToken)}`;
    const before = rt.sockets();
    for (const origin of ["https://evil.example", "null", `http://127.0.0.1:${rt.port + 1}`]) {
      await expect(connect(rt.port, userPath(l.id), { cookie: l.cookie, origin })).rejects.toThrow("HTTP 403");
      await expect(connect(rt.port, livePath(live.id), { cookie: l.cookie, origin })).rejects.toThrow("HTTP 403");
      await expect(connect(rt.port, tokenPath, { origin })).rejects.toThrow("HTTP 403");
    }
    expect(rt.sockets()).toBe(before);
    const self = `http://127.0.0.1:${rt.port}`;
    for (const origin of [self, PUBLIC_ORIGIN, undefined]) {
      const user = await join(userPath(l.id), { cookie: l.cookie, origin });
      const room = await join(livePath(live.id), { cookie: l.cookie, origin });
      const token = await join(tokenPath, { origin });
      expect((await inbox(room).next((f) => f.type === "welcome")).data.userId).toBe(l.id);
      expect((await inbox(token).next((f) => f.type === "welcome")).data.userId).toBe(l.id);
      expect(user.readyState).toBe(WebSocket.OPEN);
    }
  });
});
