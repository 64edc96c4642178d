// /payment/waiting: loading the page only reads the order; the payment QR code is asked for by POST.
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import type { Db } from "@db/client";
import { overrideDb } from "@db/index.server";
import { ORDER_STATUS, orders } from "@db/schema";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { action, loader } from "~/routes/payment.waiting";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

// The route's server caller opens the test's database.
// The pages' loaders read the test's database; set back after the file (threads share loaded modules).
afterAll(() => overrideDb(undefined));

const URL_OF = (tradeNo: string) => `http://127.0.0.1:3000/payment/waiting?tradeNo=${tradeNo}`;

async function cookieOf(db: Db, userId: number) {
  return `${SESSION_COOKIE}=${(await createSession(db, userId)).token}`;
}

const load = (tradeNo: string, cookie = "") => loader({ request: new Request(URL_OF(tradeNo), { headers: { cookie, [PEER_ADDRESS_HEADER]: "10.0.0.5" } }), params: {}, context: {} });

function askQrCode(tradeNo: string, cookie = "", intent = "pay") {
  const form = new FormData();
  form.append("intent", intent);
  form.append("tradeNo", tradeNo);
  return action({ request: new Request("http://127.0.0.1:3000/payment/waiting", { method: "POST", body: form, headers: { cookie, [PEER_ADDRESS_HEADER]: "10.0.0.5" } }), params: {}, context: {} });
}

const row = async (db: Db, tradeNo: string) => (await db.select().from(orders).where(eq(orders.tradeNo, tradeNo)))[0]!;

describeEachDb("the payment waiting page", (getDb) => {
  async function world() {
    const db = getDb();
    overrideDb(db);
    const { course } = await createCourse(db, { name: "政府采购合同管理实务", isFree: 0, price: 19_900 });
    const user = await createUser(db, { nick: "王晓雯" });
    const trade = await (await signedInClient(db, user.id)).call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    // As if the payment had not been started yet (or another provider were active now).
    await db.update(orders).set({ payUrl: null, provider: null }).where(eq(orders.tradeNo, trade.tradeNo));
    return { db, course, user, trade, cookie: await cookieOf(db, user.id) };
  }

  it("the GET loader reads the order and its countdown and starts nothing, however often it runs", async () => {
    const { db, trade, cookie } = await world();
    const before = await row(db, trade.tradeNo);
    for (let i = 0; i < 3; i++) {
      const page = await load(trade.tradeNo, cookie);
      expect(page).toMatchObject({ kind: "order", order: { tradeNo: trade.tradeNo, status: 0, payAmount: 19_900 }, groupWaiting: false });
      expect(page).not.toHaveProperty("pay");
      expect((page as { order: { remainSeconds: number } }).order.remainSeconds).toBeGreaterThan(29 * 60);
    }
    const after = await row(db, trade.tradeNo);
    expect([after.payUrl, after.provider, after.updatedAt.getTime()]).toEqual([null, null, before.updatedAt.getTime()]);
    // Past its time the page still only reads; the poll and the POST close it.
    await db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.tradeNo, trade.tradeNo));
    expect(await load(trade.tradeNo, cookie)).toMatchObject({ order: { status: 0, remainSeconds: 0 } });
    expect((await row(db, trade.tradeNo)).status).toBe(ORDER_STATUS.unpaid);
    // A visitor is asked to log in.
    expect(await load(trade.tradeNo)).toEqual({ kind: "login" });
  });

  it("the QR code comes from a POST by the order's owner; others and bad requests get a Chinese message and change nothing", async () => {
    const { db, trade, cookie } = await world();
    const other = await createUser(db, { nick: "张敏" });
    for (const [c, intent, message] of [
      [await cookieOf(db, other.id), "pay", "订单不存在"],
      ["", "pay", "请先登录"],
      [cookie, "other", "请求不正确"],
    ] as const)
      expect(await askQrCode(trade.tradeNo, c, intent)).toEqual({ ok: false, message });
    expect(await askQrCode("CY'; drop", cookie)).toEqual({ ok: false, message: "订单号格式不正确" });
    // A body that is not a form answers the same, not a 500.
    const json = new Request("http://127.0.0.1:3000/payment/waiting", { method: "POST", body: JSON.stringify({ intent: "pay", tradeNo: trade.tradeNo }), headers: { cookie, "content-type": "application/json" } });
    expect(await action({ request: json, params: {}, context: {} })).toEqual({ ok: false, message: "请求不正确" });
    expect((await row(db, trade.tradeNo)).payUrl).toBeNull();

    const pay = await askQrCode(trade.tradeNo, cookie);
    expect(pay).toMatchObject({ ok: true, tradeNo: trade.tradeNo, payType: "sandbox", qrCode: expect.stringMatching(/^data:image\/png;base64,/) });
    expect((pay as { payUrl: string }).payUrl).toContain(`/payment/sandbox?tradeNo=${trade.tradeNo}&ticket=`);
    expect((await row(db, trade.tradeNo)).payUrl).toBe((pay as { payUrl: string }).payUrl);
    // Asked again (a reload), the same payment is resumed.
    expect(await askQrCode(trade.tradeNo, cookie)).toMatchObject({ ok: true, payUrl: (pay as { payUrl: string }).payUrl });
  });

  it("another learner's order is the page's 404", async () => {
    const { db, trade } = await world();
    const other = await createUser(db, { nick: "张敏" });
    const refused = await load(trade.tradeNo, await cookieOf(db, other.id)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ init: { status: 404 }, data: "订单不存在" });
  });
});
