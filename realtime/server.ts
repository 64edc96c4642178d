import type { HttpResponse, TemplatedApp, us_listen_socket, WebSocket, WebSocketBehavior } from "uWebSockets.js";
import { createAppClient, isRefusal, type AppClient } from "./app-client";
import { envelope, type Bus } from "./bus";
import { bearerMatches, cookieValue, originAllowed, originSet, readBody } from "./http";
import { emptyStats, FLOOD_CLOSE, fullBucket, refill, USER_FRAME_BURST, USER_FRAMES_PER_SECOND, type Bucket, type RoomStats } from "./limits";
import { encode, parseClientMessage, sessionEndedMessage, unreadMessage, userDisconnectMessage, USER_REMOVED_CLOSE } from "./protocol";
import { createSessionRegistry, type SessionRegistry } from "./sessions";
import { topics, userIdOfTopic } from "./topics";
import { uWS } from "./uws";
import { createLiveAppClient, type LiveAppClient } from "./live/app-client";
import { createBatcher, type BatcherStats } from "./live/batcher";
import { mountLiveRooms } from "./live/socket";

// Same name as SESSION_COOKIE in trpc/auth/session.ts, not imported to keep database code out of this process.
export const SESSION_COOKIE = "cy_session";
const MAX_BACKPRESSURE = 1024 * 1024;
const MAX_PUBLISH_BODY = 64 * 1024;
const SESSION_SWEEP_MS = 60_000;
// Session ids per sweep call.
const SWEEP_CHUNK = 1000;

export interface RealtimeOptions {
  /** 0 picks a free port. */
  port: number;
  appUrl: string;
  serviceToken: string;
  bus: Bus;
  /** Stand-in for the app in live rooms and session sweeps (benchmark); default: the app at appUrl. */
  liveClient?: LiveAppClient;
  /** Origins besides the request's own host that may open sockets (the public site behind a proxy). */
  allowedOrigins?: string[];
  /** How often the sessions of open sockets are checked with the app, in case an end was not heard. */
  sessionSweepMs?: number;
  /** Visitor sockets one client address may hold in live rooms (default VISITOR_SOCKETS_PER_ADDRESS). */
  visitorsPerAddress?: number;
  /** How long a live room's frames are gathered into one frame per viewer (default LIVE_BATCH_MS). */
  batchMs?: number;
}

/** A live room's traffic goes out once per this many milliseconds, as one frame per viewer. */
export const LIVE_BATCH_MS = 100;
/** Chat frames (comments, likes, joins, leaves) one batch holds at most; the rest of a tick is dropped and counted. */
export const LIVE_BATCH_MAX_FRAMES = 500;

export interface RealtimeStats extends RoomStats, BatcherStats {
  /** Sockets closed because their session ended. */
  sessionsClosed: number;
}

export interface RealtimeServer {
  port: number;
  /** Number of open user sockets. */
  sockets(): number;
  stats(): RealtimeStats;
  /** Stops taking sockets and closes the open ones; resolves once the rooms' last comments and presence reached the app. */
  close(): Promise<void>;
}

interface SocketData {
  userId: number;
  unreadNum: number;
  url: string;
  sessionId: string;
  frames: Bucket;
}

/** Unread counts of the users connected here, so heartbeats never wait on the app. */
function unreadCache() {
  const counts = new Map<number, { unreadNum: number; sockets: number }>();
  return {
    join(userId: number, unreadNum: number) {
      const entry = counts.get(userId);
      counts.set(userId, { unreadNum, sockets: (entry?.sockets ?? 0) + 1 });
    },
    leave(userId: number) {
      const entry = counts.get(userId);
      if (!entry) return;
      if (entry.sockets <= 1) counts.delete(userId);
      else entry.sockets -= 1;
    },
    get: (userId: number) => counts.get(userId)?.unreadNum ?? 0,
    set(userId: number, unreadNum: number) {
      const entry = counts.get(userId);
      if (entry) entry.unreadNum = unreadNum;
    },
  };
}

