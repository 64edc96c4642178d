import { creditStudyDay, creditStudyDaysFrom } from "../checkin/study-days.service";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { inSiteScope, type SiteScope } from "../site/site.service";
import type { DbOrTx } from "@db/client";
import { liveAppointments, liveMessages, livePlaybackSubscriptions, lives, liveSeats, liveWatchRecords, users } from "@db/schema";
import { isPaid, priceView } from "@base/price";
import { env } from "@base/env.server";
import { PRESENCE_REPORT_MS } from "../../realtime/protocol";
import { playableLiveUrl } from "./hls.service";
import { validateSessionToken } from "../auth/session";
import { clientIp, PEER_ADDRESS_HEADER } from "../context";
import { AppError, LegacyCode, fail, notFound, notLoggedIn } from "@base/errors";
import { sessionByPrefix } from "../realtime/sessions";
import { BUSINESS_TYPE } from "@base/real-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { assertRealName } from "../identity/real-name.service";
import { isOpenTo, userScope } from "../org/membership";
import type { LiveRef } from "./schemas";

export type Live = typeof lives.$inferSelect;
export const LIVE_NOT_FOUND = "直播不存在或已下线";
const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

/** The live room detail of learner-front-end.md 3, with the spec's field names. */
export function liveView(live: Live, extra: { isAppointment?: 0 | 1; isSubscribePlayback?: 0 | 1; isBuy?: 0 | 1; mayWatch?: boolean } = {}) {
  const isBuy = isPaid(live) ? (extra.isBuy ?? 0) : 1;
  // The stream, replay and subtitle addresses go only to whoever the caller found may watch (mayWatch),
  // this site's HLS files as signed links; the lists carry none (the room page reads them from live.info).
  const stream = (url: string | null) => (extra.mayWatch ? playableLiveUrl(url) : "");
  return {
    ...priceView(live),
    learnHour: live.learnHour,
    /** 1 when the viewer holds a seat of a sold live (bought, redeemed) or is staff; free lives answer 1. */
    isBuy,
    id: live.id,
    liveId: live.id,
    name: live.name,
    thirdLiveId: live.thirdLiveId ?? "",
    liveStatus: live.liveStatus,
    liveCoverUrl: live.coverUrl ?? "",
    teacherName: live.teacherName,
    introduction: live.introduction ?? "",
    startTime: live.startTime.getTime(),
    endTime: live.endTime.getTime(),
    isAppointment: extra.isAppointment ?? 0,
    isSubscribePlayback: extra.isSubscribePlayback ?? 0,
    isPlayback: live.isPlayback,
    playbackUrl: stream(live.playbackUrl),
    m3u8PlayURL: stream(live.m3u8PlayUrl),
    subtitleUrl: stream(live.subtitleUrl),
    isPause: live.isPause,
    isOpenSubtitle: live.isOpenSubtitle,
    roomId: live.roomId,
    seriesId: live.seriesId,
    channelCode: live.channelCode ?? "",
    likeCount: live.likeCount,
    muteAll: live.muteAll,
    /** 1 shown to learners, 0 taken down. */
    status: live.status,
  };
}
export type LiveView = ReturnType<typeof liveView>;

/** What a room broadcast carries: the live without any one viewer's flags (reservation, seat). */
export function broadcastView(live: Live) {
  // Only viewers who may watch are in the room.
  const { isAppointment: _a, isSubscribePlayback: _s, isBuy: _b, ...view } = liveView(live, { isBuy: 1, mayWatch: true });
  return view;
}

/** The addresses as stored, for the back office to edit: a signed link saved back would expire. */
export const storedAddresses = (live: Live) => ({ m3u8PlayURL: live.m3u8PlayUrl ?? "", playbackUrl: live.playbackUrl ?? "", subtitleUrl: live.subtitleUrl ?? "" });

/** A live learners may see (not deleted, not hidden), by id or room id, or null. */
export async function visibleLive(db: DbOrTx, ref: LiveRef | { liveId: number }, opts: { admin?: boolean } = {}): Promise<Live | null> {
  const r = ref as LiveRef;
  const where = r.liveId !== undefined ? eq(lives.id, r.liveId) : eq(lives.roomId, String(r.roomId));
  const [live] = await db.select().from(lives).where(and(where, isNull(lives.deletedAt)));
  return live && (opts.admin || live.status === 1) ? live : null;
}

