import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import type { DbHandle } from "@db/client";
import { createSession, hashToken } from "@trpc-app/auth/session";
import { closePublisher, publishUnread } from "@trpc-app/realtime/publish";
import { resetEnvCache } from "@base/env.server";
import { createBus, createLocalBus, createRedisBus, type Bus } from "../../realtime/bus";
import { startRealtime, type RealtimeServer } from "../../realtime/server";
import { topics } from "../../realtime/topics";
import { nativeUws, uWS } from "../../realtime/uws";
import { createUser } from "../factories/user";
import { createTestDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { startRealtimeUnderTest, type RealtimeUnderTest } from "../helpers/realtime-process";
import { connect, inbox } from "../helpers/sockets";
import { startTrpcApp } from "../helpers/trpc-app-server";

const TOKEN = process.env.SERVICE_TOKEN!;
const REDIS_URL = "redis://127.0.0.1:6379";

function postPublish(port: number, body: unknown, token: string | null = TOKEN) {
  return fetch(`http://127.0.0.1:${port}/internal/publish`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

// One database and one app endpoint for the whole file: PGlite takes seconds to start.
let handle: DbHandle;
let app: { url: string; server: Server };
beforeAll(async () => {
  handle = await createTestDb("pglite");
  app = await startTrpcApp(handle.db);
});
afterAll(async () => {
  await closePublisher();
  app?.server.closeAllConnections();
  await new Promise((resolve) => app?.server.close(resolve));
  await handle?.close();
});

async function makeLearner(cookiePrefix = "") {
  const user = await createUser(handle.db);
  const { token } = await createSession(handle.db, user.id);
  return { id: user.id, token, cookie: `${cookiePrefix}cy_session=${token}` };
}

describe("realtime process", () => {
  let realtime: RealtimeUnderTest;
  let rt: RealtimeServer;
  let bus: Bus;
  let learner: Awaited<ReturnType<typeof makeLearner>>;
  let other: Awaited<ReturnType<typeof makeLearner>>;
  const open = (path: string, cookie?: string) => realtime.join(path, { cookie });

  beforeAll(async () => {
    // Another cookie first, as browsers send them.
    learner = await makeLearner("theme=dark; ");
    other = await makeLearner();
    realtime = await startRealtimeUnderTest(app.url);
    ({ rt, bus } = realtime);
  });

  afterAll(async () => {
    await realtime?.stop();
  });

  it("runs on the native uWebSockets.js binary, not the JavaScript fallback", () => {
    expect(nativeUws).toBe(true);
    expect(typeof uWS.SSLApp).toBe("function");
  });

  it("answers each heartbeat at once with the unread count", async () => {
    const ws = await open(`/api/elearning/ws/${learner.id}`, learner.cookie);
    const box = inbox(ws);
    const started = performance.now();
    ws.send(JSON.stringify({ type: "heartbeat" }));
    const reply = await box.next();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reply).toMatchObject({ type: "heartbeat", unreadNum: 0 });
    expect(Math.abs(Number(reply.ts) - Date.now())).toBeLessThan(5000);
    // Old clients send bare words.
    ws.send("heartbeat");
    expect(await box.next()).toMatchObject({ type: "heartbeat" });
    ws.send("ping");
    expect(await box.next()).toMatchObject({ type: "heartbeat" });

    const rtts: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      ws.send('{"type":"heartbeat"}');
      await box.next();
      rtts.push(performance.now() - t);
    }
    rtts.sort((a, b) => a - b);
    const p50 = rtts[100]!;
    const p99 = rtts[198]!;
    console.log(`realtime heartbeat round trip over 200 beats: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
    expect(p99).toBeLessThan(100);
  });

  it("serves the /ws/{userId} alias too, and counts sockets on /healthz", async () => {
    const before = rt.sockets();
    const ws = await open(`/ws/${learner.id}`, learner.cookie);
    const box = inbox(ws);
    ws.send("heartbeat");
    expect(await box.next()).toMatchObject({ type: "heartbeat" });
    const health = await fetch(`http://127.0.0.1:${rt.port}/healthz`);
    expect(await health.text()).toBe(`ok ${before + 1}`);
  });

  it("refuses a wrong cookie, no cookie, or another user's id with 401 and no socket", async () => {
    const before = rt.sockets();
    await expect(connect(rt.port, `/api/elearning/ws/${learner.id}`, { cookie: "cy_session=abcdefghijklmnopqrstuvwxyz234567" })).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/${learner.id}`)).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/${other.id}`, { cookie: learner.cookie })).rejects.toThrow("HTTP 401");
    await expect(connect(rt.port, `/api/elearning/ws/abc`, { cookie: learner.cookie })).rejects.toThrow("HTTP 400");
    expect(rt.sockets()).toBe(before);
  });

  it("answers 503 when the app cannot be reached", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const orphan = await startRealtime({ port: 0, appUrl: "http://127.0.0.1:9", serviceToken: TOKEN, bus: createLocalBus() });
    try {
      await expect(connect(orphan.port, `/api/elearning/ws/${learner.id}`, { cookie: learner.cookie })).rejects.toThrow("HTTP 503");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("could not authorise"));
    } finally {
      await orphan.close();
      warn.mockRestore();
    }
  });

  it("answers a malformed message with an error frame and keeps the socket open", async () => {
    const ws = await open(`/api/elearning/ws/${learner.id}`, learner.cookie);
    const box = inbox(ws);
    for (const bad of ["not json", '{"type":"shout"}', "[]", '{"type":42}']) {
      ws.send(bad);
      expect(await box.next()).toMatchObject({ type: "error", message: expect.any(String) });
    }
    ws.send(Buffer.from([1, 2, 3]));
    expect(await box.next()).toMatchObject({ type: "error" });
    ws.send("heartbeat");
    expect(await box.next()).toMatchObject({ type: "heartbeat" });
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it("delivers a frame published through the internal endpoint, and heartbeats carry the new count", async () => {
    const ws = await open(`/api/elearning/ws/${learner.id}`, learner.cookie);
    const otherWs = await open(`/api/elearning/ws/${other.id}`, other.cookie);
    const box = inbox(ws);
    const otherInbox = inbox(otherWs);
    const res = await postPublish(rt.port, { topic: topics.user(learner.id), message: { type: "unread", unreadNum: 5 } });
    expect(res.status).toBe(200);
    expect(await box.next((f) => f.type === "unread")).toEqual({ type: "unread", unreadNum: 5 });
    ws.send("heartbeat");
    expect(await box.next((f) => f.type === "heartbeat")).toMatchObject({ unreadNum: 5 });
    // Only the learner's topic got it.
    otherWs.send("heartbeat");
    expect(await otherInbox.next()).toMatchObject({ type: "heartbeat", unreadNum: 0 });
  });

  it("takes frames from the app-side publisher (REALTIME_INTERNAL_URL)", async () => {
    const ws = await open(`/api/elearning/ws/${learner.id}`, learner.cookie);
    const box = inbox(ws);
    process.env.REALTIME_INTERNAL_URL = `http://127.0.0.1:${rt.port}`;
    resetEnvCache();
    try {
      expect(await publishUnread(learner.id, 9)).toBe(true);
      expect(await box.next((f) => f.type === "unread")).toEqual({ type: "unread", unreadNum: 9 });
    } finally {
      delete process.env.REALTIME_INTERNAL_URL;
      resetEnvCache();
    }
  });

  it("the app-side publisher never throws when the realtime process is down, and says so once per outage", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pointAt = (url: string) => {
      process.env.REALTIME_INTERNAL_URL = url;
      resetEnvCache();
    };
    try {
      pointAt("http://127.0.0.1:9/");
      expect(await publishUnread(learner.id, 1)).toBe(false);
      expect(await publishUnread(learner.id, 1)).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`realtime publish to user/${learner.id} failed`));
      pointAt(`http://127.0.0.1:${rt.port}`);
      expect(await publishUnread(learner.id, 0)).toBe(true);
      pointAt("http://127.0.0.1:9/");
      expect(await publishUnread(learner.id, 1)).toBe(false);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
      delete process.env.REALTIME_INTERNAL_URL;
      resetEnvCache();
    }
  });

  it("refuses the internal endpoint without the service token, and bad bodies", async () => {
    const frame = { topic: topics.user(learner.id), message: { type: "unread", unreadNum: 1 } };
    expect((await postPublish(rt.port, frame, null)).status).toBe(401);
    expect((await postPublish(rt.port, frame, "wrong-token-0123456789")).status).toBe(401);
    expect((await postPublish(rt.port, { topic: "user/1" })).status).toBe(400);
    expect((await postPublish(rt.port, { topic: "user/1", message: { type: "x", pad: "y".repeat(70_000) } })).status).toBe(413);
  });

  it("authorizeSocket and unreadNum answer only the service token", async () => {
    const anon = testClient(handle.db);
    await expect(anon.call((c) => c.realtime.service.unreadNum({ userId: learner.id }))).rejects.toMatchObject({ legacyCode: "403" });
    const service = testClient(handle.db, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await service.call((c) => c.realtime.service.unreadNum({ userId: learner.id }))).toBe(0);
    const sessionToken = learner.token;
    expect(await service.call((c) => c.realtime.service.authorizeSocket({ sessionToken, userId: learner.id }))).toEqual({ userId: learner.id, unreadNum: 0, sessionId: hashToken(sessionToken) });
    await expect(service.call((c) => c.realtime.service.authorizeSocket({ sessionToken, userId: other.id }))).rejects.toMatchObject({ legacyCode: "281" });
  });

  it("cuts off a client that stops reading", async () => {
    const ws = await open(`/api/elearning/ws/${learner.id}`, learner.cookie);
    // Stop reading at the TCP level so the server's buffer for this socket fills up.
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = { type: "notice", text: "x".repeat(60_000) };
    for (let i = 0; i < 600 && ws.readyState === WebSocket.OPEN; i++) {
      await bus.publish(topics.user(learner.id), big);
      if (i % 50 === 49) await new Promise((r) => setTimeout(r, 10));
    }
    (ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // The server drops the connection without a close frame: 1006.
    expect(await inbox(ws).closed(3000)).toBe(1006);
  });
});

