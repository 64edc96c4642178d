import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courseChapters, courses, invoiceHeaders, invoices, orders, userCourses, userLearnClocks, users } from "@db/schema";
import { parseChinaDateTime } from "@base/china-time";
import { reportLearning } from "@trpc-app/course/progress.service";
import { applyPayment, newTradeNo, refundOrder } from "@trpc-app/order/payment.service";
import { goodsOf } from "@trpc-app/order/goods.service";
import { chinaYear } from "@trpc-app/order/credit.service";

const DAY = 86_400_000;

/**
 * Orders a visitor sees in the demo: 王晓雯 bought 政府采购合同范本使用指南 a week ago and asked for an
 * invoice (waiting in the back office's queue); 张敏 bought 框架协议采购实务 and 陈静 the bidding course;
 * 黄丽's order was refunded; 赵磊 left one unpaid until it closed. Payments go through the same
 * exactly-once path as real ones (sandbox provider).
 * For her learning credits 王晓雯 also bought 框架协议采购实务 (the course she is halfway through: pending)
 * and, last December, 采购需求调查与编制; she finished that one and the contract guide a few hours ago
 * (earned hours in each year).
 */
export async function seedOrders(db: Db) {
  const people = await db.select({ id: users.id, loginName: users.loginName }).from(users).where(inArray(users.loginName, ["demo_learner", "zhangmin_cg", "chenjing88", "huangli_cw", "zhaolei_dl"]));
  const who = (login: string) => people.find((p) => p.loginName === login)?.id;
  const paid = await db.select({ id: courses.id, name: courses.name }).from(courses).where(inArray(courses.name, ["政府采购合同范本使用指南", "框架协议采购实务", "政府采购货物和服务招标投标管理办法精讲", "采购需求调查与编制"]));
  const course = (name: string) => paid.find((c) => c.name === name)?.id;

  const place = async (login: string, courseName: string, daysAgo: number, pay: boolean, when?: Date) => {
    const userId = who(login);
    const courseId = course(courseName);
    if (!userId || !courseId) return null;
    const goods = await goodsOf(db, 1, courseId);
    const at = when ?? new Date(Date.now() - daysAgo * DAY);
    const [o] = await db
      .insert(orders)
      .values({
        tradeNo: newTradeNo(at),
        userId,
        goodsType: 1,
        goodsId: courseId,
        goodsName: goods.name,
        goodsCover: goods.cover,
        learnHour: goods.learnHour,
        originalPrice: goods.originalPrice,
        payAmount: goods.price,
        provider: "sandbox",
        expiresAt: new Date(at.getTime() + 30 * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (pay) await applyPayment(db, "sandbox", { tradeNo: o!.tradeNo, amount: o!.payAmount, providerTradeNo: `SB${o!.tradeNo.slice(2)}`, paidAt: new Date(at.getTime() + 90_000) }, { seed: true });
    return o!;
  };

  const demo = await place("demo_learner", "政府采购合同范本使用指南", 7, true);
  if (demo) {
    const header = { headUserType: 1, headName: "杭州市西湖区财政局", taxNo: "11330106002493882X", registerPhone: "0571-87654321", registerAddress: "杭州市西湖区文三路 108 号", bankName: "中国工商银行杭州西湖支行", bankAccount: "1202021209900012345", email: "" };
    await db.insert(invoiceHeaders).values({ userId: demo.userId, ...header }).onConflictDoNothing();
    await db.insert(invoices).values({ orderId: demo.id, userId: demo.userId, amount: demo.payAmount, ...header, createdAt: new Date(Date.now() - 6 * DAY) });
  }
  await place("zhangmin_cg", "框架协议采购实务", 12, true);
  await place("chenjing88", "政府采购货物和服务招标投标管理办法精讲", 3, true);
  const refunded = await place("huangli_cw", "采购需求调查与编制", 20, true);
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginName, "demo_admin"));
  if (refunded && admin) await refundOrder(db, admin.id, refunded.tradeNo, "单位已统一采购该课程，重复购买申请退款", new Date(Date.now() - 18 * DAY));
  const left = await place("zhaolei_dl", "框架协议采购实务", 2, false);
  if (left) await db.update(orders).set({ status: 3, closedAt: new Date(left.expiresAt), closeReason: "超时未支付，订单已关闭" }).where(eq(orders.id, left.id));
  // Last, so the orders above keep their ids.
  if (demo) await seedDemoCredits(db, place, demo);
}

type Place = (login: string, courseName: string, daysAgo: number, pay: boolean, when?: Date) => Promise<typeof orders.$inferSelect | null>;

/** 王晓雯's learning credits: earned and pending hours this year, earned ones last year (year tabs). */
async function seedDemoCredits(db: Db, place: Place, contract: typeof orders.$inferSelect) {
  // She joined 框架协议采购实务 twelve days ago (course seed) and is halfway through: the order came just before.
  const framework = await place("demo_learner", "框架协议采购实务", 12.05, true);
  if (framework) await db.update(userCourses).set({ source: "order" }).where(and(eq(userCourses.userId, framework.userId), eq(userCourses.courseId, framework.goodsId)));
  const lastYear = await place("demo_learner", "采购需求调查与编制", 0, true, new Date(parseChinaDateTime(`${chinaYear() - 1}-12-18 10:30`)));
  if (lastYear) await db.update(userCourses).set({ joinedAt: new Date(lastYear.createdAt.getTime() + 90_000) }).where(and(eq(userCourses.userId, lastYear.userId), eq(userCourses.courseId, lastYear.goodsId)));
  // Studied to the end through the player's rules, after her last counted moment (the clock only moves forward).
  const userId = contract.userId;
  const [clock] = await db.select().from(userLearnClocks).where(eq(userLearnClocks.userId, userId));
  let at = Math.max(Date.now() - 6 * 3600_000, (clock?.lastCountedAt.getTime() ?? 0) + 60_000);
  for (const courseId of [lastYear?.goodsId, contract.goodsId]) if (courseId) at = await studyToTheEnd(db, userId, courseId, at);
}

/** Plays every video section to its end (a report every 10 s) and opens each handout; answers the moment after. */
async function studyToTheEnd(db: Db, userId: number, courseId: number, from: number) {
  const viewer = { id: userId, isAdmin: 0 };
  const sections = await db
    .select()
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, courseId), isNotNull(courseChapters.parentId)))
    .orderBy(asc(courseChapters.sort));
  let at = from;
  for (const s of sections) {
    const report = (position: number, event: "play" | "progress" | "ended" | "open", t: number) => reportLearning(db, viewer, { courseId, chapterId: s.id, position, event }, new Date(t));
    if (s.type === 2 || s.duration === 0) {
      await report(0, "open", (at += 5_000));
      continue;
    }
    await report(0, "play", at);
    for (let t = 10; t < s.duration; t += 10) await report(t, "progress", at + t * 1000);
    await report(s.duration, "ended", at + s.duration * 1000);
    at += (s.duration + 60) * 1000;
  }
  return at;
}
