import { setImmediate as nextTurn } from "node:timers/promises";
import type { HttpResponse, TemplatedApp, WebSocket } from "uWebSockets.js";
import { isRefusal } from "../app-client";
import type { Bus } from "../bus";
import { cookieValue, originAllowed, socketClient } from "../http";
import { createUserLimits, FLOOD_CLOSE, FRAME_BURST, FRAMES_PER_SOCKET_PER_SECOND, fullBucket, refill, LIKES_PER_SOCKET_PER_SECOND, VISITOR_SOCKETS_PER_ADDRESS, type Bucket, type RoomStats } from "../limits";
import { parseLiveClientMessage, USER_REMOVED_CLOSE } from "../protocol";
import type { SessionRegistry } from "../sessions";
import { topics } from "../topics";
import type { LiveAppClient } from "./app-client";
import { createHistory } from "./history";
import { createRooms, frame } from "./rooms";

export const LIVE_WS_PATH = "/api/elearning/ws/live/:liveId";
// A viewer with 256 KB of room traffic not yet taken is skipped by the next batches (uWebSockets.js drops
// what is published to it) until it has read them: it then gets the newest, never an unbounded queue.
export const LIVE_MAX_BACKPRESSURE = 256 * 1024;

interface ViewerData {
  liveId: number;
  userId: number;
  nick: string;
  sessionId: string;
  /** A visitor's client address; "" for a learner. */
  address: string;
  frames: Bucket;
  likes: Bucket;
  /** A returning page's last comment (ms, ?since=): it gets the stored comments after it in a "history" frame. */
  since: number | null;
}

const send = (ws: WebSocket<ViewerData>, f: ReturnType<typeof frame>) => void ws.send(JSON.stringify(f));

