import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { startDirectory, startOidcProvider, type OidcProviderHandle } from "../helpers/oidc-provider";
import { DEMO, expect, loginByApi, mutate, ownCourse, query, test } from "./fixtures";
import { freePort, startE2eServer, type E2eServer, type Template } from "./servers";

// The internal-network variant needs its own server: one started here from the run's seeded template with
// the SSO settings pointing at a local provider and directory (both on port 0), on ports the system hands out.
const CLIENT = { clientId: "caiyun-e2e-sso", clientSecret: "e2e-sso-secret-0123456789abcdef" };
const PERSON = { username: "zhou_min", password: "Zhou@2026sso", name: "周敏" };
const COURSE = "本单位采购监管专题";

let provider: OidcProviderHandle;
let directory: Awaited<ReturnType<typeof startDirectory>>;
let server: E2eServer | undefined;
let base = "";

const shoot = (page: Page, name: string) => {
  mkdirSync("test-results", { recursive: true });
  return page.screenshot({ path: `test-results/${name}.png`, fullPage: false });
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  provider = await startOidcProvider({
    accounts: [{ sub: "e2e-sso-1", ...PERSON, phone_number: "13966660001", phone_number_verified: true, employee_number: "E9001", org_code: "czt-cgc" }],
  });
  directory = await startDirectory(CLIENT);
  directory.data.organizations = [{ code: "czt", name: "省财政厅本级", children: [{ code: "czt-cgc", name: "政府采购监管处" }] }];
  const [port, realtimePort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${port}`;
  await provider.registerClient({ ...CLIENT, appBase: base });
  server = await startE2eServer(JSON.parse(process.env.E2E_TEMPLATE!) as Template, {
    port,
    realtimePort,
    env: { SSO_ISSUER: provider.issuer, SSO_CLIENT_ID: CLIENT.clientId, SSO_CLIENT_SECRET: CLIENT.clientSecret, SSO_DIRECTORY_URL: directory.url },
  });

  // The admin reads the provider's organisation and opens a course to the person's unit.
  const context = await browser.newContext({ baseURL: base });
  const admin = await context.newPage();
  await loginByApi(admin, DEMO.admin);
  const init = await (await admin.request.post("/api/elearning/back/common/group/initSSOOrg", { data: {} })).json();
  expect(init, JSON.stringify(init)).toMatchObject({ success: true, data: { created: 2 } });
  const groups = await query<{ id: number; code: string | null; source: string }[]>(admin, "org.admin.group.list", {});
  const unit = groups.find((g) => g.source === "sso" && g.code === "czt-cgc")!;
  const courseId = await ownCourse(admin, COURSE);
  await mutate(admin, "course.admin.saveOpen", { id: courseId, groupIds: [String(unit.id)] });
  await context.close();
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
  await directory?.close();
});

test.describe("single sign-on (internal-network variant)", () => {
  test("a visitor clicks 登录, signs in at the provider and lands back logged in, with the school centre", async ({ page, consoleErrors }) => {
    await page.goto(`${base}/course/center`);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "学校中心" })).toBeVisible();
    await header.getByRole("link", { name: "登录", exact: true }).click();

    // The provider's own login page.
    await page.waitForURL(new RegExp(`^${provider.issuer}/interaction/`));
    await expect(page.getByRole("heading", { name: "统一身份认证" })).toBeVisible();
    await page.getByLabel("账号").fill(PERSON.username);
    await page.getByLabel("密码").fill(PERSON.password);
    await shoot(page, "sso-provider-login");
    await page.getByRole("button", { name: "登录" }).click();

    await page.waitForURL(`${base}/course/center`);
    // A first sign-in makes a new learner, who is offered the newcomer gift first.
    const gift = page.getByTestId("newcomer-popup");
    await expect(gift).toBeVisible();
    await gift.getByRole("button", { name: "关闭", exact: true }).click();
    await expect(gift).toBeHidden();
    await expect(header.getByText(PERSON.name)).toBeVisible();
    await expect(header.getByRole("link", { name: "登录", exact: true })).toHaveCount(0);
    const me = await (await page.request.get(`${base}/api/trpc/auth.me`)).json();
    expect(me.result.data).toMatchObject({ isLogin: 1, nick: PERSON.name });
    await shoot(page, "sso-landing");

    await header.getByRole("link", { name: "学校中心" }).click();
    await page.waitForURL(`${base}/school/center`);
    await expect(page.getByTestId("school-name")).toHaveText("政府采购监管处");
    await expect(page.getByText("省财政厅本级")).toBeVisible();
    await expect(page.getByTestId("course-card").filter({ hasText: COURSE })).toBeVisible();
    await expect(header.getByRole("link", { name: "学校中心" })).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("学校中心 - 财云学院");
    await shoot(page, "sso-school-center");
    expect(consoleErrors).toEqual([]);
  });

  test("asking for the login dialog goes to the provider, and logging out ends the provider session too", async ({ page, consoleErrors }) => {
    // ?login=1 is how pages ask for the dialog; in this variant it becomes the SSO redirect.
    await page.goto(`${base}/?login=1&redirect=${encodeURIComponent("/verify/center")}`);
    await page.waitForURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.getByLabel("账号").fill(PERSON.username);
    await page.getByLabel("密码").fill(PERSON.password);
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(`${base}/verify/center`);
    await expect(page.getByRole("banner").getByText(PERSON.name)).toBeVisible();

    // A visitor opening the school centre is sent to sign in first.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${base}/school/center`);
    await visitor.waitForURL(new RegExp(`^${provider.issuer}/interaction/`));
    await visitor.close();

    await page.goto(`${base}/api/login/logout?target=${encodeURIComponent("/course/center")}`);
    await page.waitForURL(new RegExp(`^${provider.issuer}/session/end`));
    await page.getByRole("button", { name: "确认退出" }).click();
    await page.waitForURL(`${base}/course/center`);
    await expect(page.getByRole("banner").getByRole("link", { name: "登录", exact: true })).toBeVisible();
    const me = await (await page.request.get(`${base}/api/trpc/auth.me`)).json();
    expect(me.result.data.isLogin).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