/** A live learners may see (not deleted, not hidden), by id or room id. */
export async function findLive(db: DbOrTx, ref: LiveRef | { liveId: number }, opts: { admin?: boolean } = {}): Promise<Live> {
  const live = await visibleLive(db, ref, opts);
  if (!live) throw notFound(LIVE_NOT_FOUND);
  return live;
}

export const LIVE_NOT_BOUGHT = "该直播为付费直播，请先购买后观看";

/** Whether the learner holds a seat in a sold live. */
export async function hasLiveSeat(db: DbOrTx, liveId: number, userId: number) {
  const [seat] = await db.select({ id: liveSeats.id }).from(liveSeats).where(and(eq(liveSeats.liveId, liveId), eq(liveSeats.userId, userId))).limit(1);
  return !!seat;
}

/**
 * Who may watch: the open range rule shared with courses and exams (102 outside it), then for a sold
 * live a seat (106 without one; admins and teachers watch without buying).
 */
export async function assertOpen(db: DbOrTx, live: Live, userId: number) {
  // An empty range is open to everyone: the memberships are read only when they can matter.
  if (live.openRange.length && !isOpenTo(live.openRange, await userScope(db, userId))) throw new AppError(LegacyCode.noOpenPermission, "您暂无该直播的观看权限");
  if (!(await maySeePaid(db, live, userId))) throw new AppError(LegacyCode.noStudyPermission, LIVE_NOT_BOUGHT);
}

/**
 * Who may watch a live and read its room, signed in (userId) or a visitor (null): the learner as
 * assertOpen says; a visitor only in a live open to everyone and free, else 281 to log in first.
 */
export async function assertMayWatch(db: DbOrTx, live: Live, userId: number | null) {
  if (userId !== null) return assertOpen(db, live, userId);
  if (live.openRange.length || isPaid(live)) throw notLoggedIn();
}

/** The refusals of assertMayWatch: a visitor must log in (281), outside the open range (102), not bought (106). */
export const WATCH_REFUSALS: readonly string[] = [LegacyCode.notLoggedIn, LegacyCode.noOpenPermission, LegacyCode.noStudyPermission];

/** assertMayWatch as a yes or no; any other failure still throws. */
export async function mayWatch(db: DbOrTx, live: Live, userId: number | null): Promise<boolean> {
  try {
    await assertMayWatch(db, live, userId);
    return true;
  } catch (e) {
    if (e instanceof AppError && WATCH_REFUSALS.includes(e.legacyCode)) return false;
    throw e;
  }
}

/** The live whose room this user (null for a visitor) may read, refused as joining it is; null for a live learners cannot see. */
export async function watchableLive(db: DbOrTx, liveId: number, userId: number | null): Promise<Live | null> {
  const live = await visibleLive(db, { liveId });
  if (live) await assertMayWatch(db, live, userId);
  return live;
}

/** As watchableLive, by id or room id, but a live learners cannot see is the 404 of findLive. */
export async function findWatchableLive(db: DbOrTx, ref: LiveRef | { liveId: number }, userId: number | null): Promise<Live> {
  const live = await findLive(db, ref);
  await assertMayWatch(db, live, userId);
  return live;
}

/** A free live, or a sold one the learner holds a seat in (admins and teachers need none). */
async function maySeePaid(db: DbOrTx, live: Live, userId: number) {
  if (!isPaid(live) || (await hasLiveSeat(db, live.id, userId))) return true;
  const [u] = await db.select({ isAdmin: users.isAdmin, isTeacher: users.isTeacher }).from(users).where(eq(users.id, userId));
  return u?.isAdmin === 1 || u?.isTeacher === 1;
}

async function flags(db: DbOrTx, live: Live, userId: number | null) {
  const liveId = live.id;
  if (!userId) return { isAppointment: 0 as const, isSubscribePlayback: 0 as const, isBuy: 0 as const, mayWatch: await mayWatch(db, live, null) };
  const [a] = await db.select({ id: liveAppointments.id }).from(liveAppointments).where(and(eq(liveAppointments.liveId, liveId), eq(liveAppointments.userId, userId)));
  const [p] = await db
    .select({ id: livePlaybackSubscriptions.id })
    .from(livePlaybackSubscriptions)
    .where(and(eq(livePlaybackSubscriptions.liveId, liveId), eq(livePlaybackSubscriptions.userId, userId)));
  const watch = await mayWatch(db, live, userId);
  // Whoever may watch has passed the seat check already; a refused learner may still hold a seat (outside the range).
  const seat = watch || (await maySeePaid(db, live, userId));
  return { isAppointment: (a ? 1 : 0) as 0 | 1, isSubscribePlayback: (p ? 1 : 0) as 0 | 1, isBuy: (seat ? 1 : 0) as 0 | 1, mayWatch: watch };
}

