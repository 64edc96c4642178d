import { and, asc, eq, lte, or } from "drizzle-orm";
import { reasonOf } from "@base/errors";
import type { DbOrTx } from "@db/client";
import { GROUP_BUY_OUTCOME, groupBuys, ORDER_STATUS, orders } from "@db/schema";
import { refundOrder } from "../order/payment.service";
import { GROUP_BUY_EXPIRED, GROUP_REFUND_REASON, settleGroupBuy } from "./groupbuy.service";

// Kept apart from groupbuy.service.ts: payments ask that file about seats, and this one refunds payments.

/**
 * The order sweep's part: group buys that ended while gathering are settled, then every paid order of
 * a failed group is refunded through refundOrder (each in its own transaction, so one provider refusal
 * leaves the others done and is tried again next minute). Running it twice changes nothing more.
 */
export async function settleEndedGroupBuys(db: DbOrTx, now = new Date(), limit = 100) {
  const due = await db
    .select({ id: groupBuys.id })
    .from(groupBuys)
    .where(and(eq(groupBuys.outcome, GROUP_BUY_OUTCOME.gathering), or(lte(groupBuys.endAt, now), eq(groupBuys.status, GROUP_BUY_EXPIRED))))
    .orderBy(asc(groupBuys.endAt))
    .limit(limit);
  let failed = 0;
  let completed = 0;
  for (const g of due) {
    const outcome = await settleGroupBuy(db, g.id, now);
    if (outcome === GROUP_BUY_OUTCOME.failed) failed++;
    else if (outcome === GROUP_BUY_OUTCOME.complete) completed++;
  }
  // Paid orders of failed groups, including a payment that arrived after the group failed.
  const toRefund = await db
    .select({ tradeNo: orders.tradeNo })
    .from(orders)
    .innerJoin(groupBuys, eq(groupBuys.id, orders.groupBuyId))
    .where(and(eq(groupBuys.outcome, GROUP_BUY_OUTCOME.failed), eq(orders.status, ORDER_STATUS.paid)))
    .limit(limit);
  let refunded = 0;
  for (const o of toRefund) {
    try {
      await refundOrder(db, null, o.tradeNo, GROUP_REFUND_REASON, now);
      refunded++;
    } catch (e) {
      console.warn(`[group-buy] refund ${o.tradeNo} failed: ${reasonOf(e)}`);
    }
  }
  return { settled: due.length, completed, failed, refunded };
}

