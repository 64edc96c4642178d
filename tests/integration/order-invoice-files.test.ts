// E-invoice PDFs are private uploads (midPath `invoice`): never public, linked only for the buyer and admins,
// and the back office can issue an invoice only with such a file.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { INVOICE_STATUS, invoices, uploadObjects } from "@db/schema";
import { applyPayment } from "@trpc-app/order/payment.service";
import { NOT_AN_INVOICE_FILE } from "@trpc-app/order/invoice.service";
import { FILE_REFUSED } from "@trpc-app/upload/access.service";
import { storagePath } from "@trpc-app/upload/file-ref";
import { action, loader } from "~/routes/storage.$";
import { createCourse } from "../factories/course";
import { storeUpload } from "../factories/upload";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const PDF = Buffer.from("%PDF-1.4\n% 电子发票 26332000000012345678\n");
const HEADER = { headUserType: 1, headName: "杭州市西湖区财政局", taxNo: "11330106002493882X" };

type Client = Awaited<ReturnType<typeof signedInClient>>;

const fetchLink = async (url: string) =>
  (await loader({ request: new Request(`http://127.0.0.1:3000${url}`), params: { "*": decodeURI(url.split("?")[0]!.replace("/storage/", "")) }, context: {} })) as Response;

/** Uploads a PDF through the policy flow as this client and answers the object key. */
async function uploadPdf(client: Client, fileName: string, midPath?: string) {
  const token = await client.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName, midPath, contentType: "application/pdf" }));
  const form = new FormData();
  for (const [k, v] of Object.entries(token.fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), fileName);
  const res = (await action({ request: new Request("http://127.0.0.1:3000/storage/upload", { method: "POST", body: form }), params: { "*": "upload" }, context: {} })) as Response;
  expect(res.status).toBe(200);
  return token.data[0]!;
}

