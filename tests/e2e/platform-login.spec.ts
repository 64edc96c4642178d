import { request as pwRequest } from "@playwright/test";
import { startOAuthProvider } from "../helpers/oauth-provider";
import { DEMO, expect, loginByApi, shot, test } from "./fixtures";

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;

test.beforeAll(async ({ server }) => {
  provider = await startOAuthProvider({ clientId: "caiyun-e2e" });
  // The platform row is configured the way an admin would: through the admin procedure.
  const admin = await pwRequest.newContext({ baseURL: server.url });
  const login = await admin.post("/api/login/e-learning", { data: { authentication_type: "password", account: DEMO.admin.account, password: DEMO.admin.password } });
  expect((await login.json()).success).toBe(true);
  const list = await (await admin.get("/api/trpc/oauth.admin.list")).json();
  const existing = (list.result?.data ?? []).find((p: { cloudRegion: string }) => p.cloudRegion === "e2e");
  const saved = await admin.post("/api/trpc/oauth.admin.save", {
    data: { ...provider.platform({ name: "政采云", cloudRegion: "e2e", source: "e2e", picUrl: "" }), ...(existing ? { id: existing.id } : {}) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();
});
test.afterAll(() => provider?.close());

async function openPicker(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: /登录/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "登录" });
  await dialog.getByRole("button", { name: "授权平台登录" }).click();
  const picker = page.getByRole("dialog", { name: "选择授权平台" });
  await expect(picker.getByRole("button", { name: "政采云" })).toBeVisible();
  return picker;
}

test.describe("authorised-platform login", () => {
  test("a visitor logs in through the platform and gets a bound account", async ({ page, consoleErrors }) => {
    provider.signIn({ id: "zcy-e2e-1", name: "钱采购", mobile: "13955550001" });
    await page.goto("/search/detail?keyword=采购");
    const picker = await openPicker(page);
    await shot(page, "platform-picker");
    await picker.getByRole("button", { name: "政采云" }).click();
    await expect(page.getByRole("heading", { name: "政采云统一认证" })).toBeVisible();
    await page.getByRole("button", { name: "同意授权" }).click();
    await page.waitForURL(/\/search\/detail/);
    await expect(page.getByText("钱采购").first()).toBeVisible();
    const me = await (await page.request.get("/api/trpc/auth.me")).json();
    expect(me.result.data).toMatchObject({ isLogin: 1, nick: "钱采购" });
    expect(consoleErrors).toEqual([]);
  });

  test("a logged-in learner whose phone differs sees the rebind dialog and rebinds", async ({ page, consoleErrors }) => {
    await loginByApi(page, DEMO.learner);
    provider.signIn({ id: "zcy-e2e-2", name: "王晓雯", mobile: "13955550002" });
    const start = await (await page.request.get(`/api/elearning/caiyun/open/config/getAuthorizeURL?source=e2e&returnTo=${encodeURIComponent("/person/overview")}`)).json();
    await page.goto(start.data.url);
    await page.getByRole("button", { name: "同意授权" }).click();
    const dialog = page.getByRole("dialog", { name: "手机号不一致，确认重新绑定？" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("138****0001")).toBeVisible();
    await expect(dialog.getByText("139****0002")).toBeVisible();
    await shot(page, "platform-rebind");
    await dialog.getByRole("button", { name: "重新绑定" }).click();
    await page.waitForURL(/\/person\/overview/);
    // Binding is done: a second authorisation goes straight through.
    const again = await (await page.request.get(`/api/elearning/caiyun/open/config/getAuthorizeURL?source=e2e&returnTo=/`)).json();
    await page.goto(again.data.url);
    await page.getByRole("button", { name: "同意授权" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    expect(consoleErrors).toEqual([]);
  });
});
