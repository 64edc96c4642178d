import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, Page } from "@playwright/test";
import { formatMoney } from "@base/format";
import { DEMO, expect, loginByApi, mutate, ownCourse, query, shot, test } from "./fixtures";

// A learner buys three paid courses through the sandbox and asks invoices for two; the back office
// finds the orders, exports them, issues one invoice with a PDF, refuses the other and refunds the third.

const LEARNER = { account: "yangfan_gov", password: "Caiyun@2026pass", nick: "杨帆" };
/** Seeded paid courses no other browser test buys. */
const PAID_COURSES = ["政府采购合同范本使用指南", "政府采购监督检查实务", "投诉处理决定典型案例评析", "PPP项目政府采购操作", "政府采购业务全流程实训"];
const HEADER = { headUserType: 1, headName: "杭州市西湖区政府采购中心", taxNo: "12330106MB1234567X", registerPhone: "0571-87001234", registerAddress: "杭州市西湖区文三路100号", email: "caigou@example.cn" };

type Trade = { tradeNo: string; payUrl: string; payAmount: number; goodsName: string };

async function learnerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await loginByApi(page, LEARNER);
  return page;
}

/** Orders one course and pays it with the sandbox's ticket from the payment link. */
async function buyAndPay(page: Page, courseId: number): Promise<Trade> {
  const trade = await mutate<Trade>(page, "order.getTradeNo", { goodsType: 1, goodsId: courseId });
  const link = new URL(trade.payUrl, "http://local");
  expect(link.pathname).toBe("/payment/sandbox");
  const paid = await mutate<{ paid: boolean }>(page, "order.sandboxPay", { tradeNo: link.searchParams.get("tradeNo"), ticket: link.searchParams.get("ticket") });
  expect(paid.paid).toBe(true);
  return trade;
}

