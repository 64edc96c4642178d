import { gradientPng } from "../../db/seed/course-media";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

test.describe("courses", () => {
  test("a visitor browses, logs in, joins, plays a video and the progress survives a reload", async ({ page, consoleErrors }) => {
    await page.goto("/course/center");
    await expect(page.getByText(/共 \d+ 门课程/)).toBeVisible();
    await shot(page, "course-center");
    await page.getByTestId("course-card").filter({ hasText: "政府采购法律体系概览" }).click();
    await expect(page.getByTestId("course-name")).toHaveText("政府采购法律体系概览");
    await shot(page, "course-detail-visitor");

    // Joining as a visitor opens the login dialog (281); after login the page reloads its data.
    await page.getByRole("button", { name: "立即加入" }).click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "账号登录" }).click();
    await dialog.getByPlaceholder("请输入账号/手机号").fill(DEMO.learner.account);
    await dialog.getByPlaceholder("请输入密码").fill(DEMO.learner.password);
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(DEMO.learner.nick).first()).toBeVisible();
    await page.getByRole("button", { name: "立即加入" }).click();
    await expect(page).toHaveURL(/\/study\/platform\?id=\d+/);
    await expect(page.getByTestId("study-title")).toHaveText("政府采购法律体系概览");

    const video = page.getByTestId("course-video");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const reports: string[] = [];
    page.on("request", (r) => r.url().includes("course.learn") && reports.push(r.url()));
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(5);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    const paused = await video.evaluate((v: HTMLVideoElement) => Math.floor(v.currentTime));
    await expect.poll(() => reports.length).toBeGreaterThanOrEqual(2);
    await page.waitForLoadState("networkidle");
    await shot(page, "study-platform");

    await page.reload();
    const again = page.getByTestId("course-video");
    await expect.poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThanOrEqual(paused - 1);
    await expect(page.getByTestId("course-progress")).not.toHaveText("0%");

    await page.goto("/person/study");
    await expect(page.getByTestId("study-item").filter({ hasText: "政府采购法律体系概览" })).toBeVisible();
    expect(consoleErrors.filter((e) => !e.includes("WebSocket"))).toEqual([]);
  });

  test("an admin builds a course with an uploaded cover and a video chapter, releases it, and a learner finds it", async ({ page, browser }) => {
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin/courses/new");
    await page.locator('input[name="name"]').fill("政府采购档案数字化管理实务");
    await page.locator('input[name="teacherName"]').fill("赵立新");
    await page.locator('[data-upload-field="coverUrl"] input[type="file"]').setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: gradientPng(320, 180, [0, 107, 253], [72, 190, 255]),
    });
    await expect(page.locator('[data-upload-field="coverUrl"] img')).toBeVisible();
    await page.getByRole("button", { name: "保存基本信息" }).click();
    await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);

    await page.getByRole("button", { name: "+ 添加小节" }).click();
    const pick = page.getByLabel("选择课件").first();
    const option = await pick.locator("option", { hasText: "[视频]" }).first().getAttribute("value");
    await pick.selectOption(option!);
    await page.getByRole("button", { name: "保存章节" }).click();
    await expect(page.getByText("章节与课件已保存")).toBeVisible();
    await page.getByRole("button", { name: "发布课程" }).click();
    await expect(page.getByText("课程已发布")).toBeVisible();
    await shot(page, "admin-course-editor");

    const learner = await browser.newPage();
    await loginByApi(learner, DEMO.learner);
    await learner.goto(`/search/detail?keyword=${encodeURIComponent("档案数字化")}`);
    const card = learner.getByTestId("course-card").filter({ hasText: "政府采购档案数字化管理实务" });
    await expect(card).toBeVisible();
    await expect(card.locator("em")).toHaveText("档案数字化");
    await shot(learner, "course-search");
    await card.click();
    await expect(learner.getByTestId("course-name")).toHaveText("政府采购档案数字化管理实务");
    await learner.close();
  });
});
