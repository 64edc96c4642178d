import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { GROUP_BUY_OUTCOME, groupBuys, ORDER_STATUS, orders, userCourses } from "@db/schema";
import { applyPayment } from "@trpc-app/order/payment.service";
import { settleEndedGroupBuys } from "@trpc-app/groupbuy/settle.service";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const DAY = 86_400_000;

async function setup(db: Db, minMembers = 3, groupPrice = 6_900) {
  const { course } = await createCourse(db, { name: "政府采购货物和服务招标投标管理办法精讲", isFree: 0, price: 9_900, scribingPrice: 12_900, learnHour: 4 });
  const adminUser = await createUser(db, { isAdmin: 1, nick: "管理员" });
  const admin = await signedInClient(db, adminUser.id);
  const group = await admin.call((c) =>
    c.groupBuy.admin.create({ name: "三人团", goodsType: 1, goodsId: course.id, groupPrice, minMembers, startTime: Date.now() - DAY, endTime: Date.now() + 7 * DAY }),
  );
  return { course, admin, group };
}

async function learner(db: Db, nick: string) {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

const seatOf = async (db: Db, userId: number, courseId: number) =>
  (await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId))))[0];
const groupRow = async (db: Db, id: number) => (await db.select().from(groupBuys).where(eq(groupBuys.id, id)))[0]!;

/** Orders through getTradeNo and pays through the exactly-once path. */
async function buyAndPay(db: Db, client: Awaited<ReturnType<typeof learner>>["client"], courseId: number) {
  const trade = await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: courseId }));
  return { trade, pay: () => applyPayment(db, "sandbox", { tradeNo: trade.tradeNo, amount: trade.payAmount, providerTradeNo: `SB${trade.tradeNo.slice(2)}`, paidAt: new Date() }, {}) };
}

