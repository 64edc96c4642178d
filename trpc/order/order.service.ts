import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import QRCode from "qrcode";
import type { DbOrTx } from "@db/client";
import { GOODS_TYPE, invoices, ORDER_STATUS, orders } from "@db/schema";
import { env } from "@base/env.server";
import { AppError, fail, LegacyCode, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { isCourseOpenTo, NO_OPEN } from "../course/access.service";
import { mediaUrl } from "../course/view";
import { goodsOf, goodsTypeName, ownsGoods, type Goods } from "./goods.service";
import { isOpenTo, userScope } from "../org/membership";
import { activeGroupBuyFor, groupBuyLine, groupStateOf } from "../groupbuy/groupbuy.service";
import { newTradeNo, reconcile, type Order } from "./payment.service";
import { activeProvider, providerNamed } from "./providers";
import { providerLabel } from "./providers/provider";
import { studyUrlOf } from "./goods-links";
import { registerCache } from "@base/cache-registry";

export interface Viewer {
  id: number;
}

export const ORDER_GONE = "订单不存在";
export const ORDER_STATUS_NAME: Record<number, string> = { 0: "待支付", 1: "已支付", 2: "已取消", 3: "已关闭", 4: "已退款" };
export const INVOICE_STATUS_NAME: Record<number, string> = { [-1]: "未申请", 0: "开票中", 1: "已开票", 2: "已拒绝" };
export const ALREADY_BOUGHT = "您已拥有该内容，无需重复购买，去学习吧";
export const NOT_FOR_SALE = "该内容无需购买，可直接加入学习";

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

/** An order as learners' pages and old clients read it. Money in cents. */
export function orderView(o: Order, invoice?: { status: number } | null, now = Date.now()) {
  return {
    orderId: o.id,
    tradeNo: o.tradeNo,
    goodsType: o.goodsType,
    goodsId: o.goodsId,
    goodsName: o.goodsName,
    goodsImg: mediaUrl(o.goodsCover),
    learnHour: o.learnHour,
    price: o.originalPrice,
    payAmount: o.payAmount,
    status: o.status,
    statusName: ORDER_STATUS_NAME[o.status] ?? "",
    isInvoice: o.wantInvoice,
    invoiceStatus: invoice ? invoice.status : -1,
    invoiceStatusName: INVOICE_STATUS_NAME[invoice ? invoice.status : -1],
    payType: o.provider ?? "",
    payTypeName: providerLabel(o.provider),
    createTime: o.createdAt.getTime(),
    payTime: ms(o.paidAt),
    expireTime: o.expiresAt.getTime(),
    remainSeconds: o.status === ORDER_STATUS.unpaid ? Math.max(0, Math.ceil((o.expiresAt.getTime() - now) / 1000)) : 0,
    closeTime: ms(o.closedAt),
    closeReason: o.closeReason ?? "",
    refundTime: ms(o.refundedAt),
    refundReason: o.refundReason ?? "",
    jumpUrl: studyUrlOf(o.goodsType, o.goodsId),
    /** The group buy the order joined, or null. */
    groupBuyId: o.groupBuyId ?? null,
  };
}

/** The learner's own order; another learner's answers as if it did not exist. */
export async function ownOrder(db: DbOrTx, viewer: Viewer, tradeNo: string) {
  const [o] = await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1);
  if (!o || o.userId !== viewer.id) throw notFound(ORDER_GONE);
  return o;
}

/** Why the learner may not buy these goods, or null. */
async function buyRefusal(db: DbOrTx, viewer: Viewer, goods: Goods) {
  if (await ownsGoods(db, viewer.id, goods.goodsType, goods.goodsId)) return new AppError(LegacyCode.alreadyJoined, ALREADY_BOUGHT);
  if (!goods.forSale) return fail(goods.notForSale ?? NOT_FOR_SALE);
  if (goods.goodsType === GOODS_TYPE.course && !(await isCourseOpenTo(db, goods.goodsId, viewer.id))) return new AppError(LegacyCode.noOpenPermission, NO_OPEN);
  if (goods.openRange && !isOpenTo(goods.openRange, await userScope(db, viewer.id))) return new AppError(LegacyCode.noOpenPermission, `该${goodsTypeName(goods.goodsType)}未对您开放，无法购买`);
  return null;
}

