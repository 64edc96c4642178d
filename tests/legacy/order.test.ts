import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { sandboxTicket } from "@trpc-app/order/providers/sandbox";
import { storagePath } from "@trpc-app/upload/file-ref";
import { testClient } from "../helpers/caller";
import { createCourse } from "../factories/course";
import { storeUpload } from "../factories/upload";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/order";
const B = "/api/elearning/back/order";

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy order calls", (getDb) => {
  it("the 12 learner calls and 3 back-office calls answer the envelope with the order field names", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "投诉处理决定典型案例评析", isFree: 0, price: 19_900, learnHour: 2 });
    const { client: me } = await signedIn(db, { nick: "孙悦" });
    const { user: adminUser, client: admin } = await signedIn(db, { isAdmin: 1 });

    // Old clients send courseId and a price: the price is ignored.
    const pre = await me.post(`${F}/preCreateOrder`, { courseId: String(course.id), price: "1" });
    expect(pre.body).toMatchObject({ code: 200, success: true, data: { goodsType: 1, goodsId: course.id, goodsName: "投诉处理决定典型案例评析", payAmount: 19_900, learnHour: 2, tradeNo: null } });
    const trade = await me.post(`${F}/getTradeNo`, { goodsType: 1, goodsId: course.id, isInvoice: "1" });
    expect(trade.body.data).toMatchObject({ tradeNo: expect.stringMatching(/^CY\d{20}$/), status: 0, statusName: "待支付", payAmount: 19_900, isInvoice: 1, payType: "sandbox", qrCode: expect.stringMatching(/^data:image\/png/) });
    const tradeNo: string = trade.body.data.tradeNo;
    expect((await me.get(`${F}/getOrderStatus`, { tradeNo })).body.data).toMatchObject({ tradeNo, status: 0, isPay: 0, remainSeconds: expect.any(Number) });
    expect((await me.get(`${F}/getOrderStatus`, { tradeNo: "" })).body).toMatchObject({ success: false, message: "缺少订单号" });
    expect((await me.get(`${F}/getPayAgreement`)).body.data).toMatchObject({ title: "财云学院用户购买协议" });

    // Paid on the sandbox's phone page.
    await testClient(db).call((c) => c.order.sandboxPay({ tradeNo, ticket: sandboxTicket(tradeNo) }));
    expect((await me.get(`${F}/getOrderStatus`, { tradeNo })).body.data).toMatchObject({ status: 1, isPay: 1, jumpUrl: `/study/platform?id=${course.id}` });
    const info = (await me.get(`${F}/getOrderInfoByTradeNo`, { tradeNo })).body.data;
    expect(info).toMatchObject({ tradeNo, goodsName: "投诉处理决定典型案例评析", status: 1, statusName: "已支付", payTime: expect.any(Number), createTime: expect.any(Number), invoiceStatus: -1, payTypeName: "演示支付" });
    const mine = (await me.get(`${F}/getOrderInfoByUserId`, { pageNo: "1", pageSize: "10", status: "1" })).body.data;
    expect(mine).toMatchObject({ total: 1, pageNo: 1, list: [{ tradeNo }] });
    expect((await me.get(`${F}/showRefundOrder`, { userId: "1" })).body).toMatchObject({ success: true, data: [] });

    // Invoice header and request.
    expect((await me.post(`${F}/editInvoiceHeader`, { headUserType: "1", headName: "某单位", taxNo: "123456-78" })).body).toMatchObject({ success: false, message: "仅支持数字和英文" });
    const header = { headUserType: "1", headName: "南京市江宁区政府采购中心", taxNo: "12320115MB1234567X", registerPhone: "025-52101234" };
    expect((await me.post(`${F}/editInvoiceHeader`, header)).body).toMatchObject({ success: true, data: { success: true } });
    expect((await me.get(`${F}/getInvoiceHeader`)).body.data).toMatchObject({ headUserType: 1, headName: "南京市江宁区政府采购中心", taxNo: "12320115MB1234567X", typeList: [{ value: 1 }, { value: 2 }] });
    expect((await me.post(`${F}/invoice`, { tradeNo, ...header })).body.data).toMatchObject({ tradeNo, invoiceStatus: 0, invoiceStatusName: "开票中" });
    expect((await me.get(`${F}/getInvoiceStatus`, { tradeNo })).body.data).toMatchObject({ invoiceStatus: 0, headName: "南京市江宁区政府采购中心" });

    // Back office: the page, the export, issuing the invoice; learners are refused.
    expect((await me.post(`${B}/getOrderPage`, {})).body).toMatchObject({ success: false, code: 403 });
    const page = (await admin.post(`${B}/getOrderPage`, { pageNo: 1, pageSize: 10, status: 1 })).body.data;
    expect(page).toMatchObject({ total: 1, list: [{ tradeNo, nick: "孙悦", payAmount: 19_900, statusName: "已支付", invoiceStatusName: "开票中" }], totals: { paidAmount: 19_900 } });
    const file = await admin.post(`${B}/downloadOrderInfo`, { status: 1 });
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.bytes) as never);
    const sheet = wb.worksheets[0]!;
    expect([sheet.getCell("A1").text, sheet.getCell("E1").text, sheet.getCell("G1").text]).toEqual(["订单号", "商品名称", "实付（元）"]);
    expect([sheet.getCell("A2").text, sheet.getCell("G2").text, sheet.getCell("H2").text]).toEqual([tradeNo, "199", "已支付"]);
    const queue = await testClient(db, { cookies: { cy_session: admin.jar.cy_session! } }).call((c) => c.order.admin.invoicePage({ status: 0 }));
    // Only a private invoice upload can be issued (an ordinary file is refused with the reason).
    expect((await admin.post(`${B}/invoice`, { id: String(queue.list[0]!.id), fileKey: "/storage/file/invoice/2026/fp-0001.pdf" })).body).toMatchObject({ success: false, message: "电子发票文件无效，请在开具发票窗口重新上传" });
    const pdf = await storeUpload(db, adminUser.id, "fp-0001.pdf", { midPath: "invoice", bytes: Buffer.from("%PDF-1.4\n"), contentType: "application/pdf" });
    const issued = await admin.post(`${B}/invoice`, { id: String(queue.list[0]!.id), fileKey: storagePath(pdf), invoiceNo: "25332000000012345678" });
    expect(issued.body).toMatchObject({ success: true, data: { status: 1 } });
    const status = (await me.post(`${F}/getInvoiceStatus`, { tradeNo })).body.data;
    expect(status).toMatchObject({ invoiceStatus: 1, invoiceStatusName: "已开票", invoiceNo: "25332000000012345678", invoiceUrl: expect.stringMatching(/^\/storage\/file\/1133\/invoice\/\d{8}\/\d+\/[0-9a-f]{32}_fp-0001\.pdf\?exp=/) });
  });

  it("showRefundOrder lists the learner's refunded orders in the envelope with the order field names", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "政府采购合同管理实务", isFree: 0, price: 19_900, scribingPrice: 29_900, learnHour: 6 });
    const { client: me } = await signedIn(db, { nick: "孙悦" });
    const { client: other } = await signedIn(db, { nick: "张敏" });
    const { client: admin } = await signedIn(db, { nick: "李建国", isAdmin: 1 });
    const tradeNo: string = (await me.post(`${F}/getTradeNo`, { goodsType: 1, goodsId: course.id })).body.data.tradeNo;
    await testClient(db).call((c) => c.order.sandboxPay({ tradeNo, ticket: sandboxTicket(tradeNo) }));
    // A paid order is not a refunded one.
    expect((await me.get(`${F}/showRefundOrder`)).body).toMatchObject({ code: 200, success: true, data: [] });
    await testClient(db, { cookies: { cy_session: admin.jar.cy_session! } }).call((c) => c.order.admin.refund({ tradeNo, reason: "课程内容与需求不符，学员申请退款" }));

    const answer = (await me.get(`${F}/showRefundOrder`)).body;
    expect(answer).toMatchObject({ code: 200, success: true, message: expect.any(String) });
    expect(answer.data).toHaveLength(1);
    const row = answer.data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        "orderId", "tradeNo", "goodsType", "goodsId", "goodsName", "goodsImg", "learnHour", "price", "payAmount", "status", "statusName", "isInvoice",
        "invoiceStatus", "invoiceStatusName", "payType", "payTypeName", "createTime", "payTime", "expireTime", "remainSeconds", "closeTime",
        "closeReason", "refundTime", "refundReason", "jumpUrl", "groupBuyId",
      ].sort(),
    );
    expect(row).toMatchObject({
      tradeNo,
      goodsType: 1,
      goodsId: course.id,
      goodsName: "政府采购合同管理实务",
      learnHour: 6,
      price: 29_900,
      payAmount: 19_900,
      status: 4,
      statusName: "已退款",
      payType: "sandbox",
      payTypeName: "演示支付",
      payTime: expect.any(Number),
      refundTime: expect.any(Number),
      refundReason: "课程内容与需求不符，学员申请退款",
      remainSeconds: 0,
      invoiceStatus: -1,
      groupBuyId: null,
    });
    expect(row.refundTime).toBeGreaterThanOrEqual(row.payTime);
    // Someone else's refunds are not shown; a visitor is asked to log in.
    expect((await other.get(`${F}/showRefundOrder`)).body).toMatchObject({ success: true, data: [] });
    expect((await legacyClient(db).get(`${F}/showRefundOrder`)).body).toMatchObject({ success: false, code: 281 });
  });
});
