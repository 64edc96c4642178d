import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { GROUP_BUY_OUTCOME, groupBuys, invoices, ORDER_STATUS, orders, paymentNotifications, stationMessages, userCourses, users } from "@db/schema";
import { applyPayment, closeExpiredOrders, receiveNotification, refundOrder } from "@trpc-app/order/payment.service";
import { registerProvider } from "@trpc-app/order/providers";
import { sandboxProvider, sandboxNotification, sandboxTicket } from "@trpc-app/order/providers/sandbox";
import type { PaymentProvider, ProviderPayment } from "@trpc-app/order/providers/provider";
import { storagePath } from "@trpc-app/upload/file-ref";
import { createCourse } from "../factories/course";
import { storeUpload } from "../factories/upload";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

async function paidCourse(db: Db, price = 19_900) {
  const { course } = await createCourse(db, { name: "政府采购合同管理实务", isFree: 0, price, scribingPrice: 29_900, learnHour: 6 });
  return course;
}

async function buyer(db: Db, nick = "王晓雯") {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

const seat = async (db: Db, userId: number, courseId: number) =>
  (await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId))))[0];
const orderRow = async (db: Db, tradeNo: string) => (await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!;

/** A payment as the provider reports it. */
const payment = (tradeNo: string, amount: number, providerTradeNo = `SB${tradeNo.slice(2)}`): ProviderPayment => ({ tradeNo, amount, providerTradeNo, paidAt: new Date() });

describeEachDb("orders and payment", (getDb) => {
  it("prices come from the server: a tampered client price is ignored, the order keeps the price it was made at", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { client } = await buyer(db);
    const preview = await client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: course.id, price: 1 } as never));
    expect(preview).toMatchObject({ goodsName: "政府采购合同管理实务", price: 29_900, payAmount: 19_900, discount: 10_000, learnHour: 6, tradeNo: null });
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id, price: 1 } as never));
    expect(trade).toMatchObject({ payAmount: 19_900, status: 0, payType: "sandbox", payTypeName: "演示支付" });
    expect(trade.tradeNo).toMatch(/^CY\d{20}$/);
    expect(trade.payUrl).toContain(`/payment/sandbox?tradeNo=${trade.tradeNo}&ticket=`);
    expect(trade.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await orderRow(db, trade.tradeNo)).payAmount).toBe(19_900);
    // A second 提交订单 resumes the open order; the preview names it.
    const again = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    expect(again.tradeNo).toBe(trade.tradeNo);
    expect((await client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: course.id }))).tradeNo).toBe(trade.tradeNo);
    expect(await db.select().from(orders)).toHaveLength(1);
  });

  it("getTradeNo answers the order as saved: asking for an invoice on a resumed order answers isInvoice 1", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { client } = await buyer(db);
    const first = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    expect(first.isInvoice).toBe(0);
    const again = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id, isInvoice: 1 }));
    expect([again.tradeNo, again.isInvoice]).toEqual([first.tradeNo, 1]);
    expect((await orderRow(db, first.tradeNo)).wantInvoice).toBe(1);
    // Resuming by trade number without the wish keeps it.
    expect((await client.call((c) => c.order.getTradeNo({ tradeNo: first.tradeNo } as never))).isInvoice).toBe(1);
  });

  it("an open order whose group buy is over (ended, expired, failed, complete and past its end) is closed and replaced at today's price", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { isAdmin: 1, nick: "管理员" });
    const admin = await signedInClient(db, adminUser.id);
    const DAY = 86_400_000;
    const ends: [string, (groupBuyId: number) => Promise<unknown>][] = [
      ["expired by an admin", (id) => admin.call((c) => c.groupBuy.admin.expire({ groupBuyId: id }))],
      ["past its end, not yet settled", (id) => db.update(groupBuys).set({ endAt: new Date(Date.now() - 1000) }).where(eq(groupBuys.id, id))],
      ["failed", (id) => db.update(groupBuys).set({ outcome: GROUP_BUY_OUTCOME.failed }).where(eq(groupBuys.id, id))],
      ["complete without this order, past its end", (id) => db.update(groupBuys).set({ outcome: GROUP_BUY_OUTCOME.complete, endAt: new Date(Date.now() - 1000) }).where(eq(groupBuys.id, id))],
    ];
    for (const [i, [label, end]] of ends.entries()) {
      const course = await paidCourse(db);
      const group = await admin.call((c) => c.groupBuy.admin.create({ name: "三人团", goodsType: 1, goodsId: course.id, groupPrice: 9_900, minMembers: 3, startTime: Date.now() - DAY, endTime: Date.now() + 7 * DAY }));
      const { user, client } = await buyer(db, `学员${i}`);
      const old = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id, isInvoice: 1 }));
      expect([old.payAmount, old.groupBuyId], label).toEqual([9_900, group.id]);
      // While the group runs, the order is resumed at the group price.
      expect((await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }))).tradeNo, label).toBe(old.tradeNo);
      await end(group.id);
      // The preview no longer offers the old order.
      expect(await client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: course.id })), label).toMatchObject({ payAmount: 19_900, tradeNo: null, groupBuy: null });
      // By goods and by trade number alike (the waiting page resumes by trade number).
      const fresh = await client.call((c) => (i % 2 ? c.order.getTradeNo({ tradeNo: old.tradeNo } as never) : c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
      expect(fresh.tradeNo, label).not.toBe(old.tradeNo);
      expect(fresh, label).toMatchObject({ status: 0, payAmount: 19_900, groupBuyId: null, isInvoice: 1 });
      expect(fresh.payUrl, label).toContain(`tradeNo=${fresh.tradeNo}`);
      expect(await orderRow(db, old.tradeNo), label).toMatchObject({ status: ORDER_STATUS.closed, closeReason: "拼团已结束，订单已关闭", payUrl: null });
      const open = await db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.status, ORDER_STATUS.unpaid)));
      expect(open.map((o) => o.tradeNo), label).toEqual([fresh.tradeNo]);
      expect((await client.call((c) => c.order.getTradeNo({ tradeNo: old.tradeNo } as never)).catch((e: Error) => e.message)), label).toBe("订单已关闭，请重新下单");
    }
  });

  it("two tabs resuming an order whose group ended at once get the same new order", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const adminUser = await createUser(db, { isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    const group = await admin.call((c) => c.groupBuy.admin.create({ name: "二人团", goodsType: 1, goodsId: course.id, groupPrice: 9_900, minMembers: 2, startTime: Date.now() - 60_000, endTime: Date.now() + 86_400_000 }));
    const { user, client } = await buyer(db);
    const old = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    await admin.call((c) => c.groupBuy.admin.expire({ groupBuyId: group.id }));
    const [a, b] = await Promise.all([
      client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })),
      client.call((c) => c.order.getTradeNo({ tradeNo: old.tradeNo } as never)),
    ]);
    expect(a.tradeNo).toBe(b.tradeNo);
    expect(a.payAmount).toBe(19_900);
    const mine = await db.select().from(orders).where(eq(orders.userId, user.id));
    expect(mine.map((o) => o.status).sort()).toEqual([ORDER_STATUS.unpaid, ORDER_STATUS.closed]);
  });

  it("free courses, unknown goods and bad input are refused with a message and change nothing", async () => {
    const db = getDb();
    const { course: free } = await createCourse(db, { name: "政府采购法律法规概论" });
    const { client } = await buyer(db);
    expect((await rejection(client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: free.id })))).message).toBe("该内容无需购买，可直接加入学习");
    expect((await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: 999_999 })))).message).toBe("商品不存在或已下架");
    expect((await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 7 } as never)))).message).toBe("商品类型不正确");
    expect((await rejection(client.call((c) => c.order.getOrderStatus({ tradeNo: "CY'; drop table orders" })))).message).toBe("订单号格式不正确");
    expect(await db.select().from(orders)).toHaveLength(0);
  });

  it("the sandbox phone pays once: the seat opens in the same transaction, the learner becomes a purchaser; paying again changes nothing", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    expect(await seat(db, user.id, course.id)).toBeUndefined();
    const visitor = (await import("../helpers/caller")).testClient(db);
    const ticket = sandboxTicket(trade.tradeNo);
    expect(await visitor.call((c) => c.order.sandboxInfo({ tradeNo: trade.tradeNo, ticket }))).toMatchObject({ goodsName: "政府采购合同管理实务", payAmountText: "199", statusName: "待支付" });
    expect((await rejection(visitor.call((c) => c.order.sandboxPay({ tradeNo: trade.tradeNo, ticket: "x".repeat(22) })))).message).toBe("付款码无效或已过期");
    await visitor.call((c) => c.order.sandboxPay({ tradeNo: trade.tradeNo, ticket }));
    expect(await client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ status: 1, isPay: 1, jumpUrl: `/study/platform?id=${course.id}` });
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1, source: "order" });
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.isPurchaser).toBe(1);
    expect(await visitor.call((c) => c.order.sandboxPay({ tradeNo: trade.tradeNo, ticket }))).toMatchObject({ paid: true });
    expect(await db.select().from(paymentNotifications)).toHaveLength(1);
    // Bought once: buying again is refused with 103 and a way to study.
    const again = await rejection(client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id })));
    expect([again.legacyCode, again.message]).toEqual(["103", "您已拥有该内容，无需重复购买，去学习吧"]);
  });

  it("exactly once: notifications and polls arriving together and twice pay the order once and open one seat", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    const n = sandboxNotification({ tradeNo: trade.tradeNo, amount: 19_900, providerTradeNo: "SB-PAY-1", paidAt: new Date().toISOString() });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => receiveNotification(db, "sandbox", n)),
      ...Array.from({ length: 4 }, () => applyPayment(db, "sandbox", payment(trade.tradeNo, 19_900, "SB-PAY-1"), { query: true })),
    ]);
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.outcome !== "applied").every((r) => r.outcome === "replayed")).toBe(true);
    // A different transaction id for the same trade (a second payment) cannot pay it twice either.
    expect((await applyPayment(db, "sandbox", payment(trade.tradeNo, 19_900, "SB-PAY-2"), {})).outcome).toBe("ignored");
    expect(await db.select().from(userCourses).where(eq(userCourses.userId, user.id))).toHaveLength(1);
    const o = await orderRow(db, trade.tradeNo);
    expect([o.status, o.providerTradeNo]).toEqual([ORDER_STATUS.paid, "SB-PAY-1"]);
  });

  it("notifications are refused when forged, for another amount or an unknown trade; nothing is paid", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    const good = sandboxNotification({ tradeNo: trade.tradeNo, amount: 19_900, providerTradeNo: "SB-1", paidAt: new Date().toISOString() });
    const forged = { ...good, body: good.body.replace("19900", "1") };
    expect(await receiveNotification(db, "sandbox", forged)).toMatchObject({ ok: false, reason: "签名校验失败" });
    const wrongAmount = sandboxNotification({ tradeNo: trade.tradeNo, amount: 1, providerTradeNo: "SB-2", paidAt: new Date().toISOString() });
    expect(await receiveNotification(db, "sandbox", wrongAmount)).toMatchObject({ ok: false, reason: "支付金额与订单金额不符" });
    const unknown = sandboxNotification({ tradeNo: "CY00000000000000000000", amount: 19_900, providerTradeNo: "SB-3", paidAt: new Date().toISOString() });
    expect(await receiveNotification(db, "sandbox", unknown)).toMatchObject({ ok: false, reason: "订单不存在" });
    expect(await receiveNotification(db, "nopay", good)).toMatchObject({ ok: false, provider: null });
    expect((await orderRow(db, trade.tradeNo)).status).toBe(0);
    expect(await seat(db, user.id, course.id)).toBeUndefined();
    // The genuine one still pays, and its replay is acknowledged without a second effect.
    expect(await receiveNotification(db, "sandbox", good)).toMatchObject({ ok: true, outcome: "applied" });
    expect(await receiveNotification(db, "sandbox", good)).toMatchObject({ ok: true, outcome: "replayed" });
  });

  it("another learner can neither read, poll, cancel, pay for an invoice nor see the order", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const a = await buyer(db, "王晓雯");
    const b = await buyer(db, "张敏");
    const trade = await a.client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    for (const call of [
      () => b.client.call((c) => c.order.getOrderInfoByTradeNo({ tradeNo: trade.tradeNo })),
      () => b.client.call((c) => c.order.getOrderStatus({ tradeNo: trade.tradeNo })),
      () => b.client.call((c) => c.order.cancel({ tradeNo: trade.tradeNo })),
      () => b.client.call((c) => c.order.getTradeNo({ tradeNo: trade.tradeNo } as never)),
      () => b.client.call((c) => c.order.getInvoiceStatus({ tradeNo: trade.tradeNo })),
      () => b.client.call((c) => c.order.invoice({ tradeNo: trade.tradeNo, headUserType: 1, headName: "某单位", taxNo: "91330100MA2AB" })),
    ])
      expect((await rejection(call())).message).toBe("订单不存在");
    expect((await b.client.call((c) => c.order.getOrderInfoByUserId({}))).total).toBe(0);
    expect((await orderRow(db, trade.tradeNo)).status).toBe(0);
  });

  it("the sweep asks the provider first: a payment whose notification was lost is taken in, the rest close; cancel closes at once", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const other = await paidCourse(db, 9_900);
    const third = await paidCourse(db, 4_900);
    const { user, client } = await buyer(db);
    const paidAtProvider = new Set<string>();
    const closedAtProvider: string[] = [];
    const fake: PaymentProvider = {
      ...sandboxProvider,
      name: "wechat",
      async createPayment(o) {
        return { payUrl: `weixin://wxpay/bizpayurl?pr=${o.tradeNo}` };
      },
      async query(tradeNo) {
        return paidAtProvider.has(tradeNo) ? { tradeNo, amount: 19_900, providerTradeNo: `42000${tradeNo.slice(-6)}`, paidAt: new Date() } : null;
      },
      async close(tradeNo) {
        closedAtProvider.push(tradeNo);
      },
    };
    registerProvider(fake);
    process.env.PAYMENT_PROVIDER = "wechat";
    (await import("@base/env.server")).resetEnvCache();
    try {
      const t1 = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
      const t2 = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: other.id }));
      const t3 = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: third.id }));
      expect(t1.payUrl).toBe(`weixin://wxpay/bizpayurl?pr=${t1.tradeNo}`);
      paidAtProvider.add(t1.tradeNo);
      expect(await closeExpiredOrders(db, new Date(Date.now() + 10 * 60_000))).toEqual({ checked: 0, closed: 0, paid: 0 });
      const later = new Date(Date.now() + 31 * 60_000);
      await client.call((c) => c.order.cancel({ tradeNo: t3.tradeNo }));
      expect(closedAtProvider).toEqual([t3.tradeNo]);
      expect(await closeExpiredOrders(db, later)).toEqual({ checked: 2, closed: 1, paid: 1 });
      expect((await orderRow(db, t1.tradeNo)).status).toBe(ORDER_STATUS.paid);
      expect(await orderRow(db, t2.tradeNo)).toMatchObject({ status: ORDER_STATUS.closed, closeReason: "超时未支付，订单已关闭" });
      expect((await orderRow(db, t3.tradeNo)).status).toBe(ORDER_STATUS.cancelled);
      expect(closedAtProvider).toContain(t2.tradeNo);
      expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1 });
      expect(await seat(db, user.id, other.id)).toBeUndefined();
      // A closed order cannot be resumed; a new one is made.
      expect((await rejection(client.call((c) => c.order.getTradeNo({ tradeNo: t2.tradeNo } as never)))).message).toBe("订单已关闭，请重新下单");
      const fresh = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: other.id }));
      expect(fresh.tradeNo).not.toBe(t2.tradeNo);
      const tabs = await client.call((c) => c.order.getOrderInfoByUserId({ status: 2 }));
      expect(tabs.list.map((o) => o.statusName).sort()).toEqual(["已关闭", "已取消"]);
    } finally {
      delete process.env.PAYMENT_PROVIDER;
      (await import("@base/env.server")).resetEnvCache();
    }
  });

  it("the unpaid reminder reaches the buyer once, and not for a paid or closed order", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const admin = await createUser(db, { isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    expect(await adminClient.call((c) => c.order.admin.sendUnPayOrderRemind({ tradeNo: trade.tradeNo }))).toMatchObject({ sent: true });
    expect(await adminClient.call((c) => c.order.admin.sendUnPayOrderRemind({ tradeNo: trade.tradeNo }))).toMatchObject({ sent: false, reason: "已提醒过" });
    const inbox = await db.select().from(stationMessages).where(eq(stationMessages.userId, user.id));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: "您有一笔订单待支付", link: `/payment/waiting?tradeNo=${trade.tradeNo}` });
    expect(inbox[0]!.content).toContain("政府采购合同管理实务");
    await applyPayment(db, "sandbox", payment(trade.tradeNo, 19_900), {});
    expect(await adminClient.call((c) => c.order.admin.sendUnPayOrderRemind({ tradeNo: trade.tradeNo }))).toMatchObject({ sent: false, reason: "订单已支付" });
    const cheaper = await paidCourse(db, 9_900);
    const other = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: cheaper.id }));
    await client.call((c) => c.order.cancel({ tradeNo: other.tradeNo }));
    expect(await adminClient.call((c) => c.order.admin.sendUnPayOrderRemind({ tradeNo: other.tradeNo }))).toMatchObject({ sent: false, reason: "订单已关闭" });
    expect((await rejection(adminClient.call((c) => c.order.admin.sendUnPayOrderRemind({ tradeNo: "CY0000" })))).message).toBe("订单不存在");
  });

  it("a refund returns the money through the provider, removes the seat, and happens once", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { user, client } = await buyer(db);
    const admin = await createUser(db, { nick: "李建国", isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    expect((await rejection(adminClient.call((c) => c.order.admin.refund({ tradeNo: trade.tradeNo, reason: "学员申请" })))).message).toBe("只有已支付的订单可以退款");
    await applyPayment(db, "sandbox", payment(trade.tradeNo, 19_900), {});
    expect((await rejection(client.call((c) => c.order.admin.refund({ tradeNo: trade.tradeNo, reason: "学员申请" })))).legacyCode).toBe("403");
    const results = await Promise.allSettled([1, 2, 3].map(() => refundOrder(db, admin.id, trade.tradeNo, "课程内容与需求不符，学员申请退款")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await orderRow(db, trade.tradeNo)).toMatchObject({ status: ORDER_STATUS.refunded, refundReason: "课程内容与需求不符，学员申请退款", refundedBy: admin.id });
    expect(await seat(db, user.id, course.id)).toBeUndefined();
    expect(await client.call((c) => c.order.showRefundOrder())).toMatchObject([{ tradeNo: trade.tradeNo, statusName: "已退款" }]);
    // A provider refusing the refund leaves the order paid and the seat open.
    const trade2 = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    await applyPayment(db, "sandbox", payment(trade2.tradeNo, 19_900), {});
    registerProvider({ ...sandboxProvider, refund: async () => Promise.reject(new Error("余额不足")) });
    try {
      expect((await rejection(refundOrder(db, admin.id, trade2.tradeNo, "测试"))).message).toBe("支付渠道退款失败：余额不足");
    } finally {
      registerProvider(sandboxProvider);
    }
    expect((await orderRow(db, trade2.tradeNo)).status).toBe(ORDER_STATUS.paid);
    expect(await seat(db, user.id, course.id)).toMatchObject({ payStatus: 1 });
  });

  it("invoices: the section 5 rules verbatim, one request per paid order, the admin issues or refuses, only the owner downloads", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const { client } = await buyer(db);
    const admin = await createUser(db, { isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id, isInvoice: 1 }));
    const header = { headUserType: 1, headName: "杭州市西湖区财政局", taxNo: "11330106002493882X", registerPhone: "0571-87654321", registerAddress: "杭州市西湖区文三路", bankName: "中国工商银行杭州分行", bankAccount: "1202021209900012345" };
    expect((await rejection(client.call((c) => c.order.invoice({ tradeNo: trade.tradeNo, ...header })))).message).toBe("订单支付成功后才能申请发票");
    await applyPayment(db, "sandbox", payment(trade.tradeNo, 19_900), {});
    const bad = async (patch: Record<string, unknown>) => (await rejection(client.call((c) => c.order.editInvoiceHeader({ ...header, ...patch } as never)))).message;
    expect(await bad({ headUserType: undefined })).toBe("请选择发票类型");
    expect(await bad({ headName: "" })).toBe("请输入发票抬头");
    expect(await bad({ headName: "很".repeat(31) })).toBe("发票抬头不能超过30字");
    expect(await bad({ taxNo: "" })).toBe("请输入发票税号");
    expect(await bad({ taxNo: "12345" })).toBe("发票税号须为6-20位");
    expect(await bad({ taxNo: "913301-06MA2AB" })).toBe("仅支持数字和英文");
    expect(await bad({ registerPhone: "12345678901234" })).toBe("注册电话不能超过13位");
    expect(await bad({ registerPhone: "abc" })).toBe("注册电话格式不正确");
    expect(await bad({ registerAddress: "地".repeat(44) })).toBe("注册地址不能超过43字");
    expect(await bad({ bankName: "行".repeat(101) })).toBe("开户银行不能超过100字");
    expect(await bad({ bankAccount: "1".repeat(51) })).toBe("银行账号不能超过50字");
    expect((await client.call((c) => c.order.getInvoiceHeader())).headName).toBe("");

    const asked = await Promise.allSettled([1, 2, 3].map(() => client.call((c) => c.order.invoice({ tradeNo: trade.tradeNo, ...header }))));
    expect(asked.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(invoices)).toHaveLength(1);
    expect(await client.call((c) => c.order.getInvoiceHeader())).toMatchObject({ headName: "杭州市西湖区财政局", typeList: [{ value: 1, label: "企业单位" }, { value: 2, label: "个人/非企业单位" }] });
    expect(await client.call((c) => c.order.getInvoiceStatus({ tradeNo: trade.tradeNo }))).toMatchObject({ invoiceStatus: 0, invoiceStatusName: "开票中", invoiceUrl: "" });

    const queue = await adminClient.call((c) => c.order.admin.invoicePage({ status: 0 }));
    expect(queue.list).toMatchObject([{ tradeNo: trade.tradeNo, headName: "杭州市西湖区财政局", amount: 19_900, statusName: "开票中" }]);
    const id = queue.list[0]!.id;
    expect((await rejection(adminClient.call((c) => c.order.admin.invoice({ id, fileKey: "file/1/invoice.png" })))).message).toBe("请上传PDF格式的电子发票");
    const pdf = await storeUpload(db, admin.id, "invoice-abc.pdf", { midPath: "invoice", bytes: Buffer.from("%PDF-1.4\n"), contentType: "application/pdf" });
    await adminClient.call((c) => c.order.admin.invoice({ id, fileKey: storagePath(pdf), invoiceNo: "25332000000012345678" }));
    expect((await rejection(adminClient.call((c) => c.order.admin.refuseInvoice({ id, reason: "信息有误" })))).message).toBe("该发票申请已开票，不能重复处理");
    const issued = await client.call((c) => c.order.getInvoiceStatus({ tradeNo: trade.tradeNo }));
    expect(issued).toMatchObject({ invoiceStatus: 1, invoiceStatusName: "已开票", invoiceNo: "25332000000012345678" });
    expect(issued.invoiceUrl).toMatch(/^\/storage\/file\/1133\/invoice\/\d{8}\/\d+\/[0-9a-f]{32}_invoice-abc\.pdf\?exp=\d+&sig=/);
    expect((await client.call((c) => c.order.getOrderInfoByTradeNo({ tradeNo: trade.tradeNo }))).invoiceStatusName).toBe("已开票");
  });

  it("the back office lists orders with filters and totals, charts paid money by China-time day and exports .xlsx", async () => {
    const db = getDb();
    const course = await paidCourse(db);
    const cheap = await paidCourse(db, 9_900);
    const a = await buyer(db, "王晓雯");
    const b = await buyer(db, "张敏");
    const admin = await createUser(db, { isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    const t1 = await a.client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    await b.client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: cheap.id }));
    await applyPayment(db, "sandbox", payment(t1.tradeNo, 19_900), {});
    const all = await adminClient.call((c) => c.order.admin.getOrderPage({}));
    expect(all.total).toBe(2);
    expect(all.totals).toEqual({ orders: 2, paidCount: 1, paidAmount: 19_900, refundCount: 0, refundAmount: 0 });
    expect((await adminClient.call((c) => c.order.admin.getOrderPage({ keyword: "张敏" }))).list).toMatchObject([{ nick: "张敏", statusName: "待支付", payAmount: 9_900 }]);
    expect((await adminClient.call((c) => c.order.admin.getOrderPage({ status: 1 }))).list.map((o) => o.tradeNo)).toEqual([t1.tradeNo]);
    const chart = await adminClient.call((c) => c.order.admin.revenueByDay());
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)).toMatchObject({ paidCount: 1, amount: 19_900 });
    const file = await adminClient.call((c) => c.order.admin.downloadOrderInfo({ status: 1 }));
    expect(file.fileName).toBe("订单列表.xlsx");
    expect((await rejection(adminClient.call((c) => c.order.admin.getOrderPage({ startTime: "2026-13-01" } as never)))).message).toBe("开始时间格式不正确");
  });
});
