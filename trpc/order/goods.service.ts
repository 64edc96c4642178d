import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courses, GOODS_TYPE, learningPathMembers, learningPathNodes, learningPaths, lives, NODE_CONTENT, liveSeats, userCourses, type GoodsType } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { isPaid } from "@base/price";
import { studyUrlOf } from "./goods-links";
import type { OpenRangeEntry } from "@base/open-range";

/**
 * What an order or a redemption code gives: a course seat (goods type 1), a seat in a sold live (2) or a
 * place on a learning map (4), whose sold courses open with it (docs/decisions/027-commerce.md).
 */
export interface Goods {
  goodsType: GoodsType;
  goodsId: number;
  name: string;
  cover: string;
  /** Cents; 0 for goods that are not sold (free content). */
  price: number;
  originalPrice: number;
  /** Class hours a purchase carries (learning credits). */
  learnHour: number;
  /** Whether it can be bought at all (released and priced). */
  forSale: boolean;
  /** Why sold content is not for sale now (an ended live without a replay); free content needs none. */
  notForSale?: string;
  /** Where the learner goes once it is theirs. */
  jumpUrl: string;
  /** A live's or map's open range (a course keeps its own in course_open_ranges). */
  openRange?: OpenRangeEntry[];
}

export const GOODS_GONE = "商品不存在或已下架";
export const GOODS_TYPES = [GOODS_TYPE.course, GOODS_TYPE.live, GOODS_TYPE.map] as const;
export const goodsTypeName = (t: number) => (t === GOODS_TYPE.course ? "课程" : t === GOODS_TYPE.map ? "学习地图" : t === GOODS_TYPE.live ? "直播" : "商品");

/** The goods as they stand now (name, price from the database, never from the client). */
export async function goodsOf(db: DbOrTx, goodsType: number, goodsId: number): Promise<Goods> {
  if (goodsType === GOODS_TYPE.course) {
    const [c] = await db
      .select()
      .from(courses)
      .where(and(eq(courses.id, goodsId), isNull(courses.deletedAt)))
      .limit(1);
    if (!c || c.status !== COURSE_STATUS.released) throw notFound(GOODS_GONE);
    return {
      goodsType,
      goodsId,
      name: c.name,
      cover: c.coverUrl,
      price: isPaid(c) ? c.price : 0,
      originalPrice: isPaid(c) ? Math.max(c.price, c.scribingPrice) : 0,
      learnHour: c.learnHour,
      forSale: isPaid(c),
      jumpUrl: studyUrlOf(goodsType, goodsId),
    };
  }
  if (goodsType === GOODS_TYPE.map) {
    const [p] = await db
      .select()
      .from(learningPaths)
      .where(and(eq(learningPaths.id, goodsId), isNull(learningPaths.deletedAt)))
      .limit(1);
    if (!p || p.status !== 1) throw notFound(GOODS_GONE);
    const sold = isPaid(p);
    return {
      goodsType,
      goodsId,
      name: p.name,
      cover: p.coverUrl ?? "",
      price: sold ? p.price : 0,
      originalPrice: sold ? Math.max(p.price, p.scribingPrice) : 0,
      learnHour: p.learnHour,
      forSale: sold,
      jumpUrl: studyUrlOf(goodsType, goodsId),
      openRange: p.openRange,
    };
  }
  if (goodsType === GOODS_TYPE.live) {
    const [l] = await db
      .select()
      .from(lives)
      .where(and(eq(lives.id, goodsId), isNull(lives.deletedAt)))
      .limit(1);
    if (!l || l.status !== 1) throw notFound(GOODS_GONE);
    // An ended live without a replay has nothing left to watch: it is no longer sold.
    const sold = isPaid(l) && (l.liveStatus !== 2 || l.isPlayback === 1);
    return {
      goodsType,
      goodsId,
      name: l.name,
      cover: l.coverUrl ?? "",
      price: sold ? l.price : 0,
      originalPrice: sold ? Math.max(l.price, l.scribingPrice) : 0,
      learnHour: l.learnHour,
      forSale: sold,
      ...(isPaid(l) && !sold ? { notForSale: "该直播已结束且没有回放，已停止销售" } : {}),
      jumpUrl: studyUrlOf(goodsType, goodsId),
      openRange: l.openRange,
    };
  }
  throw badInput("不支持的商品类型");
}