/**
 * The room detail, readable by all (the page shows title, cover and time, then why the viewer may not
 * watch); its stream, replay and subtitle addresses only for whoever may watch.
 */
export async function liveInfo(db: DbOrTx, ref: LiveRef, userId: number | null) {
  const live = await findLive(db, ref);
  return liveView(live, await flags(db, live, userId));
}

export async function checkWatchPermission(db: DbOrTx, ref: LiveRef, userId: number) {
  const live = await findLive(db, ref);
  await assertOpen(db, live, userId);
  return { hasPermission: true, liveId: live.id, roomId: live.roomId };
}

/** Reserve an upcoming live; a second call answers the same reservation. */
export async function appoint(db: DbOrTx, liveId: number, userId: number) {
  const live = await findLive(db, { liveId });
  await assertOpen(db, live, userId);
  if (live.liveStatus !== 0) throw fail(live.liveStatus === 1 ? "直播已开始，请直接进入观看" : "直播已结束，无法预约");
  await assertRealName(db, { id: userId, isAdmin: 0 }, BUSINESS_TYPE.live, liveId, `/live/detail?roomId=${live.roomId}`);
  await db.insert(liveAppointments).values({ liveId, userId }).onConflictDoNothing();
  return { isAppointment: 1 as const };
}

/** Ask for the replay of a live whose replay is not ready yet. */
export async function subscribePlayback(db: DbOrTx, liveId: number, userId: number) {
  const live = await findLive(db, { liveId });
  await assertOpen(db, live, userId);
  if (live.liveStatus !== 2) throw fail("直播尚未结束，暂不能预约回放");
  await db.insert(livePlaybackSubscriptions).values({ liveId, userId }).onConflictDoNothing();
  return { isSubscribe: 1 as const };
}
export async function playbackStatus(db: DbOrTx, liveId: number, userId: number) {
  const [p] = await db
    .select({ id: livePlaybackSubscriptions.id })
    .from(livePlaybackSubscriptions)
    .where(and(eq(livePlaybackSubscriptions.liveId, liveId), eq(livePlaybackSubscriptions.userId, userId)));
  return { isSubscribe: (p ? 1 : 0) as 0 | 1 };
}

// The room token signs live, user, expiry and the session it was asked with, so the realtime process can
// present it back to the app and the socket ends with that session.
const TOKEN_TTL_MS = 12 * 3600 * 1000;
/** Hex characters of the session id a room token carries: enough to find it among the user's sessions. */
const TOKEN_SESSION_CHARS = 16;
const secret = () => env().SERVICE_TOKEN ?? "caiyun-live-room-dev-secret";
const sign = (body: string) => createHmac("sha256", secret()).update(body).digest("base64url");

export function roomToken(liveId: number, userId: number, sessionId: string, now = Date.now()) {
  const body = `${liveId}.${userId}.${now + TOKEN_TTL_MS}.${sessionId.slice(0, TOKEN_SESSION_CHARS)}`;
  return `${body}.${sign(body)}`;
}
export function readRoomToken(token: string, now = Date.now()): { liveId: number; userId: number; sessionPrefix: string } | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.([0-9a-f]{16})\.([\w-]+)$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(sign(`${m[1]}.${m[2]}.${m[3]}.${m[4]}`));
  const given = Buffer.from(m[5]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(m[3]) < now) return null;
  return { liveId: Number(m[1]), userId: Number(m[2]), sessionPrefix: m[4]! };
}

/** Where a visitor's socket comes from, as the realtime process saw it: read like any request's client address. */
export interface SocketClient {
  peer: string;
  forwardedFor: string;
}

/**
 * Who joins a live room's socket: a learner by room token (getAuthToken) or session cookie, while that
 * session stands and the live is open to them. Without a standing session a browser joins a live open to
 * everyone as a visitor (user 0, no session) who may only watch and read, counted under its address; a
 * room token that does not stand is refused.
 */
