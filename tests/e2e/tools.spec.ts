import { DEMO, expect, loginByApi, test } from "./fixtures";

// The diagnostic tools page: an admin reads what a tool does, runs the self-check and a repair, and sees
// their answers; a dangerous tool asks first.

test("an admin runs the self-check and a repair from 诊断工具 and reads their results", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  const me = await (await page.request.get("/api/elearning/caiyun/front/user/getUserInfo")).json();
  const adminId = String(me.data.userId);

  await page.goto("/admin/tools");
  await expect(page.getByRole("heading", { name: "诊断工具" }).first()).toBeVisible();
  for (const group of ["系统", "缓存", "实时连接与直播", "提醒发送", "数据修复", "搜索索引", "数据工具"]) {
    await expect(page.getByRole("heading", { level: 2, name: group, exact: true })).toBeVisible();
  }

  const selfCheck = page.locator('[data-tool="test"]');
  await expect(selfCheck).toContainText("确认服务在线");
  await selfCheck.getByRole("button", { name: "执行" }).click();
  await expect(selfCheck.getByRole("status")).toContainText("执行成功");
  await expect(selfCheck.getByTestId("tool-json")).toContainText('"ok": 1');

  const repair = page.locator('[data-tool="refreshUserLearn"]');
  await expect(repair).toContainText("按章节学习记录重算");
  await repair.getByLabel("学员ID").fill(adminId);
  await repair.getByRole("button", { name: "执行" }).click();
  await expect(repair.getByTestId("tool-json")).toContainText(`"userId": ${adminId}`);
  // Run twice: the second run changes nothing.
  await repair.getByRole("button", { name: "执行" }).click();
  await expect(repair.getByTestId("tool-json")).toContainText('"changed": false');

  // A dangerous tool asks before it runs; a refusal reads in Chinese.
  const redeem = page.locator('[data-tool="correctRedemption"]');
  await redeem.getByLabel("兑换码").fill("ZZZZ-ZZZZ-ZZZZ");
  await redeem.getByRole("button", { name: "执行" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("确认执行「修正兑换码状态」？");
  await confirm.getByRole("button", { name: "确认执行" }).click();
  await expect(redeem.getByRole("status")).toContainText("执行失败：兑换码不存在");

  const wx = page.locator('[data-tool="getWxJsTicket"]');
  await wx.getByRole("button", { name: "执行" }).click();
  await expect(wx.getByRole("status")).toContainText("未配置微信公众号（WX_APP_ID）");

  await selfCheck.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/tools.png", fullPage: false });
  expect(consoleErrors).toEqual([]);
});
