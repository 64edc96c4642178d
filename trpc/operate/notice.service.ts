import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { noticeLikes, notices } from "@db/schema";
import { notFound } from "@base/errors";
import { formatCount } from "@base/format";
import { paginate } from "@base/paging";
import { findSite } from "../site/site.service";
import { liveWindow } from "./content.service";

// The platform notices of the home page as learners read them: notice/list (paged), one notice, and a like
// per learner and notice (operate_notice_likes; the comment domain's likes belong to course comments).

export const NOTICE_GONE = "公告不存在或已下线";
const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

async function scope(db: DbOrTx, pathName: string) {
  const site = pathName ? await findSite(db, pathName) : null;
  return site ? eq(notices.siteId, site.id) : isNull(notices.siteId);
}

async function likesOf(db: DbOrTx, ids: number[], viewerId: number | null) {
  if (!ids.length) return { counts: new Map<number, number>(), mine: new Set<number>() };
  const [counted, mine] = await Promise.all([
    db.select({ id: noticeLikes.noticeId, n: count() }).from(noticeLikes).where(inArray(noticeLikes.noticeId, ids)).groupBy(noticeLikes.noticeId),
    viewerId ? db.select({ id: noticeLikes.noticeId }).from(noticeLikes).where(and(inArray(noticeLikes.noticeId, ids), eq(noticeLikes.userId, viewerId))) : Promise.resolve([]),
  ]);
  return { counts: new Map(counted.map((r) => [r.id, Number(r.n)])), mine: new Set(mine.map((r) => r.id)) };
}

function view(n: typeof notices.$inferSelect, likes: Awaited<ReturnType<typeof likesOf>>) {
  const praiseCount = likes.counts.get(n.id) ?? 0;
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    linkUrl: n.linkUrl,
    startTime: ms(n.startTime ?? n.createdAt),
    endTime: ms(n.endTime),
    praiseCount,
    /** The count as pages show it (x.xw above 10,000, 10w+ above 100,000). */
    praiseCountText: formatCount(praiseCount),
    isPraise: likes.mine.has(n.id) ? 1 : 0,
  };
}
export type LearnerNotice = ReturnType<typeof view>;

/** notice/list: the notices on show for the site, in the operator's order. */
export async function pageLearnerNotices(db: DbOrTx, viewerId: number | null, input: { pathName: string; pageNo: number; pageSize: number }, now = new Date()) {
  const where = and(liveWindow(notices, now), await scope(db, input.pathName));
  const page = await paginate(input, db.select({ total: count() }).from(notices).where(where), db.select().from(notices).where(where).orderBy(asc(notices.sort), asc(notices.id)));
  const likes = await likesOf(db, page.list.map((n) => n.id), viewerId);
  return { ...page, list: page.list.map((n) => view(n, likes)) };
}

async function shownNotice(db: DbOrTx, id: number, now: Date) {
  const [n] = await db.select().from(notices).where(and(eq(notices.id, id), liveWindow(notices, now))).limit(1);
  if (!n) throw notFound(NOTICE_GONE);
  return n;
}

/** One notice on show. */
export async function learnerNotice(db: DbOrTx, viewerId: number | null, id: number, now = new Date()) {
  const n = await shownNotice(db, id, now);
  return view(n, await likesOf(db, [id], viewerId));
}

/** One like per learner: status 1 likes, 0 takes it back; repeating either changes nothing. */
export async function praiseNotice(db: DbOrTx, userId: number, input: { id: number; status: 0 | 1 }, now = new Date()) {
  await shownNotice(db, input.id, now);
  const mine = and(eq(noticeLikes.noticeId, input.id), eq(noticeLikes.userId, userId));
  if (input.status === 1) await db.insert(noticeLikes).values({ noticeId: input.id, userId }).onConflictDoNothing();
  else await db.delete(noticeLikes).where(mine);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(noticeLikes).where(eq(noticeLikes.noticeId, input.id));
  const praiseCount = Number(c?.n ?? 0);
  return { id: input.id, isPraise: input.status, praiseCount, praiseCountText: formatCount(praiseCount) };
}