/** A one-page e-invoice, written where the file chooser would pick it from. */
async function invoicePdf() {
  const doc = await PDFDocument.create();
  const pageOfPdf = doc.addPage([420, 297]);
  pageOfPdf.drawText("E-INVOICE 26332000000012345678", { x: 40, y: 240, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const path = join(mkdtempSync(join(tmpdir(), "order-admin-")), "invoice.pdf");
  writeFileSync(path, await doc.save());
  return path;
}

test("the back office lists, exports and refunds orders and works through the invoice queue", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(150_000);

  await page.goto("/");
  await loginByApi(page, DEMO.admin);

  // The learner's side, through the API: three paid courses, two invoice requests. Seeded paid courses
  // the learner does not own yet come first; a paid course of the test's own makes up any shortfall.
  const learner = await learnerPage(browser);
  const courseIds: number[] = [];
  for (const name of PAID_COURSES) {
    if (courseIds.length === 3) break;
    const hit = await query<{ list: { id: number; name: string; isFree: number }[] }>(learner, "course.search", { keyword: name });
    const course = hit.list.find((c) => c.name === name && c.isFree === 0);
    if (!course) continue;
    const preview = await learner.request.post("/api/trpc/order.preCreateOrder", { data: { goodsType: 1, goodsId: course.id } });
    if (preview.status() === 200) courseIds.push(course.id);
  }
  while (courseIds.length < 3) courseIds.push(await ownCourse(page, `订单管理测试课程${Date.now() % 100000}`, 6800));
  const trades: Trade[] = [];
  for (const id of courseIds) trades.push(await buyAndPay(learner, id));
  const [issued, refused, refunded] = trades as [Trade, Trade, Trade];
  for (const t of [issued, refused]) await mutate(learner, "order.invoice", { tradeNo: t.tradeNo, ...HEADER });

  // 订单管理: the figures, the chart and the paid orders.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "订单管理" })).toBeVisible();
  await expect(page.getByRole("link", { name: "订单", exact: true })).toHaveAttribute("aria-current", "page");
  const row = (t: Trade) => page.locator(`tr[data-trade-no="${t.tradeNo}"]`);
  await expect(row(issued)).toContainText("已支付");
  await expect(row(issued)).toContainText(LEARNER.nick);
  await expect(row(issued)).toContainText(issued.goodsName);
  await expect(row(issued)).toContainText("开票中");
  await expect(row(issued)).toContainText("演示支付");
  const all = await query<{ totals: { orders: number; paidCount: number; paidAmount: number } }>(page, "order.admin.getOrderPage", {});
  const figures = page.getByRole("region", { name: "订单统计" });
  await expect(figures).toContainText("全部订单");
  await expect(figures.getByTestId("order-figure").filter({ hasText: "订单数" })).toContainText(String(all.totals.orders));
  await expect(figures.getByTestId("order-figure").filter({ hasText: "已支付订单" })).toContainText(String(all.totals.paidCount));
  const chart = page.getByTestId("revenue-chart");
  await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeAttached();
  await expect(page.getByRole("region", { name: "近30天收入" })).toContainText("支付金额（元）");

  // The tooltip of today's bar speaks Chinese.
  const box = (await chart.locator(".recharts-surface").first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y - 20);
  await page.mouse.move(box.x + box.width - 50, box.y + box.height / 2, { steps: 8 });
  await expect(chart.getByText(/支付订单：\d+ 笔/)).toBeVisible();
  await expect(chart.getByText(/支付金额：¥\d+/)).toBeVisible();
  await shot(page, "order-admin");

  // Filtered to the learner: exactly the three orders, all paid.
  await page.getByLabel("学员", { exact: true }).fill(LEARNER.account);
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/keyword=yangfan_gov/);
  const mine = await query<{ total: number; totals: { orders: number; paidCount: number; paidAmount: number } }>(page, "order.admin.getOrderPage", { keyword: LEARNER.account });
  await expect(page.getByTestId("order-row")).toHaveCount(Math.min(mine.total, 10));
  for (const t of trades) await expect(row(t)).toBeVisible();
  await expect(figures).toContainText("符合筛选条件的订单");
  await expect(figures.getByTestId("order-figure").filter({ hasText: "订单数" })).toContainText(String(mine.totals.orders));
  const paidSum = trades.reduce((s, t) => s + t.payAmount, 0);
  expect(mine.totals.paidAmount).toBeGreaterThanOrEqual(paidSum);
  await expect(figures.getByTestId("order-figure").filter({ hasText: "实收金额" })).toContainText(`¥${formatMoney(mine.totals.paidAmount)}`);

  // 导出: the filtered list as 订单列表.xlsx.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("订单列表.xlsx");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe("订单号");
  const exported = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => ({ tradeNo: String(r.getCell(1).value), nick: String(r.getCell(2).value) }));
  expect(exported).toHaveLength(mine.total);
  for (const t of trades) expect(exported.map((r) => r.tradeNo)).toContain(t.tradeNo);
  expect(new Set(exported.map((r) => r.nick))).toEqual(new Set([LEARNER.nick]));
  await expect(page.getByRole("button", { name: "导出" })).toBeEnabled();

  // 退款: the reason is required and counted, then confirmed.
  await row(refunded).getByRole("button", { name: "退款" }).click();
  const ask = page.getByRole("dialog", { name: "订单退款" });
  await expect(ask).toContainText(refunded.tradeNo);
  await ask.getByRole("button", { name: "下一步" }).click();
  await expect(ask.getByRole("alert")).toHaveText("请输入退款原因");
  const reason = "课程视频无法正常播放，经核实予以退款";
  await ask.getByLabel("退款原因").fill(reason);
  await expect(ask.getByRole("alert")).toHaveCount(0);
  await expect(ask.getByTestId("reason-count")).toHaveText(`${reason.length}/200`);
  await ask.getByRole("button", { name: "下一步" }).click();
  const sure = page.getByRole("dialog", { name: "确认退款" });
  await expect(sure).toContainText(reason);
  await sure.getByRole("button", { name: "确认退款" }).click();
  await expect(sure).toBeHidden();
  await expect(page.getByText(`订单 ${refunded.tradeNo} 已退款`)).toBeVisible();
  await expect(row(refunded)).toContainText("已退款");
  await expect(row(refunded).getByRole("button", { name: "退款" })).toHaveCount(0);
  await expect(figures.getByTestId("order-figure").filter({ hasText: "已退款" })).toContainText(`¥${formatMoney(refunded.payAmount)}`);
  // A second refund of the same order is refused with the server's reason.
  const again = await page.request.post("/api/trpc/order.admin.refund", { data: { tradeNo: refunded.tradeNo, reason: "重复退款" } });
  expect((await again.json()).error.message).toBe("只有已支付的订单可以退款");
  await row(refunded).getByRole("button", { name: "详情" }).click();
  const detail = page.getByRole("dialog", { name: "订单详情" });
  await expect(detail).toContainText(reason);
  await expect(detail).toContainText("退款时间");
  await expect(detail).toContainText(refunded.goodsName);
  await shot(page, "order-admin-refund");
  await detail.getByLabel("关闭", { exact: true }).click();
  await expect(detail).toBeHidden();

  // 发票管理: the two requests wait; one is issued with a PDF, the other refused.
  await page.getByRole("link", { name: /发票管理/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/invoices$/);
  const invoiceRow = (t: Trade) => page.locator(`tr[data-trade-no="${t.tradeNo}"]`);
  await expect(invoiceRow(issued)).toContainText(HEADER.headName);
  await expect(invoiceRow(issued)).toContainText(HEADER.taxNo);
  await expect(invoiceRow(issued)).toContainText("开票中");
  await invoiceRow(issued).getByRole("button", { name: "开具发票" }).click();
  const issue = page.getByRole("dialog", { name: "开具发票" });
  await expect(issue).toContainText(HEADER.registerAddress);
  await issue.getByRole("button", { name: "确认开具" }).click();
  await expect(issue.getByRole("alert")).toHaveText("请上传电子发票");
  await issue.getByLabel("上传电子发票").setInputFiles(await invoicePdf());
  await expect(issue.getByRole("link", { name: "已上传，点击查看" })).toBeVisible();
  await expect(issue.getByRole("alert")).toHaveCount(0);
  await issue.getByLabel("发票号码（选填）").fill("26332000000012345678");
  await issue.getByRole("button", { name: "确认开具" }).click();
  await expect(issue).toBeHidden();
  await expect(page.getByText(`订单 ${issued.tradeNo} 的发票已开具`)).toBeVisible();
  await expect(invoiceRow(issued)).toHaveCount(0);

  await invoiceRow(refused).getByRole("button", { name: "拒绝" }).click();
  const refuse = page.getByRole("dialog", { name: "拒绝开票" });
  await refuse.getByLabel("拒绝原因").fill("税号与发票抬头不一致，请核对后重新申请");
  await refuse.getByRole("button", { name: "确认拒绝" }).click();
  await expect(refuse).toBeHidden();
  await expect(invoiceRow(refused)).toHaveCount(0);

  await page.getByRole("navigation", { name: "开票状态" }).getByRole("link", { name: "已开票" }).click();
  await expect(invoiceRow(issued)).toContainText("已开票");
  await expect(invoiceRow(issued)).toContainText("26332000000012345678");
  const view = invoiceRow(issued).getByRole("link", { name: "查看" });
  const pdf = await page.request.get((await view.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByText("已拒绝该发票申请")).toBeHidden({ timeout: 15_000 });
  await shot(page, "order-admin-invoices");

  await page.getByRole("navigation", { name: "开票状态" }).getByRole("link", { name: "已拒绝" }).click();
  await expect(invoiceRow(refused)).toContainText("税号与发票抬头不一致");

  // The learner reads the issued invoice and downloads it from 我的订单: a signed link to the PDF.
  const state = await query<{ invoiceStatusName: string; invoiceNo: string; invoiceUrl: string }>(learner, "order.getInvoiceStatus", { tradeNo: issued.tradeNo });
  expect(state).toMatchObject({ invoiceStatusName: "已开票", invoiceNo: "26332000000012345678" });
  await learner.goto("/person/order?status=1");
  const card = learner.getByTestId("order-card").filter({ hasText: issued.goodsName });
  // The button opens the signed link in a new tab (the browser may show or save the PDF).
  const [opened] = await Promise.all([learner.context().waitForEvent("request", (r) => /\?exp=\d+&sig=/.test(r.url())), card.getByRole("button", { name: "下载发票" }).click()]);
  const signed = opened.url();
  const invoiceFile = await learner.request.get(signed);
  expect(invoiceFile.status()).toBe(200);
  expect((await invoiceFile.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // The same file without its signature is refused.
  expect((await learner.request.get(signed.split("?")[0]!)).status()).toBe(403);
  for (const tab of learner.context().pages()) if (tab !== learner) await tab.close();
  await page.getByRole("link", { name: "订单列表" }).click();
  await expect(row(issued)).toContainText("已开票");
  await expect(row(refused)).toContainText("已拒绝");
  expect(consoleErrors).toEqual([]);
  await learner.context().close();
});
