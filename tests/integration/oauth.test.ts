import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "@db/client";
import { oauthBindings, oauthStates, users, whitelistEntries } from "@db/schema";
import { LECAI_ONLY } from "@trpc-app/oauth/course-limit.service";
import { setSetting } from "@trpc-app/site/site.service";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { startOAuthProvider } from "../helpers/oauth-provider";

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
beforeAll(async () => {
  provider = await startOAuthProvider({ clientId: "caiyun-college" });
});
afterAll(() => provider.close());

async function setup(db: Db) {
  const admin = await createUser(db, { loginName: "oauth_admin", isAdmin: 1 });
  const adminClient = await signedInClient(db, admin.id);
  const platform = await adminClient.call((c) => c.oauth.admin.save(provider.platform() as never));
  return { platform, adminClient };
}

/** Browser round trip: start, consent at the provider, come back to the callback. */
async function authorize(client: ReturnType<typeof testClient>, returnTo = "/course/center") {
  const start = await client.call((c) => c.oauth.authorizeUrl({ cloudRegion: "lcy", returnTo }));
  const back = provider.approve(start.url);
  return { start, back, result: await client.call((c) => c.oauth.callback({ code: back.code, state: back.state })) };
}

const bindingsOf = (db: Db, userId: number) => db.select().from(oauthBindings).where(eq(oauthBindings.userId, userId));

