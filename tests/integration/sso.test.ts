import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { loginAttempts, orgGroups, orgRoles, sessions, ssoIdentities, ssoLogoutTokens, ssoSessions, userGroups, userRoles, users } from "@db/schema";
import { resetEnvCache } from "@base/env.server";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { LOCKED_MESSAGE } from "@trpc-app/auth/login.service";
import { handleLegacy } from "@trpc-app/legacy/handler";
import { intranetVariant } from "@trpc-app/sso/config";
import { LOGOUT_TOKEN_REPLAYED } from "@trpc-app/sso/logout.service";
import { forgetProvider } from "@trpc-app/sso/provider.service";
import { createUser } from "../factories/user";
import { createCourse } from "../factories/course";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { formFields, startDirectory, startOidcProvider, testBrowser, type OidcProviderHandle } from "../helpers/oidc-provider";

const CLIENT = { clientId: "caiyun-college", clientSecret: "sso-test-secret-0123456789" };
const SSO_ENV = ["SSO_ISSUER", "SSO_CLIENT_ID", "SSO_CLIENT_SECRET", "SSO_DIRECTORY_URL"] as const;

let provider: OidcProviderHandle;
let directory: Awaited<ReturnType<typeof startDirectory>>;
let appServer: Server;
let app = "";
let currentDb: Db | undefined;