export async function startRealtime(opts: RealtimeOptions): Promise<RealtimeServer> {
  const app = uWS.App();
  const client = createAppClient(opts.appUrl, opts.serviceToken);
  const liveClient = opts.liveClient ?? createLiveAppClient(opts.appUrl, opts.serviceToken);
  const open = new Set<WebSocket<SocketData>>();
  const unread = unreadCache();
  const sessions = createSessionRegistry();
  const allowedOrigins = originSet(opts.allowedOrigins);
  const stats = emptyStats();
  let closing: Promise<void> | undefined;

  const behavior = socketBehavior({ client, unread, open, sessions, allowedOrigins, stats, isClosed: () => !!closing });
  app.ws<SocketData>("/api/elearning/ws/:userId", behavior);
  app.ws<SocketData>("/ws/:userId", behavior);
  const live = mountLiveRooms(app, { bus: opts.bus, client: liveClient, sessionCookie: SESSION_COOKIE, sessions, allowedOrigins, stats, visitorsPerAddress: opts.visitorsPerAddress });
  /** Closes a user's sockets on this process (an admin's tool); their pages reconnect. */
  const disconnectUser = (userId: number) => {
    const mine = [...open].filter((ws) => ws.getUserData().userId === userId);
    for (const ws of mine) ws.end(USER_REMOVED_CLOSE, "removed by admin");
    return mine.length + live.disconnectUser(userId);
  };
  mountHttp(app, opts, { sockets: () => open.size, open, live });
  const batcher = createBatcher((topic, text) => void app.publish(topic, text), { tickMs: opts.batchMs ?? LIVE_BATCH_MS, maxFrames: LIVE_BATCH_MAX_FRAMES });

  const stopBus = opts.bus.subscribe((topic, message) => {
    if (topic === topics.disconnect()) {
      const asked = userDisconnectMessage.safeParse(message);
      if (asked.success) disconnectUser(asked.data.data.userId);
      return;
    }
    if (topic === topics.sessions()) {
      const ended = sessionEndedMessage.safeParse(message);
      if (ended.success) sessions.end(ended.data.data.sessionIds);
      return;
    }
    const userId = userIdOfTopic(topic);
    const count = unreadMessage.safeParse(message);
    if (userId !== null && count.success) unread.set(userId, count.data.unreadNum);
    const text = JSON.stringify(message);
    // Live rooms: gathered per tick into one frame per viewer; a user's own topic goes out at once.
    if (userId === null && topic.startsWith("live/")) batcher.add(topic, String((message as { type?: unknown }).type), text);
    else app.publish(topic, text);
  });
  await opts.bus.ready();

  // The bus may have lost an end (Redis outage): the app is asked about the open sockets' sessions now and then.
  let sweeping = false;
  const sweepTimer = setInterval(() => {
    sessions.prune();
    if (sweeping) return;
    sweeping = true;
    void sweepSessions(sessions, liveClient).finally(() => (sweeping = false));
  }, opts.sessionSweepMs ?? SESSION_SWEEP_MS);

  const listenSocket = await new Promise<us_listen_socket>((resolve, reject) => {
    app.listen(opts.port, (socket) => (socket ? resolve(socket) : reject(new Error(`realtime: cannot listen on port ${opts.port}`))));
  });

  return {
    port: uWS.us_socket_local_port(listenSocket as never),
    sockets: () => open.size,
    stats: () => ({ ...stats, ...batcher.stats(), sessionsClosed: sessions.closed() }),
    close() {
      if (closing) return closing;
      clearInterval(sweepTimer);
      stopBus();
      batcher.close();
      closing = live.close();
      uWS.us_listen_socket_close(listenSocket);
      for (const ws of [...open]) ws.end(1001, "server closing");
      return closing;
    },
  };
}

