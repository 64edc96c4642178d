import { encodePng } from "../../db/seed/png";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

/** A small solid PNG, so the upload goes through the real storage flow. */
function png(width: number, height: number, rgb: [number, number, number]) {
  return encodePng(width, height, () => rgb);
}

test.describe("home page and its back office", () => {
  test("a visitor sees banners and recommendations, and a course opens its detail page", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const banners = page.getByTestId("home-banner");
    expect(await banners.count()).toBeGreaterThanOrEqual(3);
    await expect(banners.first().locator("img")).toHaveAttribute("alt", "2026年政府采购政策解读专题");
    await expect(page.getByRole("region", { name: "公告" })).toContainText("能力认证考试");
    await expect(page.getByRole("heading", { name: "推荐课程" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "法规解读" })).toHaveAttribute("aria-selected", "true");
    const items = page.getByTestId("recommend-item");
    expect(await items.count()).toBeGreaterThanOrEqual(5);
    await shot(page, "home");
    await page.screenshot({ path: "tests/e2e/screenshots/home-full.png", fullPage: true });

    // The next dot switches the carousel.
    await page.getByRole("button", { name: /第2张/ }).click();
    await expect(page.getByRole("button", { name: /第2张/ })).toHaveAttribute("aria-current", "true");

    await page.getByRole("tab", { name: "实务操作" }).click();
    await expect(page.getByRole("tab", { name: "实务操作" })).toHaveAttribute("aria-selected", "true");
    const course = page.getByTestId("recommend-item").filter({ hasText: "讲师" }).first();
    const href = await course.getAttribute("href");
    expect(href).toMatch(/^\/course\/detail\?id=\d+$/);
    await course.click();
    await expect(page).toHaveURL(/\/course\/detail\?id=\d+/);
    expect(consoleErrors).toEqual([]);
  });

  test("the carousel advances every 5 s, and stands still for a learner who reduced motion", async ({ page, consoleErrors }) => {
    // The page's timers run on a clock the test drives (it also goes on in real time, so each check reads
    // the picture once, straight after the clock was moved, instead of waiting for it).
    await page.clock.install();
    await page.goto("/");
    const dots = page.getByRole("button", { name: /第\d张/ });
    const current = () => dots.evaluateAll((all) => all.findIndex((d) => d.getAttribute("aria-current") === "true") + 1);
    const count = await dots.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // The second dot answers once the page is hydrated (a click before that does nothing): only then are the
    // page's timers those the checks below are about.
    await expect(async () => {
      await page.getByRole("button", { name: "第2张" }).click();
      await expect(page.getByRole("button", { name: "第2张" })).toHaveAttribute("aria-current", "true", { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    // Away from the carousel, which holds still under the mouse.
    await page.mouse.move(5, 890);
    // The browser tests run with reduced motion (playwright.config.ts).
    await page.clock.runFor(11_000);
    expect(await current()).toBe(2);
    // The page hears of the change a moment later: the clock goes on a second at a time until it advances.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000);
        return current();
      }, { timeout: 8_000 })
      .toBe((2 % count) + 1);
    // Back to reduced motion: once the page has heard of it (React renders on the real clock), the picture stays.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.waitForTimeout(500);
    const shown = await current();
    await page.clock.runFor(11_000);
    expect(await current()).toBe(shown);
    expect(consoleErrors).toEqual([]);
  });

  test("an admin adds a banner, drags it to the top, and the home page shows the new order", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin/banners");
    await expect(page.getByRole("heading", { name: "轮播图管理" })).toBeVisible();
    const before = await page.getByTestId("sortable-row").count();

    await page.getByRole("button", { name: "新增轮播图" }).click();
    const dialog = page.getByRole("dialog", { name: "新增轮播图" });
    await dialog.getByLabel("标题").fill("政府采购从业人员能力认证报名开启");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "cert-banner.png", mimeType: "image/png", buffer: png(240, 72, [0, 107, 253]) });
    await expect(dialog.getByText("重新上传")).toBeVisible();
    await dialog.getByLabel("跳转链接").fill("/verify/center");
    await dialog.getByRole("button", { name: "保存" }).click();
    await expect(dialog).toBeHidden();
    const rows = page.getByTestId("sortable-row");
    await expect(rows).toHaveCount(before + 1);
    await expect(rows.last()).toContainText("政府采购从业人员能力认证报名开启");

    // Drag the new banner onto the first row's place.
    await rows.last().dragTo(rows.first());
    await expect(rows.first()).toContainText("政府采购从业人员能力认证报名开启");
    await shot(page, "admin-banners");
    await page.reload();
    await expect(page.getByTestId("sortable-row").first()).toContainText("政府采购从业人员能力认证报名开启");

    await page.goto("/");
    await expect(page.getByTestId("home-banner").first().locator("img")).toHaveAttribute("alt", "政府采购从业人员能力认证报名开启");
    await expect(page.getByTestId("home-banner").nth(1).locator("img")).toHaveAttribute("alt", "2026年政府采购政策解读专题");

    // 上移 on the second row puts the seeded banner first again, for the tests that follow.
    await page.goto("/admin/banners");
    await page.getByTestId("sortable-row").nth(1).getByRole("button", { name: "上移" }).click();
    await expect(page.getByTestId("sortable-row").first()).toContainText("2026年政府采购政策解读专题");
    expect(consoleErrors).toEqual([]);
  });

  test("the popup banner shows once a day once an operator switches it on", async ({ page, browser }) => {
    await loginByApi(page, DEMO.admin);
    const on = await page.request.post("/api/elearning/popup/banner/update", { data: { status: 1 } });
    expect((await on.json()).success).toBe(true);
    try {
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto("/");
      const popup = visitor.getByRole("dialog", { name: "框架协议采购实务训练营开营" });
      await expect(popup).toBeVisible();
      await shot(visitor, "home-popup");
      await popup.getByRole("button", { name: "关闭" }).click();
      await expect(popup).toBeHidden();
      await visitor.reload();
      await expect(visitor.getByTestId("home-banner").first()).toBeVisible();
      await visitor.waitForTimeout(500);
      await expect(popup).toBeHidden();
      await visitor.context().close();
    } finally {
      // Off again: the other browser tests open the home page too.
      await page.request.post("/api/elearning/popup/banner/update", { data: { status: 0 } });
    }
  });
});
