import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveWatchRecords, users } from "@db/schema";
import { pageOffset, paginate } from "@base/paging";
import { watchableLive } from "./room.service";

// Scoreboards of a live: learners, organisations and regions (front liveScore/top, back */score/*).

const NO_ORG = "未填写单位";
const NO_REGION = "未知地区";

export async function userScores(db: DbOrTx, liveId: number, pageNo = 1, pageSize = 20) {
  const where = eq(liveWatchRecords.liveId, liveId);
  const paging = { pageNo, pageSize };
  const page = await paginate(
    paging,
    db.select({ total: sql<number>`count(*)::int` }).from(liveWatchRecords).where(where),
    db
      .select({ userId: liveWatchRecords.userId, nick: users.nick, headPic: users.headPic, score: liveWatchRecords.score, watchSeconds: liveWatchRecords.watchSeconds, interactions: liveWatchRecords.interactions, orgName: liveWatchRecords.orgName, areaName: liveWatchRecords.areaName })
      .from(liveWatchRecords)
      .innerJoin(users, eq(users.id, liveWatchRecords.userId))
      .where(where)
      .orderBy(desc(liveWatchRecords.score), liveWatchRecords.id),
  );
  const first = pageOffset(paging) + 1;
  return { ...page, list: page.list.map((r, i) => ({ rank: first + i, ...r, headPic: r.headPic ?? "", orgName: r.orgName ?? NO_ORG, areaName: r.areaName ?? NO_REGION })) };
}

export async function myScore(db: DbOrTx, liveId: number, userId: number) {
  const [r] = await db.select().from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, liveId), eq(liveWatchRecords.userId, userId)));
  if (!r) return { liveId, score: 0, rank: null as number | null };
  const [{ above }] = (await db.select({ above: sql<number>`count(*)::int` }).from(liveWatchRecords).where(and(eq(liveWatchRecords.liveId, liveId), sql`${liveWatchRecords.score} > ${r.score}`))) as [{ above: number }];
  return { liveId, score: r.score, rank: above + 1 };
}

async function groupScores(db: DbOrTx, liveId: number, by: "org" | "region", limit: number) {
  const key = by === "org" ? sql<string>`coalesce(${liveWatchRecords.orgName}, ${NO_ORG})` : sql<string>`coalesce(${liveWatchRecords.areaName}, ${NO_REGION})`;
  const rows = await db
    .select({ name: key, score: sql<number>`sum(${liveWatchRecords.score})::int`, userNum: sql<number>`count(*)::int` })
    .from(liveWatchRecords)
    .where(eq(liveWatchRecords.liveId, liveId))
    // By position: the bound default name would make the grouped expression differ from the selected one.
    .groupBy(sql`1`)
    .orderBy(desc(sql`sum(${liveWatchRecords.score})`))
    .limit(limit);
  return rows.map((r, i) => ({ rank: i + 1, ...(by === "org" ? { orgName: r.name } : { regionName: r.name }), score: r.score, userNum: r.userNum }));
}
export const orgTop = (db: DbOrTx, liveId: number, limit = 10) => groupScores(db, liveId, "org", limit);
export const regionTop = (db: DbOrTx, liveId: number, limit = 10) => groupScores(db, liveId, "region", limit);

export async function scoreOverview(db: DbOrTx, liveId: number) {
  const [r] = await db
    .select({ userNum: sql<number>`count(*)::int`, totalScore: sql<number>`coalesce(sum(${liveWatchRecords.score}),0)::int`, watchSeconds: sql<number>`coalesce(sum(${liveWatchRecords.watchSeconds}),0)::int`, orgNum: sql<number>`count(distinct ${liveWatchRecords.orgName})::int`, regionNum: sql<number>`count(distinct ${liveWatchRecords.areaName})::int` })
    .from(liveWatchRecords)
    .where(eq(liveWatchRecords.liveId, liveId));
  return { liveId, ...r!, avgScore: r!.userNum ? Math.round((r!.totalScore / r!.userNum) * 10) / 10 : 0 };
}

// The scoreboards name a room's viewers and their units: learners read them where they may watch
// (refused as joining the room is); a live learners cannot see has none.

/** userScores for a learner (userId) or a visitor (null). */
export async function roomUserScores(db: DbOrTx, liveId: number, userId: number | null, pageNo = 1, pageSize = 20) {
  return (await watchableLive(db, liveId, userId)) ? userScores(db, liveId, pageNo, pageSize) : { total: 0, list: [], pageNo, pageSize };
}

/** orgTop or regionTop for a learner (userId) or a visitor (null). */
export async function roomTop(db: DbOrTx, liveId: number, userId: number | null, by: "org" | "region", limit = 10) {
  return (await watchableLive(db, liveId, userId)) ? groupScores(db, liveId, by, limit) : [];
}
