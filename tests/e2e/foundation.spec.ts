import { CAPTCHA, DEMO, expect, loginByApi, shot, smsCodeFor, test } from "./fixtures";

test.describe("login and the shells", () => {
  test("password login from the header dialog", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await shot(page, "home-visitor");
    await page.getByRole("button", { name: /登录/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "账号登录" }).click();
    await dialog.getByPlaceholder("请输入账号/手机号").fill(DEMO.learner.account);
    await dialog.getByPlaceholder("请输入密码").fill(DEMO.learner.password);
    await shot(page, "login-modal");
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(DEMO.learner.nick).first()).toBeVisible();
    await shot(page, "home-learner");
    expect(consoleErrors).toEqual([]);
  });

  test("wrong password shows the server's message and keeps what was typed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /登录/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await dialog.getByRole("tab", { name: "账号登录" }).click();
    await dialog.getByPlaceholder("请输入账号/手机号").fill("linna_cg");
    await dialog.getByPlaceholder("请输入密码").fill("NotThePassword1!");
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await expect(dialog.getByText("账号或密码错误")).toBeVisible();
    await expect(dialog.getByPlaceholder("请输入账号/手机号")).toHaveValue("linna_cg");
  });

  test("SMS login with the code from the outbox", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /登录/ }).first().click();
    const dialog = page.getByRole("dialog", { name: "登录" });
    await dialog.getByRole("tab", { name: "手机快捷登录" }).click();
    await dialog.getByPlaceholder("请输入手机号").fill(DEMO.admin.mobile);
    const sentAfter = Date.now();
    await dialog.getByRole("button", { name: "获取验证码" }).click();
    const captcha = page.getByPlaceholder("请输入图形验证码");
    await expect(captcha).toBeVisible();
    await shot(page, "captcha-modal");
    await captcha.fill(CAPTCHA);
    await page.getByRole("button", { name: "确定" }).click();
    await expect(dialog.getByRole("button", { name: /重新发送|\d+s/ })).toBeVisible();
    const code = await smsCodeFor(DEMO.admin.mobile, sentAfter - 1000);
    await dialog.getByPlaceholder("请输入验证码").fill(code);
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(DEMO.admin.nick).first()).toBeVisible();
  });

  test("QR login confirmed from a second device", async ({ page, browser }) => {
    const content = page.waitForResponse((r) => r.url().includes("auth.qrContent"));
    await page.goto("/");
    await page.getByRole("button", { name: /登录/ }).first().click();
    const response = await content;
    const body = await response.json();
    // The call may travel in a batch with others: take the answer at its own position.
    const calls = decodeURIComponent(new URL(response.url()).pathname.split("/").pop()!).split(",");
    const result = (Array.isArray(body) ? body[calls.indexOf("auth.qrContent")] : body).result.data;
    const qrUrl = new URL(result.json?.qrCodeContent ?? result.qrCodeContent);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const second = await phone.newPage();
    await second.goto("/");
    await loginByApi(second, DEMO.learner);
    await second.goto(qrUrl.pathname + qrUrl.search);
    await second.getByRole("button", { name: "确认登录" }).click();
    await expect(second.getByText(/已确认/)).toBeVisible();
    await phone.close();

    await expect(page.getByRole("dialog", { name: "登录" })).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(DEMO.learner.nick).first()).toBeVisible();
  });

  test("logout returns to the visitor header", async ({ page }) => {
    await page.goto("/");
    await loginByApi(page, DEMO.learner);
    await page.goto("/person/overview");
    await expect(page.getByText(DEMO.learner.nick).first()).toBeVisible();
    await page.getByText(DEMO.learner.nick).first().click();
    await page.getByText("退出登录").click();
    await expect(page.getByRole("button", { name: /登录/ }).first()).toBeVisible();
    const me = await (await page.request.get("/api/elearning/caiyun/front/user/getUserInfo")).json();
    expect(me.data.isLogin).toBe(0);
  });

  test("a visitor opening the personal centre gets the login dialog", async ({ page }) => {
    await page.goto("/person/overview");
    await expect(page.getByRole("dialog", { name: "登录" })).toBeVisible();
  });

  test("an admin opens the back office; a learner cannot", async ({ page, browser }) => {
    await page.goto("/");
    await loginByApi(page, DEMO.admin);
    await page.goto("/admin");
    await expect(page.getByRole("link", { name: "用户" }).first()).toBeVisible();
    await shot(page, "admin-home");
    await page.goto("/admin/users?keyword=demo_learner");
    await expect(page.getByText("demo_learner")).toBeVisible();
    await shot(page, "admin-users");

    const other = await browser.newContext();
    const learner = await other.newPage();
    await learner.goto("/");
    await loginByApi(learner, DEMO.learner);
    const res = await learner.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(learner.getByText("您没有权限访问管理后台")).toBeVisible();
    await other.close();
  });

  test("a visitor asking for the back office logs in and lands on the page asked for", async ({ page }) => {
    await page.goto("/admin/users");
    const dialog = page.getByRole("dialog", { name: "登录" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "账号登录" }).click();
    await dialog.getByPlaceholder("请输入账号/手机号").fill(DEMO.admin.account);
    await dialog.getByPlaceholder("请输入密码").fill(DEMO.admin.password);
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { name: "用户管理" })).toBeVisible();
  });

  test("the legacy backstage address leads to the back office", async ({ page }) => {
    await page.goto("/");
    await loginByApi(page, DEMO.admin);
    await page.goto("/caiyun-college-backstage/");
    await expect(page).toHaveURL(/\/admin/);
  });
});

