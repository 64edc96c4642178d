import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { lives, liveWatchRecords, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { publishLive } from "./events";
import { createPushUrl } from "./ingest.service";
import { notifyReplayReady, notifySeriesLiveStart, notifySeriesNewLive } from "./notify.service";
import { playableLiveUrl } from "./hls.service";
import { broadcastView, findLive, liveView, newRoomId, storedAddresses, type Live } from "./room.service";
import type { LiveEditInput } from "./schemas";
import { priceColumns } from "@base/price";
import { likePattern } from "@base/sql";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";

// Live management of the back office (back-office.md 7.5): editing, lifecycle and the console.

const adminView = (l: Live) => ({ ...liveView(l, { isBuy: 1 }), ...storedAddresses(l), price: l.price, status: l.status, sort: l.sort, openRange: l.openRange, advancedInfo: l.advancedInfo, createdAt: l.createdAt.getTime(), streamStatus: l.streamStatus });
export const adminLive = async (db: DbOrTx, id: number) => adminView(await findLive(db, { liveId: id }, { admin: true }));

export async function saveLive(db: DbOrTx, input: LiveEditInput) {
  const values = {
    name: input.name,
    coverUrl: input.coverUrl ?? null,
    teacherName: input.teacherName ?? "",
    introduction: input.introduction ?? null,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    seriesId: input.seriesId ?? null,
    channelCode: input.channelCode ?? null,
    m3u8PlayUrl: input.m3u8PlayUrl ?? null,
    thirdLiveId: input.thirdLiveId ?? null,
    ...(input.openRange ? { openRange: input.openRange } : {}),
    ...priceColumns(input),
  };
  if (input.id) {
    const before = await findLive(db, { liveId: input.id }, { admin: true });
    const [l] = await db.update(lives).set(values).where(eq(lives.id, input.id)).returning();
    if (before.liveStatus === 1) await publishLive(l!.id, "live_info", broadcastView(l!));
    if (l!.seriesId !== before.seriesId) await quietly(notifySeriesNewLive(db, l!));
    return adminView(l!);
  }
  const [l] = await db.insert(lives).values({ ...values, roomId: newRoomId() }).returning();
  await quietly(notifySeriesNewLive(db, l!));
  return adminView(l!);
}

/** A copy starts as a new upcoming live with no replay. */
export async function copyLive(db: DbOrTx, id: number) {
  const l = await findLive(db, { liveId: id }, { admin: true });
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = l;
  const [c] = await db
    .insert(lives)
    .values({ ...rest, name: copyName(l.name, 60), roomId: newRoomId(), liveStatus: 0, isPause: 0, isPlayback: 0, playbackUrl: null, likeCount: 0, pushKey: null, streamStatus: 0, muteAll: 0, startedAt: null, questionnaire: null })
    .returning();
  await quietly(notifySeriesNewLive(db, c!));
  return adminView(c!);
}

export async function deleteLive(db: DbOrTx, id: number) {
  const l = await findLive(db, { liveId: id }, { admin: true });
  if (l.liveStatus === 1) throw fail("直播进行中，请先停止直播");
  await db.update(lives).set({ deletedAt: new Date() }).where(eq(lives.id, id));
  return { success: true };
}

/** A failed notification is logged; the admin's action itself has happened. */
async function quietly(work: Promise<unknown>) {
  try {
    await work;
  } catch (e) {
    console.warn(`live notification not sent: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function patch(db: DbOrTx, id: number, set: Partial<typeof lives.$inferInsert>) {
  await findLive(db, { liveId: id }, { admin: true });
  const [l] = await db.update(lives).set(set).where(eq(lives.id, id)).returning();
  return l!;
}

export async function setShelf(db: DbOrTx, id: number, status: number) {
  const l = await patch(db, id, { status });
  if (status === 1) await quietly(notifySeriesNewLive(db, l));
  return adminView(l);
}
export const moveLive = async (db: DbOrTx, id: number, sort: number) => adminView(await patch(db, id, { sort }));
export const setOpenRange = async (db: DbOrTx, id: number, openRange: Live["openRange"]) => ({ id, openRange: (await patch(db, id, { openRange })).openRange });
export const setAdvanced = async (db: DbOrTx, id: number, advancedInfo: Record<string, unknown>) => ({ id, advancedInfo: (await patch(db, id, { advancedInfo })).advancedInfo });
export async function bindSeries(db: DbOrTx, id: number, seriesId: number | null) {
  const l = await patch(db, id, { seriesId });
  await quietly(notifySeriesNewLive(db, l));
  return adminView(l);
}

export async function setPlayback(db: DbOrTx, id: number, isPlayback = 0, playbackUrl?: string) {
  const l = await patch(db, id, { isPlayback, playbackUrl: playbackUrl ?? null });
  if (l.liveStatus === 2) {
    await publishLive(id, "live_info", broadcastView(l));
    await quietly(notifyReplayReady(db, l));
  }
  return { id, isPlayback: l.isPlayback, playbackUrl: l.playbackUrl ?? "" };
}
export async function setSubtitle(db: DbOrTx, id: number, isOpenSubtitle = 0, subtitleUrl?: string) {
  const l = await patch(db, id, { isOpenSubtitle, subtitleUrl: subtitleUrl ?? null });
  await publishLive(id, "subtitle", { isOpenSubtitle: l.isOpenSubtitle, subtitleUrl: playableLiveUrl(l.subtitleUrl) });
  return { id, isOpenSubtitle: l.isOpenSubtitle, subtitleUrl: l.subtitleUrl ?? "" };
}

/** RTMP push address for the encoder and the HLS address learners play (ingest.service.ts). */
export const pushUrl = (db: DbOrTx, id: number, origin: string) => createPushUrl(db, id, origin);

/** Console lifecycle: start, pause, resume, stop; each is told to the room. */
export async function operate(db: DbOrTx, id: number, action: "start" | "pause" | "resume" | "stop") {
  const l = await findLive(db, { liveId: id }, { admin: true });
  if (action === "start") {
    if (l.liveStatus === 2) throw fail("直播已结束，不能再次开始");
    // Starting ahead of schedule moves the start to now, so the stop's end time never precedes it.
    const now = new Date();
    const u = await patch(db, id, { liveStatus: 1, isPause: 0, startedAt: l.startedAt ?? now, ...(l.startTime > now ? { startTime: now } : {}) });
    await publishLive(id, "live_start", broadcastView(u));
    await quietly(notifySeriesLiveStart(db, u));
    return adminView(u);
  }
  if (action === "stop") {
    if (l.liveStatus === 2) return adminView(l);
    const u = await patch(db, id, { liveStatus: 2, isPause: 0, endTime: l.liveStatus === 1 ? new Date() : l.endTime });
    await publishLive(id, "live_stop", broadcastView(u));
    await quietly(notifyReplayReady(db, u));
    return adminView(u);
  }
  if (l.liveStatus !== 1) throw fail("直播未在进行中");
  const u = await patch(db, id, { isPause: action === "pause" ? 1 : 0 });
  await publishLive(id, "pause", { isPause: u.isPause });
  return adminView(u);
}

/** Learners who entered the live or were added to it (page/memberList), with watch time and score; keyword on nick, login name or mobile. */
export async function memberList(db: DbOrTx, liveId: number, pageNo = 1, pageSize = 20, keyword?: string) {
  await findLive(db, { liveId }, { admin: true });
  const like = keyword ? likePattern(keyword) : null;
  const where = and(eq(liveWatchRecords.liveId, liveId), like ? or(ilike(users.nick, like), ilike(users.loginName, like), ilike(users.mobile, like)) : undefined);
  const page = await paginate(
    { pageNo, pageSize },
    db.select({ total: sql<number>`count(*)::int` }).from(liveWatchRecords).innerJoin(users, eq(users.id, liveWatchRecords.userId)).where(where),
    db
      .select({ userId: users.id, nick: users.nick, loginName: users.loginName, mobile: users.mobile, entryCount: liveWatchRecords.entryCount, watchSeconds: liveWatchRecords.watchSeconds, playbackSeconds: liveWatchRecords.playbackSeconds, score: liveWatchRecords.score, orgName: liveWatchRecords.orgName, areaName: liveWatchRecords.areaName, lastEntryAt: liveWatchRecords.lastEntryAt })
      .from(liveWatchRecords)
      .innerJoin(users, eq(users.id, liveWatchRecords.userId))
      .where(where)
      // Learners added ahead of the live have not entered yet: they follow the ones who did.
      .orderBy(sql`${liveWatchRecords.lastEntryAt} desc nulls last`, desc(liveWatchRecords.id)),
  );
  return { ...page, list: page.list.map((r) => ({ ...r, mobile: r.mobile ?? "", orgName: r.orgName ?? "", areaName: r.areaName ?? "", lastEntryAt: r.lastEntryAt ? r.lastEntryAt.getTime() : null })) };
}

/** Adds learners to the member list ahead of the live (add/user). */
export async function addMembers(db: DbOrTx, liveId: number, userIds: number[]) {
  await findLive(db, { liveId }, { admin: true });
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  if (found.length !== new Set(userIds).size) throw notFound("部分用户不存在");
  const added = found.length
    ? await db.insert(liveWatchRecords).values(found.map((u) => ({ liveId, userId: u.id }))).onConflictDoNothing().returning({ userId: liveWatchRecords.userId })
    : [];
  // count: the users named (the legacy answer); added: those not on the list before.
  return { count: found.length, added: added.length };
}

export async function liveRowsForExport(db: DbOrTx) {
  return db.select().from(lives).where(and(sql`${lives.deletedAt} is null`)).orderBy(desc(lives.startTime)).limit(5000);
}
