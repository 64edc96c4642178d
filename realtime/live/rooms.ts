import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { commentRefusal, commentRulesOf, type CommentRules } from "@base/live-comment";
import type { Bus } from "../bus";
import { PRESENCE_REPORT_MS, type LiveComment, type LiveFrame, type LiveFrameType } from "../protocol";
import { topics } from "../topics";
import type { LiveAppClient, SessionLikes, StoredComment } from "./app-client";

export const FLUSH_MS = 500;
export const TICK_MS = 1000;
const RULES_TTL_MS = 10_000;
const MAX_PENDING = 20_000;
/** This process's name in the viewer samples (rooms served by several processes add their counts). */
const SAMPLE_SOURCE = `rt-${randomUUID().slice(0, 12)}`;
// Users per presence call: a 10,000-viewer room reports in five calls.
const PRESENCE_CHUNK = 2000;

interface Room {
  liveId: number;
  online: number;
  /** The app's comment rules, kept current by the mute frames between reloads. */
  rules: CommentRules | null;
  rulesAt: number;
  loading: Promise<void> | null;
  pending: StoredComment[];
  likes: number;
  /** Likes not stored yet, by the session that sent them (the app stores only still-valid sessions' likes). */
  unsavedLikes: Map<string, number>;
  /** The batch sent and not yet acknowledged: retried as it is, with its id, so its likes count once. */
  unsent: { batchId: string; items: StoredComment[]; likes: SessionLikes[] } | null;
  joins: { userId: number; nick: string }[];
  joinCount: number;
  leaveCount: number;
  /** Sockets per viewer in the room on this process. */
  present: Map<number, number>;
  /** Presence changes not yet reported to the app. */
  arrived: Set<number>;
  departed: Set<number>;
}

export interface Viewer {
  userId: number;
  nick: string;
  sessionId: string;
}

export const frame = (type: LiveFrameType, data: Record<string, unknown>): LiveFrame => ({ type, data, ts: Date.now() });

/**
 * Per-process room state: mute and word caches, the comment pipeline, like and join aggregation.
 * Frames go out through the bus so every process serving the room delivers them.
 */
