import type { HttpResponse, TemplatedApp, WebSocket } from "uWebSockets.js";
import { isRefusal } from "../app-client";
import type { Bus } from "../bus";
import { cookieValue } from "../http";
import { parseLiveClientMessage } from "../protocol";
import { topics } from "../topics";
import type { LiveAppClient } from "./app-client";
import { createRooms, frame } from "./rooms";

export const LIVE_WS_PATH = "/api/elearning/ws/live/:liveId";
// A viewer that cannot take 256 KB of room traffic is cut off rather than buffered without end.
export const LIVE_MAX_BACKPRESSURE = 256 * 1024;
const MIN_COMMENT_GAP_MS = 300;

interface ViewerData {
  liveId: number;
  userId: number;
  nick: string;
  lastCommentAt: number;
}

const send = (ws: WebSocket<ViewerData>, f: ReturnType<typeof frame>) => void ws.send(JSON.stringify(f));

/** Live rooms on the realtime process: viewers join by room token (?token=) or by their session cookie. */
export function mountLiveRooms(app: TemplatedApp, deps: { bus: Bus; client: LiveAppClient; sessionCookie: string }) {
  const rooms = createRooms({ bus: deps.bus, client: deps.client });
  const viewers = new Set<WebSocket<ViewerData>>();
  let closed = false;

  app.ws<ViewerData>(LIVE_WS_PATH, {
    maxPayloadLength: 4 * 1024,
    idleTimeout: 60,
    maxBackpressure: LIVE_MAX_BACKPRESSURE,
    closeOnBackpressureLimit: 1,
    upgrade(res, req, context) {
      // The request object dies at the first await: copy everything now.
      const liveText = req.getParameter(0) ?? "";
      const query = new URLSearchParams(req.getQuery() ?? "");
      const cookie = req.getHeader("cookie");
      const key = req.getHeader("sec-websocket-key");
      const protocol = req.getHeader("sec-websocket-protocol");
      const extensions = req.getHeader("sec-websocket-extensions");
      if (!/^\d{1,12}$/.test(liveText)) return void res.writeStatus("400 Bad Request").end();
      const accessToken = query.get("token") ?? query.get("accessToken") ?? undefined;
      const sessionToken = cookieValue(cookie, deps.sessionCookie) || undefined;
      if (!accessToken && !sessionToken) return void res.writeStatus("401 Unauthorized").end();
      let aborted = false;
      res.onAborted(() => (aborted = true));
      const liveId = Number(liveText);
      deps.client.authorizeJoin({ liveId, accessToken, sessionToken }).then(
        (grant) => {
          if (aborted) return;
          if (closed) return answer(res, "503 Service Unavailable");
          res.cork(() => res.upgrade<ViewerData>({ liveId, userId: grant.userId, nick: grant.nick, lastCommentAt: 0 }, key, protocol, extensions, context));
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
      ws.subscribe(topics.live(v.liveId));
      rooms.joined(v.liveId, { userId: v.userId, nick: v.nick });
      send(ws, frame("welcome", { liveId: v.liveId, userId: v.userId, nick: v.nick, online: rooms.online(v.liveId) }));
    },
    message(ws, data, isBinary) {
      const parsed = isBinary ? ({ ok: false, error: "不支持二进制消息" } as const) : parseLiveClientMessage(Buffer.from(data).toString("utf8"));
      if (!parsed.ok) return send(ws, frame("error", { message: parsed.error }));
      const v = ws.getUserData();
      const m = parsed.message;
      if (m.type === "heartbeat") return send(ws, frame("welcome", { online: rooms.online(v.liveId) }));
      if (m.type === "like") return rooms.like(v.liveId, m.count);
      const now = Date.now();
      if (now - v.lastCommentAt < MIN_COMMENT_GAP_MS) return send(ws, frame("error", { code: "too_fast", message: "发言太频繁，请稍后再试" }));
      v.lastCommentAt = now;
      void rooms.comment(v.liveId, v, m.content).then((refusal) => {
        // The socket may have gone while the rules loaded.
        if (refusal && viewers.has(ws)) send(ws, frame("error", { code: "refused", message: refusal, content: m.content }));
      });
    },
    close(ws) {
      viewers.delete(ws);
      rooms.left(ws.getUserData().liveId);
    },
  });

  return {
    viewers: () => viewers.size,
    rooms,
    async close() {
      closed = true;
      for (const ws of [...viewers]) ws.end(1001, "server closing");
      await rooms.close();
    },
  };
}

function answer(res: HttpResponse, status: string) {
  res.cork(() => res.writeStatus(status).end());
}
