import { and, count, desc, eq, gt, ilike, inArray, isNull, lt, ne, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { courses, GOODS_TYPE, GROUP_BUY_OUTCOME, groupBuys, ORDER_STATUS, orders } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { goodsOf } from "../order/goods.service";
import { GROUP_BUY_EXPIRED, GROUP_BUY_ON, joinedCounts, OUTCOME_NAME, settleGroupBuy, type GroupBuy } from "./groupbuy.service";
import type { CreateInput, SearchInput, UpdateInput } from "./schemas";

export const GROUP_BUY_GONE = "拼团不存在";
export const OVERLAPPING = "该课程在所选时间内已有进行中的拼团，请先作废原拼团或调整时间";
export const JOINED_LOCKED = "已有学员参团，只能修改拼团名称或延长结束时间";

/** The state an admin reads: 已作废, 未开始, 进行中, 已结束. */
export function stateName(g: GroupBuy, now = new Date()) {
  if (g.status === GROUP_BUY_EXPIRED) return "已作废";
  if (g.startAt > now) return "未开始";
  if (g.endAt > now) return "进行中";
  return "已结束";
}

function view(g: GroupBuy, joined: number, now = new Date()) {
  return {
    id: g.id,
    groupBuyId: g.id,
    name: g.name,
    goodsType: g.goodsType,
    goodsId: g.goodsId,
    goodsName: g.goodsName,
    groupPrice: g.groupPrice,
    minMembers: g.minMembers,
    joined,
    startTime: g.startAt.getTime(),
    endTime: g.endAt.getTime(),
    status: g.status,
    statusName: stateName(g, now),
    outcome: g.outcome,
    outcomeName: OUTCOME_NAME[g.outcome] ?? "",
    settleTime: g.settledAt ? g.settledAt.getTime() : null,
    createTime: g.createdAt.getTime(),
  };
}

/** The course on offer: a released paid course, priced above the group price. Answers its name. */
async function checkGoods(db: DbOrTx, input: { goodsType: number; goodsId: number; groupPrice: number }) {
  const goods = await goodsOf(db, input.goodsType, input.goodsId);
  if (!goods.forSale) throw fail("只有付费课程可以发起拼团");
  if (input.groupPrice >= goods.price) throw fail(`拼团价须低于课程售价（${(goods.price / 100).toFixed(2)}元）`);
  return goods;
}

/**
 * Refuses a window overlapping another group buy of the same goods that is switched on and not yet
 * over. Runs under a lock on the course row so two admins saving at once cannot both pass.
 */
async function refuseOverlap(tx: DbOrTx, input: { goodsType: number; goodsId: number; startTime: number; endTime: number }, now: Date, exceptId?: number) {
  if (input.goodsType === GOODS_TYPE.course) await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.goodsId)).for("update");
  const conds: SQL[] = [
    eq(groupBuys.goodsType, input.goodsType),
    eq(groupBuys.goodsId, input.goodsId),
    eq(groupBuys.status, GROUP_BUY_ON),
    gt(groupBuys.endAt, now),
    lt(groupBuys.startAt, new Date(input.endTime)),
    gt(groupBuys.endAt, new Date(input.startTime)),
  ];
  if (exceptId) conds.push(ne(groupBuys.id, exceptId));
  const [other] = await tx.select({ id: groupBuys.id }).from(groupBuys).where(and(...conds)).limit(1);
  if (other) throw fail(OVERLAPPING);
}

export async function createGroupBuy(db: DbOrTx, adminId: number, input: CreateInput, now = new Date()) {
  if (input.endTime <= now.getTime()) throw fail("结束时间须晚于当前时间");
  return db.transaction(async (tx) => {
    const goods = await checkGoods(tx, input);
    await refuseOverlap(tx, input, now);
    const [g] = await tx
      .insert(groupBuys)
      .values({
        name: input.name,
        goodsType: input.goodsType,
        goodsId: input.goodsId,
        goodsName: goods.name.slice(0, 100),
        groupPrice: input.groupPrice,
        minMembers: input.minMembers,
        startAt: new Date(input.startTime),
        endAt: new Date(input.endTime),
        createdBy: adminId,
      })
      .returning();
    return view(g!, 0, now);
  });
}

