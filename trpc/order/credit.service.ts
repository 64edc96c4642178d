import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { GOODS_TYPE, learningPathMembers, lives, liveWatchRecords, ORDER_STATUS, orders, userCourses } from "@db/schema";
import { chinaDateKey, parseChinaDateTime } from "@base/china-time";
import { paginate, type PageRequest } from "@base/paging";
import { mediaUrl } from "../course/view";
import { contentProgress, progressOf } from "../path/progress.service";

// Learning credits (docs/decisions/027-commerce.md, Learning credits): a paid order's class hours are
// earned once the bought content is completed; the year is the China-time year of payment.

/** The China-time year of a moment, whatever the server's zone. */
export const chinaYear = (ms: number = Date.now()) => Number(chinaDateKey(ms).slice(0, 4));

/** Payment moments inside the China-time year. */
function paidInYear(year: number): SQL {
  const from = new Date(parseChinaDateTime(`${year}-01-01`));
  const to = new Date(parseChinaDateTime(`${year + 1}-01-01`));
  return and(gte(orders.paidAt, from), lt(orders.paidAt, to))!;
}

/** Paid and not refunded: a refund moves the order to status 4, so its hours drop out. */
const paidBy = (userId: number) => and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.paid), isNotNull(orders.paidAt));

/** The years the learner paid for something in, newest first; the current China year is always there. */
async function purchaseYears(db: DbOrTx, userId: number, goodsType?: number): Promise<number[]> {
  const year = sql<number>`extract(year from (${orders.paidAt} at time zone 'UTC') + interval '8 hours')::int`.mapWith(Number);
  const rows = await db
    .selectDistinct({ year })
    .from(orders)
    .where(and(paidBy(userId), goodsType ? eq(orders.goodsType, goodsType) : undefined));
  return [...new Set([chinaYear(), ...rows.map((r) => r.year)])].sort((a, b) => b - a);
}

/** The year asked for is always among the tabs, even without purchases in it. */
const withYear = (years: number[], year?: number) => (year === undefined || years.includes(year) ? years : [...years, year].sort((a, b) => b - a));

export interface ContentState {
  earned: 0 | 1;
  /** 0-100; 100 once completed. */
  progress: number;
  completedTime: number | null;
}
const NOT_STARTED: ContentState = { earned: 0, progress: 0, completedTime: null };
const key = (goodsType: number, goodsId: number) => `${goodsType}:${goodsId}`;

/**
 * Whether the learner completed each bought content, by the rules of their own domains: a course's own
 * completion, a live's live plus replay time (80 % of its time on air, trpc/path/progress.service.ts),
 * a map's completed_at. Lives keep no completion moment: their last credited watch stands for it.
 */