describe("realtime over the Redis bus", () => {
  const buses: Bus[] = [];
  const servers: RealtimeServer[] = [];
  let learner: Awaited<ReturnType<typeof makeLearner>>;

  beforeAll(async () => {
    learner = await makeLearner();
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

  it("delivers a frame published on one process to a client of the other", async () => {
    const [a, b] = servers as [RealtimeServer, RealtimeServer];
    const ws = await connect(b.port, `/api/elearning/ws/${learner.id}`, { cookie: learner.cookie });
    const near = await connect(a.port, `/api/elearning/ws/${learner.id}`, { cookie: learner.cookie });
    const box = inbox(ws);
    const nearInbox = inbox(near);
    // Other test files may share this Redis: a random marker tells our frame apart.
    const marker = Math.random().toString(36).slice(2);
    expect((await postPublish(a.port, { topic: topics.user(learner.id), message: { type: "notice", marker } })).status).toBe(200);
    expect(await box.next((f) => f.marker === marker)).toEqual({ type: "notice", marker });
    // The publishing process delivers locally once and skips its own echo from Redis.
    expect(await nearInbox.next((f) => f.marker === marker)).toEqual({ type: "notice", marker });
    await new Promise((r) => setTimeout(r, 200));
    expect(nearInbox.unclaimed().filter((f) => f.marker === marker)).toEqual([]);
    near.close();

    // The app-side publisher goes straight to Redis when REDIS_URL is set.
    process.env.REDIS_URL = REDIS_URL;
    resetEnvCache();
    try {
      const unreadNum = 1000 + Math.floor(Math.random() * 1000);
      expect(await publishUnread(learner.id, unreadNum)).toBe(true);
      expect(await box.next((f) => f.type === "unread" && f.unreadNum === unreadNum)).toBeTruthy();
      ws.send("heartbeat");
      expect(await box.next((f) => f.type === "heartbeat")).toMatchObject({ unreadNum });
    } finally {
      delete process.env.REDIS_URL;
      resetEnvCache();
    }

    // Closing a process ends its sockets with "going away".
    b.close();
    expect(await inbox(ws).closed(3000)).toBe(1001);
  });

  it("createBus picks Redis by URL and the in-process bus without one", async () => {
    const local = createBus(undefined);
    const got: string[] = [];
    local.subscribe((topic) => got.push(topic));
    await local.publish(topics.live(7), { type: "like" });
    expect(got).toEqual(["live/7"]);
    await local.close();
  });
});