/** The order page's preview (preCreateOrder): what is bought and for how much, from the server's prices. */
export async function preCreateOrder(db: DbOrTx, viewer: Viewer, input: { goodsType: number; goodsId: number }) {
  const goods = await goodsOf(db, input.goodsType, input.goodsId);
  const refusal = await buyRefusal(db, viewer, goods);
  if (refusal) throw refusal;
  const open = await openOrderOf(db, viewer.id, goods.goodsType, goods.goodsId);
  const group = await activeGroupBuyFor(db, goods.goodsType, goods.goodsId, new Date());
  const payAmount = group ? group.groupPrice : goods.price;
  return {
    goodsType: goods.goodsType,
    goodsId: goods.goodsId,
    goodsName: goods.name,
    goodsImg: mediaUrl(goods.cover),
    learnHour: goods.learnHour,
    price: goods.originalPrice,
    payAmount,
    discount: goods.originalPrice - payAmount,
    payMinutes: env().ORDER_PAY_MINUTES,
    /** An unpaid order of the same goods still open at its price: 提交订单 resumes it. */
    tradeNo: open && open.expiresAt.getTime() > Date.now() && !(await groupPriceEnded(db, open, new Date())) ? open.tradeNo : null,
    /** The group buy pricing it now, or null. */
    groupBuy: await groupBuyLine(db, group),
  };
}

async function openOrderOf(db: DbOrTx, userId: number, goodsType: number, goodsId: number) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.goodsType, goodsType), eq(orders.goodsId, goodsId), eq(orders.status, ORDER_STATUS.unpaid)))
    .limit(1);
  return o ?? null;
}

/** Closes one unpaid order whose time is up (the sweep does the same for all of them). */
async function closeIfExpired(db: DbOrTx, o: Order, now: Date) {
  if (o.status !== ORDER_STATUS.unpaid || o.expiresAt > now) return o;
  if (await reconcile(db, o)) return (await db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
  await providerNamed(o.provider)
    ?.close(o.tradeNo)
    .catch(() => {});
  const [closed] = await db
    .update(orders)
    .set({ status: ORDER_STATUS.closed, closedAt: now, closeReason: "超时未支付，订单已关闭", payUrl: null })
    .where(and(eq(orders.id, o.id), eq(orders.status, ORDER_STATUS.unpaid)))
    .returning();
  return closed ?? (await db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
}

export const GROUP_ORDER_CLOSED = "拼团已结束，订单已关闭";

/**
 * Whether an order made at a group price can no longer keep it: its group is not the one pricing the
 * goods now (ended, expired by an admin, failed, or complete and past its end).
 */
async function groupPriceEnded(db: DbOrTx, o: Order, now: Date) {
  if (!o.groupBuyId) return false;
  const current = await activeGroupBuyFor(db, o.goodsType, o.goodsId, now);
  return current?.id !== o.groupBuyId;
}

/** A new unpaid order at the price the goods have now (a running group buy's, or the course's). */
async function insertOrder(db: DbOrTx, viewer: Viewer, goods: Goods, wantInvoice: number, now: Date) {
  const group = await activeGroupBuyFor(db, goods.goodsType, goods.goodsId, now);
  const [created] = await db
    .insert(orders)
    .values({
      tradeNo: newTradeNo(now),
      userId: viewer.id,
      goodsType: goods.goodsType,
      goodsId: goods.goodsId,
      goodsName: goods.name,
      goodsCover: goods.cover,
      learnHour: goods.learnHour,
      originalPrice: goods.originalPrice,
      payAmount: group ? group.groupPrice : goods.price,
      groupBuyId: group?.id ?? null,
      wantInvoice,
      expiresAt: new Date(now.getTime() + env().ORDER_PAY_MINUTES * 60_000),
    })
    .onConflictDoNothing()
    .returning();
  // Two clicks at once: the other one's order is the open one.
  const order = created ?? (await openOrderOf(db, viewer.id, goods.goodsType, goods.goodsId));
  if (!order) throw fail("下单失败，请重试");
  return order;
}

/**
 * An open order whose group price has ended is closed and replaced by a fresh one at today's price, in
 * one transaction (the partial unique index allows one open order per learner and goods). A payment
 * already made for it is taken in instead.
 */
async function replaceGroupOrder(db: DbOrTx, viewer: Viewer, o: Order, goods: Goods, wantInvoice: number, now: Date) {
  if (await reconcile(db, o)) throw new AppError(LegacyCode.alreadyJoined, ALREADY_BOUGHT);
  await providerNamed(o.provider)
    ?.close(o.tradeNo)
    .catch(() => {});
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.closed, closedAt: now, closeReason: GROUP_ORDER_CLOSED, payUrl: null })
      .where(and(eq(orders.id, o.id), eq(orders.status, ORDER_STATUS.unpaid)))
      .returning({ id: orders.id });
    if (!closed.length) {
      // Another tab replaced it a moment ago: that order is the open one.
      const fresh = await openOrderOf(tx, viewer.id, goods.goodsType, goods.goodsId);
      if (fresh && !(await groupPriceEnded(tx, fresh, now))) return fresh;
      throw fail("订单状态已变化，请刷新后查看");
    }
    return insertOrder(tx, viewer, goods, wantInvoice || o.wantInvoice, now);
  });
}