describeEachDb("invoice PDFs are private uploads", (getDb) => {
  /** A buyer with a paid order and an invoice request, another learner, an admin. */
  async function world(db: Db) {
    const { course } = await createCourse(db, { name: "政府采购合同管理实务", isFree: 0, price: 19_900 });
    const buyerUser = await createUser(db, { nick: "王晓雯" });
    const otherUser = await createUser(db, { nick: "张敏" });
    const adminUser = await createUser(db, { nick: "管理员", isAdmin: 1 });
    const buyer = await signedInClient(db, buyerUser.id);
    const other = await signedInClient(db, otherUser.id);
    const admin = await signedInClient(db, adminUser.id);
    const trade = await buyer.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: course.id }));
    await applyPayment(db, "sandbox", { tradeNo: trade.tradeNo, amount: trade.payAmount, providerTradeNo: `SB${trade.tradeNo.slice(2)}`, paidAt: new Date() }, {});
    await buyer.call((c) => c.order.invoice({ tradeNo: trade.tradeNo, ...HEADER }));
    const id = (await admin.call((c) => c.order.admin.invoicePage({ status: 0 }))).list[0]!.id;
    return { course, buyerUser, otherUser, adminUser, buyer, other, admin, trade, id };
  }

  it("the admin uploads the e-invoice for the invoice purpose: recorded private, refused to visitors and other learners, never served unsigned", async () => {
    const db = getDb();
    const { buyer, other, admin } = await world(db);
    const key = await uploadPdf(admin, "电子发票.pdf", "invoice");
    expect(key).toMatch(/^1133\/invoice\/\d{8}\/\d+\/[0-9a-f]{32}_电子发票\.pdf$/);
    expect((await db.select().from(uploadObjects).where(eq(uploadObjects.key, key)))[0]).toMatchObject({ purpose: "invoice", isPublic: 0 });

    for (const client of [testClient(db), other, buyer])
      expect((await rejection(client.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key })))).message).toBe(FILE_REFUSED);
    expect((await fetchLink(storagePath(key))).status).toBe(403);
    expect((await fetchLink(`${storagePath(key)}?exp=9999999999&sig=forged`)).status).toBe(403);
    // The admin who uploaded it reads it, for an hour at most.
    const { url } = await admin.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key, expiresIn: 10 * 365 * 24 * 3600 }));
    expect(Number(new URL(url, "http://x").searchParams.get("exp")) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(Buffer.from(await (await fetchLink(url)).arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("only admins upload invoices, and only PDF", async () => {
    const db = getDb();
    const { buyer, admin } = await world(db);
    expect((await rejection(buyer.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName: "发票.pdf", midPath: "invoice" })))).message).toBe("只有管理员可以上传电子发票");
    expect((await rejection(admin.call((c) => c.upload.getUploadToken({ bizCode: "1133", fileName: "发票.png", midPath: "invoice" })))).message).toBe("电子发票须为PDF格式");
    expect(await db.select().from(uploadObjects)).toHaveLength(0);
  });

  it("issuing with an ordinary public file, a learner's file or a missing one is refused and stores nothing", async () => {
    const db = getDb();
    const { buyerUser, admin, adminUser, id } = await world(db);
    const publicPdf = await uploadPdf(admin, "公开讲义.pdf");
    expect((await db.select().from(uploadObjects).where(eq(uploadObjects.key, publicPdf)))[0]).toMatchObject({ purpose: "file", isPublic: 1 });
    const learnerPdf = await storeUpload(db, buyerUser.id, "my.pdf", { midPath: "invoice", bytes: PDF, contentType: "application/pdf" });
    const missing = `1133/invoice/20260101/${adminUser.id}/${"0".repeat(32)}_gone.pdf`;
    for (const fileKey of [publicPdf, storagePath(publicPdf), learnerPdf, missing, "course-demo/handout.pdf"])
      expect((await rejection(admin.call((c) => c.order.admin.invoice({ id, fileKey })))).message, fileKey).toBe(NOT_AN_INVOICE_FILE);
    expect((await db.select().from(invoices))[0]).toMatchObject({ status: INVOICE_STATUS.requested, fileKey: null, invoiceNo: null, handledBy: null });
  });

  it("once issued, the buyer's signed link works; another learner gets no link (IDOR); one file serves one invoice", async () => {
    const db = getDb();
    const w = await world(db);
    const key = await uploadPdf(w.admin, "电子发票.pdf", "invoice");
    await w.admin.call((c) => c.order.admin.invoice({ id: w.id, fileKey: storagePath(key), invoiceNo: "26332000000012345678" }));

    const mine = await w.buyer.call((c) => c.order.getInvoiceStatus({ tradeNo: w.trade.tradeNo }));
    expect(mine).toMatchObject({ invoiceStatus: 1, invoiceNo: "26332000000012345678" });
    const exp = Number(new URL(mine.invoiceUrl, "http://x").searchParams.get("exp"));
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(600);
    const served = await fetchLink(mine.invoiceUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    // The buyer may also ask the storage for it; the file stays private (an hour at most).
    const asked = await w.buyer.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key }));
    expect((await fetchLink(asked.url)).status).toBe(200);

    // Another learner: not through the order, not through the storage; a visitor neither.
    expect((await rejection(w.other.call((c) => c.order.getInvoiceStatus({ tradeNo: w.trade.tradeNo })))).message).toBe("订单不存在");
    for (const client of [w.other, testClient(db)])
      expect((await rejection(client.call((c) => c.upload.getDownLoadUrl({ bizCode: "1133", fileId: key })))).message).toBe(FILE_REFUSED);
    expect((await fetchLink(storagePath(key))).status).toBe(403);

    // The back office's link works for the admin.
    const row = (await w.admin.call((c) => c.order.admin.invoicePage({ status: 1 }))).list[0]!;
    expect((await fetchLink(row.fileUrl)).status).toBe(200);

    // The same file cannot be issued to another learner's invoice.
    const trade2 = await w.other.call((c) => c.order.getTradeNo({ goodsType: 1, goodsId: w.course.id }));
    await applyPayment(db, "sandbox", { tradeNo: trade2.tradeNo, amount: trade2.payAmount, providerTradeNo: `SB${trade2.tradeNo.slice(2)}`, paidAt: new Date() }, {});
    await w.other.call((c) => c.order.invoice({ tradeNo: trade2.tradeNo, ...HEADER }));
    const id2 = (await w.admin.call((c) => c.order.admin.invoicePage({ status: 0 }))).list[0]!.id;
    expect((await rejection(w.admin.call((c) => c.order.admin.invoice({ id: id2, fileKey: key })))).message).toBe("该电子发票文件已用于其他订单，请重新上传");
    expect((await db.select().from(invoices).where(eq(invoices.id, id2)))[0]).toMatchObject({ status: INVOICE_STATUS.requested, fileKey: null });
  });
});