async function contentStates(db: DbOrTx, userId: number, goods: readonly { goodsType: number; goodsId: number }[]) {
  const idsOf = (t: number) => [...new Set(goods.filter((g) => g.goodsType === t).map((g) => g.goodsId))];
  const out = new Map<string, ContentState>();
  const courseIds = idsOf(GOODS_TYPE.course);
  const liveIds = idsOf(GOODS_TYPE.live);
  const progress = await contentProgress(db, userId, [
    ...courseIds.map((contentId) => ({ contentType: 1, contentId })),
    ...liveIds.map((contentId) => ({ contentType: 2, contentId })),
  ]);
  if (courseIds.length) {
    const rows = await db
      .select({ id: userCourses.courseId, completedAt: userCourses.completedAt })
      .from(userCourses)
      .where(and(eq(userCourses.userId, userId), inArray(userCourses.courseId, courseIds)));
    const doneAt = new Map(rows.map((r) => [r.id, r.completedAt?.getTime() ?? null]));
    for (const id of courseIds) {
      const p = progressOf(progress, 1, id);
      out.set(key(GOODS_TYPE.course, id), { earned: p.completed ? 1 : 0, progress: p.rate, completedTime: p.completed ? (doneAt.get(id) ?? null) : null });
    }
  }
  if (liveIds.length) {
    const rows = await db
      .select({ id: liveWatchRecords.liveId, updatedAt: liveWatchRecords.updatedAt })
      .from(liveWatchRecords)
      .where(and(eq(liveWatchRecords.userId, userId), inArray(liveWatchRecords.liveId, liveIds)));
    const lastAt = new Map(rows.map((r) => [r.id, r.updatedAt.getTime()]));
    for (const id of liveIds) {
      const p = progressOf(progress, 2, id);
      out.set(key(GOODS_TYPE.live, id), { earned: p.completed ? 1 : 0, progress: p.rate, completedTime: p.completed ? (lastAt.get(id) ?? null) : null });
    }
  }
  const mapIds = idsOf(GOODS_TYPE.map);
  if (mapIds.length) {
    const rows = await db
      .select({ id: learningPathMembers.pathId, progress: learningPathMembers.progress, completedAt: learningPathMembers.completedAt })
      .from(learningPathMembers)
      .where(and(eq(learningPathMembers.userId, userId), inArray(learningPathMembers.pathId, mapIds)));
    for (const r of rows) {
      const done = r.completedAt !== null;
      out.set(key(GOODS_TYPE.map, r.id), { earned: done ? 1 : 0, progress: done ? 100 : Math.min(99, Math.max(0, r.progress)), completedTime: r.completedAt?.getTime() ?? null });
    }
  }
  return (goodsType: number, goodsId: number) => out.get(key(goodsType, goodsId)) ?? NOT_STARTED;
}

/** Where the learner studies what they bought. */
function studyUrl(goodsType: number, goodsId: number, roomId?: string | null) {
  if (goodsType === GOODS_TYPE.live) return roomId ? `/live/detail?roomId=${encodeURIComponent(roomId)}` : "/live/center";
  if (goodsType === GOODS_TYPE.map) return `/map/detail?id=${goodsId}`;
  return `/study/platform?id=${goodsId}`;
}

async function roomIds(db: DbOrTx, liveIds: number[]) {
  if (!liveIds.length) return new Map<number, string>();
  const rows = await db.select({ id: lives.id, roomId: lives.roomId }).from(lives).where(and(inArray(lives.id, liveIds), isNull(lives.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.roomId]));
}

export interface CreditTotals {
  earned: number;
  pending: number;
  courseEarned: number;
  liveEarned: number;
  mapEarned: number;
}
const ZERO: CreditTotals = { earned: 0, pending: 0, courseEarned: 0, liveEarned: 0, mapEarned: 0 };

/** What a learner who never bought anything sees: the current year, nothing in it. */
export function noCredits(input: { year?: number } = {}) {
  const year = input.year ?? chinaYear();
  return { years: withYear([chinaYear()], year), year, totals: { ...ZERO }, list: [] as CreditItem[] };
}

export type CreditItem = Awaited<ReturnType<typeof myCredits>>["list"][number];

