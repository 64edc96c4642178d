import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { ORDER_STATUS, orders, paymentNotifications, users } from "@db/schema";
import { chinaDateKey } from "@base/china-time";
import { fail, notFound } from "@base/errors";
import { sendToUsers } from "../message/message.service";
import { grantGoods, revokeGoods } from "./goods.service";
import { onGroupOrderPaid } from "../groupbuy/groupbuy.service";
import { providerNamed } from "./providers";
import { NotificationRefused, type IncomingNotification, type PaymentProvider, type ProviderPayment } from "./providers/provider";

export type Order = typeof orders.$inferSelect;
export type PaymentOutcome = "applied" | "replayed" | "ignored" | "refused";

/** CY + China-time date and time to the second + 6 random digits: 22 characters, sortable by time. */
export function newTradeNo(now = new Date()) {
  const china = new Date(now.getTime() + 8 * 3600_000).toISOString();
  const clock = china.slice(11, 19).replace(/:/g, "");
  return `CY${chinaDateKey(now)}${clock}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/** Orders the money of a payment opens: unpaid, or closed/cancelled while the learner was paying. */
const PAYABLE = [ORDER_STATUS.unpaid, ORDER_STATUS.cancelled, ORDER_STATUS.closed];

/**
 * Takes a payment in exactly once, whoever reports it first (the provider's notification, the
 * learner's polling, the sweep's reconciliation) and however often. In one transaction:
 * the payment's row keyed by the provider's transaction id (a replay finds it and changes nothing),
 * the amount against the order, the order moved to paid by a conditional update, the seat granted.
 */
export async function applyPayment(db: DbOrTx, provider: string, payment: ProviderPayment, payload: unknown): Promise<{ outcome: PaymentOutcome; reason?: string }> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentNotifications)
      .values({ provider, notifyId: payment.providerTradeNo, tradeNo: payment.tradeNo.slice(0, 32), amount: payment.amount, outcome: "applied", payload: payload ?? {} })
      .onConflictDoNothing()
      .returning({ id: paymentNotifications.id });
    if (!recorded.length) return { outcome: "replayed" as const };
    const settle = async (outcome: PaymentOutcome, reason?: string) => {
      await tx.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, recorded[0]!.id));
      return reason ? { outcome, reason } : { outcome };
    };
    const [order] = await tx.select().from(orders).where(eq(orders.tradeNo, payment.tradeNo)).limit(1);
    if (!order) return settle("refused", "订单不存在");
    if (payment.amount !== order.payAmount) return settle("refused", "支付金额与订单金额不符");
    const paid = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.paid, paidAt: payment.paidAt, provider, providerTradeNo: payment.providerTradeNo, payUrl: null, closedAt: null, closeReason: null })
      .where(and(eq(orders.id, order.id), inArray(orders.status, PAYABLE)))
      .returning({ id: orders.id });
    if (!paid.length) return settle("ignored", "订单已支付或已退款");
    // A group order's seat waits for the group to complete (docs/decisions/029-group-buys.md).
    if (order.groupBuyId) await onGroupOrderPaid(tx, order.groupBuyId, order);
    else await grantGoods(tx, order.userId, order.goodsType, order.goodsId, "order");
    // A purchaser sees the learning-credits menu from now on.
    await tx.update(users).set({ isPurchaser: 1 }).where(and(eq(users.id, order.userId), eq(users.isPurchaser, 0)));
    return settle("applied");
  });
}

/** A notification from a provider's server: verified by the provider, then applied as above. */
export async function receiveNotification(db: DbOrTx, providerName: string, notification: IncomingNotification) {
  const provider = providerNamed(providerName);
  if (!provider) return { ok: false, outcome: "refused" as const, reason: "未知的支付渠道", provider: null };
  let payment: ProviderPayment;
  try {
    payment = await provider.parseNotification(notification);
  } catch (e) {
    const reason = e instanceof NotificationRefused ? e.message : "通知校验失败";
    return { ok: false, outcome: "refused" as const, reason, provider };
  }
  let body: unknown = notification.body;
  try {
    body = JSON.parse(notification.body);
  } catch {}
  const result = await applyPayment(db, provider.name, payment, { body });
  // A replayed or already-applied notification is answered as received, so the provider stops sending it.
  return { ok: result.outcome !== "refused", ...result, provider };
}

/** Asks the order's provider whether it was paid and takes the payment in when it was. */
export async function reconcile(db: DbOrTx, order: Order): Promise<boolean> {
  const provider = providerNamed(order.provider);
  if (!provider || order.status === ORDER_STATUS.paid) return order.status === ORDER_STATUS.paid;
  const payment = await provider.query(order.tradeNo).catch(() => null);
  if (!payment) return false;
  const result = await applyPayment(db, provider.name, payment, { query: true });
  return result.outcome === "applied" || result.outcome === "replayed";
}

/**
 * Closes unpaid orders past their time, asking the provider first: one paid meanwhile is taken in
 * instead (reconciliation), the others are closed at the provider and here.
 */
export async function closeExpiredOrders(db: DbOrTx, now = new Date(), limit = 100) {
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.unpaid), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  let closed = 0;
  let paid = 0;
  for (const order of due) {
    if (await reconcile(db, order)) {
      paid++;
      continue;
    }
    await providerNamed(order.provider)
      ?.close(order.tradeNo)
      .catch(() => {});
    const rows = await db
      .update(orders)
      .set({ status: ORDER_STATUS.closed, closedAt: now, closeReason: "超时未支付，订单已关闭", payUrl: null })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.unpaid)))
      .returning({ id: orders.id });
    closed += rows.length;
  }
  return { checked: due.length, closed, paid };
}

export const REFUND_REASON_MAX = 200;

/**
 * An admin's refund (adminId null: the system's, e.g. a failed group buy): the order goes from paid to refunded, the provider returns the money and the
 * seat is removed, all in one transaction (a provider refusal rolls it back; a second refund finds
 * the order no longer paid).
 */
export async function refundOrder(db: DbOrTx, adminId: number | null, tradeNo: string, reason: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1).for("update");
    if (!order) throw notFound("订单不存在");
    if (order.status !== ORDER_STATUS.paid) throw fail("只有已支付的订单可以退款");
    const refundNo = `RF${order.tradeNo.slice(2)}`;
    const moved = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.refunded, refundedAt: now, refundReason: reason, refundNo, refundedBy: adminId })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.paid)))
      .returning({ id: orders.id });
    if (!moved.length) throw fail("只有已支付的订单可以退款");
    await revokeGoods(tx, order.userId, order.goodsType, order.goodsId);
    const provider: PaymentProvider | null = providerNamed(order.provider);
    if (!provider) throw fail("订单的支付渠道已不可用，无法原路退款");
    try {
      await provider.refund({ tradeNo: order.tradeNo, refundNo, amount: order.payAmount, total: order.payAmount, reason });
    } catch (e) {
      throw fail(`支付渠道退款失败：${(e instanceof Error ? e.message : String(e)).slice(0, 80)}`);
    }
    return { tradeNo, status: ORDER_STATUS.refunded, refundNo };
  });
}

/**
 * The unpaid-order reminder (caiyun/tool/sendUnPayOrderRemind): a station message to the buyer of an
 * open order, asked of the provider first (a paid one is taken in instead). Once per order: the message
 * is keyed by the trade number.
 */
export async function remindUnpaid(db: DbOrTx, tradeNo: string, now = new Date()) {
  const [order] = await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1);
  if (!order) throw notFound("订单不存在");
  if (await reconcile(db, order)) return { tradeNo, sent: false, reason: "订单已支付" };
  if (order.status !== ORDER_STATUS.unpaid || order.expiresAt <= now) return { tradeNo, sent: false, reason: "订单已关闭" };
  const minutes = Math.max(1, Math.ceil((order.expiresAt.getTime() - now.getTime()) / 60_000));
  const told = await sendToUsers(db, [order.userId], {
    title: "您有一笔订单待支付",
    content: `您购买的「${order.goodsName}」（订单号 ${order.tradeNo}）尚未支付，订单将在 ${minutes} 分钟后自动关闭，请尽快完成支付。`,
    link: `/payment/waiting?tradeNo=${order.tradeNo}`,
    businessType: "order-unpaid",
    businessId: order.tradeNo,
  });
  if (told.length) await db.update(orders).set({ remindedAt: now }).where(eq(orders.id, order.id));
  return { tradeNo, sent: told.length > 0, reason: told.length ? "" : "已提醒过" };
}
