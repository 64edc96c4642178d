import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveAppointments, livePlaybackSubscriptions, liveSeries, liveSeriesSubscriptions, users } from "@db/schema";
import { sendToUsers } from "../message/message.service";
import type { Live } from "./room.service";

// Station messages the live domain sends; businessType + liveId make each one once per subscriber.
export const REPLAY_READY = "live_replay";
export const SERIES_NEW_LIVE = "live_series_new";
export const SERIES_LIVE_START = "live_series_start";
export const APPOINTMENT_UPCOMING = "live_appointment";
export const APPOINTMENT_ON_AIR = "live_appointment_start";

const roomLink = (l: Live) => `/live/detail?roomId=${l.roomId}`;
const when = (d: Date) => new Date(d.getTime() + 8 * 3600e3).toISOString().slice(0, 16).replace("T", " ");

/** The replay of an ended live can be watched: tell who asked for it. */
export async function notifyReplayReady(db: DbOrTx, live: Live) {
  // Without an address learners would still see "replay being generated".
  if (live.liveStatus !== 2 || live.isPlayback !== 1 || !live.playbackUrl || live.status !== 1 || live.deletedAt) return [];
  const subs = await db.select({ userId: livePlaybackSubscriptions.userId }).from(livePlaybackSubscriptions).where(eq(livePlaybackSubscriptions.liveId, live.id));
  if (!subs.length) return [];
  return sendToUsers(
    db,
    subs.map((s) => s.userId),
    { title: "直播回放已生成", content: `您预约的直播「${live.name}」回放已生成，点击前往观看。`, link: roomLink(live), businessType: REPLAY_READY, businessId: live.id },
  );
}

async function seriesSubscribers(db: DbOrTx, live: Live) {
  if (!live.seriesId || live.status !== 1 || live.deletedAt) return null;
  const [series] = await db.select().from(liveSeries).where(eq(liveSeries.id, live.seriesId));
  if (!series || series.status !== 1) return null;
  const subs = await db.select({ userId: liveSeriesSubscriptions.userId }).from(liveSeriesSubscriptions).where(eq(liveSeriesSubscriptions.seriesId, series.id));
  return subs.length ? { series, userIds: subs.map((s) => s.userId) } : null;
}

/** A live of a series is shown to learners (created, bound to the series or put up). */
export async function notifySeriesNewLive(db: DbOrTx, live: Live) {
  if (live.liveStatus === 2) return [];
  const found = await seriesSubscribers(db, live);
  if (!found) return [];
  return sendToUsers(db, found.userIds, {
    title: "订阅的系列有新直播",
    content: `您订阅的系列「${found.series.name}」新增直播「${live.name}」，开播时间 ${when(live.startTime)}。`,
    link: roomLink(live),
    businessType: SERIES_NEW_LIVE,
    businessId: live.id,
  });
}

/** A live of a series went on air. */
export async function notifySeriesLiveStart(db: DbOrTx, live: Live) {
  const found = await seriesSubscribers(db, live);
  if (!found) return [];
  return sendToUsers(db, found.userIds, {
    title: "订阅的系列直播开始了",
    content: `您订阅的系列「${found.series.name}」的直播「${live.name}」正在直播，点击进入直播间。`,
    link: roomLink(live),
    businessType: SERIES_LIVE_START,
    businessId: live.id,
  });
}

/**
 * Learners who reserved the live are told now (diagnostic tools): "upcoming" before it starts (keyed by
 * the start time, so a moved start reminds again), "on air" once it started (once per live).
 */
export async function notifyAppointments(db: DbOrTx, live: Live, kind: "upcoming" | "on-air") {
  const rows = await db
    .select({ userId: liveAppointments.userId })
    .from(liveAppointments)
    .innerJoin(users, eq(users.id, liveAppointments.userId))
    .where(and(eq(liveAppointments.liveId, live.id), eq(users.status, 1)));
  if (!rows.length) return { appointed: 0, sent: 0 };
  const draft =
    kind === "upcoming"
      ? { title: "预约的直播即将开始", content: `您预约的直播「${live.name}」将于 ${when(live.startTime)} 开播，请准时观看。`, businessType: APPOINTMENT_UPCOMING, businessId: `${live.id}@${live.startTime.getTime()}` }
      : { title: "预约的直播开始了", content: `您预约的直播「${live.name}」正在直播，点击进入直播间。`, businessType: APPOINTMENT_ON_AIR, businessId: live.id };
  const sent = await sendToUsers(db, rows.map((r) => r.userId), { ...draft, link: roomLink(live) });
  return { appointed: rows.length, sent: sent.length };
}
