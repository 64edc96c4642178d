import type { Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type WebSocket from "ws";
import type { DbHandle } from "@db/client";
import { liveMessages, liveWatchRecords } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { closePublisher } from "@trpc-app/realtime/publish";
import { roomToken } from "@trpc-app/live/room.service";
import { resetEnvCache } from "@base/env.server";
import { createLocalBus, createRedisBus, type Bus } from "../../realtime/bus";
import { startRealtime, type RealtimeServer } from "../../realtime/server";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { createTestDb } from "../helpers/db";
import { connect, inbox, sleep } from "../helpers/sockets";
import { startRealtimeUnderTest, type RealtimeUnderTest } from "../helpers/realtime-process";
import { startTrpcApp } from "../helpers/trpc-app-server";

const TOKEN = process.env.SERVICE_TOKEN!;
const REDIS_URL = "redis://127.0.0.1:6379";

let handle: DbHandle;
let app: { url: string; server: Server };
beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  handle = await createTestDb("pglite");
  app = await startTrpcApp(handle.db);
});
afterAll(async () => {
  await closePublisher();
  app?.server.closeAllConnections();
  await new Promise((resolve) => app?.server.close(resolve));
  await handle?.close();
});

async function viewer(nick: string) {
  const user = await createUser(handle.db, { nick });
  const { token, session } = await createSession(handle.db, user.id);
  return { id: user.id, cookie: `cy_session=${token}`, sessionId: session.id };
}