export async function joinGrant(db: DbOrTx, input: { liveId: number; accessToken?: string; sessionToken?: string; client?: SocketClient }) {
  const live = await findLive(db, { liveId: input.liveId });
  const viewer = await roomViewer(db, live.id, input);
  if (!viewer) {
    if (input.accessToken) throw notLoggedIn();
    await assertMayWatch(db, live, null);
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: input.client?.peer ?? "", "x-forwarded-for": input.client?.forwardedFor ?? "" });
    return { userId: 0, nick: "游客", isAdmin: 0, liveStatus: live.liveStatus, sessionId: "", address: clientIp({ url: "", headers }) };
  }
  await assertMayWatch(db, live, viewer.userId);
  const [u] = await db.select({ nick: users.nick, isAdmin: users.isAdmin }).from(users).where(eq(users.id, viewer.userId));
  if (!u) throw notLoggedIn();
  return { ...viewer, nick: u.nick, isAdmin: u.isAdmin, liveStatus: live.liveStatus, address: "" };
}

/** The learner and standing session behind a room token for this live, else behind the session cookie. */
async function roomViewer(db: DbOrTx, liveId: number, input: { accessToken?: string; sessionToken?: string }) {
  const token = input.accessToken ? readRoomToken(input.accessToken) : null;
  if (token && token.liveId === liveId) {
    const sessionId = await sessionByPrefix(db, token.userId, token.sessionPrefix);
    if (sessionId) return { userId: token.userId, sessionId };
  }
  const found = input.sessionToken ? await validateSessionToken(db, input.sessionToken) : null;
  return found ? { userId: found.user.id, sessionId: found.session.id } : null;
}

/** What the old client needs to open the room socket. */
export async function authToken(db: DbOrTx, liveId: number, user: { id: number; nick: string }, sessionId: string) {
  const live = await findLive(db, { liveId });
  await assertOpen(db, live, user.id);
  return { accessToken: roomToken(live.id, user.id, sessionId), audienceId: String(user.id), audienceNick: user.nick, liveId: live.id, roomId: live.roomId, wsPath: `/api/elearning/ws/live/${live.id}` };
}

/** Score: a point a minute watched (up to 120), a point an interaction; kept on the record. */
const scoreOf = (watchSeconds: SQL | typeof liveWatchRecords.watchSeconds) =>
  sql`least(${watchSeconds} / 60, 120) + least(${liveWatchRecords.playbackSeconds} / 60, 60) + ${liveWatchRecords.interactions}`;
const scoreSql = scoreOf(liveWatchRecords.watchSeconds);

export async function entry(db: DbOrTx, input: { liveId: number; orgName?: string; areaCode?: string; areaName?: string }, userId: number) {
  const live = await findLive(db, { liveId: input.liveId });
  await assertOpen(db, live, userId);
  const now = new Date();
  // Entering a replay starts its clock: the next report may credit the time since.
  const replayClock = isReplay(live) ? { playbackAt: now } : {};
  await db
    .insert(liveWatchRecords)
    .values({ liveId: live.id, userId, entryCount: 1, lastEntryAt: now, orgName: input.orgName, areaCode: input.areaCode, areaName: input.areaName, ...replayClock })
    .onConflictDoUpdate({
      target: [liveWatchRecords.liveId, liveWatchRecords.userId],
      set: {
        entryCount: sql`${liveWatchRecords.entryCount} + 1`,
        lastEntryAt: now,
        ...replayClock,
        ...(input.orgName ? { orgName: input.orgName } : {}),
        ...(input.areaCode ? { areaCode: input.areaCode, areaName: input.areaName ?? null } : {}),
      },
    });
  return liveView(live, await flags(db, live, userId));
}

const isReplay = (live: Live) => live.liveStatus === 2 && live.isPlayback === 1;
const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));
/** When the live went on air: the console's start, else the planned start. */
const onAirFrom = (live: Live) => (live.startedAt ?? live.startTime).getTime();
/** A replay lasts as long as the live was on air (stopping a live sets its end time). */
const replaySeconds = (live: Live) => seconds(live.endTime.getTime() - onAirFrom(live));
const recordKey = [liveWatchRecords.liveId, liveWatchRecords.userId];

/**
 * The player's periodic record call, watchPlayback and leave. Live watch time comes from the room's
 * presence (recordPresence), so on a live they credit nothing. On a replay they credit the seconds
 * claimed, but never more than the server's time since the previous report (entry or record, kept on
 * the record) nor past the replay's length; leaving stops that clock. The answer stays {success}.
 */
