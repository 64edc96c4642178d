import type { Page } from "@playwright/test";
import { closeDialog, DEMO, expect, loginByApi, mutate, query, shot, test } from "./fixtures";

// Questionnaires: the admin builds and publishes one, a new learner fills it, the admin reads the figures and exports.

const suffix = Date.now().toString(36).slice(-6);

test("an admin builds and publishes a questionnaire, a learner fills it, the admin sees the figures and exports", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const title = `课程满意度调查${suffix}`;

  // Build: a single-choice question with three options (the third moved up), then a required text question.
  await page.goto("/admin/questionnaires/new");
  await expect(page.getByRole("heading", { name: "新建问卷" })).toBeVisible();
  await page.getByLabel("问卷标题", { exact: true }).fill(title);
  await page.getByLabel("问卷说明", { exact: true }).fill("请根据本期课程的学习体验填写。");
  await page.getByLabel("第1题题目", { exact: true }).fill("您对本期课程的总体评价");
  await page.getByLabel("第1题选项1", { exact: true }).fill("满意");
  await page.getByLabel("第1题选项2", { exact: true }).fill("不满意");
  await page.getByRole("button", { name: "+ 添加选项" }).click();
  await page.getByLabel("第1题选项3", { exact: true }).fill("一般");
  await page.getByRole("button", { name: "第1题选项3上移" }).click();
  await expect(page.getByLabel("第1题选项2", { exact: true })).toHaveValue("一般");
  await page.getByLabel("新题目题型", { exact: true }).selectOption("3");
  await page.getByRole("button", { name: "添加题目" }).click();
  await page.getByLabel("第2题题目", { exact: true }).fill("您最大的收获是什么");
  await shot(page, "questionnaire-admin-editor");
  await page.getByRole("button", { name: "保存并发布" }).click();
  await expect(page).toHaveURL(/\/admin\/questionnaires$/);
  const row = page.locator(`tr[data-title="${title}"]`);
  await expect(row).toContainText("已发布");
  await shot(page, "questionnaire-admin-list");
  const found = await query<{ list: { id: number }[] }>(page, "questionnaire.admin.page", { keyword: title });
  const id = found.list[0]!.id;
  const stored = await query<{ questions: { title: string; options: string[]; required: number }[] }>(page, "questionnaire.admin.get", { id });
  expect(stored.questions).toEqual([
    expect.objectContaining({ title: "您对本期课程的总体评价", options: ["满意", "一般", "不满意"], required: 1 }),
    expect.objectContaining({ title: "您最大的收获是什么", options: [], required: 1 }),
  ]);

  // A visitor reads it and is asked to log in.
  const visitorCtx = await browser.newContext();
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/questionnaire?id=${id}`);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByRole("button", { name: "登录后提交" })).toBeVisible();
  await shot(visitor, "questionnaire-visitor");
  await visitor.getByRole("button", { name: "登录后提交" }).click();
  await expect(visitor.getByRole("dialog")).toBeVisible();
  await visitorCtx.close();

  // A learner of this spec's own making fills it in: one validation error first.
  const learner = { account: `qn_${suffix}`, password: "Caiyun@2026pass" };
  await mutate(page, "org.admin.users.add", { loginName: learner.account, nick: `问卷学员${suffix}`, password: learner.password });
  const ctx = await browser.newContext();
  const lp = await ctx.newPage();
  await lp.goto("/");
  await loginByApi(lp, learner);
  await lp.goto(`/questionnaire?id=${id}`);
  await lp.getByLabel("一般", { exact: true }).check();
  await lp.getByRole("button", { name: "提交问卷" }).click();
  await expect(lp.getByRole("alert").filter({ hasText: "此题为必答题，请填写" })).toBeVisible();
  await shot(lp, "questionnaire-learner-error");
  await lp.getByLabel("您最大的收获是什么", { exact: true }).fill("掌握了采购需求编制的要点。");
  await expect(lp.getByRole("alert").filter({ hasText: "此题为必答题" })).toHaveCount(0);
  await lp.getByRole("button", { name: "提交问卷" }).click();
  await expect(lp.getByText("提交成功，感谢您的参与！")).toBeVisible();
  await shot(lp, "questionnaire-learner-thanks");
  await lp.reload();
  await expect(lp.getByText("您已提交过该问卷")).toBeVisible();
  await shot(lp, "questionnaire-learner-already");
  await ctx.close();

  // The admin reads the figures and exports every answer.
  await page.goto(`/admin/questionnaires/${id}/results`);
  await expect(page.getByTestId("answer-total")).toHaveText("1");
  await expect(page.locator('tr[data-option="一般"]')).toContainText("100%");
  await expect(page.locator('tr[data-option="满意"]')).toContainText("0%");
  await expect(page.getByText("掌握了采购需求编制的要点。")).toBeVisible();
  await shot(page, "questionnaire-admin-results");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "导出答卷" }).click()]);
  expect(download.suggestedFilename()).toBe(`${title}-答卷.xlsx`);

  // Stop it from the list: ticked row, batch stop, confirm.
  await page.goto(`/admin/questionnaires?keyword=${encodeURIComponent(title)}`);
  await page.getByLabel(`选择${title}`, { exact: true }).check();
  await page.getByRole("button", { name: "批量停止" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "停止" }).click();
  await expect(page.locator(`tr[data-title="${title}"]`)).toContainText("已停止");

  // Its questions are fixed now; a copy from the row opens as a draft in the editor, ready to revise.
  await page.locator(`tr[data-title="${title}"]`).getByRole("button", { name: "复制" }).click();
  await expect(page).toHaveURL(/\/admin\/questionnaires\/\d+\?copied=1$/);
  await expect(page.getByText("已复制为新的草稿，修改后保存或发布")).toBeVisible();
  await expect(page.getByRole("heading", { name: "编辑问卷" })).toBeVisible();
  await expect(page.getByLabel("问卷标题", { exact: true })).toHaveValue(`${title}（副本）`);
  await expect(page.getByLabel("第1题选项2", { exact: true })).toHaveValue("一般");
  await page.getByLabel("第2题题目", { exact: true }).fill("您希望下期课程讲什么");
  await page.getByRole("button", { name: "保存草稿" }).click();
  await expect(page).toHaveURL(/\/admin\/questionnaires$/);
  await expect(page.locator(`tr[data-title="${title}（副本）"]`)).toContainText("草稿");
  await expect(page.locator(`tr[data-title="${title}"]`)).toContainText("已停止");
});

test("the live console pushes a published questionnaire by picking it", async ({ page }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const lives = await query<{ list: { liveStatus: number; m3u8PlayURL: string }[] }>(page, "live.admin.page", { pageSize: 50 });
  const stream = lives.list.find((l) => l.liveStatus === 1 && l.m3u8PlayURL)!.m3u8PlayURL;
  const start = Date.now() + 3600e3;
  const live = await mutate<{ id: number }>(page, "live.admin.save", { name: `问卷推送验收直播${suffix}`, teacherName: "韩立", startTime: start, endTime: start + 7200e3, m3u8PlayUrl: stream });
  const seeded = await query<{ list: { id: number }[] }>(page, "questionnaire.admin.page", { keyword: "2026年度政府采购培训需求调查" });
  const id = seeded.list[0]!.id;

  await page.goto(`/admin/lives/console?id=${live.id}`);
  const panel = page.getByTestId("console-questionnaire");
  await panel.getByLabel("选择问卷", { exact: true }).selectOption({ label: "2026年度政府采购培训需求调查" });
  await panel.getByRole("button", { name: "推送所选问卷" }).click();
  const current = panel.getByRole("link", { name: "2026年度政府采购培训需求调查" });
  await expect(current).toBeVisible();
  await expect(current).toHaveAttribute("href", new RegExp(`/questionnaire\\?id=${id}$`));
  await shot(page, "questionnaire-live-console");
  const hook = await query<{ title: string; url: string }>(page, "live.admin.questionnaire", { liveId: live.id });
  expect(hook).toMatchObject({ title: "2026年度政府采购培训需求调查", url: expect.stringMatching(new RegExp(`/questionnaire\\?id=${id}$`)) });
});

test("an admin binds a questionnaire to a live from the list; the live room offers it until unbound", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  const lives = await query<{ list: { liveStatus: number; m3u8PlayURL: string }[] }>(page, "live.admin.page", { pageSize: 50 });
  const stream = lives.list.find((l) => l.liveStatus === 1 && l.m3u8PlayURL)!.m3u8PlayURL;
  const start = Date.now() + 3600e3;
  const name = `问卷绑定验收直播${suffix}`;
  const live = await mutate<{ id: number; roomId: string }>(page, "live.admin.save", { name, teacherName: "韩立", startTime: start, endTime: start + 7200e3, m3u8PlayUrl: stream });
  const title = `直播课后调查${suffix}`;
  const { id } = await mutate<{ id: number }>(page, "questionnaire.admin.create", { title, questions: [{ type: 3, title: "您对本场直播的建议" }] });

  // A draft cannot be bound: the dialog says so and offers no lives.
  await page.goto(`/admin/questionnaires?keyword=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `绑定直播：${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "绑定直播" });
  await expect(dialog.getByTestId("unbound-lives")).toContainText("草稿问卷不能绑定，请先发布");
  await closeDialog(page);

  await mutate(page, "questionnaire.admin.setStatus", { ids: [id], status: 1 });
  await page.reload();
  await page.getByRole("button", { name: `绑定直播：${title}` }).click();
  await dialog.getByLabel("搜索直播名称").fill(name);
  await dialog.getByRole("button", { name: "搜索" }).click();
  await dialog.getByTestId("unbound-lives").locator(`li[data-live="${name}"]`).getByRole("button", { name: "绑定" }).click();
  await expect(dialog.getByTestId("bound-lives").locator(`li[data-live="${name}"]`)).toBeVisible();
  await expect(dialog.getByTestId("unbound-lives")).toContainText("没有符合条件的未绑定直播");
  await shot(page, "questionnaire-bind-lives");
  await closeDialog(page);
  await expect(page.getByRole("button", { name: `绑定直播：${title}` })).toHaveText("1 场直播");

  // A learner in the room sees the card; the console names the binding.
  const ctx = await browser.newContext();
  const lp = await ctx.newPage();
  await lp.goto("/");
  await loginByApi(lp, DEMO.learner);
  await lp.goto(`/live/detail?roomId=${live.roomId}`);
  const card = lp.getByTestId("live-questionnaire");
  await expect(card).toContainText(title);
  await shot(lp, "questionnaire-bound-in-room");
  await page.goto(`/admin/lives/console?id=${live.id}`);
  await expect(page.getByTestId("console-bound-questionnaire")).toContainText(title);

  // Unbound, the room no longer offers it.
  await page.goto(`/admin/questionnaires?keyword=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `绑定直播：${title}` }).click();
  await dialog.getByTestId("bound-lives").locator(`li[data-live="${name}"]`).getByRole("button", { name: "解除绑定" }).click();
  await expect(dialog.getByTestId("bound-lives")).toContainText("还没有绑定直播");
  await lp.reload();
  await expect(lp.getByRole("heading", { name })).toBeVisible();
  await expect(card).toHaveCount(0);
  await ctx.close();
});
