import { expect, loginByApi, query, shot, test } from "./fixtures";

// Buying (issue: commerce): a learner buys a paid course from its detail page, pays on the sandbox's
// phone page, studies it, and asks for an invoice from 我的订单. Seeded, and used by no other spec:
const BUYER = { account: "sunyue_cg", password: "Caiyun@2026pass" };
const COURSE = "投诉处理决定典型案例评析";

test("a learner buys a paid course with the sandbox provider, studies it and asks for an invoice", async ({ page, context, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await loginByApi(page, BUYER);
  const hit = await query<{ list: { id: number; name: string }[] }>(page, "course.search", { keyword: COURSE });
  const courseId = hit.list.find((c) => c.name === COURSE)!.id;

  await page.goto(`/course/detail?id=${courseId}`);
  await expect(page.getByTestId("purchase-state")).toHaveText("付费课程 · 购买后即可学习");
  await page.getByRole("button", { name: "购买课程" }).click();

  // 确认订单: the server's price, the agreement required before submitting.
  await expect(page).toHaveURL(/\/order\?goodsType=1&goodsId=\d+/);
  await expect(page.getByTestId("order-goods-name")).toHaveText(COURSE);
  await expect(page.getByTestId("order-pay-amount")).toHaveText("¥199");
  await page.getByRole("checkbox", { name: "需要发票" }).click();
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page.getByRole("alert")).toHaveText("请先阅读并同意《财云学院用户购买协议》");
  await page.getByRole("button", { name: "《财云学院用户购买协议》" }).click();
  await expect(page.getByTestId("pay-agreement")).toContainText("仅限本人账号学习使用");
  await page.getByRole("button", { name: "同意并继续" }).click();
  await expect(page.getByRole("checkbox", { name: "同意购买协议" })).toBeChecked();
  await shot(page, "order-confirm");
  await page.getByRole("button", { name: "提交订单" }).click();

  // The waiting page: QR code, countdown, the sandbox link; paying on the "phone" opens the course here.
  await expect(page).toHaveURL(/\/payment\/waiting\?tradeNo=CY\d{20}$/);
  await expect(page.getByTestId("pay-qrcode")).toBeVisible();
  await expect(page.getByTestId("pay-countdown")).toHaveText(/^(29|30):\d\d$/);
  await expect(page.getByTestId("payment-amount")).toHaveText("¥199");
  await shot(page, "payment-waiting");
  const [phone] = await Promise.all([context.waitForEvent("page"), page.getByTestId("sandbox-link").click()]);
  await expect(phone.getByTestId("sandbox-amount")).toHaveText("¥199");
  await shot(phone, "payment-sandbox");
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByTestId("sandbox-paid")).toContainText("支付成功");
  await phone.close();
  await expect(page.getByTestId("payment-success")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "去学习" }).click();
  await expect(page).toHaveURL(new RegExp(`/study/platform\\?id=${courseId}`));
  await expect(page.getByTestId("study-title")).toHaveText(COURSE);

  // 我的订单: paid, then the invoice modal checks the rules before the server does.
  await page.goto("/person/order?status=1");
  const card = page.getByTestId("order-card").filter({ hasText: COURSE });
  await expect(card.getByTestId("order-status")).toHaveText("已支付");
  await card.getByRole("button", { name: "申请发票" }).click();
  const modal = page.getByTestId("invoice-modal");
  await expect(modal.getByLabel("发票抬头")).toBeEnabled();
  await modal.getByLabel("税号").fill("12-34");
  await modal.getByRole("button", { name: "提交申请" }).click();
  await expect(modal).toContainText("请选择发票类型");
  await expect(modal).toContainText("请输入发票抬头");
  await expect(modal).toContainText("发票税号须为6-20位");
  await modal.getByRole("radio", { name: "企业单位", exact: true }).click();
  await modal.getByLabel("发票抬头").fill("南京市江宁区政府采购中心");
  await modal.getByLabel("税号").fill("12320115MB1234567X");
  await modal.getByLabel("注册电话").fill("025-52101234");
  await shot(page, "invoice-modal");
  await modal.getByRole("button", { name: "提交申请" }).click();
  await expect(modal).toBeHidden();
  await expect(card.getByTestId("invoice-state")).toHaveText("发票：开票中");
  expect(consoleErrors).toEqual([]);
});