export async function addWatchTime(db: DbOrTx, input: { liveId: number; watchSeconds?: number; isPlayback?: number }, userId: number, leaving: boolean, now = new Date()) {
  const live = await findLive(db, { liveId: input.liveId });
  // Time is credited only in a live the learner may watch, refused as entering it is.
  await assertOpen(db, live, userId);
  const where = and(eq(liveWatchRecords.liveId, live.id), eq(liveWatchRecords.userId, userId));
  if (!isReplay(live)) {
    if (leaving) await db.update(liveWatchRecords).set({ lastLeaveAt: now }).where(where);
    return { success: true };
  }
  const claimed = Math.max(0, Math.min(input.watchSeconds ?? 0, 86400));
  const since = sql`extract(epoch from (${now.toISOString()}::timestamptz - ${liveWatchRecords.playbackAt}))`;
  const credit = sql`greatest(0, least(${claimed}::int, coalesce(round(${since}), 0)))::int`;
  const next = leaving ? null : now;
  const [before] = await db.select({ s: liveWatchRecords.playbackSeconds }).from(liveWatchRecords).where(where);
  const [after] = await db
    .insert(liveWatchRecords)
    .values({ liveId: live.id, userId, playbackAt: next, lastLeaveAt: leaving ? now : null })
    .onConflictDoUpdate({
      target: recordKey,
      set: {
        playbackSeconds: sql`greatest(${liveWatchRecords.playbackSeconds}, least(${liveWatchRecords.playbackSeconds} + ${credit}, ${replaySeconds(live)}::int))`,
        playbackAt: next,
        ...(leaving ? { lastLeaveAt: now } : {}),
      },
    })
    .returning({ s: liveWatchRecords.playbackSeconds });
  await creditStudyDay(db, userId, 2, live.id, (after?.s ?? 0) - (before?.s ?? 0), now);
  await rescore(db, live.id, [userId]);
  return { success: true };
}

/** Longest silence between two presence reports of a viewer that still counts as watching. */
export const PRESENCE_MAX_GAP_SECONDS = (PRESENCE_REPORT_MS * 2.5) / 1000;

/**
 * A presence report of the realtime process: `present` viewers have a socket in the room, `left` ones
 * closed their last. Each is credited the server's time since their previous report (none across a gap
 * longer than PRESENCE_MAX_GAP_SECONDS, or after leaving), counted only while the live was on air, and a
 * viewer's total never exceeds the live's time on air. Several processes reporting one viewer credit
 * the time once: each report moves the viewer's clock on.
 */
