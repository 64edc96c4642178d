import ExcelJS from "exceljs";
import type { Browser } from "@playwright/test";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

// The back office writes a station message to one bound learner, sends it, and withdraws it.

const tag = Date.now().toString(36).slice(-5);
const PASSWORD = "Caiyun@2026pass";

async function learnerPage(browser: Browser, who: { account: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginByApi(page, who);
  return page;
}

async function recipientsFile(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("接收用户");
  ws.addRow(["登录名", "手机号"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test("an admin sends a station message to a bound learner, who sees it with the badge, then withdraws it", async ({ page, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const learner = { account: `zxx_${tag}`, password: PASSWORD, nick: `站内信学员${tag.slice(-3)}` };
  const made = await (await page.request.post("/api/elearning/back/user/add", { data: { loginName: learner.account, nick: learner.nick, password: PASSWORD } })).json();
  expect(made.success, made.message).toBe(true);

  const l = await learnerPage(browser, learner);
  await l.goto("/");
  await expect(l.getByLabel("消息中心", { exact: true })).toBeVisible();

  // The list, with the seeded announcement and draft.
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "站内信管理" })).toBeVisible();
  const seeded = page.locator('tr[data-message="关于2026年度政府采购从业人员能力提升培训的通知"]');
  await expect(seeded).toContainText("已发送");
  await expect(seeded).toContainText("全部用户");
  await shot(page, "station-message-list");

  // A new draft: the form says what is missing before anything is posted.
  await page.getByRole("link", { name: "新建站内信" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/new$/);
  const form = page.getByTestId("message-form");
  await form.getByRole("button", { name: "保存为草稿" }).click();
  await expect(form.getByText("请输入标题")).toBeVisible();
  await expect(form.getByText("请输入消息内容")).toBeVisible();
  const title = `关于补录学时的通知${tag}`;
  await form.getByLabel("标题").fill(title);
  await form.getByLabel("内容").fill("您的2025年度学时已补录，请在学习记录中核对。如有疑问请联系学院客服。");
  await form.getByLabel("跳转链接").fill("javascript:alert(1)");
  // 开放范围 opens the shared picker; an empty range is refused.
  await form.getByRole("radio", { name: "开放范围" }).check();
  await expect(form.getByTestId("open-range-picker").getByRole("button", { name: "新入职" })).toBeVisible();
  await form.getByRole("button", { name: "保存为草稿" }).click();
  await expect(form.getByText("请选择接收的开放范围（角色、组织、标签或地区）")).toBeVisible();
  await shot(page, "station-message-range");
  await form.getByRole("radio", { name: "指定用户" }).check();
  await expect(form.getByTestId("open-range-picker")).toHaveCount(0);
  await form.getByRole("button", { name: "保存为草稿" }).click();
  await expect(form.getByText("跳转链接须为站内路径（以 / 开头）或 http(s) 网址")).toBeVisible();
  await form.getByLabel("跳转链接").fill("/person/study");
  await expect(form.getByText("跳转链接须为站内路径（以 / 开头）或 http(s) 网址")).toBeHidden();
  await shot(page, "station-message-new");
  await form.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/\d+\?created=1$/);
  await expect(page.getByText("草稿已保存")).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // Bind the learner through the user picker.
  const bound = page.getByTestId("bound-users");
  await expect(bound.getByText("还没有接收用户")).toBeVisible();
  await bound.getByRole("button", { name: "添加用户" }).click();
  const picker = page.getByRole("dialog", { name: "添加接收用户" });
  await picker.getByLabel("搜索用户").fill(learner.account);
  await picker.getByRole("button", { name: "搜索" }).click();
  await picker.getByLabel(`选择${learner.nick}`).check();
  await picker.getByRole("button", { name: "添加（1）" }).click();
  await expect(page.getByText("已添加 1 名接收用户，共 1 人")).toBeVisible();
  await expect(bound.locator(`tr[data-user="${learner.account}"]`)).toContainText("手动添加");

  // An import: the learner again (already listed) and an unknown account, reported row by row.
  await bound.getByRole("button", { name: "导入Excel" }).click();
  const importer = page.getByRole("dialog", { name: "导入接收用户" });
  await importer.getByLabel("选择导入文件").setInputFiles({ name: "接收用户.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await recipientsFile([[learner.account, ""], [`ghost_${tag}`, ""]]) });
  await importer.getByRole("button", { name: "开始导入" }).click();
  await expect(importer.getByTestId("import-summary")).toHaveText("成功 1 行（新增 0 人），失败 1 行");
  await expect(importer.getByText("登录名不存在")).toBeVisible();
  await expect(importer.getByRole("link", { name: "下载失败数据" })).toBeVisible();
  await shot(page, "station-message-import");
  await importer.getByRole("button", { name: "完成" }).click();
  await bound.scrollIntoViewIfNeeded();
  await shot(page, "station-message-draft");

  // Send, after a confirmation naming who receives it.
  await page.getByRole("button", { name: "发送", exact: true }).click();
  const ask = page.getByRole("dialog", { name: `发送「${title}」？` });
  await expect(ask).toContainText("将发送给指定的 1 名用户");
  await ask.getByRole("button", { name: "确认发送" }).click();
  await expect(page.getByText("已发送给 1 名用户")).toBeVisible();
  await expect(page.getByTestId("message-summary")).toContainText("/person/study");
  await expect(page.getByTestId("read-stats")).toContainText("接收 1 人");
  await expect(page.getByTestId("delivered-users").locator(`tr[data-user="${learner.account}"]`)).toContainText("未读");
  await shot(page, "station-message-sent");

  // The learner's badge and message centre.
  await l.goto("/person/message");
  await expect(l.getByLabel("消息中心，1条未读", { exact: true })).toBeVisible();
  const list = l.getByTestId("station-messages");
  await expect(list).toContainText(title);
  await expect(list).toContainText("您的2025年度学时已补录");
  await expect(list.getByLabel("未读")).toBeVisible();
  await shot(l, "station-message-learner");

  // The list shows the message sent, read by nobody yet.
  await page.goto(`/admin/messages?keyword=${encodeURIComponent(title)}`);
  const row = page.locator(`tr[data-message="${title}"]`);
  await expect(row).toContainText("已发送");
  await expect(row).toContainText("0 / 1");

  // Withdraw: the learner no longer sees it and the badge clears.
  await row.getByRole("button", { name: "撤回" }).click();
  const withdraw = page.getByRole("dialog", { name: `撤回「${title}」？` });
  await withdraw.getByRole("button", { name: "撤回" }).click();
  await expect(page.getByText("已撤回，1 名用户将不再看到这条站内信")).toBeVisible();
  await expect(row).toContainText("已撤回");
  await shot(page, "station-message-withdrawn");
  await expect(l.getByLabel("消息中心", { exact: true })).toBeVisible();
  await l.reload();
  await expect(l.getByText("暂无消息")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a draft to an open range keeps its range and tells how many it would reach; deleting it returns to the list", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/messages/new");
  const form = page.getByTestId("message-form");
  const title = `重点培训对象专项提醒${tag}`;
  await form.getByLabel("标题").fill(title);
  await form.getByLabel("内容").fill("请重点培训对象于本周内完成专项课程。");
  await form.getByRole("radio", { name: "开放范围" }).check();
  await form.getByTestId("open-range-picker").getByRole("button", { name: "重点培训对象" }).click();
  await expect(form.getByLabel("已选范围")).toContainText("标签：重点培训对象");
  await form.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/\d+\?created=1$/);
  const expected = page.getByTestId("expected-count");
  await expect(expected).toContainText("接收对象为「开放范围」");
  const reach = Number(/送达 (\d+) 名/.exec((await expected.textContent()) ?? "")?.[1]);
  expect(reach).toBeGreaterThan(0);
  // The saved range comes back into the picker.
  await expect(page.getByTestId("message-form").getByLabel("已选范围")).toContainText("标签：重点培训对象");
  await shot(page, "station-message-range-draft");

  await page.getByRole("button", { name: "删除", exact: true }).click();
  await page.getByRole("dialog", { name: `删除「${title}」？` }).getByRole("button", { name: "删除" }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.locator(`tr[data-message="${title}"]`)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
