import { eq } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { ORDER_STATUS, orders } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { formatMoney } from "@base/format";
import { receiveNotification } from "./payment.service";
import { ORDER_STATUS_NAME } from "./order.service";
import { SANDBOX_PREFIX, sandboxNotification, sandboxTicketOk } from "./providers/sandbox";

/**
 * The sandbox's "phone": shows the trade and, on 确认支付, sends the signed notification through the
 * same path a real provider's notification takes.
 */
export async function sandboxPay(db: DbOrTx, input: { tradeNo: string; ticket: string }, pay: boolean) {
  if (!sandboxTicketOk(input.tradeNo, input.ticket)) throw notFound("付款码无效或已过期");
  const [o] = await db.select().from(orders).where(eq(orders.tradeNo, input.tradeNo)).limit(1);
  if (!o || o.provider !== "sandbox") throw notFound("付款码无效或已过期");
  const view = () => ({ tradeNo: o.tradeNo, goodsName: o.goodsName, payAmount: o.payAmount, payAmountText: formatMoney(o.payAmount), status: o.status, statusName: ORDER_STATUS_NAME[o.status] });
  if (!pay) return view();
  if (o.status === ORDER_STATUS.paid) return { ...view(), paid: true };
  if (o.status !== ORDER_STATUS.unpaid) throw fail("订单已关闭，无法支付");
  const notification = sandboxNotification({ tradeNo: o.tradeNo, amount: o.payAmount, providerTradeNo: `${SANDBOX_PREFIX}${o.tradeNo.slice(2)}`, paidAt: new Date().toISOString() });
  const result = await receiveNotification(db, "sandbox", notification);
  if (!result.ok) throw fail(result.reason ?? "支付失败");
  return { ...view(), status: ORDER_STATUS.paid, statusName: ORDER_STATUS_NAME[ORDER_STATUS.paid], paid: true };
}