export async function recordPresence(db: DbOrTx, liveId: number, report: { present: number[]; left: number[] }, now = new Date()) {
  const [live] = await db.select().from(lives).where(eq(lives.id, liveId));
  const leaving = new Set(report.left);
  const left = [...leaving];
  const present = [...new Set(report.present)].filter((u) => !leaving.has(u));
  if (!live || (!present.length && !left.length)) return { count: 0 };
  const from = onAirFrom(live);
  const until = live.liveStatus === 1 ? now.getTime() : live.liveStatus === 2 ? Math.min(now.getTime(), live.endTime.getTime()) : from;
  const iso = (ms: number) => new Date(ms).toISOString();
  const r = liveWatchRecords;
  const credit = sql`case when ${r.presenceAt} is null or ${r.presenceAt} < ${iso(now.getTime() - PRESENCE_MAX_GAP_SECONDS * 1000)}::timestamptz then 0
    else greatest(0, round(extract(epoch from (${iso(until)}::timestamptz - greatest(${r.presenceAt}, ${iso(from)}::timestamptz)))))::int end`;
  const watched = sql`greatest(${r.watchSeconds}, least(${r.watchSeconds} + ${credit}, ${seconds(until - from)}::int))`;
  // One statement per kind, the ids as one JSON parameter: a 2,000-viewer report is a single round trip.
  // Only enabled accounts earn time (a disabled learner's socket is on its way out).
  for (const [ids, presenceAt, leftAt] of [
    [present, now.toISOString(), null],
    [left, null, now.toISOString()],
  ] as const) {
    if (!ids.length) continue;
    // The time credited also goes to each viewer's study day (check-in): `old` reads the records as
    // they were before this statement, so the difference is this report's credit.
    const idList = sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`;
    await db.execute(sql`
      with old as (select user_id, watch_seconds from ${r} where live_id = ${liveId} and user_id in ${idList}),
      up as (
        insert into ${r} (live_id, user_id, presence_at, last_leave_at)
        select ${liveId}::bigint, u.id, ${presenceAt}::timestamptz, ${leftAt}::timestamptz
        from ${users} u
        where u.id in ${idList} and u.status = 1
        on conflict (live_id, user_id) do update set
          watch_seconds = ${watched},
          score = ${scoreOf(watched)},
          presence_at = excluded.presence_at,
          last_leave_at = coalesce(excluded.last_leave_at, ${r.lastLeaveAt}),
          updated_at = now()
        returning user_id, watch_seconds
      )
      ${creditStudyDaysFrom(sql`select up.user_id, up.watch_seconds - coalesce(old.watch_seconds, 0) from up left join old on old.user_id = up.user_id`, 2, liveId, now)}`);
  }
  return { count: present.length + left.length };
}

/** The player's interaction report (live.interaction): counted, like watch time, only in a live the learner may watch. */
export async function interact(db: DbOrTx, liveId: number, userId: number, n: number) {
  const live = await findLive(db, { liveId });
  await assertOpen(db, live, userId);
  await addInteractions(db, live.id, [userId], n);
  return userLiveInfo(db, live.id, userId);
}

/** Counts interactions of viewers already let in (the room's stored comments, interact). */
export async function addInteractions(db: DbOrTx, liveId: number, userIds: number[], n = 1) {
  if (!userIds.length) return;
  for (const userId of userIds)
    await db
      .insert(liveWatchRecords)
      .values({ liveId, userId, interactions: n })
      .onConflictDoUpdate({ target: [liveWatchRecords.liveId, liveWatchRecords.userId], set: { interactions: sql`${liveWatchRecords.interactions} + ${n}` } });
  await rescore(db, liveId, userIds);
}

async function rescore(db: DbOrTx, liveId: number, userIds: number[]) {
  await db
    .update(liveWatchRecords)
    .set({ score: scoreSql })
    .where(and(eq(liveWatchRecords.liveId, liveId), inArray(liveWatchRecords.userId, userIds)));
}

/**
 * refreshLiveStatics (diagnostic tool): every viewer's score recomputed from its parts (watch time,
 * replay time, interactions), and the live's figures read from its records. The like count is the one
 * figure a live stores; likes are counted, not recorded one by one, so it is shown as stored.
 */
export async function refreshLiveFigures(db: DbOrTx, liveId: number) {
  const live = await findLive(db, { liveId }, { admin: true });
  const rescored = await db
    .update(liveWatchRecords)
    .set({ score: scoreSql })
    .where(and(eq(liveWatchRecords.liveId, live.id), sql`${liveWatchRecords.score} is distinct from (${scoreSql})`))
    .returning({ id: liveWatchRecords.id });
  const r = liveWatchRecords;
  const [w] = await db
    .select({
      viewerNum: sql<number>`count(*)`.mapWith(Number),
      entryNum: sql<number>`coalesce(sum(${r.entryCount}), 0)`.mapWith(Number),
      watchSeconds: sql<number>`coalesce(sum(${r.watchSeconds}), 0)`.mapWith(Number),
      playbackSeconds: sql<number>`coalesce(sum(${r.playbackSeconds}), 0)`.mapWith(Number),
      interactions: sql<number>`coalesce(sum(${r.interactions}), 0)`.mapWith(Number),
      totalScore: sql<number>`coalesce(sum(${r.score}), 0)`.mapWith(Number),
    })
    .from(r)
    .where(eq(r.liveId, live.id));
  const [appointments] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(liveAppointments).where(eq(liveAppointments.liveId, live.id));
  const [comments] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(liveMessages).where(and(eq(liveMessages.liveId, live.id), eq(liveMessages.kind, "comment")));
  return { liveId: live.id, name: live.name, rescored: rescored.length, figures: { ...w!, appointmentNum: appointments?.n ?? 0, commentNum: comments?.n ?? 0, likeCount: live.likeCount } };
}

/** The learner's own record in a live (getUserLiveInfo). */
export async function userLiveInfo(db: DbOrTx, liveId: number, userId: number) {
  const [r] = await db.select().from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, liveId), eq(liveWatchRecords.userId, userId)));
  return { liveId, userId, watchSeconds: r?.watchSeconds ?? 0, playbackSeconds: r?.playbackSeconds ?? 0, score: r?.score ?? 0, entryCount: r?.entryCount ?? 0, lastEntryAt: ms(r?.lastEntryAt) };
}

const visible = () => and(isNull(lives.deletedAt), eq(lives.status, 1));

/** Lists by status (live centre): live first, then upcoming soonest, then ended latest. */
export async function pageLives(
  db: DbOrTx,
  input: { liveStatus?: number; keyword?: string; seriesId?: number; pageNo: number; pageSize: number },
  opts: { admin?: boolean; scope?: SiteScope | null } = {},
) {
  const conds: SQL[] = [opts.admin ? isNull(lives.deletedAt) : visible()!];
  const scoped = inSiteScope(opts.scope, 2, lives.id);
  if (scoped) conds.push(scoped);
  if (input.liveStatus !== undefined) conds.push(eq(lives.liveStatus, input.liveStatus));
  if (input.seriesId) conds.push(eq(lives.seriesId, input.seriesId));
  if (input.keyword) conds.push(ilike(lives.name, likePattern(input.keyword)));
  const where = and(...conds);
  const order = opts.admin
    ? [asc(lives.sort), desc(lives.startTime)]
    : [sql`case ${lives.liveStatus} when 1 then 0 when 0 then 1 else 2 end`, sql`case when ${lives.liveStatus} = 0 then ${lives.startTime} end asc`, desc(lives.startTime)];
  const page = await paginate(input, db.select({ total: sql<number>`count(*)::int` }).from(lives).where(where), db.select().from(lives).where(where).orderBy(...order));
  // The back office learns whether a push key is out (making a new one retires it); learners never see it.
  return { ...page, list: page.list.map((l) => (opts.admin ? { ...liveView(l, { isBuy: 1 }), ...storedAddresses(l), hasPushKey: l.pushKey ? 1 : 0 } : liveView(l))) };
}

/** Lives between two times, grouped by day (yyyy-mm-dd in China time). */
export async function calendar(db: DbOrTx, input: { startTime?: number; endTime?: number; month?: string }) {
  let from: number;
  let to: number;
  if (input.month) {
    const [y, m] = input.month.split("-").map(Number) as [number, number];
    from = Date.UTC(y, m - 1, 1) - 8 * 3600e3;
    to = Date.UTC(y, m, 1) - 8 * 3600e3;
  } else {
    from = input.startTime ?? Date.now() - 15 * 86400e3;
    to = input.endTime ?? from + 45 * 86400e3;
  }
  if (to - from > 100 * 86400e3) throw fail("日历查询范围不超过100天");
  const rows = await db
    .select()
    .from(lives)
    .where(and(visible(), gte(lives.startTime, new Date(from)), lte(lives.startTime, new Date(to))))
    .orderBy(asc(lives.startTime));
  const days = new Map<string, LiveView[]>();
  for (const l of rows) {
    const day = new Date(l.startTime.getTime() + 8 * 3600e3).toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), liveView(l)]);
  }
  return [...days].map(([date, list]) => ({ date, count: list.length, list }));
}

/** The learner's recently watched lives. */
export async function recentlyList(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ live: lives, at: liveWatchRecords.lastEntryAt })
    .from(liveWatchRecords)
    .innerJoin(lives, eq(lives.id, liveWatchRecords.liveId))
    .where(and(eq(liveWatchRecords.userId, userId), visible()))
    .orderBy(desc(liveWatchRecords.lastEntryAt))
    .limit(10);
  return rows.map((r) => ({ ...liveView(r.live), lastWatchTime: ms(r.at) }));
}

/** Other lives to watch: live now and upcoming first, the current one left out. */
export async function recommend(db: DbOrTx, excludeId?: number) {
  const page = await pageLives(db, { pageNo: 1, pageSize: 7 });
  return page.list.filter((l) => l.id !== excludeId).slice(0, 6);
}

export const newRoomId = () => randomBytes(6).toString("hex");

/** Purchaser role of the learner (purchaser/role). */
export async function purchaserRole(db: DbOrTx, userId: number) {
  const [u] = await db.select({ isPurchaser: users.isPurchaser }).from(users).where(eq(users.id, userId));
  return { isPurchaser: u?.isPurchaser ?? 0 };
}