/** Orders that joined the group (paid or still being paid): they fix its price and size. */
async function hasJoiners(db: DbOrTx, id: number) {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.groupBuyId, id), inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paid, ORDER_STATUS.refunded])))
    .limit(1);
  return !!o;
}

/**
 * update: everything while nobody has joined; afterwards only the name and a later end time, so the
 * terms the members bought on stay as they were. An expired or settled group buy is not edited.
 */
export async function updateGroupBuy(db: DbOrTx, input: UpdateInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(groupBuys).where(eq(groupBuys.id, input.id)).limit(1).for("update");
    if (!g) throw notFound(GROUP_BUY_GONE);
    if (g.status === GROUP_BUY_EXPIRED) throw fail("拼团已作废，不能修改");
    if (g.outcome !== GROUP_BUY_OUTCOME.gathering && g.outcome !== GROUP_BUY_OUTCOME.complete) throw fail("拼团已结束，不能修改");
    if (g.endAt <= now) throw fail("拼团已结束，不能修改");
    if (input.endTime <= now.getTime()) throw fail("结束时间须晚于当前时间");
    if (await hasJoiners(tx, g.id)) {
      const same = input.goodsId === g.goodsId && input.groupPrice === g.groupPrice && input.minMembers === g.minMembers && input.startTime === g.startAt.getTime();
      if (!same || input.endTime < g.endAt.getTime()) throw fail(JOINED_LOCKED);
    } else await checkGoods(tx, input);
    await refuseOverlap(tx, input, now, g.id);
    const goodsName = input.goodsId === g.goodsId ? g.goodsName : (await goodsOf(tx, input.goodsType, input.goodsId)).name.slice(0, 100);
    const [saved] = await tx
      .update(groupBuys)
      .set({
        name: input.name,
        goodsId: input.goodsId,
        goodsName,
        groupPrice: input.groupPrice,
        minMembers: input.minMembers,
        startAt: new Date(input.startTime),
        endAt: new Date(input.endTime),
        updatedAt: now,
      })
      .where(eq(groupBuys.id, g.id))
      .returning();
    return view(saved!, (await joinedCounts(tx, [g.id])).get(g.id) ?? 0, now);
  });
}

/**
 * expire (作废): the group buy stops pricing orders at once; a group still gathering fails now and its
 * paid orders are refunded by the sweep (at most a minute later).
 */
export async function expireGroupBuy(db: DbOrTx, id: number, now = new Date()) {
  const [g] = await db.select().from(groupBuys).where(eq(groupBuys.id, id)).limit(1);
  if (!g) throw notFound(GROUP_BUY_GONE);
  if (g.status !== GROUP_BUY_EXPIRED) await db.update(groupBuys).set({ status: GROUP_BUY_EXPIRED, updatedAt: now }).where(and(eq(groupBuys.id, id), eq(groupBuys.status, GROUP_BUY_ON)));
  await settleGroupBuy(db, id, now);
  return getGroupBuy(db, id, now);
}

export async function getGroupBuy(db: DbOrTx, id: number, now = new Date()) {
  const [g] = await db.select().from(groupBuys).where(eq(groupBuys.id, id)).limit(1);
  if (!g) throw notFound(GROUP_BUY_GONE);
  const [c] = await db.select({ price: courses.price }).from(courses).where(and(eq(courses.id, g.goodsId), isNull(courses.deletedAt))).limit(1);
  return { ...view(g, (await joinedCounts(db, [g.id])).get(g.id) ?? 0, now), originalPrice: c?.price ?? null };
}

export async function searchGroupBuys(db: DbOrTx, input: SearchInput, now = new Date()) {
  const conds: SQL[] = [];
  if (input.name) conds.push(ilike(groupBuys.name, likePattern(input.name)));
  if (input.goodsName) conds.push(ilike(groupBuys.goodsName, likePattern(input.goodsName)));
  if (input.status) conds.push(eq(groupBuys.status, input.status));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(input, db.select({ total: count() }).from(groupBuys).where(where), db.select().from(groupBuys).where(where).orderBy(desc(groupBuys.createdAt), desc(groupBuys.id)));
  const joined = await joinedCounts(db, page.list.map((g) => g.id));
  return { ...page, list: page.list.map((g) => view(g, joined.get(g.id) ?? 0, now)) };
}
