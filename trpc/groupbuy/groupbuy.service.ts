import { and, asc, count, eq, gt, inArray, lte, or } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { GOODS_TYPE, GROUP_BUY_OUTCOME, groupBuys, ORDER_STATUS, orders } from "@db/schema";
import { goodsOf, grantGoods } from "../order/goods.service";

export type GroupBuy = typeof groupBuys.$inferSelect;

export const GROUP_BUY_ON = 1;
export const GROUP_BUY_EXPIRED = 2;
export const GROUP_REFUND_REASON = "拼团未成功，系统自动退款";
export const OUTCOME_NAME: Record<number, string> = { 0: "拼团中", 1: "已成团", 2: "未成团" };

/**
 * The group buy that prices the goods now: switched on, started, not ended, not failed. At most one
 * per goods (the back office refuses overlapping ones). A complete group keeps its price until endAt.
 */
export async function activeGroupBuyFor(db: DbOrTx, goodsType: number, goodsId: number, now = new Date()): Promise<GroupBuy | null> {
  if (goodsType !== GOODS_TYPE.course) return null;
  const [g] = await db
    .select()
    .from(groupBuys)
    .where(
      and(
        eq(groupBuys.goodsType, goodsType),
        eq(groupBuys.goodsId, goodsId),
        eq(groupBuys.status, GROUP_BUY_ON),
        lte(groupBuys.startAt, now),
        gt(groupBuys.endAt, now),
        inArray(groupBuys.outcome, [GROUP_BUY_OUTCOME.gathering, GROUP_BUY_OUTCOME.complete]),
      ),
    )
    .orderBy(asc(groupBuys.endAt))
    .limit(1);
  return g ?? null;
}

/** Paid orders of each group buy (the members who joined). */
export async function joinedCounts(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: orders.groupBuyId, n: count() })
    .from(orders)
    .where(and(inArray(orders.groupBuyId, ids), eq(orders.status, ORDER_STATUS.paid)))
    .groupBy(orders.groupBuyId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}
export const joinedCount = async (db: DbOrTx, id: number) => (await joinedCounts(db, [id])).get(id) ?? 0;

/** The preview's group line: what the order page shows under the price. */
export async function groupBuyLine(db: DbOrTx, g: GroupBuy | null) {
  if (!g) return null;
  return { id: g.id, groupPrice: g.groupPrice, minMembers: g.minMembers, joined: await joinedCount(db, g.id), endTime: g.endAt.getTime() };
}

/**
 * A group order was just marked paid, inside applyPayment's transaction. The group's row is locked
 * so payments arriving together count one after another: while gathering the seat waits; the payment
 * that brings the paid orders to minMembers completes the group and opens every member's seat; once
 * complete a new member's seat opens at once. A failed group opens nothing (the sweep refunds it).
 * Answers whether the seat of this order is open.
 */
export async function onGroupOrderPaid(tx: DbOrTx, groupBuyId: number, order: { userId: number; goodsType: number; goodsId: number }) {
  const [g] = await tx.select().from(groupBuys).where(eq(groupBuys.id, groupBuyId)).limit(1).for("update");
  if (!g || g.outcome === GROUP_BUY_OUTCOME.failed) return false;
  if (g.outcome === GROUP_BUY_OUTCOME.complete) {
    await grantGoods(tx, order.userId, order.goodsType, order.goodsId, "order");
    return true;
  }
  const members = await tx
    .select({ userId: orders.userId, goodsType: orders.goodsType, goodsId: orders.goodsId })
    .from(orders)
    .where(and(eq(orders.groupBuyId, g.id), eq(orders.status, ORDER_STATUS.paid)));
  if (members.length < g.minMembers) return false;
  await tx.update(groupBuys).set({ outcome: GROUP_BUY_OUTCOME.complete, settledAt: new Date(), updatedAt: new Date() }).where(eq(groupBuys.id, g.id));
  for (const m of members) await grantGoods(tx, m.userId, m.goodsType, m.goodsId, "order");
  return true;
}

/**
 * Settles one group buy that has ended (endAt passed, or expired by an admin) while still gathering:
 * under the row's lock, enough paid members complete it (seats open), otherwise it fails. Answers the
 * outcome it was left with.
 */
export async function settleGroupBuy(db: DbOrTx, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(groupBuys).where(eq(groupBuys.id, id)).limit(1).for("update");
    if (!g) return null;
    const ended = g.status === GROUP_BUY_EXPIRED || g.endAt <= now;
    if (!ended || g.outcome !== GROUP_BUY_OUTCOME.gathering) return g.outcome;
    const members = await tx
      .select({ userId: orders.userId, goodsType: orders.goodsType, goodsId: orders.goodsId })
      .from(orders)
      .where(and(eq(orders.groupBuyId, g.id), eq(orders.status, ORDER_STATUS.paid)));
    const outcome = members.length >= g.minMembers ? GROUP_BUY_OUTCOME.complete : GROUP_BUY_OUTCOME.failed;
    await tx.update(groupBuys).set({ outcome, settledAt: now, updatedAt: now }).where(eq(groupBuys.id, g.id));
    if (outcome === GROUP_BUY_OUTCOME.complete) for (const m of members) await grantGoods(tx, m.userId, m.goodsType, m.goodsId, "order");
    return outcome;
  });
}

/** What a group order's waiting page says: whether its seat is open yet. */
export async function groupStateOf(db: DbOrTx, groupBuyId: number | null) {
  if (!groupBuyId) return null;
  const [g] = await db.select({ outcome: groupBuys.outcome }).from(groupBuys).where(eq(groupBuys.id, groupBuyId)).limit(1);
  return g ? { groupBuyId, outcome: g.outcome, seatOpen: g.outcome === GROUP_BUY_OUTCOME.complete } : null;
}

// ---- learner calls ----

/** get: the goods' group buy now, with how many have joined and whether the caller is one of them. */
export async function learnerGroupBuy(db: DbOrTx, viewerId: number | null, input: { goodsType: number; goodsId: number }, now = new Date()) {
  const g = await activeGroupBuyFor(db, input.goodsType, input.goodsId, now);
  if (!g) return null;
  const goods = await goodsOf(db, g.goodsType, g.goodsId).catch(() => null);
  if (!goods) return null;
  const joined = await joinedCount(db, g.id);
  let isJoined = 0;
  if (viewerId) {
    const [mine] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.groupBuyId, g.id), eq(orders.userId, viewerId), eq(orders.status, ORDER_STATUS.paid)))
      .limit(1);
    isJoined = mine ? 1 : 0;
  }
  return {
    groupBuyId: g.id,
    name: g.name,
    goodsType: g.goodsType,
    goodsId: g.goodsId,
    goodsName: g.goodsName,
    groupPrice: g.groupPrice,
    originalPrice: goods.price,
    minMembers: g.minMembers,
    joined,
    remaining: Math.max(0, g.minMembers - joined),
    startTime: g.startAt.getTime(),
    endTime: g.endAt.getTime(),
    outcome: g.outcome,
    outcomeName: OUTCOME_NAME[g.outcome] ?? "",
    isJoined,
  };
}

/** calculatePrice: what the goods cost now, from the server's prices. */
export async function calculatePrice(db: DbOrTx, input: { goodsType: number; goodsId: number }, now = new Date()) {
  const goods = await goodsOf(db, input.goodsType, input.goodsId);
  const g = goods.forSale ? await activeGroupBuyFor(db, goods.goodsType, goods.goodsId, now) : null;
  return { price: g ? g.groupPrice : goods.price, originalPrice: goods.price, groupBuyId: g ? g.id : null };
}