/**
 * 提交订单 (getTradeNo): creates the order at the server's price, or resumes the learner's open order
 * of the same goods (one open order per learner and goods, by a unique index), and starts the payment
 * with the active provider. Answers the trade number and what the payment QR code shows. An open order
 * whose group buy is over is closed and a new one made at today's price (another trade number).
 */
export async function createTrade(db: DbOrTx, viewer: Viewer, input: { goodsType: number; goodsId?: number; tradeNo?: string; wantInvoice: 0 | 1 }, origin: string, now = new Date()) {
  const provider = activeProvider();
  let order: Order;
  if (input.tradeNo) {
    order = await closeIfExpired(db, await ownOrder(db, viewer, input.tradeNo), now);
    if (order.status === ORDER_STATUS.paid) throw new AppError(LegacyCode.alreadyJoined, ALREADY_BOUGHT);
    if (order.status !== ORDER_STATUS.unpaid) throw fail("订单已关闭，请重新下单");
    if (await groupPriceEnded(db, order, now)) {
      const goods = await goodsOf(db, order.goodsType, order.goodsId);
      const refusal = await buyRefusal(db, viewer, goods);
      if (refusal) throw refusal;
      order = await replaceGroupOrder(db, viewer, order, goods, input.wantInvoice, now);
    }
  } else {
    const goods = await goodsOf(db, input.goodsType, input.goodsId!);
    const refusal = await buyRefusal(db, viewer, goods);
    if (refusal) throw refusal;
    const open = await openOrderOf(db, viewer.id, goods.goodsType, goods.goodsId);
    const resumed = open ? await closeIfExpired(db, open, now) : null;
    if (resumed?.status === ORDER_STATUS.paid) throw new AppError(LegacyCode.alreadyJoined, ALREADY_BOUGHT);
    if (resumed?.status === ORDER_STATUS.unpaid) {
      order = (await groupPriceEnded(db, resumed, now)) ? await replaceGroupOrder(db, viewer, resumed, goods, input.wantInvoice, now) : resumed;
    } else order = await insertOrder(db, viewer, goods, input.wantInvoice, now);
  }
  if (input.wantInvoice && !order.wantInvoice) [order] = await db.update(orders).set({ wantInvoice: 1 }).where(eq(orders.id, order.id)).returning();
  if (!order!.payUrl || order!.provider !== provider.name) {
    const { payUrl } = await provider.createPayment({ tradeNo: order!.tradeNo, payAmount: order!.payAmount, goodsName: order!.goodsName, expiresAt: order!.expiresAt }, origin);
    [order] = await db.update(orders).set({ payUrl, provider: provider.name }).where(eq(orders.id, order!.id)).returning();
  }
  return { ...orderView(order!, null, now.getTime()), payUrl: order!.payUrl!, qrCode: await QRCode.toDataURL(order!.payUrl!, { margin: 1, width: 240 }) };
}

/** Provider queries from polling, at most one per trade every few seconds. */
const lastQuery = new Map<string, number>();
const QUERY_EVERY_MS = 3_000;
registerCache({
  name: "order-provider-queries",
  title: "订单支付查询节流",
  description: `等待支付页轮询时，每笔订单向支付渠道查询的最近时间（${QUERY_EVERY_MS / 1000} 秒内只查一次）；删除后下次轮询立即查询`,
  keys: () => [...lastQuery.keys()],
  get: (key) => (lastQuery.has(key) ? { key, value: { lastQueryAt: lastQuery.get(key) } } : null),
  delete: (key) => {
    if (key === "*") {
      const n = lastQuery.size;
      lastQuery.clear();
      return n;
    }
    return lastQuery.delete(key) ? 1 : 0;
  },
});

/**
 * The waiting page's poll (getOrderStatus): the order's state; an unpaid one is checked with the
 * provider now and then (a lost notification still opens the course), and closed once its time is up.
 */
