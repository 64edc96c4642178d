import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { lives, liveSeries, liveSeriesSubscriptions } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { notifySeriesNewLive } from "./notify.service";
import { findLive } from "./room.service";

type Series = typeof liveSeries.$inferSelect;
/** The channel whose lives open in the series page (learner-front-end.md 2). */
export const XINREN_CHANNEL = "xinrenlibao";
export const XINREN_SERIES_CHANNEL = "xinrendalibao";

const seriesView = (s: Series, liveNum = 0) => ({
  id: s.id,
  liveSeriesId: s.id,
  seriesName: s.name,
  name: s.name,
  coverUrl: s.coverUrl ?? "",
  introduction: s.introduction ?? "",
  periodsNum: s.periodsNum,
  channelCode: s.channelCode ?? "",
  status: s.status,
  liveNum,
  createdAt: s.createdAt.getTime(),
});

async function findSeries(db: DbOrTx, id: number, opts: { admin?: boolean } = {}) {
  const [s] = await db.select().from(liveSeries).where(eq(liveSeries.id, id));
  if (!s || (!opts.admin && s.status !== 1)) throw notFound("直播系列不存在或已下线");
  return s;
}

/** The series carousel: by series id, or the series of a live (selectedLiveId is that live). */
export async function seriesList(db: DbOrTx, input: { liveId?: number; liveSeriesId?: number }) {
  let seriesId = input.liveSeriesId;
  let selectedLiveId: number | null = input.liveId ?? null;
  if (!seriesId && input.liveId) {
    const live = await findLive(db, { liveId: input.liveId });
    if (!live.seriesId) return null;
    seriesId = live.seriesId;
  }
  if (!seriesId) throw fail("缺少直播系列ID");
  const s = await findSeries(db, seriesId);
  const rows = await db
    .select()
    .from(lives)
    .where(and(eq(lives.seriesId, s.id), isNull(lives.deletedAt), eq(lives.status, 1)))
    .orderBy(asc(lives.startTime));
  const items = rows.map((l) => ({ id: l.id, roomId: l.roomId, name: l.name, liveCoverUrl: l.coverUrl ?? "", liveStatus: l.liveStatus, isPlayback: l.isPlayback, teacherName: l.teacherName, startTime: l.startTime.getTime() }));
  // Without a chosen live the carousel centres on the one live now, else the next one, else the last.
  selectedLiveId ??= (items.find((i) => i.liveStatus === 1) ?? items.find((i) => i.liveStatus === 0) ?? items.at(-1))?.id ?? null;
  return { seriesName: s.name, periodsNum: s.periodsNum || items.length, seriesList: items, selectedLiveId, liveSeriesId: s.id, channelCode: s.channelCode ?? "" };
}

export async function subscribe(db: DbOrTx, seriesId: number, userId: number) {
  await findSeries(db, seriesId);
  await db.insert(liveSeriesSubscriptions).values({ seriesId, userId }).onConflictDoNothing();
  return { isSubscribe: 1 as const };
}
export async function unsubscribe(db: DbOrTx, seriesId: number, userId: number) {
  await db.delete(liveSeriesSubscriptions).where(and(eq(liveSeriesSubscriptions.seriesId, seriesId), eq(liveSeriesSubscriptions.userId, userId)));
  return { isSubscribe: 0 as const };
}
export async function subscribeStatus(db: DbOrTx, seriesId: number, userId: number) {
  const [r] = await db.select({ id: liveSeriesSubscriptions.id }).from(liveSeriesSubscriptions).where(and(eq(liveSeriesSubscriptions.seriesId, seriesId), eq(liveSeriesSubscriptions.userId, userId)));
  return { isSubscribe: r ? 1 : 0 };
}

// Back office.
export async function saveSeries(db: DbOrTx, input: { id?: number; name: string; coverUrl?: string; introduction?: string; periodsNum?: number; channelCode?: string }) {
  const values = { name: input.name, coverUrl: input.coverUrl ?? null, introduction: input.introduction ?? null, periodsNum: input.periodsNum ?? 0, channelCode: input.channelCode ?? null };
  if (input.id) {
    await findSeries(db, input.id, { admin: true });
    const [s] = await db.update(liveSeries).set(values).where(eq(liveSeries.id, input.id)).returning();
    return seriesView(s!);
  }
  const [s] = await db.insert(liveSeries).values(values).returning();
  return seriesView(s!);
}

export async function pageSeries(db: DbOrTx, input: { keyword?: string; pageNo: number; pageSize: number }) {
  const where = input.keyword ? sql`${liveSeries.name} ilike ${likePattern(input.keyword)}` : undefined;
  const { list: rows, total } = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(liveSeries).where(where),
    db.select().from(liveSeries).where(where).orderBy(desc(liveSeries.id)),
  );
  const counts = rows.length
    ? await db
        .select({ seriesId: lives.seriesId, n: sql<number>`count(*)::int` })
        .from(lives)
        .where(and(inArray(lives.seriesId, rows.map((r) => r.id)), isNull(lives.deletedAt)))
        .groupBy(lives.seriesId)
    : [];
  const n = new Map(counts.map((c) => [c.seriesId, c.n]));
  return { list: rows.map((r) => seriesView(r, n.get(r.id) ?? 0)), total, pageNo: input.pageNo, pageSize: input.pageSize };
}

export async function setSeriesStatus(db: DbOrTx, id: number, status: number) {
  await findSeries(db, id, { admin: true });
  await db.update(liveSeries).set({ status }).where(eq(liveSeries.id, id));
  return { id, status };
}

export async function relateLives(db: DbOrTx, id: number, liveIds: number[], bind: boolean) {
  await findSeries(db, id, { admin: true });
  if (bind) {
    const bound = await db.update(lives).set({ seriesId: id }).where(and(inArray(lives.id, liveIds), isNull(lives.deletedAt))).returning();
    for (const l of bound) await notifySeriesNewLive(db, l).catch((e: Error) => console.warn(`live notification not sent: ${e.message}`));
  }
  else await db.update(lives).set({ seriesId: null }).where(and(eq(lives.seriesId, id), inArray(lives.id, liveIds)));
  return { count: liveIds.length };
}

export async function seriesDetail(db: DbOrTx, id: number) {
  const s = await findSeries(db, id, { admin: true });
  const rows = await db.select().from(lives).where(and(eq(lives.seriesId, id), isNull(lives.deletedAt))).orderBy(asc(lives.startTime));
  return { ...seriesView(s, rows.length), lives: rows.map((l) => ({ id: l.id, name: l.name, roomId: l.roomId, liveStatus: l.liveStatus, teacherName: l.teacherName, startTime: l.startTime.getTime() })) };
}