describeEachDb("authorised-platform login", (getDb) => {
  it("configures platforms as admin only and lists them for the picker", async () => {
    const db = getDb();
    const { adminClient } = await setup(db);
    const learner = await createUser(db);
    const asLearner = await signedInClient(db, learner.id);
    expect((await rejection(asLearner.call((c) => c.oauth.admin.save(provider.platform({ cloudRegion: "x", source: "y" }) as never)))).legacyCode).toBe("403");
    expect((await rejection(testClient(db).call((c) => c.oauth.admin.list()))).legacyCode).toBe("281");
    const list = await testClient(db).call((c) => c.oauth.platforms());
    expect(list).toEqual([expect.objectContaining({ name: "政采云", picUrl: "/images/platform-zcy.svg", cloudRegion: "lcy", sort: 1, url: "https://www.zcygov.cn" })]);
    expect(JSON.stringify(list)).not.toContain("token");
    const dup = await rejection(adminClient.call((c) => c.oauth.admin.save(provider.platform({ name: "重复" }) as never)));
    expect(dup.message).toBe("云区域或来源标识已被其他平台使用");
  });

  it("creates and binds an account on first login, logs the bound account in later, and refuses reused or wrong state", async () => {
    const db = getDb();
    await setup(db);
    provider.signIn({ id: "zcy-2001", name: "钱采购", mobile: "13922220001", avatar: "https://img.example.cn/a.png" });
    const browser = testClient(db);
    const { start, back, result } = await authorize(browser);
    const url = new URL(start.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe("http://127.0.0.1:3000/oauth/callback");
    expect(provider.seen.lastTokenForm!.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(result).toMatchObject({ resultType: 0, redirect: "/course/center", user: { nick: "钱采购", isLogin: 1 } });
    const me = await browser.call((c) => c.auth.me());
    expect(me.isLogin).toBe(1);
    const created = (await db.select().from(users).where(eq(users.mobile, "13922220001")))[0]!;
    expect(created).toMatchObject({ registerSource: "third", headPic: "https://img.example.cn/a.png" });
    expect(await bindingsOf(db, created.id)).toMatchObject([{ providerUserId: "zcy-2001" }]);

    // The state works once.
    const reuse = await rejection(testClient(db).call((c) => c.oauth.callback({ code: back.code, state: back.state })));
    expect(reuse.message).toBe("授权已失效，请重新发起授权");
    const wrong = await rejection(testClient(db).call((c) => c.oauth.callback({ code: back.code, state: "abcdefabcdefabcdef" })));
    expect(wrong.message).toBe("授权已失效，请重新发起授权");
    // An expired state too.
    const late = await testClient(db).call((c) => c.oauth.authorizeUrl({ cloudRegion: "lcy" }));
    await db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oauthStates.state, late.state));
    const lateBack = provider.approve(late.url);
    expect((await rejection(testClient(db).call((c) => c.oauth.callback(lateBack)))).message).toBe("授权已失效，请重新发起授权");

    // Later: the binding logs the same account in, no new account.
    const again = testClient(db);
    expect((await authorize(again)).result).toMatchObject({ resultType: 0, user: { userId: created.id } });
    expect((await db.select().from(users).where(eq(users.registerSource, "third"))).length).toBe(1);
  });

  it("binds a matching phone; resultType 2 when that account is bound to another platform account, and unBindRelation rebinds", async () => {
    const db = getDb();
    const { platform } = await setup(db);
    const local = await createUser(db, { loginName: "sun_cg", nick: "孙采购", mobile: "13933330001" });
    provider.signIn({ id: "zcy-3001", name: "孙采购", mobile: "13933330001" });
    expect((await authorize(testClient(db))).result).toMatchObject({ resultType: 0, user: { userId: local.id } });
    expect(await bindingsOf(db, local.id)).toMatchObject([{ providerUserId: "zcy-3001", platformId: platform.id }]);

    // Another platform account with the same phone: the local account is taken.
    provider.signIn({ id: "zcy-3002", name: "孙新号", userName: "sun_new", mobile: "13933330001", avatar: "https://img.example.cn/s.png" });
    const browser = testClient(db);
    const { result } = await authorize(browser);
    expect(result).toMatchObject({
      resultType: 2,
      user: null,
      bindRelationUserList: [
        { name: "孙采购", mobile: "139****0001", platformType: 0 },
        { name: "孙新号", mobile: "139****0001", platformType: 1 },
      ],
      authorizationUser: { name: "孙新号", userName: "sun_new", picUrl: "https://img.example.cn/s.png", authorizationUserMobile: "139****0001" },
    });
    expect((await browser.call((c) => c.auth.me())).isLogin).toBe(0);
    const third = await browser.call((c) => c.oauth.thirdLoginUser());
    expect(third).toMatchObject({ resultType: 2, cloudRegion: "lcy", zcyUserId: "zcy-3002" });
    const check = await browser.call((c) => c.oauth.checkBindRelation({ cloudRegion: "lcy", zcyUserId: "zcy-3002" }));
    expect(check.resultType).toBe(2);
    expect((await rejection(browser.call((c) => c.oauth.checkBindRelation({ zcyUserId: "zcy-9999" })))).message).toBe("授权已失效，请重新发起授权");
    // Another browser without the authorisation cookie cannot act on it.
    expect((await rejection(testClient(db).call((c) => c.oauth.unBindRelation({ cloudRegion: "lcy" })))).message).toBe("授权已失效，请重新发起授权");

    const rebound = await browser.call((c) => c.oauth.unBindRelation({ cloudRegion: "lcy" }));
    expect(rebound).toMatchObject({ url: "/course/center", user: { userId: local.id } });
    expect(await bindingsOf(db, local.id)).toMatchObject([{ providerUserId: "zcy-3002" }]);
    expect((await browser.call((c) => c.auth.me())).isLogin).toBe(1);
    expect((await rejection(browser.call((c) => c.oauth.unBindRelation({})))).message).toBe("授权已失效，请重新发起授权");
  });

  it("resultType 1 when the logged-in account's phone differs: continue keeps it unbound, rebind binds it", async () => {
    const db = getDb();
    await setup(db);
    const me = await createUser(db, { loginName: "zhou_jb", nick: "周经办", mobile: "13944440001" });
    const browser = await signedInClient(db, me.id);
    provider.signIn({ id: "zcy-4001", name: "周经办", mobile: "13944449999" });
    const first = await authorize(browser);
    expect(first.result).toMatchObject({
      resultType: 1,
      bindRelationUserList: [
        { name: "周经办", mobile: "139****0001", platformType: 0 },
        { name: "周经办", mobile: "139****9999", platformType: 1 },
      ],
    });
    expect(await browser.call((c) => c.oauth.continueLogin())).toMatchObject({ url: "/course/center" });
    expect(await bindingsOf(db, me.id)).toHaveLength(0);
    expect((await rejection(browser.call((c) => c.oauth.continueLogin()))).message).toBe("授权已失效，请重新发起授权");

    await authorize(browser);
    const rebound = await browser.call((c) => c.oauth.unBindRelation({ cloudRegion: "lcy" }));
    expect(rebound.user).toMatchObject({ userId: me.id });
    expect(await bindingsOf(db, me.id)).toMatchObject([{ providerUserId: "zcy-4001", providerMobile: "13944449999" }]);

    // Another local account trying to claim the same platform account meets resultType 2.
    const other = await createUser(db, { loginName: "wu_jb", mobile: "13944449999" });
    const otherBrowser = await signedInClient(db, other.id);
    expect((await authorize(otherBrowser)).result.resultType).toBe(2);
  });

  it("a course only 乐采云 offers and allows only the lcy/lecaiyun platforms, unless the learner is on its type 2 whitelist", async () => {
    const db = getDb();
    const { adminClient } = await setup(db);
    await adminClient.call((c) => c.oauth.admin.save(provider.platform({ name: "粤政易", cloudRegion: "gdyzy", source: "gd", sort: 2 }) as never));
    const { course } = await createCourse(db, { name: "乐采云专享课程" });
    const { course: other } = await createCourse(db, { name: "普通课程" });
    await setSetting(db, "static.getCourseOnlylecai", [course.id]);
    const learnerUser = await createUser(db);
    const learner = await signedInClient(db, learnerUser.id);
    const regions = async (client: ReturnType<typeof testClient>, courseId?: number) => (await client.call((c) => c.oauth.platforms(courseId ? { courseId } : undefined))).map((p) => p.cloudRegion);

    expect(await regions(learner)).toEqual(["lcy", "gdyzy"]);
    expect(await regions(learner, other.id)).toEqual(["lcy", "gdyzy"]);
    expect(await regions(learner, course.id)).toEqual(["lcy"]);
    expect(await regions(testClient(db), course.id)).toEqual(["lcy"]);
    // The start refuses what the picker did not offer, whatever a client sends.
    expect((await rejection(learner.call((c) => c.oauth.authorizeUrl({ cloudRegion: "gdyzy", courseId: course.id })))).message).toBe(LECAI_ONLY);
    expect((await learner.call((c) => c.oauth.authorizeUrl({ cloudRegion: "lcy", courseId: course.id }))).url).toContain("code_challenge");
    expect((await learner.call((c) => c.oauth.authorizeUrl({ cloudRegion: "gdyzy", courseId: other.id }))).url).toContain("code_challenge");
    expect((await rejection(learner.call((c) => c.oauth.authorizeUrl({ cloudRegion: "gdyzy", courseId: "abc" as never })))).message).toBe("课程ID格式不正确");

    // On the course's type 2 whitelist: every platform.
    await db.insert(whitelistEntries).values({ whiteBusinessType: 2, businessId: course.id, userId: learnerUser.id, cause: "省中心统一组织" });
    expect(await regions(learner, course.id)).toEqual(["lcy", "gdyzy"]);
    expect((await learner.call((c) => c.oauth.authorizeUrl({ cloudRegion: "gdyzy", courseId: course.id }))).url).toContain("code_challenge");
    // A type 2 entry for all courses counts too; another type does not.
    const second = await createUser(db);
    const secondClient = await signedInClient(db, second.id);
    await db.insert(whitelistEntries).values({ whiteBusinessType: 1, businessId: 0, userId: second.id });
    expect(await regions(secondClient, course.id)).toEqual(["lcy"]);
    await db.insert(whitelistEntries).values({ whiteBusinessType: 2, businessId: 0, userId: second.id });
    expect(await regions(secondClient, course.id)).toEqual(["lcy", "gdyzy"]);
  });

  it("third/jump redirects old clients into the flow", async () => {
    const db = getDb();
    await setup(db);
    const res = await legacyClient(db).get("/api/elearning/caiyun/front/user/third/jump", { source: "zcy", returnTo: "/live/center" });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get("location")!);
    expect(loc.origin + loc.pathname).toBe(`${provider.base}/authorize`);
    expect(loc.searchParams.get("state")).toMatch(/^[a-z2-7]{32}$/);
    const stored = (await db.select().from(oauthStates).where(eq(oauthStates.state, loc.searchParams.get("state")!)))[0]!;
    expect(stored).toMatchObject({ returnTo: "/live/center", entry: "learner", usedAt: null });
    const agency = await legacyClient(db).get("/api/elearning/caiyun/front/user/agency/third/jump", { source: "zcy" });
    expect(agency.status).toBe(302);
    const evil = await legacyClient(db).get("/api/elearning/caiyun/open/config/getAuthorizeURL", { source: "zcy", returnTo: "https://evil.example.com" });
    expect(evil.body).toMatchObject({ code: 200, success: true });
    const st = new URL(evil.body.data.url).searchParams.get("state")!;
    expect((await db.select().from(oauthStates).where(eq(oauthStates.state, st)))[0]!.returnTo).toBe("/");
    const none = await legacyClient(db).get("/api/elearning/caiyun/front/user/expert/third/jump", { source: "nobody" });
    expect(none.body).toMatchObject({ success: false, message: "授权平台不存在或未启用" });
  });
});
