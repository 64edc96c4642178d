import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { COURSE_STATUS, courses, GOODS_TYPE, learningPathMembers, learningPaths, userCourses, type GoodsType } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { isPaid } from "../course/access.service";

/**
 * What an order or a redemption code gives: a course seat (goods type 1) or a place on a learning map
 * (goods type 4). Lives carry no price and no seat of their own, so they are neither sold nor redeemed
 * (docs/decisions/027-commerce.md).
 */
export interface Goods {
  goodsType: GoodsType;
  goodsId: number;
  name: string;
  cover: string;
  /** Cents; 0 for goods that are not sold (a free course, a map). */
  price: number;
  originalPrice: number;
  /** Class hours a purchase carries (learning credits). */
  learnHour: number;
  /** Whether it can be bought at all (released and priced). */
  forSale: boolean;
  /** Where the learner goes once it is theirs. */
  jumpUrl: string;
}

export const GOODS_GONE = "商品不存在或已下架";
export const GOODS_TYPES = [GOODS_TYPE.course, GOODS_TYPE.map] as const;
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
      jumpUrl: `/study/platform?id=${goodsId}`,
    };
  }
  if (goodsType === GOODS_TYPE.map) {
    const [p] = await db
      .select()
      .from(learningPaths)
      .where(and(eq(learningPaths.id, goodsId), isNull(learningPaths.deletedAt)))
      .limit(1);
    if (!p || p.status !== 1) throw notFound(GOODS_GONE);
    return { goodsType, goodsId, name: p.name, cover: p.coverUrl ?? "", price: 0, originalPrice: 0, learnHour: 0, forSale: false, jumpUrl: `/map/detail?id=${goodsId}` };
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
  return false;
}

/**
 * Opens the goods to the learner inside the caller's transaction (the one that marks the order paid
 * or the code redeemed). A place an admin added awaiting payment becomes paid. Answers whether
 * anything changed: granting twice opens once.
 */
export async function grantGoods(tx: DbOrTx, userId: number, goodsType: number, goodsId: number, source: "order" | "redeem"): Promise<boolean> {
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
    return removed.length > 0;
  }
  return false;
}
