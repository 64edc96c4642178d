import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

// Extra sites: an admin creates a site with its own tabs and only phone login and releases it; a visitor
// opens it under its prefix, sees those tabs and only the phone tab in the login dialog, and stays under
// the prefix while moving around. The seeded site shows the preview banner and its tour once a day.

const tag = String(Date.now() % 1_000_000);

test("an admin creates and releases an extra site; a visitor meets its tabs and only phone login under its prefix", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginByApi(page, DEMO.admin);
  const name = `江西省公共资源交易学院${tag}`;
  const path = `jx${tag}`;

  await page.goto("/admin/sites");
  await expect(page.getByRole("heading", { name: "站点管理" })).toBeVisible();
  await expect(page.getByTestId("site-row").filter({ hasText: "广东省政府采购学院" })).toContainText("已发布");
  await page.getByRole("button", { name: "新建站点" }).click();
  const dialog = page.getByRole("dialog", { name: "新建站点" });
  await dialog.getByLabel("站点名称").fill(name);
  await dialog.getByLabel("站点路径").fill("course");
  await dialog.getByRole("button", { name: "创建并配置" }).click();
  await expect(dialog).toContainText("该路径为平台保留路径，请换一个");
  await dialog.getByLabel("站点路径").fill(path);
  await dialog.getByRole("button", { name: "创建并配置" }).click();
  await expect(page).toHaveURL(/\/admin\/sites\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("tab", { name: "页面配置" }).click();
  for (const [i, [label, url]] of [["首页", "/"], ["本站课程", "/course/center"], ["证书查询", "/verify/center"]].entries()) {
    await page.getByRole("button", { name: "添加页签" }).click();
    await page.getByLabel(`页签${i + 1}名称`).fill(label!);
    await page.getByLabel(`页签${i + 1}链接`).fill(url!);
  }
  await page.getByLabel("账号登录").click();
  await page.getByLabel("页脚标题").fill("江西省公共资源交易中心");
  await page.getByRole("button", { name: "保存页面配置" }).click();
  await expect(page.getByText("已保存页面配置")).toBeVisible();
  await shot(page, "site-editor");

  // A visitor before release: the maintenance page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/${path}/`);
  await expect(visitor.getByRole("heading", { name: "站点维护中" })).toBeVisible();

  await page.getByRole("button", { name: "发布站点" }).click();
  await expect(page.getByText(`已发布「${name}」`)).toBeVisible();
  await page.goto("/admin/sites");
  await expect(page.getByTestId("site-row").filter({ hasText: name })).toContainText("已发布");

  await visitor.goto(`/${path}/`);
  const nav = visitor.getByRole("navigation", { name: "主导航" });
  await expect(nav.getByRole("link")).toHaveText(["首页", "本站课程", "证书查询"]);
  await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(visitor.locator("footer")).toContainText("江西省公共资源交易中心");
  await expect(visitor).toHaveTitle(new RegExp(`${name}$`));
  await shot(visitor, "site-home");

  await visitor.getByRole("button", { name: "登录/注册" }).click();
  const login = visitor.getByRole("dialog", { name: "登录" });
  await expect(login.getByRole("tab")).toHaveText(["手机快捷登录"]);
  await expect(login.getByLabel("手机号")).toBeVisible();
  await expect(login.getByRole("tab", { name: "账号登录" })).toHaveCount(0);
  await shot(visitor, "site-login");
  await login.getByLabel("关闭", { exact: true }).click();

  // Links stay under the prefix.
  await nav.getByRole("link", { name: "本站课程" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${path}/course/center$`));
  await expect(visitor.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "本站课程" })).toHaveAttribute("aria-current", "page");
  // The main site keeps its own tabs.
  await visitor.goto("/");
  await expect(visitor.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "直播中心" })).toBeVisible();
  await visitor.context().close();
});

test("the seeded site previews with a banner and shows its tour once a day", async ({ page }) => {
  await page.goto("/gdcg/?ELEARNING_SITE_PREVIEW=1");
  await expect(page.getByRole("status").filter({ hasText: "预览模式" })).toBeVisible();
  const tour = page.locator(".driver-popover");
  await expect(tour).toBeVisible();
  await expect(tour).toContainText("站点标识");
  await page.waitForTimeout(600);
  await shot(page, "site-preview-tour");
  await tour.getByRole("button", { name: "下一步" }).click();
  await expect(tour).toContainText("站点页签");
  await page.keyboard.press("Escape");
  await expect(tour).toBeHidden();

  // The flag is stored: another page of the site still shows the banner, the tour waits for tomorrow.
  await page.goto("/gdcg/course/center");
  await expect(page.getByRole("status").filter({ hasText: "预览模式" })).toBeVisible();
  await page.waitForTimeout(800);
  await expect(tour).toHaveCount(0);
  // The site lists only its chosen content.
  await page.getByRole("button", { name: "退出预览" }).click();
  await expect(page.getByRole("status").filter({ hasText: "预览模式" })).toHaveCount(0);
});