/** Whether the learner already has the goods open to them (a paid or free seat, a map place). */
export async function ownsGoods(db: DbOrTx, userId: number, goodsType: number, goodsId: number): Promise<boolean> {
  if (goodsType === GOODS_TYPE.course) {
    const [row] = await db
      .select({ payStatus: userCourses.payStatus })
      .from(userCourses)
      .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, goodsId)))
      .limit(1);
    return row?.payStatus === 1;
  }
  if (goodsType === GOODS_TYPE.map) {
    const [row] = await db
      .select({ id: learningPathMembers.id })
      .from(learningPathMembers)
      .where(and(eq(learningPathMembers.userId, userId), eq(learningPathMembers.pathId, goodsId)))
      .limit(1);
    return !!row;
  }
  if (goodsType === GOODS_TYPE.live) {
    const [row] = await db
      .select({ id: liveSeats.id })
      .from(liveSeats)
      .where(and(eq(liveSeats.userId, userId), eq(liveSeats.liveId, goodsId)))
      .limit(1);
    return !!row;
  }
  return false;
}

/**
 * Opens the goods to the learner inside the caller's transaction (the one that marks the order paid
 * or the code redeemed). A place an admin added awaiting payment becomes paid. Answers whether
 * anything changed: granting twice opens once.
 */
export async function grantGoods(tx: DbOrTx, userId: number, goodsType: number, goodsId: number, source: "order" | "redeem" | "newcomer" | typeof MAP_SEAT): Promise<boolean> {
  if (goodsType === GOODS_TYPE.course) {
    const added = await tx.insert(userCourses).values({ userId, courseId: goodsId, source, payStatus: 1 }).onConflictDoNothing().returning({ id: userCourses.id });
    if (added.length) {
      await tx.update(courses).set({ joinedCount: sql`${courses.joinedCount} + 1` }).where(eq(courses.id, goodsId));
      return true;
    }
    const paid = await tx
      .update(userCourses)
      .set({ payStatus: 1, source })
      .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, goodsId), eq(userCourses.payStatus, 0)))
      .returning({ id: userCourses.id });
    return paid.length > 0;
  }
  if (goodsType === GOODS_TYPE.map) {
    const added = await tx.insert(learningPathMembers).values({ pathId: goodsId, userId, source }).onConflictDoNothing().returning({ id: learningPathMembers.id });
    // A place the learner had joined for free before the map was sold becomes a bought one.
    const upgraded = added.length
      ? added
      : await tx
          .update(learningPathMembers)
          .set({ source })
          .where(and(eq(learningPathMembers.userId, userId), eq(learningPathMembers.pathId, goodsId), inArray(learningPathMembers.source, ["entry", "admin"])))
          .returning({ id: learningPathMembers.id });
    if (upgraded.length && source !== MAP_SEAT) await openMapContent(tx, userId, goodsId);
    return upgraded.length > 0;
  }
  if (goodsType === GOODS_TYPE.live) {
    const added = await tx.insert(liveSeats).values({ liveId: goodsId, userId, source }).onConflictDoNothing().returning({ id: liveSeats.id });
    return added.length > 0;
  }
  throw badInput("不支持的商品类型");
}