export async function orderStatus(db: DbOrTx, viewer: Viewer, tradeNo: string, now = new Date()) {
  let o = await ownOrder(db, viewer, tradeNo);
  if (o.status === ORDER_STATUS.unpaid && o.provider && o.provider !== "sandbox") {
    const last = lastQuery.get(o.tradeNo) ?? 0;
    if (now.getTime() - last >= QUERY_EVERY_MS) {
      lastQuery.set(o.tradeNo, now.getTime());
      if (lastQuery.size > 10_000) lastQuery.clear();
      if (await reconcile(db, o)) o = await ownOrder(db, viewer, tradeNo);
    }
  }
  o = await closeIfExpired(db, o, now);
  const view = orderView(o, null, now.getTime());
  // A group order: whether the group completed and the seat is open (支付成功，成团后自动开通 until then).
  const groupBuy = await groupStateOf(db, o.groupBuyId);
  return { tradeNo: o.tradeNo, status: o.status, statusName: view.statusName, isPay: o.status === ORDER_STATUS.paid ? 1 : 0, payTime: view.payTime, remainSeconds: view.remainSeconds, jumpUrl: view.jumpUrl, groupBuy };
}

/** The learner cancels an unpaid order (closed at the provider first, so it cannot be paid after). */
export async function cancelOrder(db: DbOrTx, viewer: Viewer, tradeNo: string, now = new Date()) {
  const o = await ownOrder(db, viewer, tradeNo);
  if (o.status !== ORDER_STATUS.unpaid) throw fail("只有待支付的订单可以取消");
  await providerNamed(o.provider)
    ?.close(o.tradeNo)
    .catch(() => {});
  const [done] = await db
    .update(orders)
    .set({ status: ORDER_STATUS.cancelled, closedAt: now, closeReason: "用户取消订单", payUrl: null })
    .where(and(eq(orders.id, o.id), eq(orders.status, ORDER_STATUS.unpaid)))
    .returning();
  if (!done) throw fail("订单状态已变化，请刷新后查看");
  return orderView(done, null, now.getTime());
}

async function invoicesOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, { status: number }>();
  const rows = await db.select({ orderId: invoices.orderId, status: invoices.status }).from(invoices).where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** One order with its invoice state (getOrderInfoByTradeNo). */
export async function orderDetail(db: DbOrTx, viewer: Viewer, tradeNo: string) {
  const o = await ownOrder(db, viewer, tradeNo);
  const inv = (await invoicesOf(db, [o.id])).get(o.id);
  return orderView(o, inv);
}

/** 我的订单 (getOrderInfoByUserId): the learner's orders, newest first; tab 2 holds cancelled and closed ones. */
export async function myOrders(db: DbOrTx, viewer: Viewer, input: { status?: number; pageNo: number; pageSize: number }) {
  const conds: SQL[] = [eq(orders.userId, viewer.id)];
  if (input.status === ORDER_STATUS.cancelled || input.status === ORDER_STATUS.closed) conds.push(inArray(orders.status, [ORDER_STATUS.cancelled, ORDER_STATUS.closed]));
  else if (input.status !== undefined) conds.push(eq(orders.status, input.status));
  const where = and(...conds);
  const page = await paginate(input, db.select({ total: count() }).from(orders).where(where), db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)));
  const inv = await invoicesOf(db, page.list.map((o) => o.id));
  return { ...page, list: page.list.map((o) => orderView(o, inv.get(o.id))) };
}

/** showRefundOrder: the learner's refunded orders. */
export async function refundedOrders(db: DbOrTx, viewer: Viewer) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, viewer.id), eq(orders.status, ORDER_STATUS.refunded)))
    .orderBy(desc(orders.refundedAt));
  return rows.map((o) => orderView(o));
}

/** Whether the learner has bought anything (isPurchaser: the learning-credits menu). */
export async function isPurchaser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.paid)))
    .limit(1);
  return !!row;
}

export const PAY_AGREEMENT = {
  title: "财云学院用户购买协议",
  content: [
    "一、您在财云学院购买的课程等学习内容，仅限本人账号学习使用，不得转让、转售或与他人共享账号。",
    "二、订单提交后请在规定时间内完成支付，超时未支付的订单将自动关闭，关闭后可重新下单。",
    "三、支付成功后，所购内容即时开通，可在“我的学习”中查看；如遇开通延迟，请在“我的订单”中刷新或联系客服。",
    "四、如需开具发票，请在订单支付后于“我的订单”中申请电子发票，发票内容为“培训费”，开具后可在订单中下载。",
    "五、已开通的学习内容原则上不予退款；因平台原因无法学习的，平台核实后原路退款，退款后相应内容的学习权限同时收回。",
    "六、使用兑换码获得的内容不支持退款或折现。",
    "七、本协议未尽事宜，按照国家相关法律法规及平台公布的规则执行。",
  ].join("\n"),
};