/** /person/credits: the year's purchases (payment year in China time), each earned or pending, and the totals. */
export async function myCredits(db: DbOrTx, userId: number, input: { year?: number } = {}) {
  const year = input.year ?? chinaYear();
  const years = await purchaseYears(db, userId);
  const bought = await db
    .select({
      tradeNo: orders.tradeNo,
      goodsType: orders.goodsType,
      goodsId: orders.goodsId,
      goodsName: orders.goodsName,
      goodsCover: orders.goodsCover,
      learnHour: orders.learnHour,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(and(paidBy(userId), paidInYear(year)))
    .orderBy(desc(orders.paidAt), desc(orders.id));
  const stateOf = await contentStates(db, userId, bought);
  const rooms = await roomIds(db, bought.filter((o) => o.goodsType === GOODS_TYPE.live).map((o) => o.goodsId));
  const totals = { ...ZERO };
  const list = bought.map((o) => {
    const s = stateOf(o.goodsType, o.goodsId);
    if (s.earned) {
      totals.earned += o.learnHour;
      if (o.goodsType === GOODS_TYPE.course) totals.courseEarned += o.learnHour;
      else if (o.goodsType === GOODS_TYPE.live) totals.liveEarned += o.learnHour;
      else if (o.goodsType === GOODS_TYPE.map) totals.mapEarned += o.learnHour;
    } else totals.pending += o.learnHour;
    return {
      tradeNo: o.tradeNo,
      goodsType: o.goodsType,
      goodsId: o.goodsId,
      goodsName: o.goodsName,
      goodsCover: mediaUrl(o.goodsCover),
      learnHour: o.learnHour,
      earned: s.earned,
      progress: s.progress,
      completedTime: s.completedTime,
      paidTime: o.paidAt!.getTime(),
      studyUrl: studyUrl(o.goodsType, o.goodsId, rooms.get(o.goodsId)),
    };
  });
  return { years: withYear(years, year), year, totals, list };
}

/**
 * /person/credits-live-list: the lives the learner bought (in the payment year, or all years), a page
 * at a time, with live and replay time, progress and the hours earned.
 */
export async function creditLives(db: DbOrTx, userId: number, input: { year?: number } & PageRequest) {
  const where = and(paidBy(userId), eq(orders.goodsType, GOODS_TYPE.live), input.year ? paidInYear(input.year) : undefined);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({
        tradeNo: orders.tradeNo,
        liveId: orders.goodsId,
        name: orders.goodsName,
        cover: orders.goodsCover,
        learnHour: orders.learnHour,
        paidAt: orders.paidAt,
        roomId: lives.roomId,
        startTime: lives.startTime,
        liveStatus: lives.liveStatus,
        watchSeconds: liveWatchRecords.watchSeconds,
        playbackSeconds: liveWatchRecords.playbackSeconds,
      })
      .from(orders)
      .leftJoin(lives, and(eq(lives.id, orders.goodsId), isNull(lives.deletedAt)))
      .leftJoin(liveWatchRecords, and(eq(liveWatchRecords.liveId, orders.goodsId), eq(liveWatchRecords.userId, userId)))
      .where(where)
      .orderBy(desc(orders.paidAt), desc(orders.id)),
  );
  const stateOf = await contentStates(db, userId, page.list.map((r) => ({ goodsType: GOODS_TYPE.live, goodsId: r.liveId })));
  const list = page.list.map((r) => {
    const s = stateOf(GOODS_TYPE.live, r.liveId);
    return {
      tradeNo: r.tradeNo,
      liveId: r.liveId,
      name: r.name,
      cover: mediaUrl(r.cover),
      startTime: r.startTime?.getTime() ?? null,
      /** 0 upcoming, 1 on air, 2 ended; null when the live is gone. */
      liveStatus: r.liveStatus ?? null,
      watchSeconds: r.watchSeconds ?? 0,
      playbackSeconds: r.playbackSeconds ?? 0,
      progress: s.progress,
      learnHour: r.learnHour,
      earned: s.earned,
      earnedHour: s.earned ? r.learnHour : 0,
      completedTime: s.completedTime,
      paidTime: r.paidAt!.getTime(),
      studyUrl: studyUrl(GOODS_TYPE.live, r.liveId, r.roomId),
    };
  });
  const years = await purchaseYears(db, userId, GOODS_TYPE.live);
  return { ...page, list, year: input.year ?? null, years: withYear(years, input.year) };
}

/** A learner who never bought anything: an empty page. */
export function noCreditLives(input: { year?: number } & PageRequest) {
  return { list: [] as Awaited<ReturnType<typeof creditLives>>["list"], total: 0, pageNo: input.pageNo, pageSize: input.pageSize, year: input.year ?? null, years: withYear([chinaYear()], input.year) };
}