export function createRooms(deps: { bus: Bus; client: LiveAppClient; onSessionsEnded?: (sessionIds: string[]) => void }) {
  const { bus, client } = deps;
  const rooms = new Map<number, Room>();
  const raffleTimers = new Map<number, NodeJS.Timeout>();
  let flushing = false;
  let reporting: Promise<void> | null = null;
  let lastFullReport = Date.now();

  function room(liveId: number): Room {
    let r = rooms.get(liveId);
    if (!r) {
      r = {
        liveId, online: 0, rules: null, rulesAt: 0, loading: null, pending: [], likes: 0, unsavedLikes: new Map(), unsent: null, joins: [], joinCount: 0, leaveCount: 0,
        present: new Map(), arrived: new Set(), departed: new Set(),
      };
      rooms.set(liveId, r);
    }
    return r;
  }

  /**
   * Loads the room's comment rules. The request to the app starts on the next turn whoever asks: a join
   * asks from the socket's open handler and a comment from its message handler, and inside the open
   * handler such a request now and then had the new socket dropped (decision 021).
   */
  async function loadRules(r: Room) {
    r.loading ??= nextTurn()
      .then(() => client.rules(r.liveId))
      .then((rules) => {
        r.rules = commentRulesOf(rules);
        r.rulesAt = Date.now();
      })
      .catch((e: Error) => console.warn(`realtime live ${r.liveId}: could not load room rules: ${e.message}`))
      .finally(() => (r.loading = null));
    await r.loading;
  }

  const publish = (liveId: number, f: LiveFrame) =>
    bus.publish(topics.live(liveId), f).catch((e: Error) => console.warn(`realtime live ${liveId}: publish failed: ${e.message}`));

  /** Checks and fans out a viewer's comment; answers the refusal text or null. */
  async function comment(liveId: number, user: Viewer, content: string): Promise<string | null> {
    const r = room(liveId);
    if (!r.rules) await loadRules(r);
    else if (Date.now() - r.rulesAt > RULES_TTL_MS) void loadRules(r);
    // Without rules (app unreachable) nothing is checked, so nothing is let through.
    if (!r.rules) return "服务繁忙，请稍后再试";
    // The app's rule, applied to the cached set: no round trip per comment.
    const refusal = commentRefusal(r.rules, user.userId, content);
    if (refusal) return refusal;
    const c: LiveComment = { msgId: randomUUID(), userId: user.userId, nick: user.nick, content, sentAt: Date.now() };
    if (r.pending.length < MAX_PENDING) r.pending.push({ ...c, sessionId: user.sessionId });
    else console.warn(`realtime live ${liveId}: comment store is behind; ${c.msgId} not stored`);
    void publish(liveId, frame("comment", c));
    return null;
  }

  function like(liveId: number, sessionId: string, count: number) {
    const r = room(liveId);
    r.likes += count;
    r.unsavedLikes.set(sessionId, (r.unsavedLikes.get(sessionId) ?? 0) + count);
  }

  function joined(liveId: number, user: { userId: number; nick: string }) {
    const r = room(liveId);
    r.online += 1;
    // Visitors (user 0) count as online; they have no watch time, no name to announce and cannot comment.
    if (!user.userId) return;
    r.joinCount += 1;
    if (r.joins.length < 10) r.joins.push({ userId: user.userId, nick: user.nick });
    const sockets = r.present.get(user.userId) ?? 0;
    r.present.set(user.userId, sockets + 1);
    if (!sockets) {
      r.arrived.add(user.userId);
      r.departed.delete(user.userId);
    }
    // loadRules starts its request on the next turn, out of the socket's open handler.
    if (!r.rules) void loadRules(r);
  }
  function left(liveId: number, userId: number) {
    const r = room(liveId);
    r.online = Math.max(0, r.online - 1);
    if (!userId) return;
    r.leaveCount += 1;
    const sockets = (r.present.get(userId) ?? 1) - 1;
    if (sockets > 0) return void r.present.set(userId, sockets);
    r.present.delete(userId);
    r.arrived.delete(userId);
    r.departed.add(userId);
  }

  /**
   * Tells the app who is in each room: arrivals and departures each second, everyone every
   * PRESENCE_REPORT_MS. The app credits watch time by its own clock between two reports of a viewer.
   */
  function reportPresence(full = false): Promise<void> {
    reporting ??= sendPresence(full).finally(() => (reporting = null));
    return reporting;
  }
  async function sendPresence(full: boolean) {
    for (const r of [...rooms.values()]) {
      const present = full ? [...r.present.keys()] : [...r.arrived];
      const left = [...r.departed];
      if (!present.length && !left.length) continue;
      r.arrived.clear();
      r.departed.clear();
      for (let i = 0; i < Math.max(present.length, left.length); i += PRESENCE_CHUNK) {
        const part = { liveId: r.liveId, present: present.slice(i, i + PRESENCE_CHUNK), left: left.slice(i, i + PRESENCE_CHUNK), ...(i === 0 ? { online: r.present.size, source: SAMPLE_SOURCE } : {}) };
        try {
          await client.presence(part);
        } catch (e) {
          console.warn(`realtime live ${r.liveId}: presence report failed, will retry: ${(e as Error).message}`);
          // Whoever did not come back meanwhile is reported as gone next time; arrivals are reported again.
          for (const u of part.left) if (!r.present.has(u)) r.departed.add(u);
          for (const u of part.present) if (r.present.has(u)) r.arrived.add(u);
          // The room may have emptied and been dropped meanwhile; it stays until the retry is through.
          if (r.departed.size && !rooms.has(r.liveId)) rooms.set(r.liveId, r);
        }
      }
    }
  }

  /** Once a second: one like frame with the count, one join and one leave frame per room. */
  function tick() {
    // A full report waits for the previous report to finish rather than being skipped.
    if (!reporting) {
      const full = Date.now() - lastFullReport >= PRESENCE_REPORT_MS;
      if (full) lastFullReport = Date.now();
      void reportPresence(full);
    }
    for (const r of rooms.values()) {
      if (r.likes) void publish(r.liveId, frame("like", { count: r.likes }));
      if (r.joinCount) void publish(r.liveId, frame("join", { count: r.joinCount, users: r.joins, online: r.online }));
      if (r.leaveCount) void publish(r.liveId, frame("leave", { count: r.leaveCount, online: r.online }));
      r.likes = 0;
      r.joinCount = 0;
      r.joins = [];
      r.leaveCount = 0;
      if (!r.online && !r.pending.length && !r.unsavedLikes.size && !r.unsent && !r.departed.size && !r.arrived.size) rooms.delete(r.liveId);
    }
  }

  /** Every half second the new comments of each room are stored in one call; a failed batch is retried. */
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      for (const r of rooms.values()) {
        if (!r.unsent) {
          if (!r.pending.length && !r.unsavedLikes.size) continue;
          const likes = [...r.unsavedLikes].map(([sessionId, count]) => ({ sessionId, count }));
          r.unsent = { batchId: randomUUID(), items: r.pending.splice(0, 2000), likes };
          r.unsavedLikes = new Map();
        }
        const batch = r.unsent;
        try {
          const { ended } = await client.saveBatch({ liveId: r.liveId, ...batch });
          r.unsent = null;
          // The app refused what those sessions sent: they ended without this process hearing of it.
          if (ended?.length) deps.onSessionsEnded?.(ended);
        } catch (e) {
          // Kept as it is: the app may have stored it and only its answer was lost (a timeout), so the
          // retry carries the same comment ids and the same batch id, and nothing is counted twice.
          console.warn(`realtime live ${r.liveId}: storing ${batch.items.length} comments failed, will retry: ${(e as Error).message}`);
        }
      }
    } finally {
      flushing = false;
    }
  }

  /** Frames from the app: keep the caches current and draw raffles when they close. */
  function onAppFrame(liveId: number, f: { type: string; data?: Record<string, unknown> }) {
    const r = rooms.get(liveId);
    const data = f.data ?? {};
    if (r?.rules) {
      if (f.type === "mute_all") r.rules.muteAll = 1;
      if (f.type === "unmute_all") r.rules.muteAll = 0;
      if (f.type === "mute_user") r.rules.muted.add(Number(data.userId));
      if (f.type === "unmute_user") r.rules.muted.delete(Number(data.userId));
    }
    if (f.type === "raffle_start" && r && typeof data.id === "number" && typeof data.endTime === "number") {
      const raffleId = data.id;
      clearTimeout(raffleTimers.get(raffleId));
      // Every process serving the room may ask; the app draws once.
      raffleTimers.set(
        raffleId,
        setTimeout(() => {
          raffleTimers.delete(raffleId);
          client.drawRaffle(raffleId).catch((e: Error) => console.warn(`realtime live ${liveId}: draw of raffle ${raffleId} failed: ${e.message}`));
        }, Math.max(0, data.endTime - Date.now()) + 200),
      );
    }
  }

  const flushTimer = setInterval(() => void flush(), FLUSH_MS);
  const tickTimer = setInterval(tick, TICK_MS);
  const stopBus = bus.subscribe((topic, message) => {
    const m = /^live\/(\d+)$/.exec(topic);
    if (m) onAppFrame(Number(m[1]), message as { type: string; data?: Record<string, unknown> });
  });

  return {
    comment,
    like,
    joined,
    left,
    online: (liveId: number) => rooms.get(liveId)?.online ?? 0,
    flush,
    async close() {
      clearInterval(flushTimer);
      clearInterval(tickTimer);
      for (const t of raffleTimers.values()) clearTimeout(t);
      stopBus();
      await flush();
      // Viewers closed with the process leave now; the app credits their time up to here.
      await reporting;
      await reportPresence();
    },
  };
}
export type Rooms = ReturnType<typeof createRooms>;