/** Live rooms on the realtime process: viewers join by room token (?token=) or by their session cookie. */
export function mountLiveRooms(
  app: TemplatedApp,
  deps: { bus: Bus; client: LiveAppClient; sessionCookie: string; sessions: SessionRegistry; allowedOrigins: ReadonlySet<string>; stats: RoomStats; visitorsPerAddress?: number },
) {
  const { sessions, stats } = deps;
  const rooms = createRooms({ bus: deps.bus, client: deps.client, onSessionsEnded: (ids) => sessions.end(ids) });
  const missed = createHistory(deps.client);
  const viewers = new Set<WebSocket<ViewerData>>();
  const visitorsAt = new Map<string, number>();
  const visitorCap = deps.visitorsPerAddress ?? VISITOR_SOCKETS_PER_ADDRESS;
  const userLimits = createUserLimits();
  const pruneTimer = setInterval(() => userLimits.prune(), 10_000);
  let closed = false;

  app.ws<ViewerData>(LIVE_WS_PATH, {
    maxPayloadLength: 4 * 1024,
    idleTimeout: 60,
    maxBackpressure: LIVE_MAX_BACKPRESSURE,
    // Skipped, not cut off: a slow phone on a train catches up with the room instead of reconnecting.
    closeOnBackpressureLimit: 0,
    upgrade(res, req, context) {
      // The request object dies at the first await: copy everything now.
      const liveText = req.getParameter(0) ?? "";
      const query = new URLSearchParams(req.getQuery() ?? "");
      const cookie = req.getHeader("cookie");
      const origin = req.getHeader("origin");
      const host = req.getHeader("host");
      const key = req.getHeader("sec-websocket-key");
      const protocol = req.getHeader("sec-websocket-protocol");
      const extensions = req.getHeader("sec-websocket-extensions");
      if (!originAllowed(origin, host, deps.allowedOrigins)) return void res.writeStatus("403 Forbidden").end();
      if (!/^\d{1,12}$/.test(liveText)) return void res.writeStatus("400 Bad Request").end();
      const accessToken = query.get("token") ?? query.get("accessToken") ?? undefined;
      // Anything but a whole number of milliseconds is no catch-up request (the socket opens as usual).
      const sinceText = query.get("since") ?? "";
      const since = /^\d{1,15}$/.test(sinceText) ? Number(sinceText) : null;
      const sessionToken = cookieValue(cookie, deps.sessionCookie) || undefined;
      // Without a standing session, a visitor: watches and is counted but cannot speak (the app decides whether the live is open to visitors).
      const client = accessToken ? undefined : socketClient(res, req);
      let aborted = false;
      res.onAborted(() => (aborted = true));
      const liveId = Number(liveText);
      deps.client.authorizeJoin({ liveId, accessToken, sessionToken, client }).then(
        (grant) => {
          if (aborted) return;
          if (closed) return answer(res, "503 Service Unavailable");
          // The session may have ended while the app was answering.
          if (sessions.isEnded(grant.sessionId)) return answer(res, "401 Unauthorized");
          const address = grant.userId ? "" : (grant.address ?? "");
          if (!grant.userId && (visitorsAt.get(address) ?? 0) >= visitorCap) return answer(res, "429 Too Many Requests");
          const now = Date.now();
          const data: ViewerData = { liveId, userId: grant.userId, nick: grant.nick, sessionId: grant.sessionId, address, frames: fullBucket(FRAME_BURST, now), likes: fullBucket(LIKES_PER_SOCKET_PER_SECOND, now), since };
          res.cork(() => res.upgrade<ViewerData>(data, key, protocol, extensions, context));
        },
        (error: unknown) => {
          if (aborted) return;
          const code = (error as { data?: { code?: string } }).data?.code;
          if (code === "FORBIDDEN") return answer(res, "403 Forbidden");
          if (code === "NOT_FOUND") return answer(res, "404 Not Found");
          if (isRefusal(error)) return answer(res, "401 Unauthorized");
          console.warn(`realtime live ${liveId}: could not authorise a viewer: ${error instanceof Error ? error.message : String(error)}`);
          answer(res, "503 Service Unavailable");
        },
      );
    },
    open(ws) {
      const v = ws.getUserData();
      viewers.add(ws);
      if (v.sessionId) sessions.add(v.sessionId, ws);
      if (!v.userId) visitorsAt.set(v.address, (visitorsAt.get(v.address) ?? 0) + 1);
      ws.subscribe(topics.live(v.liveId));
      rooms.joined(v.liveId, { userId: v.userId, nick: v.nick });
      send(ws, frame("welcome", { liveId: v.liveId, userId: v.userId, nick: v.nick, online: rooms.online(v.liveId) }));
      // Subscribed first: what is said from now on arrives live, what was missed comes from the store.
      // The app is asked on the next turn, not inside this handler: a request to the app started while
      // uWebSockets.js is still upgrading (the handler runs inside the upgrade's cork) now and then had the
      // new socket dropped without a close frame (1006), 2 runs in 8 of live-room.test.ts; none in 16 since.
      if (v.since !== null)
        nextTurn().then(() => missed(v.liveId, v.since!)).then(
          (text) => viewers.has(ws) && ws.send(text),
          (error: unknown) => {
            console.warn(`realtime live ${v.liveId}: could not load missed comments: ${error instanceof Error ? error.message : String(error)}`);
            if (viewers.has(ws)) send(ws, frame("history", { messages: [], failed: true }));
          },
        );
    },
    message(ws, data, isBinary) {
      const v = ws.getUserData();
      const now = Date.now();
      if (refill(v.frames, FRAMES_PER_SOCKET_PER_SECOND, FRAME_BURST, now) < 1) {
        stats.floodClosed += 1;
        console.warn(`realtime live ${v.liveId}: closed a socket of user ${v.userId} sending more than ${FRAMES_PER_SOCKET_PER_SECOND} frames a second`);
        return void ws.end(FLOOD_CLOSE, "too many messages");
      }
      v.frames.tokens -= 1;
      const parsed = isBinary ? ({ ok: false, error: "不支持二进制消息" } as const) : parseLiveClientMessage(Buffer.from(data).toString("utf8"));
      if (!parsed.ok) return send(ws, frame("error", { message: parsed.error }));
      const m = parsed.message;
      if (m.type === "heartbeat") return send(ws, frame("welcome", { online: rooms.online(v.liveId) }));
      if (!v.userId) return send(ws, frame("error", { code: "login", message: "登录后才能参与互动" }));
      if (m.type === "like") {
        const allowed = userLimits.takeLikes(v.userId, v.likes, m.count, now);
        stats.likesDropped += m.count - allowed;
        if (allowed) rooms.like(v.liveId, v.sessionId, allowed);
        return;
      }
      // Per user, so a socket's own pace is covered too.
      if (!userLimits.commentAllowed(v.userId, now)) {
        stats.commentsTooFast += 1;
        return send(ws, frame("error", { code: "too_fast", message: "发言太频繁，请稍后再试" }));
      }
      void rooms.comment(v.liveId, v, m.content).then((refusal) => {
        // The socket may have gone while the rules loaded.
        if (refusal && viewers.has(ws)) send(ws, frame("error", { code: "refused", message: refusal, content: m.content }));
      });
    },
    close(ws) {
      const v = ws.getUserData();
      viewers.delete(ws);
      if (v.sessionId) sessions.remove(v.sessionId, ws);
      if (!v.userId) {
        const left = (visitorsAt.get(v.address) ?? 1) - 1;
        if (left > 0) visitorsAt.set(v.address, left);
        else visitorsAt.delete(v.address);
      }
      rooms.left(v.liveId, v.userId);
    },
  });

  return {
    viewers: () => viewers.size,
    rooms,
    /** Who watches a live on this process (diagnostic tool): its sockets and the first `limit` distinct viewers. */
    viewersOf(liveId: number, limit: number) {
      const people = new Map<number, { userId: number; nick: string; sockets: number }>();
      let sockets = 0;
      let visitors = 0;
      for (const ws of viewers) {
        const v = ws.getUserData();
        if (v.liveId !== liveId) continue;
        sockets += 1;
        if (!v.userId) visitors += 1;
        else {
          const p = people.get(v.userId) ?? { userId: v.userId, nick: v.nick, sockets: 0 };
          p.sockets += 1;
          people.set(v.userId, p);
        }
      }
      return { sockets, visitors, userNum: people.size, users: [...people.values()].slice(0, limit) };
    },
    /** Closes a user's live-room sockets; their pages reconnect. Answers how many closed. */
    disconnectUser(userId: number) {
      const mine = [...viewers].filter((ws) => ws.getUserData().userId === userId);
      for (const ws of mine) ws.end(USER_REMOVED_CLOSE, "removed by admin");
      return mine.length;
    },
    async close() {
      closed = true;
      clearInterval(pruneTimer);
      for (const ws of [...viewers]) ws.end(1001, "server closing");
      await rooms.close();
    },
  };
}

function answer(res: HttpResponse, status: string) {
  res.cork(() => res.writeStatus(status).end());
}
