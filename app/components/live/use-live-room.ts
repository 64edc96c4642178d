import { useCallback, useEffect, useRef, useState } from "react";
import { liveFramesOf, SESSION_ENDED_CLOSE, USER_REMOVED_CLOSE, type LiveComment } from "../../../realtime/protocol";
import { sendWhenOpen } from "~/lib/socket";
import { trpc } from "~/lib/trpc";

const HEARTBEAT_MS = 15_000;
const MAX_BACKOFF_MS = 30_000;
const MAX_COMMENTS = 300;

export interface RoomMessage extends Omit<LiveComment, "userId"> {
  userId: number | null;
  kind?: string;
}
export type RoomEvent = { type: string; data: Record<string, unknown> };

/**
 * The live room socket (/api/elearning/ws/live/{liveId}): comments, likes and room events. A dropped
 * socket reconnects with growing, jittered pauses and brings the comments missed meanwhile (?since=, a
 * "history" frame; messageList when the realtime process could not reach the store).
 */
export function useLiveRoom(liveId: number, enabled: boolean, initial: RoomMessage[], onEvent: (e: RoomEvent) => void) {
  const [comments, setComments] = useState<RoomMessage[]>(initial);
  const [likes, setLikes] = useState(0);
  const [online, setOnline] = useState(0);
  const [connected, setConnected] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Why the socket is down while it comes back (an admin's disconnect from the tools page). */
  const [dropped, setDropped] = useState<string | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const lastSeen = useRef(initial.at(-1)?.sentAt ?? Date.now());
  // What a catch-up asks for: from a second before the newest comment seen, so one stored in the same
  // instant is not missed (the list drops the ones it already has).
  const catchUpSince = () => Math.max(0, Math.floor(lastSeen.current - 1000));
  const eventRef = useRef(onEvent);
  eventRef.current = onEvent;

  const dropHidden = useCallback((ids: string[]) => {
    if (!ids.length) return;
    const gone = new Set(ids);
    setComments((prev) => (prev.some((c) => gone.has(c.msgId)) ? prev.filter((c) => !gone.has(c.msgId)) : prev));
  }, []);

  const add = useCallback((list: RoomMessage[]) => {
    if (!list.length) return;
    setComments((prev) => {
      const ids = new Set(prev.map((c) => c.msgId));
      const fresh = list.filter((c) => !ids.has(c.msgId));
      // Missed comments arrive after newer live ones: keep the list in sending order.
      return fresh.length ? [...prev, ...fresh].sort((a, b) => a.sentAt - b.sentAt).slice(-MAX_COMMENTS) : prev;
    });
    lastSeen.current = Math.max(lastSeen.current, ...list.map((c) => c.sentAt));
  }, []);

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1000;
    let closed = false;
    let reconnecting = false;
    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      // Coming back, the socket brings the stored comments missed meanwhile in one "history" frame.
      const since = reconnecting ? `?since=${catchUpSince()}` : "";
      socket = new WebSocket(`${scheme}://${location.host}/api/elearning/ws/live/${liveId}${since}`);
      socketRef.current = socket;
      socket.onopen = () => {
        backoff = 1000;
        setConnected(true);
        setDropped(null);
        beat = setInterval(() => sendWhenOpen(socket, JSON.stringify({ type: "heartbeat" })), HEARTBEAT_MS);
      };
      socket.onmessage = (event) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(event.data));
        } catch {
          return;
        }
        // One message holds a tick's worth of room traffic: comments land in one update, likes are summed.
        const fresh: RoomMessage[] = [];
        let liked = 0;
        for (const f of liveFramesOf(raw)) {
          if (f.type === "comment") fresh.push(f.data as unknown as RoomMessage);
          else if (f.type === "like") liked += Number(f.data.count ?? 0);
          else if (f.type === "welcome" || f.type === "join" || f.type === "leave") {
            if (typeof f.data.online === "number") setOnline(f.data.online);
          } else if (f.type === "error") setRefusal(String(f.data.message ?? ""));
          else if (f.type === "hide_comment" && f.data.hidden) setComments((prev) => prev.filter((c) => c.msgId !== f.data.msgId));
          else if (f.type === "history") {
            if (Array.isArray(f.data.messages)) fresh.push(...(f.data.messages as RoomMessage[]));
            // Comments hidden while the page was away never reached it as hide frames.
            if (Array.isArray(f.data.hidden)) dropHidden(f.data.hidden as string[]);
            // The realtime process could not reach the store: ask the app directly.
            if (f.data.failed) {
              trpc.live.messages
                .query({ liveId, since: catchUpSince(), pageSize: 200 })
                .then(add)
                .catch(() => {});
              trpc.live.hiddenMessages
                .query({ liveId })
                .then(dropHidden)
                .catch(() => {});
            }
          }
          if (f.type !== "comment" && f.type !== "like") eventRef.current({ type: f.type, data: f.data });
        }
        add(fresh);
        if (liked) setLikes((n) => n + liked);
      };
      socket.onclose = (event) => {
        clearInterval(beat);
        setConnected(false);
        if (closed) return;
        // Logged out (here or elsewhere), disabled or the password changed: coming back would be refused.
        if (event.code === SESSION_ENDED_CLOSE) return setRefusal("登录已失效，请重新登录");
        if (event.code === USER_REMOVED_CLOSE) setDropped("连接已被管理员断开，正在重新连接…");
        reconnecting = true;
        // Jittered, so a room dropped at once (a restart, a network blip) does not come back in one wave.
        retry = setTimeout(connect, backoff * (0.5 + Math.random()));
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(beat);
      socket?.close();
      socketRef.current = null;
    };
  }, [liveId, enabled, add]);

  const send = useCallback((message: { type: "comment"; content: string } | { type: "like"; count: number }) => {
    return sendWhenOpen(socketRef.current, JSON.stringify(message));
  }, []);

  return { comments, likes, online, connected, refusal, dropped, clearRefusal: () => setRefusal(null), send };
}