describeEachDb("group buys", (getDb) => {
  it("orders are priced at the group price (the client's price ignored); seats open when the group completes, and at once afterwards", async () => {
    const db = getDb();
    const { course, group } = await setup(db);
    const people = await Promise.all(["王晓雯", "张敏", "陈静", "黄丽"].map((n) => learner(db, n)));

    const preview = await people[0]!.client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: course.id, price: 1 } as never));
    expect(preview).toMatchObject({ payAmount: 6_900, price: 12_900, discount: 6_000, groupBuy: { id: group.id, groupPrice: 6_900, minMembers: 3, joined: 0 } });
    expect(await people[0]!.client.call((c) => c.groupBuy.calculatePrice({ goodsId: course.id, goodsType: 1 }))).toEqual({ price: 6_900, originalPrice: 9_900, groupBuyId: group.id });

    const buys: Awaited<ReturnType<typeof buyAndPay>>[] = [];
    for (const p of people.slice(0, 3)) buys.push(await buyAndPay(db, p.client, course.id));
    expect(buys[0]!.trade).toMatchObject({ payAmount: 6_900, groupBuyId: group.id });
    expect((await db.select().from(orders).where(eq(orders.tradeNo, buys[0]!.trade.tradeNo)))[0]!.groupBuyId).toBe(group.id);

    expect((await buys[0]!.pay()).outcome).toBe("applied");
    expect((await buys[1]!.pay()).outcome).toBe("applied");
    expect(await seatOf(db, people[0]!.user.id, course.id)).toBeUndefined();
    expect(await seatOf(db, people[1]!.user.id, course.id)).toBeUndefined();
    expect(await people[0]!.client.call((c) => c.order.getOrderStatus({ tradeNo: buys[0]!.trade.tradeNo }))).toMatchObject({ isPay: 1, groupBuy: { seatOpen: false } });
    expect(await people[3]!.client.call((c) => c.groupBuy.get({ goodsId: course.id, goodsType: 1 }))).toMatchObject({ joined: 2, remaining: 1, isJoined: 0, outcome: 0 });
    expect(await people[0]!.client.call((c) => c.groupBuy.get({ goodsId: course.id }))).toMatchObject({ isJoined: 1, groupPrice: 6_900, originalPrice: 9_900 });

    expect((await buys[2]!.pay()).outcome).toBe("applied");
    expect((await groupRow(db, group.id)).outcome).toBe(GROUP_BUY_OUTCOME.complete);
    for (const p of people.slice(0, 3)) expect(await seatOf(db, p.user.id, course.id)).toMatchObject({ payStatus: 1, source: "order" });

    // A fourth member joins a complete group: the seat opens at once.
    const fourth = await buyAndPay(db, people[3]!.client, course.id);
    expect(fourth.trade.payAmount).toBe(6_900);
    await fourth.pay();
    expect(await seatOf(db, people[3]!.user.id, course.id)).toMatchObject({ payStatus: 1 });
    expect(await people[3]!.client.call((c) => c.order.getOrderStatus({ tradeNo: fourth.trade.tradeNo }))).toMatchObject({ groupBuy: { seatOpen: true } });
  });

  it("three payments at the same moment complete the group exactly once with three seats", async () => {
    const db = getDb();
    const { course, group } = await setup(db);
    const people = await Promise.all(["李娜", "周强", "吴芳"].map((n) => learner(db, n)));
    const buys: Awaited<ReturnType<typeof buyAndPay>>[] = [];
    for (const p of people) buys.push(await buyAndPay(db, p.client, course.id));
    const results = await Promise.all(buys.map((b) => b.pay()));
    expect(results.map((r) => r.outcome)).toEqual(["applied", "applied", "applied"]);
    const g = await groupRow(db, group.id);
    expect(g.outcome).toBe(GROUP_BUY_OUTCOME.complete);
    expect(await db.select().from(userCourses).where(eq(userCourses.courseId, course.id))).toHaveLength(3);
  });

  it("a group that ends short of members fails: paid orders are refunded, no seats; settling twice changes nothing", async () => {
    const db = getDb();
    const { course, group } = await setup(db);
    const people = await Promise.all(["郑伟", "孙悦"].map((n) => learner(db, n)));
    const buys: Awaited<ReturnType<typeof buyAndPay>>[] = [];
    for (const p of people) buys.push(await buyAndPay(db, p.client, course.id));
    await buys[0]!.pay();
    const later = new Date(Date.now() + 8 * DAY);
    expect(await settleEndedGroupBuys(db, later)).toMatchObject({ settled: 1, failed: 1, refunded: 1 });
    const g = await groupRow(db, group.id);
    expect([g.outcome, g.settledAt?.getTime()]).toEqual([GROUP_BUY_OUTCOME.failed, later.getTime()]);
    const paid = (await db.select().from(orders).where(eq(orders.tradeNo, buys[0]!.trade.tradeNo)))[0]!;
    expect([paid.status, paid.refundReason, paid.refundedBy]).toEqual([ORDER_STATUS.refunded, "拼团未成功，系统自动退款", null]);
    expect(await seatOf(db, people[0]!.user.id, course.id)).toBeUndefined();
    // The unpaid one is paid late: no seat, refunded by the next sweep.
    await buys[1]!.pay();
    expect(await seatOf(db, people[1]!.user.id, course.id)).toBeUndefined();
    expect(await settleEndedGroupBuys(db, later)).toMatchObject({ settled: 0, refunded: 1 });
    expect(await settleEndedGroupBuys(db, later)).toEqual({ settled: 0, completed: 0, failed: 0, refunded: 0 });
    expect((await db.select().from(orders).where(eq(orders.status, ORDER_STATUS.refunded)))).toHaveLength(2);
    expect(await db.select().from(userCourses).where(eq(userCourses.courseId, course.id))).toHaveLength(0);
  });

  it("an admin's 作废 fails a gathering group and its paid orders are refunded; the price is back to normal", async () => {
    const db = getDb();
    const { course, admin, group } = await setup(db);
    const { client } = await learner(db, "赵磊");
    const buy = await buyAndPay(db, client, course.id);
    await buy.pay();
    expect(await admin.call((c) => c.groupBuy.admin.expire({ groupBuyId: group.id }))).toMatchObject({ status: 2, statusName: "已作废", outcome: 2, outcomeName: "未成团", joined: 1 });
    expect(await settleEndedGroupBuys(db)).toMatchObject({ refunded: 1 });
    expect(await client.call((c) => c.groupBuy.get({ goodsId: course.id }))).toBeNull();
    expect((await client.call((c) => c.order.preCreateOrder({ goodsType: 1, goodsId: course.id }))).groupBuy).toBeNull();
  });

  it("overlapping group buys, bad prices and sizes are refused with Chinese messages; joined groups only take a name or a later end", async () => {
    const db = getDb();
    const { course, admin, group } = await setup(db);
    const base = { name: "二人团", goodsType: 1, goodsId: course.id, groupPrice: 5_000, minMembers: 2, startTime: Date.now() + DAY, endTime: Date.now() + 3 * DAY };
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create(base)))).message).toBe("该课程在所选时间内已有进行中的拼团，请先作废原拼团或调整时间");
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create({ ...base, startTime: Date.now() + 10 * DAY, endTime: Date.now() + 12 * DAY, groupPrice: 9_900 })))).message).toBe("拼团价须低于课程售价（99.00元）");
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create({ ...base, minMembers: 1 })))).message).toBe("成团人数须在2-100之间");
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create({ ...base, groupPrice: 0 })))).message).toBe("拼团价须大于0");
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create({ ...base, endTime: base.startTime - 1 })))).message).toBe("结束时间须晚于开始时间");
    const { course: free } = await createCourse(db, { name: "政府采购法律法规概论" });
    expect((await rejection(admin.call((c) => c.groupBuy.admin.create({ ...base, goodsId: free.id })))).message).toBe("只有付费课程可以发起拼团");
    // After the first one ends, a later window is fine.
    const next = await admin.call((c) => c.groupBuy.admin.create({ ...base, startTime: Date.now() + 10 * DAY, endTime: Date.now() + 12 * DAY }));
    expect(next).toMatchObject({ statusName: "未开始", outcome: 0 });
    // Moving it over the first one is refused too.
    expect((await rejection(admin.call((c) => c.groupBuy.admin.update({ ...base, groupBuyId: next.id })))).message).toBe("该课程在所选时间内已有进行中的拼团，请先作废原拼团或调整时间");

    const { client } = await learner(db, "刘洋");
    await client.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    const terms = { name: "三人团", goodsType: 1, goodsId: course.id, groupPrice: 6_900, minMembers: 3, startTime: group.startTime, endTime: group.endTime };
    expect((await rejection(admin.call((c) => c.groupBuy.admin.update({ ...terms, groupBuyId: group.id, groupPrice: 5_000 })))).message).toBe("已有学员参团，只能修改拼团名称或延长结束时间");
    const renamed = await admin.call((c) => c.groupBuy.admin.update({ ...terms, groupBuyId: group.id, name: "三人成团特惠", endTime: group.endTime + DAY }));
    expect(renamed).toMatchObject({ name: "三人成团特惠", endTime: group.endTime + DAY, joined: 0 });
    const page = await admin.call((c) => c.groupBuy.admin.search({ goodsName: "招标投标", status: 1 }));
    expect(page).toMatchObject({ total: 2 });
    expect((await admin.call((c) => c.groupBuy.admin.search({ name: "特惠" }))).list.map((g) => g.id)).toEqual([group.id]);
  });

  it("revenue configuration: the lists, and relate/detail upsert one department per content", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "采购需求调查与编制" });
    const adminUser = await createUser(db, { isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    expect(await admin.call((c) => c.revenue.admin.getDepartmentType())).toEqual([
      { value: 1, label: "培训中心" },
      { value: 2, label: "采购研究院" },
      { value: 3, label: "政策法规部" },
    ]);
    expect((await admin.call((c) => c.revenue.admin.getSupportDepartmentType())).map((t) => t.value)).toEqual([1, 2, 4]);
    expect(await admin.call((c) => c.revenue.admin.detail({ relateBusinessId: course.id, relateBusinessType: 1 }))).toMatchObject({ departmentType: null, relateBusinessName: "采购需求调查与编制" });
    await admin.call((c) => c.revenue.admin.relate({ relateBusinessId: course.id, relateBusinessType: 1, departmentType: 2 }));
    const moved = await admin.call((c) => c.revenue.admin.relate({ relateBusinessId: course.id, relateBusinessType: 1, departmentType: 3 }));
    expect(moved).toMatchObject({ departmentType: 3, departmentName: "政策法规部" });
    expect((await rejection(admin.call((c) => c.revenue.admin.relate({ relateBusinessId: course.id, relateBusinessType: 3, departmentType: 1 })))).message).toBe("业务类型不正确");
    expect((await rejection(admin.call((c) => c.revenue.admin.relate({ relateBusinessId: course.id, relateBusinessType: 1, departmentType: 9 })))).message).toBe("所属部门不正确");
    expect((await rejection(admin.call((c) => c.revenue.admin.detail({ relateBusinessId: 999_999, relateBusinessType: 2 })))).message).toBe("业务内容不存在或已删除");
  });
});
