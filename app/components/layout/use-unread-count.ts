import { useEffect, useState } from "react";
import { serverMessage, SESSION_ENDED_CLOSE } from "../../../realtime/protocol";
import { sendWhenOpen } from "~/lib/socket";

const HEARTBEAT_MS = 1000;
const HEARTBEAT = JSON.stringify({ type: "heartbeat" });
const MAX_BACKOFF_MS = 30_000;

/**
 * The unread count from the user socket (/api/elearning/ws/{userId}): a heartbeat each second is
 * answered with unreadNum; a dropped socket reconnects with growing pauses.
 */
export function useUnreadCount(userId: number | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (userId === null || typeof WebSocket === "undefined") return;
    let socket: WebSocket | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let backoff = 1000;
    let closed = false;
    const connect = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/api/elearning/ws/${userId}`);
      socket.onopen = () => {
        backoff = 1000;
        sendWhenOpen(socket, HEARTBEAT);
        beat = setInterval(() => sendWhenOpen(socket, HEARTBEAT), HEARTBEAT_MS);
      };
      socket.onmessage = (event) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = serverMessage.safeParse(raw);
        if (parsed.success && parsed.data.type !== "error") setCount(parsed.data.unreadNum);
      };
      socket.onclose = (event) => {
        clearInterval(beat);
        // The session ended: reconnecting would be refused until the next login reloads the page.
        if (closed || event.code === SESSION_ENDED_CLOSE) return;
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearInterval(beat);
      clearTimeout(retry);
      socket?.close();
    };
  }, [userId]);
  return count;
}
