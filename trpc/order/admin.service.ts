import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, sum, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { invoices, ORDER_STATUS, orders, users } from "@db/schema";
import { chinaDateKey, chinaDayStart } from "@base/china-time";
import { formatDateTime, formatMoney, maskMobile } from "@base/format";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { toXlsx } from "@base/xlsx";
import { goodsTypeName } from "./goods.service";
import { INVOICE_STATUS_NAME, ORDER_STATUS_NAME } from "./order.service";
import { providerLabel } from "./providers/provider";
import type { AdminOrderPageInput } from "./schemas";

type Filter = Omit<AdminOrderPageInput, "pageNo" | "pageSize">;

function whereOf(f: Filter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.tradeNo) conds.push(ilike(orders.tradeNo, likePattern(f.tradeNo)));
  if (f.goodsName) conds.push(ilike(orders.goodsName, likePattern(f.goodsName)));
  if (f.goodsType !== undefined) conds.push(eq(orders.goodsType, f.goodsType));
  if (f.status === ORDER_STATUS.cancelled || f.status === ORDER_STATUS.closed) conds.push(inArray(orders.status, [ORDER_STATUS.cancelled, ORDER_STATUS.closed]));
  else if (f.status !== undefined) conds.push(eq(orders.status, f.status));
  if (f.startTime !== undefined) conds.push(gte(orders.createdAt, new Date(f.startTime)));
  if (f.endTime !== undefined) conds.push(lt(orders.createdAt, new Date(f.endTime)));
  if (f.keyword) {
    const k = likePattern(f.keyword);
    conds.push(or(ilike(users.nick, k), ilike(users.mobile, k), ilike(users.loginName, k))!);
  }
  return conds.length ? and(...conds) : undefined;
}

function adminRow(o: typeof orders.$inferSelect, u: { id: number; nick: string; mobile: string | null; loginName: string | null }, invoiceStatus: number | null) {
  return {
    id: o.id,
    tradeNo: o.tradeNo,
    userId: u.id,
    nick: u.nick,
    loginName: u.loginName ?? "",
    mobile: maskMobile(u.mobile),
    goodsType: o.goodsType,
    goodsTypeName: goodsTypeName(o.goodsType),
    goodsId: o.goodsId,
    goodsName: o.goodsName,
    price: o.originalPrice,
    payAmount: o.payAmount,
    status: o.status,
    statusName: ORDER_STATUS_NAME[o.status] ?? "",
    payType: o.provider ?? "",
    payTypeName: providerLabel(o.provider),
    providerTradeNo: o.providerTradeNo ?? "",
    isInvoice: o.wantInvoice,
    invoiceStatus: invoiceStatus ?? -1,
    invoiceStatusName: INVOICE_STATUS_NAME[invoiceStatus ?? -1],
    createTime: o.createdAt.getTime(),
    payTime: o.paidAt?.getTime() ?? null,
    closeReason: o.closeReason ?? "",
    refundTime: o.refundedAt?.getTime() ?? null,
    refundReason: o.refundReason ?? "",
  };
}

const userCols = { id: users.id, nick: users.nick, mobile: users.mobile, loginName: users.loginName };

/**
 * The back office's order list (getOrderPage) with the totals of everything the filter matches:
 * orders, paid orders and their amount, refunds.
 */
export async function orderPage(db: DbOrTx, input: AdminOrderPageInput) {
  const where = whereOf(input);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    db
      .select({ o: orders, u: userCols, invoiceStatus: invoices.status })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
  );
  const [t] = await db
    .select({
      orders: count(),
      paidCount: sql<number>`count(*) filter (where ${orders.status} = ${ORDER_STATUS.paid})`.mapWith(Number),
      paidAmount: sql<number>`coalesce(sum(${orders.payAmount}) filter (where ${orders.status} = ${ORDER_STATUS.paid}), 0)`.mapWith(Number),
      refundCount: sql<number>`count(*) filter (where ${orders.status} = ${ORDER_STATUS.refunded})`.mapWith(Number),
      refundAmount: sql<number>`coalesce(sum(${orders.payAmount}) filter (where ${orders.status} = ${ORDER_STATUS.refunded}), 0)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  return { ...page, list: page.list.map((r) => adminRow(r.o, r.u, r.invoiceStatus)), totals: t ?? { orders: 0, paidCount: 0, paidAmount: 0, refundCount: 0, refundAmount: 0 } };
}

/** Paid amount and paid orders per China-time day over the last `days` days (the revenue chart), refunds apart. */
export async function revenueByDay(db: DbOrTx, days = 30, now = new Date()) {
  const from = new Date(chinaDayStart(now).getTime() - (days - 1) * 86_400_000);
  const day = sql<string>`to_char((${orders.paidAt} at time zone 'UTC') + interval '8 hours', 'YYYYMMDD')`;
  const rows = await db
    .select({
      day,
      paid: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${orders.payAmount}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${orders.payAmount}) filter (where ${orders.status} = ${ORDER_STATUS.refunded}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(inArray(orders.status, [ORDER_STATUS.paid, ORDER_STATUS.refunded]), gte(orders.paidAt, from)))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const key = chinaDateKey(new Date(from.getTime() + i * 86_400_000));
    const r = byDay.get(key);
    return { day: `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6)}`, paidCount: r?.paid ?? 0, amount: r?.amount ?? 0, refundAmount: r?.refunded ?? 0 };
  });
}

/** downloadOrderInfo: every order the filter matches, as .xlsx (amounts in yuan). */
export async function exportOrders(db: DbOrTx, filter: Filter) {
  const rows = await db
    .select({ o: orders, u: userCols, invoiceStatus: invoices.status })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50_000);
  return toXlsx(
    "订单列表.xlsx",
    "订单",
    [
      { header: "订单号", key: "tradeNo", width: 26 },
      { header: "学员", key: "nick", width: 14 },
      { header: "手机号", key: "mobile", width: 16 },
      { header: "商品类型", key: "goodsTypeName", width: 10 },
      { header: "商品名称", key: "goodsName", width: 32 },
      { header: "原价（元）", key: "priceText", width: 12 },
      { header: "实付（元）", key: "payText", width: 12 },
      { header: "订单状态", key: "statusName", width: 10 },
      { header: "支付方式", key: "payTypeName", width: 10 },
      { header: "支付流水号", key: "providerTradeNo", width: 30 },
      { header: "发票", key: "invoiceStatusName", width: 10 },
      { header: "下单时间", key: "createText", width: 20 },
      { header: "支付时间", key: "payText2", width: 20 },
      { header: "退款时间", key: "refundText", width: 20 },
      { header: "退款原因", key: "refundReason", width: 24 },
    ],
    rows.map(({ o, u, invoiceStatus }) => {
      const r = adminRow(o, u, invoiceStatus);
      return {
        ...r,
        priceText: formatMoney(r.price),
        payText: formatMoney(r.payAmount),
        createText: formatDateTime(r.createTime),
        payText2: formatDateTime(r.payTime),
        refundText: formatDateTime(r.refundTime),
      };
    }),
  );
}

/** Sum of paid money (for a dashboard figure), cents. */
export async function paidTotal(db: DbOrTx) {
  const [r] = await db.select({ total: sum(orders.payAmount) }).from(orders).where(eq(orders.status, ORDER_STATUS.paid));
  return Number(r?.total ?? 0);
}
