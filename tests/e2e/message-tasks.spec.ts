import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

// The back office writes a message task with placeholders, previews it, enables, copies and stops it.
// Delivery itself is driven by the sweep in integration tests (the e2e server runs no runner).

const tag = Date.now().toString(36).slice(-5);

test("an admin creates a course reminder with placeholders, sees the preview, enables, copies and stops it", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);

  // The list, with the seeded enabled tasks.
  await page.goto("/admin/message-tasks");
  await expect(page.getByRole("heading", { name: "消息任务" })).toBeVisible();
  const seeded = page.locator('tr[data-task="考试开始前30分钟提醒"]');
  await expect(seeded).toContainText("启用");
  await expect(seeded).toContainText("考试开始提醒");
  await expect(seeded).toContainText("考试开始前 30 分钟，提醒已报名该考试的学员");
  await expect(page.locator('tr[data-task="直播开始前15分钟提醒"]')).toContainText("直播开始提醒");
  await shot(page, "message-tasks-list");

  // A seeded enabled task is shown read-only with its preview.
  await seeded.getByRole("link", { name: "查看" }).click();
  await expect(page.getByRole("heading", { name: "考试开始前30分钟提醒" })).toBeVisible();
  await expect(page.getByTestId("task-summary")).toContainText("任务启用中");
  await expect(page.getByTestId("preview-title")).toHaveText("考试即将开始：2026年政府采购法规知识测试");
  await shot(page, "message-task-enabled");

  // A new task: missing fields are named before anything is posted.
  await page.goto("/admin/message-tasks");
  await page.getByRole("link", { name: "新建消息任务" }).click();
  await expect(page).toHaveURL(/\/admin\/message-tasks\/new$/);
  const form = page.getByTestId("task-form");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("请输入任务名称")).toBeVisible();
  const name = `课程学习提醒${tag}`;
  await form.getByLabel("任务名称").fill(name);

  // Picking the scene brings its settings, placeholders and default templates.
  await form.getByLabel("触发场景").selectOption({ label: "课程学习提醒" });
  await expect(form.getByLabel("加入后天数")).toHaveValue("7");
  await expect(form.getByLabel("标题模板")).toHaveValue("课程学习提醒：{课程名称}");
  await expect(form.getByTestId("placeholder-chips").getByRole("button", { name: "{课程名称}" })).toBeVisible();
  await expect(form.getByTestId("placeholder-chips").getByRole("button", { name: "{考试名称}" })).toHaveCount(0);
  await form.getByLabel("加入后天数").fill("10");

  // A placeholder of another scene is named as it is typed.
  await form.getByLabel("标题模板").fill("{考试名称}的学习提醒");
  await expect(form.getByText("标题模板中的 {考试名称} 不是「课程学习提醒」可用的占位符")).toBeVisible();
  await shot(page, "message-task-placeholder-error");
  await form.getByLabel("标题模板").fill("请继续学习：");
  // Chips insert where the cursor is.
  await form.getByLabel("标题模板").press("End");
  await form.getByTestId("placeholder-chips").getByRole("button", { name: "{课程名称}" }).click();
  await expect(form.getByLabel("标题模板")).toHaveValue("请继续学习：{课程名称}");
  await expect(form.getByText("标题模板中的 {考试名称}")).toHaveCount(0);

  const content = form.getByLabel("内容模板");
  await content.fill("，您加入的课程已满10天，当前进度");
  await content.press("Control+Home");
  await form.getByTestId("placeholder-chips").getByRole("button", { name: "{学员姓名}" }).click();
  await content.press("Control+End");
  await form.getByTestId("placeholder-chips").getByRole("button", { name: "{学习进度}" }).click();
  await content.pressSequentially("，请尽快学完。");
  await expect(content).toHaveValue("{学员姓名}，您加入的课程已满10天，当前进度{学习进度}，请尽快学完。");

  // The live preview fills in sample values.
  const preview = page.getByTestId("task-preview");
  await expect(preview.getByTestId("preview-title")).toHaveText("请继续学习：政府采购需求管理实务");
  await expect(preview.getByTestId("preview-content")).toHaveText("张敏，您加入的课程已满10天，当前进度35%，请尽快学完。");
  await expect(preview).toContainText("/course/detail?id=1");

  // A custom link is checked; the default one leads to the course.
  await form.getByRole("radio", { name: "自定义链接" }).check();
  await form.getByLabel("自定义跳转链接").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("跳转链接须为站内路径（以 / 开头）或 http(s) 网址")).toBeVisible();
  await form.getByLabel("自定义跳转链接").fill("/person/study");
  await expect(preview).toContainText("/person/study");
  await shot(page, "message-task-new");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/message-tasks\/\d+\?created=1$/);
  await expect(page.getByText("消息任务已保存")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("task-form").getByLabel("加入后天数")).toHaveValue("10");
  await expect(page.getByTestId("task-form").getByLabel("自定义跳转链接")).toHaveValue("/person/study");
  await shot(page, "message-task-edit");

  // Enable, after a confirmation that says what happens.
  await page.getByRole("button", { name: "启用", exact: true }).click();
  const ask = page.getByRole("dialog", { name: `启用「${name}」？` });
  await expect(ask).toContainText("加入课程满 10 天仍未学完时，提醒该学员");
  await ask.getByRole("button", { name: "确认启用" }).click();
  await expect(page.getByText("已启用，符合条件的学员将自动收到站内信")).toBeVisible();
  await expect(page.getByTestId("task-summary")).toContainText("请继续学习：{课程名称}");
  await expect(page.getByTestId("task-form")).toHaveCount(0);

  // The list: enabled, nothing sent yet.
  await page.goto(`/admin/message-tasks?keyword=${encodeURIComponent(name)}`);
  const row = page.locator(`tr[data-task="${name}"]`);
  await expect(row).toContainText("启用");
  await expect(row.getByTestId("sent-count")).toHaveText("0 / 0");
  await expect(row).toContainText("等待首次运行");
  await expect(row.getByRole("button", { name: "删除" })).toHaveCount(0);

  // Copy: a stopped task to edit.
  await row.getByRole("button", { name: "复制" }).click();
  await expect(page).toHaveURL(/\/admin\/message-tasks\/\d+\?copied=1$/);
  await expect(page.getByRole("heading", { name: `${name}（副本）` })).toBeVisible();
  await expect(page.getByText("停用", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "删除", exact: true }).click();
  await page.getByRole("dialog", { name: `删除「${name}（副本）」？` }).getByRole("button", { name: "删除" }).click();
  await expect(page).toHaveURL(/\/admin\/message-tasks$/);
  await expect(page.locator(`tr[data-task="${name}（副本）"]`)).toHaveCount(0);

  // Stop it from the list; it can be edited and deleted again.
  const again = page.locator(`tr[data-task="${name}"]`);
  await again.getByRole("button", { name: "停用" }).click();
  await page.getByRole("dialog", { name: `停用「${name}」？` }).getByRole("button", { name: "停用" }).click();
  await expect(page.getByText("已停用，不再自动发送")).toBeVisible();
  await expect(again).toContainText("停用");
  await expect(again.getByRole("link", { name: "编辑" })).toBeVisible();
  await expect(again.getByRole("button", { name: "删除" })).toBeVisible();
  await shot(page, "message-tasks-stopped");
  expect(consoleErrors).toEqual([]);
});
