import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@db/client";
import { sessions, settings } from "@db/schema";
import { hashToken, SESSION_COOKIE } from "@trpc-app/auth/session";
import { CAPTCHA_COOKIE } from "@trpc-app/auth/captcha.service";
import { STATIC_KEYS } from "@trpc-app/site/site.service";
import { createTestDb, resetDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { outboxCount } from "../helpers/outbox";
import { createUser } from "../factories/user";

const E = "/api/elearning";
const U = `${E}/caiyun/front/user`;
const CHINESE = /[\u4e00-\u9fa5]/;

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb("pglite");
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await resetDb(handle.db);
});
const db = () => handle.db;
const client = () => legacyClient(db());

describe("envelopes", () => {
  it("/api/elearning calls answer {code, message, success, data} with code 200", async () => {
    const res = await client().get(`${U}/getUserInfo`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(Object.keys(res.body)).toEqual(["code", "message", "success", "data"]);
    expect(res.body).toMatchObject({ code: 200, success: true, data: { isLogin: 0, userId: null } });
  });

  it("/api/login calls answer {success, result, message, code} with code 200", async () => {
    const res = await client().post("/api/login/mobile/captcha", { mobile: "13900000077", captcha: "2026" });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["success", "result", "message", "code"]);
    expect(res.body).toMatchObject({ success: true, code: 200 });
  });

  it("the QR login calls under /api/login answer their payload under data, as old clients read it", async () => {
    const res = await client().get("/api/login/qrcode/content");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["code", "message", "success", "data"]);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(res.body.data.qrCodeToken).toMatch(/^[a-z2-7]+$/);
    expect(res.body.data.qrCodeContent).toContain(res.body.data.qrCodeToken);

    const status = await client().post("/api/login/qrcode/status", { qrCodeToken: res.body.data.qrCodeToken });
    expect(status.body).toMatchObject({ success: true, code: 200, data: { qrCodeStatus: 0, qrCodeTicket: null } });
  });

  it("a business error answers HTTP 200 with success false and its code, in either envelope", async () => {
    const login = await client().post("/api/login/e-learning", { authentication_type: "password", account: "nobody", password: "x" });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ success: false, result: null, message: "账号或密码错误", code: -1 });

    const check = await client().post(`${U}/checkPasswordPhoneCode`, { mobile: "13900000001", code: "123456" });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ code: -1, message: "验证码已失效，请重新获取", success: false, data: null });
  });

  it("an unknown path answers HTTP 404 with the envelope of its prefix", async () => {
    const e = await client().get(`${E}/caiyun/front/nothing/here`);
    expect(e.status).toBe(404);
    expect(e.body).toEqual({ code: 404, message: "请求地址不存在", success: false, data: null });
    const l = await client().post("/api/login/nothing");
    expect(l.status).toBe(404);
    expect(l.body).toEqual({ success: false, result: null, message: "请求地址不存在", code: 404 });
    const m = await client().get("/magic/front/service/static/zcy.caiyunCollege.unknown/api");
    expect(m.status).toBe(404);
    expect(m.body.success).toBe(false);
  });

  it("a known path with the wrong method answers 405 with Allow", async () => {
    const get = await client().get("/api/login/e-learning");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.body).toMatchObject({ success: false, result: null, code: 405 });
    expect(get.body.message).toMatch(CHINESE);
    const post = await client().post(`${U}/getUserInfo`, {});
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
    expect(post.body).toMatchObject({ code: 405, success: false, data: null });
  });

  it("a trailing slash reaches the same call", async () => {
    const res = await client().get(`${U}/getUserInfo/`);
    expect(res.status).toBe(200);
    expect(res.body.data.isLogin).toBe(0);
  });
});

