import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

const tag = String(Date.now() % 1_000_000);
const SEEDED = "2026年度政府采购从业人员必修任务";

test("an admin creates a task with a course node and assigns the demo learner", async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const name = `法规学习任务${tag}`;

  await page.goto("/admin/tasks");
  await expect(page.getByRole("heading", { name: "任务", exact: true })).toBeVisible();
  await expect(page.getByTestId("task-row").filter({ hasText: SEEDED })).toBeVisible();
  await shot(page, "task-admin-list");

  await page.getByRole("button", { name: "新建任务" }).click();
  const dialog = page.getByRole("dialog", { name: "新建任务" });
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("请输入任务名称");
  await dialog.getByLabel("任务名称").fill(name);
  await dialog.getByLabel("任务说明").fill("学习政府采购法律制度课程，截止前完成。");
  await dialog.getByLabel("截止时间").fill("2030-06-30T18:00");
  await dialog.getByLabel("任务积分").fill("15");
  await dialog.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/tasks\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  // The deadline typed in China time reads back the same, whatever the browser's zone.
  await expect(page.getByTestId("task-facts")).toContainText("2030-06-30 18:00");

  // A course node with a required rate of 80%.
  const add = page.getByTestId("add-node");
  const pick = add.getByLabel("选择课程");
  await expect(pick.locator("option").nth(1)).toBeAttached();
  const courseName = (await pick.locator("option").nth(1).textContent())!.replace("（未发布）", "");
  await pick.selectOption({ index: 1 });
  await add.getByLabel("要求进度").fill("80");
  await add.getByRole("button", { name: "添加节点" }).click();
  const row = page.getByTestId("task-node-row").filter({ hasText: courseName });
  await expect(row).toBeVisible();
  await expect(row.getByLabel(`${courseName}要求进度`)).toHaveValue("80");
  await shot(page, "task-admin-editor");

  // The demo learner by account.
  await page.getByRole("tab", { name: /学员进度/ }).click();
  await page.getByRole("button", { name: "分配学员" }).click();
  await page.getByRole("button", { name: "选择学员账号" }).click();
  const picker = page.getByRole("dialog", { name: "选择学员" });
  await picker.getByLabel("搜索用户").fill(DEMO.learner.account);
  await picker.getByLabel("搜索用户").press("Enter");
  await picker.getByLabel(`选择${DEMO.learner.nick}`).check();
  await picker.getByRole("button", { name: "分配" }).click();
  await expect(page.getByTestId("assign-result")).toContainText("新增 1");
  await page.getByRole("button", { name: "完成" }).click();
  await expect(page.getByTestId("task-user-row").filter({ hasText: DEMO.learner.account })).toContainText("进行中");
  await shot(page, "task-admin-learners");
  expect(consoleErrors).toEqual([]);
});

test("the learner sees the unfinished badge, the task list and the detail with node progress", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.learner);
  await page.goto("/person/overview");
  const menu = page.getByRole("navigation", { name: "个人中心菜单" });
  await expect(menu.getByTestId("task-unfinished-badge")).toBeVisible();

  await menu.getByRole("link", { name: /我的任务/ }).click();
  await expect(page).toHaveURL(/\/person\/task/);
  const card = page.getByTestId("task-card").filter({ hasText: SEEDED });
  await expect(card).toContainText("进行中");
  await expect(card).toContainText("完成可得 20 积分");
  await shot(page, "task-person-list");

  await card.click();
  await expect(page).toHaveURL(/\/task\/detail\?id=\d+/);
  await expect(page.getByRole("heading", { name: SEEDED })).toBeVisible();
  const nodes = page.getByTestId("task-node");
  await expect(nodes.first()).toBeVisible();
  // The course the demo learner has finished counts as done; its button opens the player.
  const done = nodes.filter({ hasText: "再次查看" }).first();
  await expect(done).toBeVisible();
  await expect(done.getByRole("link", { name: "再次查看" })).toHaveAttribute("href", /\/study\/platform\?id=\d+/);
  await expect(page.getByTestId("task-result")).toContainText("进行中");
  await shot(page, "task-detail");

  await page.goto("/person/task?state=2");
  await expect(page.getByRole("tab", { name: /已完成/ })).toHaveAttribute("aria-selected", "true");
  expect(consoleErrors).toEqual([]);
});