/** The app over HTTP (the legacy mounts; any other path is a page): the provider's redirects and back channel reach it. */
async function startApp() {
  const server = createServer(async (req, res) => {
    const url = `${app}${req.url}`;
    if (!req.url?.startsWith("/api/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end("<p>页面</p>");
    }
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const response = await handleLegacy(new Request(url, { method: req.method, headers, body }), currentDb!);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      if (k !== "set-cookie") out[k] = v;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out["set-cookie"] = cookies;
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  app = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return server;
}

function ssoOn() {
  process.env.SSO_ISSUER = provider.issuer;
  process.env.SSO_CLIENT_ID = CLIENT.clientId;
  process.env.SSO_CLIENT_SECRET = CLIENT.clientSecret;
  process.env.SSO_DIRECTORY_URL = directory.url;
  resetEnvCache();
}
function ssoOff() {
  for (const k of SSO_ENV) delete process.env[k];
  resetEnvCache();
}

beforeAll(async () => {
  appServer = await startApp();
  provider = await startOidcProvider({
    accounts: [
      { sub: "u-1001", username: "zhangming", password: "Zhang@2026", name: "张明", phone_number: "13800001001", phone_number_verified: true, employee_number: "E1001", org_code: "gks" },
      { sub: "u-1002", username: "lihua", password: "Li@2026pass", name: "李华", phone_number: "+86 139-0000-2002", phone_number_verified: true },
      { sub: "u-1003", username: "wangfang", password: "Wang@2026", name: "王芳", phone_number: "13900003003", phone_number_verified: false },
      { sub: "u-1004", username: "chenjing", password: "Chen@2026", name: "陈静", employee_number: "E2001" },
      { sub: "u-1005", username: "zhaolei", password: "Zhao@2026", name: "赵磊", phone_number: "13900005005", phone_number_verified: true },
    ],
  });
  await provider.registerClient({ ...CLIENT, appBase: app });
  directory = await startDirectory(CLIENT);
  ssoOn();
});

afterAll(async () => {
  ssoOff();
  forgetProvider();
  await provider.close();
  await directory.close();
  await new Promise<void>((r) => appServer.close(() => r()));
});

beforeEach(() => {
  ssoOn();
  directory.data.organizations = [{ code: "czt", name: "财政厅", children: [{ code: "gks", name: "国库处" }, { code: "jds", name: "监督处" }] }];
  directory.data.roles = [{ code: "purchaser", name: "采购人", children: [{ code: "buyer", name: "采购经办人" }] }];
  directory.data.users = [
    { sub: "u-1001", name: "张明", phone_number: "13800001001", employee_number: "E1001", org_code: "gks", role_codes: ["buyer"] },
    { sub: "u-2001", name: "孙悦", phone_number: "13800002001", employee_number: "E3001", org_code: "jds" },
    { sub: "u-2002", name: "周强", org_code: "czt", role_codes: ["purchaser"] },
  ];
});

/** Starts at the app, logs in on the provider's page when it asks, and follows everything back to the app. */
async function signIn(browser: ReturnType<typeof testBrowser>, username: string, password: string, redirect = "/course/center") {
  const start = await browser.go(`${app}/api/login/caiyun/sso?redirect=${encodeURIComponent(redirect)}`);
  if (!start.url.includes("/interaction/")) return start;
  expect(start.text).toContain("统一身份认证");
  const { action } = formFields(start.text);
  const done = await browser.go(new URL(action, start.url).href, { form: { username, password } });
  return { ...done, trail: [...start.trail, ...done.trail] };
}

async function me(browser: ReturnType<typeof testBrowser>) {
  const { text } = await browser.go(`${app}/api/elearning/caiyun/front/user/getUserInfo`);
  return JSON.parse(text).data as { isLogin: number; userId: number | null; nick: string };
}

async function adminBrowser(db: Db) {
  const admin = await createUser(db, { loginName: "sso_admin", isAdmin: 1, mobile: null });
  const { token } = await createSession(db, admin.id);
  const browser = testBrowser();
  browser.jarOf(app).set(SESSION_COOKIE, token);
  return browser;
}

async function post(browser: ReturnType<typeof testBrowser>, path: string) {
  const res = await browser.request(`${app}${path}`, { method: "POST" });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const errorMessage = (url: string) => new URL(url).searchParams.get("message");

describeEachDb("single sign-on (internal-network variant)", (getDb) => {
  beforeEach(() => {
    currentDb = getDb();
  });

  it("signs a new person in through the provider's login page, creates the account in their unit, and logs the same account in next time", async () => {
    const db = getDb();
    const admin = await adminBrowser(db);
    expect((await post(admin, "/api/elearning/back/common/group/initSSOOrg")).body).toMatchObject({ success: true, data: { created: 3 } });

    const browser = testBrowser();
    const done = await signIn(browser, "zhangming", "Zhang@2026");
    // The round trip: app → provider authorise → login page → provider resume → app callback → target.
    expect(done.trail[1]).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    const authorize = new URL(done.trail[1]!);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${app}/api/login/caiyun/sso/callback`);
    expect(done.trail.some((u) => u.startsWith(`${app}/api/login/caiyun/sso/callback?code=`))).toBe(true);
    expect(done.url).toBe(`${app}/course/center`);
    expect(browser.jarOf(app).has("cy_sso_state")).toBe(false);

    const who = await me(browser);
    expect(who).toMatchObject({ isLogin: 1, nick: "张明" });
    const [created] = await db.select().from(users).where(eq(users.id, who.userId!));
    expect(created).toMatchObject({ registerSource: "sso", mobile: "13800001001", loginName: "E1001" });
    expect(await db.select().from(ssoIdentities)).toMatchObject([{ issuer: provider.issuer, subject: "u-1001", userId: created!.id, linkedBy: "created" }]);
    const [gks] = await db.select().from(orgGroups).where(and(eq(orgGroups.source, "sso"), eq(orgGroups.code, "gks")));
    expect(await db.select().from(userGroups).where(eq(userGroups.userId, created!.id))).toMatchObject([{ groupId: gks!.id }]);
    const [sso] = await db.select().from(ssoSessions);
    expect(sso).toMatchObject({ subject: "u-1001", sid: expect.any(String), idToken: expect.stringMatching(/^ey/) });
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.method, "sso"))).toMatchObject([{ success: 1, userId: created!.id }]);

    // Another visit, a new browser: the provider asks again and the same account logs in.
    const again = testBrowser();
    expect((await signIn(again, "zhangming", "Zhang@2026", "/person/study")).url).toBe(`${app}/person/study`);
    expect((await me(again)).userId).toBe(created!.id);
    expect(await db.select().from(users).where(eq(users.registerSource, "sso"))).toHaveLength(1);
    expect(await db.select().from(ssoSessions)).toHaveLength(2);

    // Someone already logged in goes straight to the target.
    const straight = await browser.go(`${app}/api/login/caiyun/sso?redirect=${encodeURIComponent("/live/center")}`);
    expect(straight.trail).toEqual([`${app}/api/login/caiyun/sso?redirect=%2Flive%2Fcenter`, `${app}/live/center`]);
  });

  it("links a verified phone or an organisation-made employee number to the existing account, never an unverified phone", async () => {
    const db = getDb();
    const li = await createUser(db, { loginName: "li_hua", nick: "李华本人", mobile: "13900002002" });
    const byPhone = testBrowser();
    await signIn(byPhone, "lihua", "Li@2026pass");
    expect((await me(byPhone)).userId).toBe(li.id);
    expect(await db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, li.id))).toMatchObject([{ subject: "u-1002", linkedBy: "phone" }]);

    const wang = await createUser(db, { loginName: "wang_fang", mobile: "13900003003" });
    const unverified = testBrowser();
    await signIn(unverified, "wangfang", "Wang@2026");
    const wangId = (await me(unverified)).userId;
    expect(wangId).not.toBe(wang.id);
    expect((await db.select().from(users).where(eq(users.id, wangId!)))[0]).toMatchObject({ registerSource: "sso", mobile: null, nick: "王芳" });

    // A self-registered account named like the employee number is not taken; one the back office made is.
    const selfMade = await createUser(db, { loginName: "e2001", mobile: null });
    const first = testBrowser();
    await signIn(first, "chenjing", "Chen@2026");
    expect((await me(first)).userId).not.toBe(selfMade.id);
    await db.delete(ssoIdentities).where(eq(ssoIdentities.subject, "u-1004"));
    await db.update(users).set({ registerSource: "admin" }).where(eq(users.id, selfMade.id));
    const second = testBrowser();
    await signIn(second, "chenjing", "Chen@2026");
    expect((await me(second)).userId).toBe(selfMade.id);
  });

  it("refuses a forged, reused or foreign state, a refused consent and an unreachable provider on the login-failed page", async () => {
    const browser = testBrowser();
    const start = await browser.request(`${app}/api/login/caiyun/sso?redirect=%2F`);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    expect(browser.jarOf(app).get("cy_sso_state")).toBe(state);

    // A callback with a state this browser did not start.
    const forged = await browser.go(`${app}/api/login/caiyun/sso/callback?code=abc&state=${"x".repeat(32)}`);
    expect(forged.url).toMatch(new RegExp(`^${app}/error\\?message=`));
    expect(errorMessage(forged.url)).toBe("登录状态已失效，请重新登录");
    // Another browser carrying the right state in the query but not the cookie.
    const other = testBrowser();
    expect(errorMessage((await other.go(`${app}/api/login/caiyun/sso/callback?code=abc&state=${state}`)).url)).toBe("登录状态已失效，请重新登录");

    // A real round trip whose callback is replayed.
    const ok = testBrowser();
    const done = await signIn(ok, "zhangming", "Zhang@2026");
    const callback = done.trail.find((u) => u.includes("/sso/callback?"))!;
    ok.jarOf(app).set("cy_sso_state", new URL(callback).searchParams.get("state")!);
    expect(errorMessage((await ok.go(callback)).url)).toBe("登录状态已失效，请重新登录");

    // The person cancels at the provider.
    const cancel = testBrowser();
    const page = await cancel.go(`${app}/api/login/caiyun/sso?redirect=%2F`);
    const abort = formFields(page.text.slice(page.text.indexOf("</form>") + 7));
    const refused = await cancel.go(new URL(abort.action, page.url).href, { form: {} });
    expect(errorMessage(refused.url)).toBe("您已取消统一身份认证授权，未能登录");
    expect((await me(cancel)).isLogin).toBe(0);

    // The provider is down: a clear message, not a 500.
    process.env.SSO_ISSUER = "http://127.0.0.1:9";
    resetEnvCache();
    const down = await testBrowser().go(`${app}/api/login/caiyun/sso?redirect=%2F`);
    expect(down.res.status).toBe(200);
    expect(errorMessage(down.url)).toBe("统一认证服务暂时无法连接，请稍后重试");
  });

  it("refuses a locked or disabled account with the platform's usual message and starts no session", async () => {
    const db = getDb();
    const zhao = await createUser(db, { loginName: "zhao_lei", mobile: "13900005005" });
    await db.update(users).set({ lockedUntil: new Date(Date.now() + 10 * 60_000) }).where(eq(users.id, zhao.id));
    const locked = testBrowser();
    const done = await signIn(locked, "zhaolei", "Zhao@2026");
    expect(errorMessage(done.url)).toBe(LOCKED_MESSAGE);
    expect((await me(locked)).isLogin).toBe(0);

    await db.update(users).set({ lockedUntil: null, status: 0 }).where(eq(users.id, zhao.id));
    const disabled = testBrowser();
    expect(errorMessage((await signIn(disabled, "zhaolei", "Zhao@2026")).url)).toBe("账号已被禁用，请联系管理员");
    expect(await db.select().from(sessions).where(eq(sessions.userId, zhao.id))).toHaveLength(0);
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.userId, zhao.id))).toMatchObject([
      { success: 0, reason: "locked" },
      { success: 0, reason: "disabled" },
    ]);
  });

  it("ends the platform session when the provider says so over the back channel, and refuses a forged logout token", async () => {
    const db = getDb();
    const browser = testBrowser();
    await signIn(browser, "zhangming", "Zhang@2026");
    expect((await me(browser)).isLogin).toBe(1);

    // A token signed by some other key changes nothing.
    const { SignJWT, generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ events: { "http://schemas.openid.net/event/backchannel-logout": {} }, sub: "u-1001" })
      .setProtectedHeader({ alg: "RS256", kid: "nope" })
      .setIssuer(provider.issuer)
      .setAudience(CLIENT.clientId)
      .setIssuedAt()
      .setJti("forged-1")
      .sign(privateKey);
    const res = await fetch(`${app}/api/login/caiyun/sso/backchannel-logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: forged }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, result: null, message: "注销令牌无效", code: 400 });
    expect((await me(browser)).isLogin).toBe(1);

    // The person logs out at the provider (from anywhere): its session ends, the provider tells the app.
    const sent = provider.seen.backchannelSent;
    const confirm = await browser.go(`${provider.issuer}/session/end`);
    const { action, fields } = formFields(confirm.text, "op.logoutForm");
    await browser.go(new URL(action, confirm.url).href, { form: { ...fields, logout: "yes" } });
    expect(provider.seen.backchannelErrors).toEqual([]);
    expect(provider.seen.backchannelSent).toBe(sent + 1);
    expect((await me(browser)).isLogin).toBe(0);
    expect(await db.select().from(ssoSessions)).toHaveLength(0);
  });

  it("acts on a logout token once: a replay ends nothing, not even a session begun since; of two sent at once one is accepted", async () => {
    const db = getDb();
    const browser = testBrowser();
    const post = (logout_token: string) =>
      fetch(`${app}/api/login/caiyun/sso/backchannel-logout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ logout_token }),
      });
    await signIn(browser, "zhangming", "Zhang@2026");
    const token = await provider.logoutToken({ sub: "u-1001" });
    expect((await post(token)).status).toBe(200);
    expect((await me(browser)).isLogin).toBe(0);

    // Signed in again (the provider's session still stands): the same token again is refused and ends nothing.
    await signIn(browser, "zhangming", "Zhang@2026");
    expect((await me(browser)).isLogin).toBe(1);
    const replay = await post(token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ success: false, result: null, message: LOGOUT_TOKEN_REPLAYED, code: 400 });
    expect((await me(browser)).isLogin).toBe(1);

    // One new token delivered twice at once: one delivery ends the session, the other is refused.
    const twice = await provider.logoutToken({ sub: "u-1001" });
    const statuses = (await Promise.all([post(twice), post(twice)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect((await me(browser)).isLogin).toBe(0);
    expect(await db.select().from(ssoLogoutTokens)).toHaveLength(2);

    // Rows of tokens past their age go when the next token arrives.
    await db.insert(ssoLogoutTokens).values({ issuer: provider.issuer, jti: "long-ago", expiresAt: new Date(Date.now() - 1000) });
    expect((await post(await provider.logoutToken({ sid: "no-such-session" }))).status).toBe(200);
    const kept = (await db.select().from(ssoLogoutTokens)).map((r) => r.jti);
    expect(kept).toHaveLength(3);
    expect(kept).not.toContain("long-ago");
  });

  it("logs out at the provider too (front channel) and comes back to the target", async () => {
    const browser = testBrowser();
    await signIn(browser, "zhangming", "Zhang@2026");
    const out = await browser.request(`${app}/api/login/logout?target=${encodeURIComponent("/course/center")}`);
    const location = new URL(out.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(`${provider.issuer}/session/end`);
    expect(location.searchParams.get("post_logout_redirect_uri")).toBe(`${app}/api/login/caiyun/sso/logged-out`);
    expect(location.searchParams.get("state")).toBe("/course/center");
    expect(location.searchParams.get("id_token_hint")).toMatch(/^ey/);
    expect((await me(browser)).isLogin).toBe(0);

    const confirm = await browser.go(location.href);
    const { action, fields } = formFields(confirm.text, "op.logoutForm");
    const back = await browser.go(new URL(action, confirm.url).href, { form: { ...fields, logout: "yes" } });
    expect(back.url).toBe(`${app}/course/center`);
    // Signing in again needs the provider's login page: its session is gone.
    const again = await browser.go(`${app}/api/login/caiyun/sso?redirect=%2F`);
    expect(again.url).toContain("/interaction/");

    // A platform login of another kind logs out of the platform alone.
    const db = getDb();
    const local = await createUser(db, { loginName: "local_one" });
    const { token } = await createSession(db, local.id);
    const plain = testBrowser();
    plain.jarOf(app).set(SESSION_COOKIE, token);
    expect((await plain.request(`${app}/api/login/logout?target=%2Fperson`)).headers.get("location")).toBe("/person");
  });

  it("initialises the SSO organisation and roles and reads the directory's users idempotently; admins only", async () => {
    const db = getDb();
    const admin = await adminBrowser(db);
    expect((await post(admin, "/api/elearning/back/common/group/initSSOOrg")).body.data).toEqual({ created: 3, updated: 0 });
    expect((await post(admin, "/api/elearning/back/common/role/initSSOOrg")).body.data).toEqual({ created: 2, updated: 0 });
    const first = await post(admin, "/api/elearning/back/user/ssouser");
    expect(first.body).toMatchObject({ success: true, data: { sync: { total: 3, created: 3, linked: 0, updated: 0, unchanged: 0, skipped: 0 }, total: 3 } });
    const sun = (await db.select().from(users).where(eq(users.mobile, "13800002001")))[0]!;
    expect(sun).toMatchObject({ nick: "孙悦", loginName: "E3001", registerSource: "sso" });
    const [jds] = await db.select().from(orgGroups).where(and(eq(orgGroups.source, "sso"), eq(orgGroups.code, "jds")));
    expect(await db.select().from(userGroups).where(eq(userGroups.userId, sun.id))).toMatchObject([{ groupId: jds!.id }]);
    const [buyer] = await db.select().from(orgRoles).where(and(eq(orgRoles.source, "sso"), eq(orgRoles.code, "buyer")));
    const zhang = (await db.select().from(users).where(eq(users.mobile, "13800001001")))[0]!;
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, zhang.id))).toMatchObject([{ roleId: buyer!.id }]);

    // A second run changes nothing.
    const snapshot = async () => ({
      users: await db.select().from(users).orderBy(users.id),
      links: await db.select().from(ssoIdentities).orderBy(ssoIdentities.id),
      groups: await db.select().from(userGroups).orderBy(userGroups.userId),
      roles: await db.select().from(userRoles).orderBy(userRoles.userId),
      tree: await db.select().from(orgGroups).orderBy(orgGroups.id),
    });
    const before = await snapshot();
    expect((await post(admin, "/api/elearning/back/common/group/initSSOOrg")).body.data).toEqual({ created: 0, updated: 0 });
    expect((await post(admin, "/api/elearning/back/common/role/initSSOOrg")).body.data).toEqual({ created: 0, updated: 0 });
    expect((await post(admin, "/api/elearning/back/user/ssouser")).body.data.sync).toMatchObject({ total: 3, created: 0, linked: 0, updated: 0, unchanged: 3 });
    expect(await snapshot()).toEqual(before);

    // The directory moves a person and renames another: only that changes; the directory user signs in as the same account.
    directory.data.users[1] = { ...directory.data.users[1]!, org_code: "gks" };
    directory.data.users[2] = { ...directory.data.users[2]!, name: "周强强" };
    expect((await post(admin, "/api/elearning/back/user/ssouser")).body.data.sync).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    const browser = testBrowser();
    await signIn(browser, "zhangming", "Zhang@2026");
    expect((await me(browser)).userId).toBe(zhang.id);

    // Learners and visitors are refused.
    const learner = await createUser(db, { loginName: "plain_learner" });
    const { token } = await createSession(db, learner.id);
    const asLearner = testBrowser();
    asLearner.jarOf(app).set(SESSION_COOKIE, token);
    for (const path of ["/api/elearning/back/user/ssouser", "/api/elearning/back/common/group/initSSOOrg", "/api/elearning/back/common/role/initSSOOrg"]) {
      expect((await post(asLearner, path)).body).toMatchObject({ success: false, code: 403 });
      expect((await post(testBrowser(), path)).body).toMatchObject({ success: false, code: 281 });
    }
    // Wrong client credentials at the directory: a clear refusal.
    process.env.SSO_CLIENT_SECRET = "wrong-secret-0123456789";
    resetEnvCache();
    forgetProvider();
    expect((await post(admin, "/api/elearning/back/user/ssouser")).body).toMatchObject({ success: false, message: "统一认证目录拒绝访问，请检查客户端凭据" });
  });

  it("shows the school centre: the learner's unit and the courses opened to it or a unit above it", async () => {
    const db = getDb();
    const admin = await adminBrowser(db);
    await post(admin, "/api/elearning/back/common/group/initSSOOrg");
    const browser = testBrowser();
    await signIn(browser, "zhangming", "Zhang@2026");
    const who = await me(browser);
    const group = async (code: string) => (await db.select().from(orgGroups).where(and(eq(orgGroups.source, "sso"), eq(orgGroups.code, code))))[0]!.id;
    const ownCourse = (await createCourse(db, { name: "国库集中支付实务", openRange: [{ kind: "group", target: String(await group("gks")) }] })).course;
    const aboveCourse = (await createCourse(db, { name: "财政厅年度培训", openRange: [{ kind: "group", target: String(await group("czt")) }], releasedAt: new Date(Date.now() - 86_400_000) })).course;
    await createCourse(db, { name: "监督处专题", openRange: [{ kind: "group", target: String(await group("jds")) }] });
    await createCourse(db, { name: "全员公开课" });
    await createCourse(db, { name: "未发布课程", status: 0, openRange: [{ kind: "group", target: String(await group("gks")) }] });
    const asLearner = await signedInClient(db, who.userId!);
    const school = await asLearner.call((c) => c.sso.school());
    expect(school.organization).toEqual({ id: await group("gks"), name: "国库处", path: ["财政厅"], fromSso: true });
    expect(school.courses.map((c) => c.id)).toEqual([ownCourse.id, aboveCourse.id]);

    ssoOff();
    expect((await rejection(asLearner.call((c) => c.sso.school()))).legacyCode).toBe("404");
    expect((await rejection(testClient(db).call((c) => c.sso.school()))).legacyCode).toBe("281");
  });

  it("answers a clear refusal when the variant is off, and tells the shell", async () => {
    expect(intranetVariant()).toMatchObject({ intranet: true });
    expect(intranetVariant().ssoLoginUrl("/course/center?id=1")).toBe("/api/login/caiyun/sso?redirect=%2Fcourse%2Fcenter%3Fid%3D1");
    expect(intranetVariant().ssoLoginUrl("https://evil.example/")).toBe("/api/login/caiyun/sso?redirect=%2F");
    ssoOff();
    expect(intranetVariant().intranet).toBe(false);
    expect(intranetVariant().ssoLoginUrl("/")).toBeNull();
    const res = await testBrowser().request(`${app}/api/login/caiyun/sso?redirect=%2Fcourse%2Fcenter`);
    expect(res.status).toBe(302);
    expect(errorMessage(new URL(res.headers.get("location")!, app).href)).toBe("本站未启用统一身份认证登录，请使用账号或手机号登录");
    const back = await fetch(`${app}/api/login/caiyun/sso/backchannel-logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "logout_token=x",
    });
    expect(back.status).toBe(400);
  });
});