describe("login through the adapter", () => {
  it("a visitor's getUserInfo answers isLogin 0; after POST /api/login/e-learning it answers isLogin 1", async () => {
    const user = await createUser(db(), { loginName: "legacy_user" });
    const c = client();
    expect((await c.get(`${U}/getUserInfo`)).body.data.isLogin).toBe(0);
    const login = await c.post("/api/login/e-learning", {
      authentication_type: "password",
      account: "legacy_user",
      password: user.password,
      sk: "any",
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, code: 200, result: { userId: user.id, isLogin: 1 } });
    const setCookie = login.headers.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(c.jar[SESSION_COOKIE]).toBeTruthy();
    const me = await c.get(`${U}/getUserInfo`);
    expect(me.body.data).toMatchObject({ isLogin: 1, userId: user.id, loginName: "legacy_user" });
    expect((await c.post(`${U}/getUser`)).body).toMatchObject({ code: 200, success: true, data: { userId: user.id } });
  });

  it("a learner-only call as a visitor answers code 281", async () => {
    const res = await client().post(`${U}/getUser`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 281, message: "请先登录", success: false, data: null });
  });

  it("the lock answers code user.status.locked as a string", async () => {
    await createUser(db(), { loginName: "legacy_lock" });
    const c = client();
    let last: any;
    for (let i = 0; i < 5; i++) last = (await c.post("/api/login/e-learning", { authentication_type: "password", account: "legacy_lock", password: "Wrong@2026pass" })).body;
    expect(last).toMatchObject({ success: false, code: "user.status.locked" });
  });

  it("GET /api/login/captcha answers an SVG image and sets cy_captcha", async () => {
    const c = client();
    const res = await c.get("/api/login/captcha");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.text.startsWith("<svg")).toBe(true);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith(`${CAPTCHA_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(c.jar[CAPTCHA_COOKIE]).toBeTruthy();
    const reg = await c.get(`${U}/register/captcha`);
    expect(reg.headers.get("content-type")).toBe("image/svg+xml");
  });

  it("POST /api/login/mobile/captcha decodes JSON, urlencoded form and multipart bodies", async () => {
    const json = await client().post("/api/login/mobile/captcha", { mobile: "13800000001", captcha: "2026" });
    expect(json.body).toEqual({ success: true, result: { resendAfter: 60 }, message: "成功", code: 200 });
    // Old clients send the phone as a bare number too.
    const number = await client().post("/api/login/mobile/captcha", { mobile: 13800000002, captcha: 2026 });
    expect(number.body.success).toBe(true);
    const form = await client().call("POST", "/api/login/mobile/captcha", { form: { mobile: "13800000003", captcha: "2026" } });
    expect(form.body.success).toBe(true);
    const multipart = await client().call("POST", "/api/login/mobile/captcha", { multipart: { mobile: "13800000004", captcha: "2026" } });
    expect(multipart.body.success).toBe(true);
    for (const n of [1, 2, 3, 4]) expect(outboxCount(`1380000000${n}`)).toBe(1);
  });

  it("logout redirects to a same-site target only, and ends the session", async () => {
    const user = await createUser(db());
    const c = client();
    await c.post("/api/login/e-learning", { authentication_type: "password", account: user.loginName, password: user.password });
    const token = c.jar[SESSION_COOKIE]!;
    const res = await c.get("/api/login/logout", { target: "/person" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/person");
    expect(res.headers.getSetCookie().some((h) => /^cy_session=;.*Max-Age=0/.test(h))).toBe(true);
    expect(c.jar[SESSION_COOKIE]).toBeUndefined();
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token)))).toHaveLength(0);

    for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "\\\\evil.example", "javascript:alert(1)", ""]) {
      const out = await client().get("/api/login/logout", { target });
      expect(out.status, target).toBe(302);
      expect(out.headers.get("location"), target).toBe("/");
    }
    const none = await client().get("/api/login/logout");
    expect(none.headers.get("location")).toBe("/");
  });

  it("a logout target with Chinese or a query survives as a same-site link", async () => {
    const res = await client().get("/api/login/logout", { target: "/course/课程?id=1&tab=2" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/course/%E8%AF%BE%E7%A8%8B?id=1&tab=2");
  });
});

describe("static values", () => {
  it("the 9 zcy.caiyunCollege calls answer the envelope", async () => {
    expect(STATIC_KEYS).toHaveLength(9);
    for (const key of STATIC_KEYS) {
      const res = await client().get(`/magic/front/service/static/zcy.caiyunCollege.${key}/api`);
      expect(res.status, key).toBe(200);
      expect(Object.keys(res.body), key).toEqual(["code", "message", "success", "data"]);
      expect(res.body.success, key).toBe(true);
      expect(res.body.data, key).not.toBeNull();
    }
  });

  it("a stored setting is what the static call answers", async () => {
    await db().insert(settings).values({ key: "static.getMutedUserIds", value: [7, 8] });
    const res = await client().get("/magic/front/service/static/zcy.caiyunCollege.getMutedUserIds/api");
    expect(res.body.data).toEqual([7, 8]);
  });
});

describe("bad input", () => {
  it("a malformed JSON body answers success false, not a 500", async () => {
    const res = await client().call("POST", "/api/login/e-learning", { raw: { body: "{not json", type: "application/json" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 400 });
    expect(res.body.message).toMatch(CHINESE);
    const e = await client().call("POST", `${U}/checkMobileOrLoginName`, { raw: { body: "[1,", type: "application/json" } });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ success: false, code: 400, data: null });
  });

  it("zod failures answer success false with the Chinese message of the rule", async () => {
    const phone = await client().post("/api/login/mobile/captcha", { mobile: "123", captcha: "2026" });
    expect(phone.status).toBe(200);
    expect(phone.body).toEqual({ success: false, result: null, message: "请输入正确的电话号码", code: 400 });
    const empty = await client().post("/api/login/e-learning", {});
    expect(empty.body).toMatchObject({ success: false, code: 400 });
    expect(empty.body.message).toMatch(CHINESE);
    const account = await client().post("/api/login/e-learning", { authentication_type: "password", account: "a-b", password: "x" });
    expect(account.body.message).toBe("仅限字母、数字及下划线，不超过20字符");
    const nothing = await client().post("/api/login/e-learning");
    expect(nothing.body.message).toMatch(CHINESE);
    const sms = await client().post("/api/login/e-learning", { authentication_type: "sms", mobile_number: "13800000009", captcha_code: "12" });
    expect(sms.body.message).toBe("请输入6位数字");
  });

  it("garbage in the query or body never answers 500", async () => {
    const queries = [
      "a=1&a[b]=2",
      "a[b]=1&a=2",
      "a[]=1&a[b]=2",
      "a[b]=1&a[]=2",
      "a[0]=1&a[0][b]=2",
      "x=%E0%A4%A",
      "[]=1&[a]=2&]=3",
      "a[[b]]=1",
      "a=" + "[".repeat(2000),
      "a[" + "b][".repeat(500) + "c]=1",
    ];
    for (const query of queries) {
      const res = await client().get(`${U}/getUserInfo`, query);
      expect(res.status, query).toBe(200);
      const post = await client().call("POST", "/api/login/mobile/captcha", { query, json: { mobile: "1", captcha: "1" } });
      expect(post.status, query).toBe(200);
      expect(post.body.success, query).toBe(false);
    }
    for (const body of ["mobile=1&mobile[x]=2", "mobile[x]=1&mobile=2", "__proto__[x]=1"]) {
      const res = await client().call("POST", "/api/login/mobile/captcha", { raw: { body, type: "application/x-www-form-urlencoded" } });
      expect(res.status, body).toBe(200);
      expect(res.body.success, body).toBe(false);
    }
    for (const json of [null, [1, 2], "text", 42, true, { mobile: { $ne: 1 } }]) {
      const res = await client().post("/api/login/mobile/captcha", json);
      expect(res.status, JSON.stringify(json)).toBe(200);
      expect(res.body.success, JSON.stringify(json)).toBe(false);
    }
  });

  it("a query cannot reach Object.prototype", async () => {
    try {
      for (const query of ["__proto__[polluted]=1", "constructor[prototype][polluted]=1", "a[__proto__][polluted]=1"]) {
        const res = await client().get(`${U}/getUserInfo`, query);
        expect(res.status, query).toBe(200);
        expect(({} as Record<string, unknown>).polluted, query).toBeUndefined();
      }
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });
});
