import { CAPTCHA, expect, shot, smsCodeFor, test } from "./fixtures";

/** Asks for an SMS code through the captcha modal and returns the code the outbox received. */
async function requestCode(page: import("@playwright/test").Page, mobile: string) {
  const after = Date.now() - 1000;
  await page.getByRole("button", { name: "获取验证码" }).click();
  await page.getByPlaceholder("请输入图形验证码").fill(CAPTCHA);
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page.getByRole("button", { name: /重新发送/ })).toBeVisible();
  return smsCodeFor(mobile, after);
}

test.describe("account pages", () => {
  test("a visitor registers with an SMS code and is logged in", async ({ page }) => {
    await page.goto("/sign/up?target=/person/overview");
    await page.getByPlaceholder("请输入用户名").fill("gao_ming_2026");
    await page.getByPlaceholder("请输入昵称").fill("高明");
    await page.getByPlaceholder("请输入手机号").fill("13655556666");
    await page.getByPlaceholder("请输入密码").fill("short");
    await page.getByPlaceholder("请再次输入密码").fill("short");
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page.getByText("密码为10-16位，仅限字母、数字及!@#$")).toBeVisible();
    await shot(page, "sign-up-errors");
    const code = await requestCode(page, "13655556666");
    await page.getByPlaceholder("请输入验证码").fill(code);
    await page.getByPlaceholder("请输入密码").fill("Gao@2026ming");
    await page.getByPlaceholder("请再次输入密码").fill("Gao@2026ming");
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "注册", exact: true }).click();
    await expect(page).toHaveURL(/\/person\/overview/);
    await expect(page.getByText("高明").first()).toBeVisible();
  });

  test("a learner who forgot the password resets it by SMS and logs in with the new one", async ({ page }) => {
    await page.goto("/password/setting?type=forget");
    await page.getByPlaceholder("请输入手机号").fill("13710102634");
    const code = await requestCode(page, "13710102634");
    await page.getByPlaceholder("请输入验证码").fill(code);
    await page.getByRole("button", { name: "下一步" }).click();
    await page.getByPlaceholder("请输入新密码").fill("Guo@2026newpass");
    await page.getByPlaceholder("请再次输入新密码").fill("Guo@2026mismatch");
    await page.getByRole("button", { name: "重置密码" }).click();
    await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
    await page.getByPlaceholder("请再次输入新密码").fill("Guo@2026newpass");
    await page.getByRole("button", { name: "重置密码" }).click();
    await expect(page.getByText("密码已重置，请使用新密码登录")).toBeVisible();
    const res = await page.request.post("/api/login/e-learning", {
      data: { authentication_type: "password", account: "guopeng", password: "Guo@2026newpass" },
    });
    expect((await res.json()).success).toBe(true);
  });
});