describe("live room on one realtime process", () => {
  let realtime: RealtimeUnderTest;
  let rt: RealtimeServer;
  let bus: Bus;
  const join = (path: string, cookie?: string) => realtime.join(path, { cookie });

  beforeAll(async () => {
    realtime = await startRealtimeUnderTest(app.url, { publishHere: true });
    ({ rt, bus } = realtime);
  });
  afterAll(async () => {
    await realtime?.stop();
  });

  it("two viewers see each other's comments and one aggregated like frame; comments are stored in a batch", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("张敏");
    const b = await viewer("刘洋");
    const wsA = await join(`/api/elearning/ws/live/${live.id}`, a.cookie);
    // The old client's way in: the room token from getAuthToken.
    const wsB = await join(`/api/elearning/ws/live/${live.id}?token=${encodeURIComponent(roomToken(live.id, b.id, b.sessionId))}`);
    const inA = inbox(wsA);
    const inB = inbox(wsB);
    expect((await inA.next((f) => f.type === "welcome")).data).toMatchObject({ liveId: live.id, userId: a.id, nick: "张敏" });
    expect(await inA.next((f) => f.type === "join" && f.data.online === 2)).toBeTruthy();

    wsA.send(JSON.stringify({ type: "comment", content: "老师，单一来源采购的公示期是多久？" }));
    const atB = await inB.next((f) => f.type === "comment");
    expect(atB.data).toMatchObject({ userId: a.id, nick: "张敏", content: "老师，单一来源采购的公示期是多久？", msgId: expect.any(String) });
    wsB.send(JSON.stringify({ type: "comment", content: "不少于5个工作日" }));
    expect((await inA.next((f) => f.type === "comment" && f.data.userId === b.id)).data.content).toBe("不少于5个工作日");

    for (let i = 0; i < 10; i++) wsA.send(JSON.stringify({ type: "like" }));
    wsB.send(JSON.stringify({ type: "like", count: 5 }));
    const like = await inB.next((f) => f.type === "like");
    await sleep(1200);
    const likes = inB.all.filter((f) => f.type === "like");
    expect(likes.reduce((n, f) => n + f.data.count, 0)).toBe(15);
    // Aggregated: at most one like frame a second, not one per click.
    expect(likes.length).toBeLessThanOrEqual(2);
    expect(like.data.count).toBeGreaterThan(1);

    await sleep(700);
    const stored = await handle.db.select().from(liveMessages).where(eq(liveMessages.liveId, live.id));
    expect(stored.map((m) => m.content).sort()).toEqual(["不少于5个工作日", "老师，单一来源采购的公示期是多久？"].sort());
    expect(stored.find((m) => m.userId === a.id)!.msgId).toBe(atB.data.msgId);

    // Reconnect catch-up: the history after the last frame seen.
    const learner = await signedInClient(handle.db, a.id);
    const missed = await learner.call((c) => c.live.messages({ liveId: live.id, since: atB.data.sentAt }));
    expect(missed.map((m) => m.content)).toEqual(["不少于5个工作日"]);
  });

  it("a viewer coming back with ?since= gets the stored comments it missed in one history frame; without it, none", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("周磊");
    const b = await viewer("吴婷");
    const wsA = await join(`/api/elearning/ws/live/${live.id}`, a.cookie);
    const inA = inbox(wsA);
    await inA.next((f) => f.type === "welcome");
    wsA.send(JSON.stringify({ type: "comment", content: "开场前的提问" }));
    const first = await inA.next((f) => f.type === "comment");
    // B was away while these two were said (a learner may comment every 300 ms); they are stored with the process's next batch.
    await sleep(350);
    wsA.send(JSON.stringify({ type: "comment", content: "资格审查由谁负责？" }));
    await inA.next((f) => f.type === "comment" && f.data.content === "资格审查由谁负责？");
    await sleep(1100);
    wsA.send(JSON.stringify({ type: "comment", content: "评标报告要签字吗？" }));
    await inA.next((f) => f.type === "comment" && f.data.content === "评标报告要签字吗？");
    await vi.waitFor(async () => expect(await handle.db.select().from(liveMessages).where(eq(liveMessages.liveId, live.id))).toHaveLength(3), { timeout: 10_000, interval: 200 });

    // Meanwhile the comment B last saw was hidden: B's page still shows it, and gets its id to drop.
    await handle.db.update(liveMessages).set({ hidden: 1 }).where(eq(liveMessages.msgId, first.data.msgId));

    const back = await join(`/api/elearning/ws/live/${live.id}?since=${first.data.sentAt}`, b.cookie);
    const inBack = inbox(back);
    const history = await inBack.next((f) => f.type === "history");
    expect(history.data.messages.map((m: { content: string }) => m.content)).toEqual(["资格审查由谁负责？", "评标报告要签字吗？"]);
    expect(history.data.hidden).toEqual([first.data.msgId]);
    expect(history.data.messages[0]).toMatchObject({ userId: a.id, nick: "周磊", liveId: live.id, msgId: expect.any(String), sentAt: expect.any(Number) });
    expect(history.data.failed).toBeUndefined();

    // A first visit, or a since that is no number of milliseconds, opens as usual without a history frame.
    for (const path of [`/api/elearning/ws/live/${live.id}`, `/api/elearning/ws/live/${live.id}?since=yesterday`]) {
      const ws = await join(path, b.cookie);
      const box = inbox(ws);
      await box.next((f) => f.type === "welcome");
      await sleep(300);
      expect(box.all.filter((f) => f.type === "history")).toEqual([]);
      ws.close();
    }
  });

  it("refuses a muted viewer's comment and a sensitive word; the admin's notice and sign-in reach the room", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("陈静");
    const m = await viewer("杨帆");
    const adminUser = await createUser(handle.db, { nick: "李建国", isAdmin: 1 });
    const admin = await signedInClient(handle.db, adminUser.id);
    await admin.call((c) => c.live.admin.saveWords({ words: ["代开发票"] }));
    const wsA = await join(`/api/elearning/ws/live/${live.id}`, a.cookie);
    const wsM = await join(`/api/elearning/ws/live/${live.id}`, m.cookie);
    const inA = inbox(wsA);
    const inM = inbox(wsM);
    await inM.next((f) => f.type === "welcome");

    await admin.call((c) => c.live.admin.mute({ liveId: live.id, userId: m.id, mute: 1 }));
    expect((await inA.next((f) => f.type === "mute_user")).data).toMatchObject({ userId: m.id });
    wsM.send(JSON.stringify({ type: "comment", content: "我想提问" }));
    expect((await inM.next((f) => f.type === "error")).data).toMatchObject({ code: "refused", message: "您已被禁言" });
    wsA.send(JSON.stringify({ type: "comment", content: "哪里可以代开发票" }));
    expect((await inA.next((f) => f.type === "error")).data.message).toBe("消息包含敏感词，发送失败");
    await sleep(400);
    wsA.send(JSON.stringify({ type: "comment", content: "明白了" }));
    await inM.next((f) => f.type === "comment");
    expect(inM.all.filter((f) => f.type === "comment").map((f) => f.data.content)).toEqual(["明白了"]);

    // Malformed frames are answered, the socket stays.
    wsA.send('{"type":"comment","content":""}');
    expect((await inA.next((f) => f.type === "error" && f.data.message === "请输入评论内容")).data).toBeTruthy();
    wsA.send("not json");
    expect((await inA.next((f) => f.type === "error" && f.data.message === "消息格式错误")).data).toBeTruthy();

    await admin.call((c) => c.live.admin.publishNotice({ liveId: live.id, content: "本场直播课件请到资料区下载" }));
    expect((await inA.next((f) => f.type === "notice")).data.content).toBe("本场直播课件请到资料区下载");
    await admin.call((c) => c.live.admin.signStart({ liveId: live.id, durationSeconds: 60 }));
    expect((await inM.next((f) => f.type === "sign_start")).data).toMatchObject({ liveId: live.id, status: 1 });
    const raffle = await admin.call((c) => c.live.admin.awards.create({ liveId: live.id, name: "抽奖", awardName: "采购实务手册", winnerCount: 1, durationSeconds: 5 }));
    await admin.call((c) => c.live.admin.awards.start({ id: raffle.id }));
    expect((await inA.next((f) => f.type === "raffle_start")).data.id).toBe(raffle.id);
    // The realtime process asks the app to draw when the raffle closes.
    const result = await inA.next((f) => f.type === "raffle_result", 9000);
    expect(result.data).toMatchObject({ id: raffle.id, status: 2, winners: [] });
  }, 20_000);

  it("a raffle winner's nickname reaches the other learners masked; the console's draw answer keeps it whole", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const winner = await viewer("王小明");
    const other = await viewer("赵雪");
    const adminUser = await createUser(handle.db, { nick: "李建国", isAdmin: 1 });
    const admin = await signedInClient(handle.db, adminUser.id);
    const wsOther = await join(`/api/elearning/ws/live/${live.id}`, other.cookie);
    const inOther = inbox(wsOther);
    await inOther.next((f) => f.type === "welcome");

    const raffle = await admin.call((c) => c.live.admin.awards.create({ liveId: live.id, name: "抽奖", awardName: "采购实务手册", winnerCount: 1, durationSeconds: 60 }));
    await admin.call((c) => c.live.admin.awards.start({ id: raffle.id }));
    await (await signedInClient(handle.db, winner.id)).call((c) => c.live.joinRaffle({ raffleId: raffle.id }));
    const drawn = await admin.call((c) => c.live.admin.awards.draw({ id: raffle.id }));
    expect(drawn.winners).toMatchObject([{ userId: winner.id, nick: "王小明" }]);

    const result = await inOther.next((f) => f.type === "raffle_result");
    expect(result.data.winners).toEqual([{ userId: winner.id, nick: "王*明" }]);
    expect(JSON.stringify(result.data)).not.toContain("王小明");
  });

  it("refuses viewers without a session or outside the open range", async () => {
    const live = await createLive(handle.db, { liveStatus: 1, openRange: [{ kind: "tag", target: "9" }] });
    const a = await viewer("赵磊");
    await expect(connect(rt.port, `/api/elearning/ws/live/${live.id}`)).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/live/${live.id}`, { cookie: "cy_session=abcdefghijklmnopqrstuvwxyz234567" })).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/live/${live.id}?token=1.2.3.abc`)).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/live/${live.id}`, { cookie: a.cookie })).rejects.toThrow("HTTP 403");
    await expect(connect(rt.port, `/api/elearning/ws/live/999999`, { cookie: a.cookie })).rejects.toThrow("HTTP 404");
  });

  it("counts visitors online in a live open to everyone; they read the room but cannot speak", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const visitor = await join(`/api/elearning/ws/live/${live.id}`);
    const inV = inbox(visitor);
    expect((await inV.next((f) => f.type === "welcome")).data).toMatchObject({ liveId: live.id, userId: 0, online: 1 });
    // A browser whose cookie outlived its session is a visitor too.
    const stale = await join(`/api/elearning/ws/live/${live.id}`, "cy_session=abcdefghijklmnopqrstuvwxyz234567");
    expect((await inbox(stale).next((f) => f.type === "welcome")).data).toMatchObject({ userId: 0, online: 2 });
    const a = await viewer("钱芳");
    const ws = await join(`/api/elearning/ws/live/${live.id}`, a.cookie);
    expect((await inbox(ws).next((f) => f.type === "welcome")).data.online).toBe(3);
    visitor.send(JSON.stringify({ type: "comment", content: "游客想提问" }));
    expect((await inV.next((f) => f.type === "error")).data.message).toBe("登录后才能参与互动");
    visitor.send(JSON.stringify({ type: "like", count: 3 }));
    expect((await inV.next((f) => f.type === "error")).data.message).toBe("登录后才能参与互动");
    ws.send(JSON.stringify({ type: "comment", content: "请问框架协议的期限是多久？" }));
    expect((await inV.next((f) => f.type === "comment")).data.content).toBe("请问框架协议的期限是多久？");
    // Stored with the process's next batch (about a second; longer on a busy machine).
    await vi.waitFor(async () => {
      const stored = await handle.db.select().from(liveMessages).where(eq(liveMessages.liveId, live.id));
      expect(stored.map((m) => m.content)).toEqual(["请问框架协议的期限是多久？"]);
    }, { timeout: 10_000, interval: 200 });
    expect(inbox(ws).all.filter((f) => f.type === "like")).toEqual([]);
  });

  it("holds visitor sockets per client address, as the web server forwarded it; learners are not counted", async () => {
    const capped = await startRealtime({ port: 0, appUrl: app.url, serviceToken: TOKEN, bus: createLocalBus(), visitorsPerAddress: 2 });
    const opened: WebSocket[] = [];
    const visit = async (forwardedFor: string, cookie?: string) => {
      const ws = await connect(capped.port, `/api/elearning/ws/live/${live.id}`, { cookie, headers: { "x-forwarded-for": forwardedFor } });
      opened.push(ws);
      return ws;
    };
    const live = await createLive(handle.db, { liveStatus: 1 });
    try {
      const first = await visit("203.0.113.7");
      await visit("203.0.113.7");
      await expect(visit("203.0.113.7")).rejects.toThrow("HTTP 429");
      // The web server's line comes last: an address the client put before it changes nothing.
      await expect(visit("198.51.100.1, 203.0.113.7")).rejects.toThrow("HTTP 429");
      await visit("203.0.113.8");
      const a = await viewer("孙悦");
      expect((await inbox(await visit("203.0.113.7", a.cookie)).next((f) => f.type === "welcome")).data.userId).toBe(a.id);
      first.close();
      await inbox(first).closed(1000);
      await sleep(50);
      await visit("203.0.113.7");
    } finally {
      for (const ws of opened) ws.terminate();
      await capped.close();
    }
  });

  it("a process closing stores the comments still pending and reports its viewers gone before it answers", async () => {
    const own = await startRealtime({ port: 0, appUrl: app.url, serviceToken: TOKEN, bus: createLocalBus() });
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("郑凯");
    const ws = await connect(own.port, `/api/elearning/ws/live/${live.id}`, { cookie: a.cookie });
    await inbox(ws).next((f) => f.type === "welcome");
    await sleep(1100);
    ws.send(JSON.stringify({ type: "comment", content: "下课前的最后一个问题" }));
    await inbox(ws).next((f) => f.type === "comment");
    await own.close();
    const stored = await handle.db.select().from(liveMessages).where(eq(liveMessages.liveId, live.id));
    expect(stored.map((m) => m.content)).toEqual(["下课前的最后一个问题"]);
    const [rec] = await handle.db.select().from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, live.id), eq(liveWatchRecords.userId, a.id)));
    expect(rec).toMatchObject({ presenceAt: null, lastLeaveAt: expect.any(Date) });
  });

  it("gathers a tick's comments from several learners into one message per viewer, in order", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const speakers = await Promise.all(["赵一", "钱二", "孙三", "李四", "周五"].map((n) => viewer(n)));
    const watcher = await viewer("吴六");
    const ws = await join(`/api/elearning/ws/live/${live.id}`, watcher.cookie);
    const box = inbox(ws);
    await box.next((f) => f.type === "welcome");
    const sockets = await Promise.all(speakers.map((s) => join(`/api/elearning/ws/live/${live.id}`, s.cookie)));
    await Promise.all(sockets.map((s) => inbox(s).next((f) => f.type === "welcome")));
    // Let the joins go out, then five comments inside one tick.
    await sleep(1200);
    const before = box.batches();
    sockets.forEach((s, n) => s.send(JSON.stringify({ type: "comment", content: `第${n + 1}条：关于评审因素的量化` })));
    const got = [];
    for (let n = 0; n < 5; n++) got.push(await box.next((f) => f.type === "comment"));
    expect(got.map((f) => f.data.content).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `第${n}条：关于评审因素的量化`));
    // Five comments, at most two ticks (they may straddle one edge), never one message each.
    expect(box.batches() - before).toBeGreaterThanOrEqual(1);
    expect(box.batches() - before).toBeLessThanOrEqual(2);
    for (const s of sockets) s.close();
  });

  it("skips a viewer that stops reading instead of queueing without end, and serves it the newest once it reads", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("黄丽");
    const ws = await join(`/api/elearning/ws/live/${live.id}`, a.cookie);
    const box = inbox(ws);
    await box.next((f) => f.type === "welcome");
    const socket = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    // 12 MB of notices at a reader that takes nothing: far past the 256 KB the server holds for it.
    const SENT = 400;
    for (let i = 0; i < SENT; i++) {
      await bus.publish(`live/${live.id}`, { type: "notice", data: { n: i, content: "x".repeat(30_000) } });
      if (i % 20 === 19) await sleep(120);
    }
    await sleep(300);
    socket.resume();
    await sleep(500);
    await bus.publish(`live/${live.id}`, { type: "notice", data: { n: "last", content: "直播即将结束" } });
    expect(await box.next((f) => f.type === "notice" && f.data.n === "last", 5000)).toBeTruthy();
    const notices = box.all.filter((f) => f.type === "notice" && typeof f.data.n === "number");
    // Still connected, and most of what was published while it was stuck never got queued for it.
    expect(await box.closed(200)).toBe("open");
    expect(notices.length).toBeLessThan(SENT / 2);
  });
});

describe("live room across two realtime processes (Redis)", () => {
  const buses: Bus[] = [];
  const servers: RealtimeServer[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const bus = createRedisBus(REDIS_URL);
      buses.push(bus);
      servers.push(await startRealtime({ port: 0, appUrl: app.url, serviceToken: TOKEN, bus }));
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(buses.map((b) => b.close()));
  });

  it("a comment and likes on one process reach a viewer on the other, once", async () => {
    const live = await createLive(handle.db, { liveStatus: 1 });
    const a = await viewer("周强");
    const b = await viewer("吴婷");
    const wsA = await connect(servers[0]!.port, `/api/elearning/ws/live/${live.id}`, { cookie: a.cookie });
    const wsB = await connect(servers[1]!.port, `/api/elearning/ws/live/${live.id}`, { cookie: b.cookie });
    const inA = inbox(wsA);
    const inB = inbox(wsB);
    await inA.next((f) => f.type === "welcome");
    await inB.next((f) => f.type === "welcome");
    wsA.send(JSON.stringify({ type: "comment", content: "跨进程的评论" }));
    expect((await inB.next((f) => f.type === "comment")).data).toMatchObject({ userId: a.id, content: "跨进程的评论" });
    wsA.send(JSON.stringify({ type: "like", count: 3 }));
    expect((await inB.next((f) => f.type === "like")).data.count).toBe(3);
    await sleep(700);
    expect(inA.all.filter((f) => f.type === "comment")).toHaveLength(1);
    expect(inB.all.filter((f) => f.type === "comment")).toHaveLength(1);
    wsA.terminate();
    wsB.terminate();
  });
});
