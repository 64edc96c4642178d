import { encodePng } from "../../db/seed/png";
import { DEMO, expect, loginByApi, test } from "./fixtures";

// The demo learner asks a question with a screenshot, an admin answers it from the queue, and the learner
// reads the answer; then the learner gives the address for a prize won in a live raffle.

const screenshotPng = () => Buffer.from(encodePng(40, 24, (x, y) => [22 + x * 4, 93 + y * 2, 255]));

test("feedback with a screenshot is answered in /admin/feedback and the learner reads the answer", async ({ page, browser, consoleErrors }) => {
  const question = `证书页面打不开，提示加载失败（${Date.now() % 100000}）`;
  await loginByApi(page, DEMO.learner);
  await page.goto("/person/help");
  await expect(page.getByRole("heading", { name: "帮助文档" })).toBeVisible();
  await expect(page.getByText("如何报名考试")).toBeVisible();

  // Keyword search over the articles.
  await page.getByLabel("搜索帮助文档").fill("发票");
  await page.getByLabel("搜索帮助文档").press("Enter");
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByText("发票申请")).toBeVisible();
  await expect(page.getByText("如何报名考试")).toHaveCount(0);
  await page.getByText("发票申请").click();
  await expect(page.getByText("电子发票一般在 3 个工作日内开具")).toBeVisible();

  await page.getByLabel("问题描述").fill(question);
  await page.locator('[data-upload-field="screenshot"] input[type="file"]').setInputFiles({ name: "截图.png", mimeType: "image/png", buffer: screenshotPng() });
  await expect(page.getByAltText("已上传截图")).toHaveCount(1);
  await page.getByRole("button", { name: "提交反馈" }).click();
  const mine = page.getByRole("link", { name: new RegExp(question.replace(/[()（）]/g, ".")) });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText("待处理");

  // An admin answers from the queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginByApi(admin, DEMO.admin);
  await admin.goto("/admin/feedback");
  await expect(admin.getByRole("heading", { name: "意见反馈管理" })).toBeVisible();
  const row = admin.locator("tr", { hasText: question });
  await expect(row).toContainText("[截图1]");
  await row.getByRole("link", { name: "查看" }).click();
  const thread = admin.getByTestId("admin-feedback-thread");
  await expect(thread.getByAltText("反馈截图")).toBeVisible();
  await thread.getByLabel("回复内容").fill("您好，请清除浏览器缓存后重新打开“我的证书”，如仍有问题请继续反馈。");
  await thread.getByRole("button", { name: "回复" }).click();
  await expect(thread.getByText("已回复")).toBeVisible();
  await adminContext.close();

  // The learner reads the answer in the thread.
  await page.goto("/person/help");
  await page.getByRole("link", { name: new RegExp(question.replace(/[()（）]/g, ".")) }).click();
  const mineThread = page.getByTestId("feedback-thread");
  await expect(mineThread).toContainText("平台客服回复");
  await expect(mineThread).toContainText("请清除浏览器缓存后重新打开");
  await expect(mineThread.getByAltText("截图")).toBeVisible();
  await page.screenshot({ path: "test-results/person-help.png", fullPage: true });
  expect(consoleErrors).toEqual([]);
});

test("the demo learner gives the receive address for a live raffle prize", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.learner);
  await page.goto("/person/prize");
  const card = page.getByTestId("prize-card").filter({ hasText: "《政府采购实务手册》纸质版" });
  await expect(card).toContainText("电子卖场采购常见问题答疑");
  // A rerun against the same data finds the address given already: it may still be changed.
  const change = card.getByRole("button", { name: "修改收货信息" });
  if (await change.isVisible()) await change.click();
  await card.getByLabel("收货人").fill("王晓雯");
  await card.getByLabel("手机号").fill("1380000000");
  await card.getByRole("button", { name: "保存收货信息" }).click();
  await expect(card.getByText("手机号格式不正确")).toBeVisible();
  await card.getByLabel("手机号").fill("13800000001");
  await card.getByLabel("收货地址").fill("浙江省杭州市西湖区文三路 90 号");
  await card.getByRole("button", { name: "保存收货信息" }).click();
  await expect(card).toContainText("待发货");
  await expect(card).toContainText("收货地址：浙江省杭州市西湖区文三路 90 号");
  await expect(card.getByRole("button", { name: "修改收货信息" })).toBeVisible();
  await page.screenshot({ path: "test-results/person-prize.png", fullPage: true });
  // The refused phone number is the only failed request.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});
