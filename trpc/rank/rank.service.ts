import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { userStudyDays, users } from "@db/schema";
import { registerCache } from "@base/cache-registry";
import { maskName } from "@base/format";
import { dayKey, dayNumber, dayStartAt } from "../checkin/days";
import { TOP_SIZE, type RankPeriod } from "./schemas";

// The study ranking (learner-front-end.md 2, /rank): learners by study seconds this week, this month or in
// all. Equal seconds share a place (1, 2, 2, 4); within a tie the lower user id is listed first.

const CACHE_MS = 60_000;

/** The China-time days a board counts, as user_study_days keys; null for all time (users' learn totals). */
export function periodRange(period: RankPeriod, now: Date | number = Date.now()): { from: string; to: string; startMs: number } | null {
  if (period === "all") return null;
  const today = dayNumber(now);
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days after it in the weekly cycle.
  const first = period === "week" ? today - ((today + 3) % 7) : today - (Number(dayKey(today).slice(6, 8)) - 1);
  return { from: dayKey(first), to: dayKey(today), startMs: dayStartAt(first).getTime() };
}

interface Snapshot {
  db: DbOrTx;
  /** The period's first day: a snapshot of last week is never read as this week's. */
  from: string;
  at: number;
  /** Seconds of every ranked learner, highest first. */
  totals: Int32Array;
  seconds: Map<number, number>;
  top: { userId: number; seconds: number }[];
}

const snapshots = new Map<RankPeriod, Snapshot>();
const loading = new Map<RankPeriod, Promise<Snapshot>>();

registerCache({
  name: "study-rank",
  title: "学习排行榜",
  description: `学习排行（周榜、月榜、总榜）每 ${CACHE_MS / 1000} 秒从学习记录重算一次；删除后下次访问立即重算`,
  keys: () => [...snapshots.keys()],
  get: (key) => {
    const s = snapshots.get(key as RankPeriod);
    return s ? { key, value: `${s.totals.length} 名学员上榜，前${TOP_SIZE}名用户ID ${s.top.map((t) => t.userId).join("、")}，计算于 ${new Date(s.at).toISOString()}` } : null;
  },
  delete: (key) => {
    if (key === "*") {
      const n = snapshots.size;
      snapshots.clear();
      return n;
    }
    return snapshots.delete(key as RankPeriod) ? 1 : 0;
  },
});

/** Forgets the computed boards (tests, or after a bulk import of study records). */
export function forgetRankCache() {
  snapshots.clear();
}

/** Every enabled learner with study seconds in the period, as (userId, seconds). */
async function loadTotals(db: DbOrTx, period: RankPeriod, now: number): Promise<{ userId: number; seconds: number }[]> {
  const range = periodRange(period, now);
  if (!range) {
    return db
      .select({ userId: users.id, seconds: users.learnTime })
      .from(users)
      .where(and(eq(users.status, 1), sql`${users.learnTime} > 0`));
  }
  const sums = db
    .select({ userId: userStudyDays.userId, seconds: sql<number>`sum(${userStudyDays.seconds})::int`.as("seconds") })
    .from(userStudyDays)
    .where(and(gte(userStudyDays.day, range.from), lte(userStudyDays.day, range.to)))
    .groupBy(userStudyDays.userId)
    .as("sums");
  return db
    .select({ userId: sums.userId, seconds: sums.seconds })
    .from(sums)
    .innerJoin(users, eq(users.id, sums.userId))
    .where(and(eq(users.status, 1), sql`${sums.seconds} > 0`));
}

async function compute(db: DbOrTx, period: RankPeriod, now: number): Promise<Snapshot> {
  const rows = await loadTotals(db, period, now);
  rows.sort((a, b) => b.seconds - a.seconds || a.userId - b.userId);
  const totals = Int32Array.from(rows, (r) => r.seconds);
  return { db, from: periodRange(period, now)?.from ?? "", at: now, totals, seconds: new Map(rows.map((r) => [r.userId, r.seconds])), top: rows.slice(0, TOP_SIZE) };
}

/** The period's board, computed at most once a minute per process; callers at the same moment share one computation. */
async function snapshot(db: DbOrTx, period: RankPeriod, now = Date.now()): Promise<Snapshot> {
  const hit = snapshots.get(period);
  if (hit && hit.db === db && now - hit.at < CACHE_MS && hit.from === (periodRange(period, now)?.from ?? "")) return hit;
  let pending = loading.get(period);
  if (!pending) {
    pending = compute(db, period, now)
      .then((s) => {
        snapshots.set(period, s);
        return s;
      })
      .finally(() => loading.delete(period));
    loading.set(period, pending);
  }
  const s = await pending;
  // Another database (tests open several in one process) computes its own.
  return s.db === db ? s : compute(db, period, now);
}

/** Learners above a number of seconds in a board sorted highest first: a binary search. */
function countAbove(totals: Int32Array, seconds: number): number {
  let lo = 0;
  let hi = totals.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (totals[mid]! > seconds) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Study hours with one decimal, as the board shows them. */
export const hoursOf = (seconds: number) => Math.floor(seconds / 360) / 10;

/** getFirstTen: the first ten of the board, names masked (first and last character kept). */
export async function firstTen(db: DbOrTx, period: RankPeriod, now = Date.now()) {
  const s = await snapshot(db, period, now);
  if (!s.top.length) return [];
  const people = await db.select({ id: users.id, nick: users.nick, headPic: users.headPic }).from(users).where(inArray(users.id, s.top.map((t) => t.userId)));
  const byId = new Map(people.map((p) => [p.id, p]));
  return s.top.map((t) => ({
    rank: countAbove(s.totals, t.seconds) + 1,
    userId: t.userId,
    nick: maskName(byId.get(t.userId)?.nick ?? ""),
    headPic: byId.get(t.userId)?.headPic ?? "",
    learnTime: t.seconds,
    learnHour: hoursOf(t.seconds),
  }));
}

/** getUserStudyRankByUserId: the learner's own place (1 + learners with more seconds); null without study in the period. */
export async function ownRank(db: DbOrTx, userId: number, period: RankPeriod, now = Date.now()) {
  const s = await snapshot(db, period, now);
  const seconds = s.seconds.get(userId) ?? 0;
  const [me] = await db.select({ nick: users.nick, headPic: users.headPic }).from(users).where(eq(users.id, userId));
  return {
    type: period,
    rank: seconds > 0 ? countAbove(s.totals, seconds) + 1 : null,
    /** How many learners the board ranks. */
    total: s.totals.length,
    userId,
    nick: me?.nick ?? "",
    headPic: me?.headPic ?? "",
    learnTime: seconds,
    learnHour: hoursOf(seconds),
  };
}
