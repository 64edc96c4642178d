// What a visitor and an admin meet first: the footer, the dashboard's tiles, date fields in a browser
// far from China, the live console's raffle form.
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

test("the footer's 关于我们 opens a page about the platform", async ({ page, consoleErrors }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "页脚导航" }).getByRole("link", { name: "关于我们" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { name: "关于财云学院" })).toBeVisible();
  await shot(page, "about");
  expect(consoleErrors).toEqual([]);
});

test("every 常用功能 tile of the dashboard leads to a working page", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin");
  const tiles = page.locator("h2:text('常用功能') + div a");
  const hrefs = await tiles.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByText("该模块正在建设中")).toHaveCount(0);
  }
  expect(consoleErrors).toEqual([]);
});

test.describe("an admin whose browser is set to UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("reads and writes exam times in China time", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.admin);
    const name = `时区测试考试${Date.now() % 100000}`;
    // 2026-12-20 14:43 in Beijing.
    const start = Date.UTC(2026, 11, 20, 6, 43);
    const saved = await (await page.request.post("/api/elearning/exam/back/saveBase", { data: { name, startTime: start, endTime: start + 2 * 3600_000 } })).json();
    expect(saved.success, saved.message).toBe(true);
    await page.goto(`/admin/exams?keyword=${encodeURIComponent(name)}`);
    await page.getByRole("row", { name: new RegExp(name) }).getByRole("button", { name: "编辑" }).click();
    const editor = page.getByRole("dialog", { name: "编辑考试" });
    const startField = editor.getByLabel("开始时间");
    await expect(startField).toHaveValue("2026-12-20T14:43");
    await shot(page, "exam-editor-china-time");
    // Moved to 15:10 China time, it is stored as 07:10 UTC.
    await startField.fill("2026-12-20T15:10");
    await editor.getByRole("button", { name: "保存基础信息" }).click();
    await expect(editor.getByText("基础信息已保存")).toBeVisible();
    const detail = await (await page.request.get(`/api/elearning/exam/back/getBase?id=${saved.data.id}`)).json();
    expect(detail.data.startTime).toBe(Date.UTC(2026, 11, 20, 7, 10));
    expect(consoleErrors).toEqual([]);
  });

  test("the live console's raffle fields carry visible labels", async ({ page }) => {
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin/lives");
    await page.getByRole("row").filter({ hasText: "政府采购质疑与投诉处理" }).getByRole("link", { name: /控制台/ }).click();
    const raffle = page.locator("section").filter({ has: page.getByRole("heading", { name: "抽奖" }) });
    for (const label of ["抽奖名称", "奖品名称", "中奖人数", "抽奖时长"]) await expect(raffle.getByText(label, { exact: true })).toBeVisible();
    await expect(raffle.getByLabel("中奖人数")).toHaveValue("1");
    await shot(page, "live-console-raffle-labels");
  });
});