/** Takes back what a refunded order gave (the course seat and its progress). */
export async function revokeGoods(tx: DbOrTx, userId: number, goodsType: number, goodsId: number) {
  if (goodsType === GOODS_TYPE.course) {
    const removed = await tx
      .delete(userCourses)
      .where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, goodsId)))
      .returning({ id: userCourses.id });
    if (removed.length) await tx.update(courses).set({ joinedCount: sql`greatest(0, ${courses.joinedCount} - 1)` }).where(eq(courses.id, goodsId));
    return removed.length > 0;
  }
  if (goodsType === GOODS_TYPE.map) {
    const removed = await tx
      .delete(learningPathMembers)
      .where(and(eq(learningPathMembers.userId, userId), eq(learningPathMembers.pathId, goodsId)))
      .returning({ id: learningPathMembers.id });
    // The sold courses and lives the map opened go with it (one bought on its own keeps source order),
    // unless another map the learner bought holds them too.
    const gone = await mapContentIds(tx, [goodsId]);
    const others = await tx
      .select({ pathId: learningPathMembers.pathId })
      .from(learningPathMembers)
      .where(and(eq(learningPathMembers.userId, userId), inArray(learningPathMembers.source, ["order", "redeem"])));
    const kept = await mapContentIds(tx, others.map((o) => o.pathId));
    const courseIds = gone.courseIds.filter((id) => !kept.courseIds.includes(id));
    const liveIds = gone.liveIds.filter((id) => !kept.liveIds.includes(id));
    if (courseIds.length) {
      const seats = await tx.delete(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.source, MAP_SEAT), inArray(userCourses.courseId, courseIds))).returning({ courseId: userCourses.courseId });
      if (seats.length) await tx.update(courses).set({ joinedCount: sql`greatest(0, ${courses.joinedCount} - 1)` }).where(inArray(courses.id, seats.map((r) => r.courseId)));
    }
    if (liveIds.length) await tx.delete(liveSeats).where(and(eq(liveSeats.userId, userId), eq(liveSeats.source, MAP_SEAT), inArray(liveSeats.liveId, liveIds)));
    return removed.length > 0;
  }
  if (goodsType === GOODS_TYPE.live) {
    const removed = await tx
      .delete(liveSeats)
      .where(and(eq(liveSeats.userId, userId), eq(liveSeats.liveId, goodsId)))
      .returning({ id: liveSeats.id });
    return removed.length > 0;
  }
  return false;
}

/**
 * Opens the sold courses and lives of a map's nodes to a learner who bought or redeemed the map (seat
 * source map); free content is joined the ordinary way. Run when the place is bought and again when a
 * node is opened, so content added to the map later opens too.
 */
export async function openMapContent(tx: DbOrTx, userId: number, pathId: number) {
  const { courseIds, liveIds } = await mapContentIds(tx, [pathId]);
  const soldCourses = courseIds.length ? (await tx.select({ id: courses.id, isFree: courses.isFree, price: courses.price }).from(courses).where(inArray(courses.id, courseIds))).filter(isPaid) : [];
  const soldLives = liveIds.length ? (await tx.select({ id: lives.id, isFree: lives.isFree, price: lives.price }).from(lives).where(inArray(lives.id, liveIds))).filter(isPaid) : [];
  for (const c of soldCourses) await grantGoods(tx, userId, GOODS_TYPE.course, c.id, MAP_SEAT);
  for (const l of soldLives) await grantGoods(tx, userId, GOODS_TYPE.live, l.id, MAP_SEAT);
}

/** The courses and lives the nodes of the given maps point at. */
async function mapContentIds(tx: DbOrTx, pathIds: number[]) {
  const nodes = pathIds.length
    ? await tx.select({ type: learningPathNodes.contentType, id: learningPathNodes.contentId }).from(learningPathNodes).where(inArray(learningPathNodes.pathId, pathIds))
    : [];
  const idsOf = (type: number) => [...new Set(nodes.filter((n) => n.type === type && n.id !== null).map((n) => n.id!))];
  return { courseIds: idsOf(NODE_CONTENT.course), liveIds: idsOf(NODE_CONTENT.live) };
}

/** The source of a course or live seat opened by a bought map. */
export const MAP_SEAT = "map";

/** Whether the learner's place on the map was bought or redeemed (so it opens the map's sold courses). */
export const isBoughtPlace = (source: string) => source === "order" || source === "redeem";