test.describe("realtime and request guards", () => {
  test("the message badge follows the unread count pushed over the user socket", async ({ page }) => {
    await page.goto("/");
    await loginByApi(page, DEMO.learner);
    const me = await (await page.request.get("/api/elearning/caiyun/front/user/getUserInfo")).json();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "消息中心" })).toBeVisible();
    // The page's socket goes through the web port; wait until the realtime process has it.
    await expect
      .poll(async () => (await (await page.request.get(`http://127.0.0.1:${process.env.E2E_REALTIME_PORT}/healthz`)).text()).match(/\d+/)?.[0])
      .not.toBe("0");
    // A count no other test leaves (the seed's and other tests' mails give the learner a few), pushed again
    // until it shows: the healthz count above may be another page's socket, this page's may subscribe later.
    await expect(async () => {
      const res = await page.request.post(`http://127.0.0.1:${process.env.E2E_REALTIME_PORT}/internal/publish`, {
        headers: { authorization: "Bearer e2e-service-token-0123456789abcdef" },
        data: { topic: `user/${me.data.userId}`, message: { type: "unread", unreadNum: 37 } },
      });
      expect(res.status()).toBe(200);
      await expect(page.getByRole("link", { name: "消息中心，37条未读" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  });

  test("a state-changing call from another site's page is refused", async ({ page }) => {
    const res = await page.request.post("/api/login/e-learning", {
      headers: { origin: "http://evil.example" },
      data: { authentication_type: "password", account: DEMO.learner.account, password: DEMO.learner.password },
    });
    expect(res.status()).toBe(403);
    expect(res.headers()["set-cookie"]).toBeUndefined();
  });
});

test("the operator's layout switches hide the header search and the footer", async ({ page, browser }) => {
  await page.goto("/");
  await loginByApi(page, DEMO.admin);
  // The operator turns the switches on the back-office page and saves.
  const setLayout = async (on: 0 | 1) => {
    await page.goto("/admin/page-layout");
    for (const name of ["搜索框", "全局页脚"]) {
      const sw = page.getByRole("switch", { name });
      await expect(async () => {
        if ((await sw.getAttribute("aria-checked")) !== String(!!on)) await sw.click();
        await expect(sw).toHaveAttribute("aria-checked", String(!!on), { timeout: 1000 });
      }).toPass();
    }
    const preview = page.getByTestId("layout-preview");
    await expect(preview.getByText("页脚已隐藏")).toHaveCount(on ? 0 : 1);
    await expect(preview.getByText("搜索课程")).toHaveCount(on);
    if (!on) await shot(page, "admin-page-layout");
    await page.getByRole("button", { name: "保存设置" }).click();
    await expect(page.getByText("页面布局已保存，学员刷新页面后生效")).toBeVisible();
  };
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/");
  await expect(visitor.locator("footer")).toBeVisible();
  await expect(visitor.getByRole("banner").locator("input")).toHaveCount(1);
  await setLayout(0);
  try {
    await visitor.reload();
    await expect(visitor.getByRole("link", { name: "课程中心" }).first()).toBeVisible();
    await expect(visitor.locator("footer")).toHaveCount(0);
    await expect(visitor.getByRole("banner").locator("input")).toHaveCount(0);
  } finally {
    await setLayout(1);
  }
  await visitor.reload();
  await expect(visitor.locator("footer")).toBeVisible();
});

test("a page shown without the shell and an external login page, from the layout config", async ({ page, browser }) => {
  await loginByApi(page, DEMO.admin);
  const save = async (detailLayout: boolean, loginUrl: string) => {
    await page.goto("/admin/page-layout");
    const sw = page.getByRole("switch", { name: "课程详情布局" });
    await expect(async () => {
      if ((await sw.getAttribute("aria-checked")) !== String(detailLayout)) await sw.click();
      await expect(sw).toHaveAttribute("aria-checked", String(detailLayout), { timeout: 1000 });
    }).toPass();
    await page.getByLabel("登录地址").fill(loginUrl);
    await page.getByRole("button", { name: "保存设置" }).click();
    await expect(page.getByText("页面布局已保存，学员刷新页面后生效")).toBeVisible();
  };
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/course/center");
  const href = await visitor.locator('a[href*="/course/detail?id="]').first().getAttribute("href");
  await save(false, `http://127.0.0.1:${process.env.E2E_PORT}/blank?from=sso`);
  try {
    await visitor.goto(href!);
    await expect(visitor.getByRole("button", { name: /立即加入|加入学习|购买课程/ }).first()).toBeVisible();
    await expect(visitor.getByRole("banner")).toHaveCount(0);
    await expect(visitor.locator("footer")).toHaveCount(0);
    await shot(visitor, "course-detail-plain-layout");
    // Logging in goes to the operator's login page, which is told where to come back to.
    await visitor.getByRole("button", { name: /立即加入|加入学习|购买课程/ }).first().click();
    await visitor.waitForURL(/\/blank\?from=sso&redirect=/);
    expect(new URL(visitor.url()).searchParams.get("redirect")).toContain("/course/detail?id=");
  } finally {
    await save(true, "");
  }
  await visitor.goto(href!);
  await expect(visitor.getByRole("banner")).toBeVisible();
});
