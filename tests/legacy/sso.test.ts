import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { orgGroups, ssoIdentities } from "@db/schema";
import { resetEnvCache } from "@base/env.server";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { forgetProvider } from "@trpc-app/sso/provider.service";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { startDirectory, startOidcProvider, type OidcProviderHandle } from "../helpers/oidc-provider";

const CLIENT = { clientId: "caiyun-college", clientSecret: "sso-legacy-secret-0123456789" };
const B = "/api/elearning/back";
let provider: OidcProviderHandle;
let directory: Awaited<ReturnType<typeof startDirectory>>;

beforeAll(async () => {
  provider = await startOidcProvider();
  await provider.registerClient({ ...CLIENT, appBase: "http://127.0.0.1:3000" });
  directory = await startDirectory({ ...CLIENT, pageSize: 50 });
  directory.data.organizations = [{ code: "czt", name: "财政厅", children: [{ code: "gks", name: "国库处" }] }];
  directory.data.roles = [{ code: "buyer", name: "采购经办人" }];
  directory.data.users = [{ sub: "d-1", name: "吴敏", phone_number: "13700000001", org_code: "gks", role_codes: ["buyer"] }];
});
afterAll(async () => {
  for (const k of ["SSO_ISSUER", "SSO_CLIENT_ID", "SSO_CLIENT_SECRET", "SSO_DIRECTORY_URL"]) delete process.env[k];
  resetEnvCache();
  forgetProvider();
  await provider.close();
  await directory.close();
});
beforeEach(() => {
  Object.assign(process.env, { SSO_ISSUER: provider.issuer, SSO_CLIENT_ID: CLIENT.clientId, SSO_CLIENT_SECRET: CLIENT.clientSecret, SSO_DIRECTORY_URL: directory.url });
  resetEnvCache();
});

describeEachDb("legacy single sign-on back calls", (getDb) => {
  async function admin() {
    const db = getDb();
    const user = await createUser(db, { loginName: "sso_legacy_admin", isAdmin: 1, mobile: null });
    const client = legacyClient(db);
    client.jar[SESSION_COOKIE] = (await createSession(db, user.id)).token;
    return client;
  }

  it("answers initSSOOrg for groups and roles in the envelope, from the directory", async () => {
    const client = await admin();
    expect((await client.post(`${B}/common/group/initSSOOrg`, {})).body).toEqual({ code: 200, message: "成功", success: true, data: { created: 2, updated: 0 } });
    expect((await client.post(`${B}/common/role/initSSOOrg`, {})).body).toEqual({ code: 200, message: "成功", success: true, data: { created: 1, updated: 0 } });
    expect((await client.post(`${B}/common/group/initSSOOrg`, {})).body.data).toEqual({ created: 0, updated: 0 });
    expect((await getDb().select({ code: orgGroups.code }).from(orgGroups).where(eq(orgGroups.source, "sso"))).map((g) => g.code).sort()).toEqual(["czt", "gks"]);
  });

  it("answers ssouser with the page of SSO users and what the directory read changed", async () => {
    const client = await admin();
    const res = await client.post(`${B}/user/ssouser`, { pageNo: 1, pageSize: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      success: true,
      data: { total: 1, sync: { total: 1, created: 1, linked: 0, updated: 0, unchanged: 0, skipped: 0, problems: [] } },
    });
    expect(res.body.data.list).toHaveLength(1);
    expect(await getDb().select({ subject: ssoIdentities.subject }).from(ssoIdentities)).toEqual([{ subject: "d-1" }]);
    expect((await client.post(`${B}/user/ssouser`, {})).body.data.sync).toMatchObject({ created: 0, unchanged: 1 });
  });

  it("refuses visitors and learners in the envelope, and answers without a directory as before", async () => {
    const db = getDb();
    expect((await legacyClient(db).post(`${B}/user/ssouser`, {})).body).toMatchObject({ success: false, code: 281, message: "请先登录" });
    const learner = await createUser(db);
    const asLearner = legacyClient(db);
    asLearner.jar[SESSION_COOKIE] = (await createSession(db, learner.id)).token;
    for (const path of [`${B}/user/ssouser`, `${B}/common/group/initSSOOrg`, `${B}/common/role/initSSOOrg`])
      expect((await asLearner.post(path, {})).body).toMatchObject({ success: false, code: 403 });

    delete process.env.SSO_DIRECTORY_URL;
    resetEnvCache();
    const client = await admin();
    expect((await client.post(`${B}/user/ssouser`, {})).body).toMatchObject({ success: true, data: { total: 0, sync: null } });
    // Without a directory the SSO organisation comes from the org source as before.
    expect((await client.post(`${B}/common/group/initSSOOrg`, {})).body).toMatchObject({ success: true, data: { created: 3 } });
  });
});
