import { DEMO, expect, loginByApi, ownCourse, shot, test } from "./fixtures";

// Group buys and revenue (issue: commerce): an admin starts a group buy on a paid course of the spec's
// own, a learner sees the group price on 确认订单; the admin files the course's revenue under a department.

const tag = Date.now().toString(36).slice(-5);

test("an admin starts a group buy the learner's order shows, then expires it; the course's revenue goes to a department", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const course = `拼团验收课程${tag}`;
  const courseId = await ownCourse(page, course, 12_800);

  await page.goto("/admin/group-buys");
  await page.getByRole("button", { name: "新建拼团" }).click();
  const dialog = page.getByRole("dialog", { name: "新建拼团" });
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("请输入拼团名称");
  await dialog.getByLabel("拼团名称").fill(`三人成团${tag}`);
  await dialog.getByLabel("搜索课程").fill(course);
  await dialog.getByLabel("选择课程").selectOption({ label: `${course}（¥128）` });
  await dialog.getByLabel("拼团价").fill("200");
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog.getByRole("alert")).toContainText("拼团价");
  await dialog.getByLabel("拼团价").fill("88");
  await shot(page, "admin-group-buy-dialog");
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("group-buy-row").filter({ hasText: `三人成团${tag}` });
  await expect(row).toContainText("¥88");
  await expect(row).toContainText("0 / 3");
  await shot(page, "admin-group-buys");

  // A learner's 确认订单 shows the group price.
  const learner = await browser.newPage();
  await learner.goto("/");
  await loginByApi(learner, DEMO.learner);
  await learner.goto(`/order?goodsType=1&goodsId=${courseId}`);
  await expect(learner.getByTestId("order-group-buy")).toContainText("¥88");
  await expect(learner.getByTestId("order-group-buy")).toContainText("还差3人成团");
  await expect(learner.getByTestId("order-pay-amount")).toHaveText("¥88");
  await learner.close();

  // Expired: the course is sold at its own price again.
  await row.getByRole("button", { name: "作废" }).click();
  await page.getByRole("dialog", { name: "作废拼团" }).getByRole("button", { name: "作废" }).click();
  await expect(row).toContainText("已作废");

  // Revenue: the course goes to 采购研究院.
  await page.goto("/admin/revenue");
  await page.getByLabel("搜索课程").fill(course);
  await page.getByLabel("选择课程").selectOption({ label: `${course}（¥128）` });
  await expect(page.getByTestId("revenue-current")).toHaveText("未配置");
  await page.getByLabel("所属部门").selectOption({ label: "采购研究院" });
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByTestId("revenue-current")).toHaveText("采购研究院");
  await shot(page, "admin-revenue");
  await page.reload();
  await page.getByLabel("搜索课程").fill(course);
  await page.getByLabel("选择课程").selectOption({ label: `${course}（¥128）` });
  await expect(page.getByTestId("revenue-current")).toHaveText("采购研究院");
  // The one refusal is the server's answer to the group price above the course's.
  expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
});