async function sweepSessions(sessions: SessionRegistry, client: LiveAppClient) {
  const ids = sessions.ids();
  for (let i = 0; i < ids.length; i += SWEEP_CHUNK) {
    try {
      sessions.end(await client.endedSessions(ids.slice(i, i + SWEEP_CHUNK)));
    } catch (e) {
      console.warn(`realtime: session check failed: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
  }
}

function socketBehavior(deps: {
  client: AppClient;
  unread: ReturnType<typeof unreadCache>;
  open: Set<WebSocket<SocketData>>;
  sessions: SessionRegistry;
  allowedOrigins: ReadonlySet<string>;
  stats: RoomStats;
  isClosed: () => boolean;
}): WebSocketBehavior<SocketData> {
  const { client, unread, open, sessions } = deps;
  return {
    maxPayloadLength: 4 * 1024,
    // The client beats each second; a socket silent for half a minute is gone.
    idleTimeout: 32,
    maxBackpressure: MAX_BACKPRESSURE,
    // A client that cannot keep up is cut off rather than buffered without end (typed number, read as a flag).
    closeOnBackpressureLimit: 1,
    upgrade(res, req, context) {
      // The request object dies at the first await: copy everything now.
      const userIdText = req.getParameter(0) ?? "";
      const url = req.getUrl();
      const cookie = req.getHeader("cookie");
      const origin = req.getHeader("origin");
      const host = req.getHeader("host");
      const key = req.getHeader("sec-websocket-key");
      const protocol = req.getHeader("sec-websocket-protocol");
      const extensions = req.getHeader("sec-websocket-extensions");
      if (!originAllowed(origin, host, deps.allowedOrigins)) return void res.writeStatus("403 Forbidden").end();
      if (!/^\d{1,12}$/.test(userIdText)) return void res.writeStatus("400 Bad Request").end();
      const sessionToken = cookieValue(cookie, SESSION_COOKIE);
      if (!sessionToken) return void res.writeStatus("401 Unauthorized").end();
      let aborted = false;
      res.onAborted(() => (aborted = true));
      client.authorizeSocket({ sessionToken, userId: Number(userIdText) }).then(
        (grant) => {
          if (aborted) return;
          if (deps.isClosed()) return answer(res, "503 Service Unavailable");
          // The session may have ended while the app was answering.
          if (sessions.isEnded(grant.sessionId)) return answer(res, "401 Unauthorized");
          res.cork(() => res.upgrade<SocketData>({ userId: grant.userId, unreadNum: grant.unreadNum, url, sessionId: grant.sessionId, frames: fullBucket(USER_FRAME_BURST) }, key, protocol, extensions, context));
        },
        (error: unknown) => {
          if (aborted) return;
          if (isRefusal(error)) return answer(res, "401 Unauthorized");
          console.warn(`realtime: could not authorise ${url}: ${error instanceof Error ? error.message : String(error)}`);
          answer(res, "503 Service Unavailable");
        },
      );
    },
    open(ws) {
      const { userId, unreadNum, sessionId } = ws.getUserData();
      open.add(ws);
      sessions.add(sessionId, ws);
      unread.join(userId, unreadNum);
      ws.subscribe(topics.user(userId));
    },
    message(ws, data, isBinary) {
      const frames = ws.getUserData().frames;
      if (refill(frames, USER_FRAMES_PER_SECOND, USER_FRAME_BURST, Date.now()) < 1) {
        deps.stats.floodClosed += 1;
        return void ws.end(FLOOD_CLOSE, "too many messages");
      }
      frames.tokens -= 1;
      const parsed = isBinary ? ({ ok: false, error: "不支持二进制消息" } as const) : parseClientMessage(Buffer.from(data).toString("utf8"));
      if (!parsed.ok) return void ws.send(encode({ type: "error", message: parsed.error }));
      const { userId } = ws.getUserData();
      ws.send(encode({ type: "heartbeat", unreadNum: unread.get(userId), ts: Date.now() }));
    },
    close(ws) {
      const { userId, sessionId } = ws.getUserData();
      open.delete(ws);
      sessions.remove(sessionId, ws);
      unread.leave(userId);
    },
  };
}

function answer(res: HttpResponse, status: string, body = "") {
  res.cork(() => res.writeStatus(status).end(body));
}

/** What the diagnostic endpoints read of this process. */
interface HttpDeps {
  sockets: () => number;
  open: ReadonlySet<WebSocket<SocketData>>;
  live: ReturnType<typeof mountLiveRooms>;
}

/** A session id shown to an admin: enough to tell two apart, never enough to use. */
const maskSession = (id: string) => (id.length > 8 ? `${id.slice(0, 4)}****${id.slice(-4)}` : "****");
const VIEWERS_SHOWN = 50;

function answerJson(res: HttpResponse, body: unknown) {
  res.cork(() => res.writeStatus("200 OK").writeHeader("content-type", "application/json").end(JSON.stringify(body)));
}

function mountHttp(app: TemplatedApp, opts: RealtimeOptions, deps: HttpDeps) {
  const { sockets } = deps;
  app.get("/healthz", (res) => void res.end(`ok ${sockets()}`));

  // Diagnostic tool (getWebSocketUser): who is connected to this process, by user or by live room.
  app.get("/internal/connections", (res, req) => {
    if (!bearerMatches(req.getHeader("authorization"), opts.serviceToken)) return void res.writeStatus("401 Unauthorized").end("unauthorized");
    const query = new URLSearchParams(req.getQuery() ?? "");
    const userId = Number(query.get("userId") ?? "");
    const liveId = Number(query.get("liveId") ?? "");
    if (Number.isSafeInteger(liveId) && liveId > 0) {
      return void answerJson(res, { liveId, online: deps.live.rooms.online(liveId), ...deps.live.viewersOf(liveId, VIEWERS_SHOWN) });
    }
    if (!Number.isSafeInteger(userId) || userId <= 0) return void res.writeStatus("400 Bad Request").end("expected userId or liveId");
    const mine = [...deps.open].filter((ws) => ws.getUserData().userId === userId).map((ws) => ws.getUserData());
    answerJson(res, { userId, sockets: mine.length, sessions: [...new Set(mine.map((d) => maskSession(d.sessionId)))], total: sockets() });
  });

  // Diagnostic tool (removeWebSocketUser): closes a user's sockets on every process sharing the bus.
  app.post("/internal/disconnect", (res, req) => {
    if (!bearerMatches(req.getHeader("authorization"), opts.serviceToken)) return void res.writeStatus("401 Unauthorized").end("unauthorized");
    let aborted = false;
    res.onAborted(() => (aborted = true));
    void readBody(res, 1024).then(async (body) => {
      if (aborted) return;
      let raw: unknown = null;
      try {
        raw = JSON.parse(body?.toString("utf8") ?? "");
      } catch {
        // answered below as a bad request
      }
      const parsed = userDisconnectMessage.shape.data.safeParse(raw);
      if (!parsed.success) return answer(res, "400 Bad Request", "expected {userId}");
      const userId = parsed.data.userId;
      const here = [...deps.open].filter((ws) => ws.getUserData().userId === userId).length;
      try {
        await opts.bus.publish(topics.disconnect(), { type: "user_disconnect", data: { userId } });
      } catch (e) {
        console.warn(`realtime: disconnect of user ${userId} failed: ${e instanceof Error ? e.message : String(e)}`);
        if (!aborted) answer(res, "502 Bad Gateway", "bus unavailable");
        return;
      }
      if (!aborted) res.cork(() => res.writeStatus("200 OK").writeHeader("content-type", "application/json").end(JSON.stringify({ userId, userSocketsHere: here })));
    });
  });

  // The app (or a script) hands a frame to every subscriber of a topic, on every process sharing the bus.
  app.post("/internal/publish", (res, req) => {
    if (!bearerMatches(req.getHeader("authorization"), opts.serviceToken)) return void res.writeStatus("401 Unauthorized").end("unauthorized");
    let aborted = false;
    res.onAborted(() => (aborted = true));
    void readBody(res, MAX_PUBLISH_BODY).then(async (body) => {
      if (aborted) return;
      if (!body) return answer(res, "413 Payload Too Large", "too large");
      let parsed;
      try {
        parsed = envelope.safeParse(JSON.parse(body.toString("utf8")));
      } catch {
        return answer(res, "400 Bad Request", "body must be JSON");
      }
      if (!parsed.success) return answer(res, "400 Bad Request", "expected {topic, message: {type}}");
      try {
        await opts.bus.publish(parsed.data.topic, parsed.data.message);
      } catch (e) {
        console.warn(`realtime: publish to ${parsed.data.topic} failed: ${e instanceof Error ? e.message : String(e)}`);
        if (!aborted) answer(res, "502 Bad Gateway", "bus unavailable");
        return;
      }
      if (!aborted) answer(res, "200 OK", "ok");
    });
  });

  app.any("/*", (res) => void res.writeStatus("404 Not Found").end("not found"));
}
