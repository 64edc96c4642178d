import { readFileSync } from "node:fs";
import { DEMO, expect, loginByApi, test } from "./fixtures";

// The back office's home page is the operations dashboard: figures of a period in China time, a chart per
// subject that redraws when the period changes, and each chart's data exported as .xlsx.

test("an admin reads the dashboard, switches to 近30天 and exports a chart", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "概览" })).toBeVisible();
  const range = page.getByTestId("dashboard-range");
  await expect(range).toContainText("至");
  await expect(page.getByTestId("dashboard-figure")).toHaveCount(8);
  await expect(page.getByTestId("dashboard-figure").filter({ hasText: "新注册学员" })).toBeVisible();
  // The demo accounts were registered today: the registrations chart has something to draw.
  const growth = page.getByRole("region", { name: "注册与课程完成" });
  await expect(growth.locator("svg.recharts-surface")).toBeVisible();
  // The user counts stay on the page.
  await expect(page.getByText("用户总数")).toBeVisible();
  const before = await range.textContent();

  await page.getByRole("link", { name: "近30天" }).click();
  await expect(page).toHaveURL(/period=30d/);
  await expect(range).not.toHaveText(before ?? "");
  await expect(page.getByRole("link", { name: "近30天" })).toHaveAttribute("aria-current", "true");
  await expect(growth.locator("svg.recharts-surface")).toBeVisible();
  await page.screenshot({ path: "test-results/dashboard.png", fullPage: true });
  // The axis now starts thirty days back: its first label is the period's first day (MM-DD).
  const firstDay = (await range.textContent())!.match(/\d{4}-(\d{2}-\d{2}) 至/)![1]!;
  await expect(growth.locator("svg tspan", { hasText: firstDay })).toBeVisible();

  const download = page.waitForEvent("download");
  await growth.getByRole("button", { name: "导出注册与课程完成" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^注册与课程完成_\d{4}-\d{2}-\d{2}至\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(readFileSync((await file.path())!).subarray(0, 2).toString()).toBe("PK");

  // A custom period the wrong way round keeps the page and says why.
  await page.getByRole("button", { name: "自定义" }).click();
  await page.getByLabel("开始日期").fill("2026-03-10");
  await page.getByLabel("结束日期").fill("2026-03-01");
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page.getByRole("alert")).toHaveText("结束日期不能早于开始日期");
  expect(consoleErrors).toEqual([]);
});

test("an admin opens a course's, an exam's and a live's report from their lists", async ({ page, consoleErrors }) => {
  await loginByApi(page, DEMO.admin);
  await page.goto("/admin/courses");
  await page.getByRole("link", { name: "报告" }).first().click();
  await expect(page.getByRole("heading", { name: /^课程报告：/ })).toBeVisible();
  await expect(page.getByText("学习漏斗")).toBeVisible();
  await page.goto("/admin/exams");
  await page.getByRole("link", { name: "报告" }).first().click();
  await expect(page.getByRole("heading", { name: /^考试报告：/ })).toBeVisible();
  await expect(page.getByText("逐题正确率")).toBeVisible();
  await page.goto("/admin/lives");
  await page.getByRole("link", { name: "报告" }).first().click();
  await expect(page.getByRole("heading", { name: /^直播报告：/ })).toBeVisible();
  await expect(page.getByText("观看与互动走势")).toBeVisible();
  await page.screenshot({ path: "test-results/live-report.png" });
  await page.goto("/admin/reports");
  await expect(page.getByText("请从课程、考试或直播列表的“报告”进入")).toBeVisible();
  expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});
