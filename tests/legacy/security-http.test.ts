import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "@db/client";
import { commentReplies, courseComments, liveWatchRecords, sessions } from "@db/schema";
import { createAppCaller } from "@trpc-app/caller";
import { createContext } from "@trpc-app/context";
import { handleTrpc } from "@trpc-app/http";
import { handleLegacy } from "@trpc-app/legacy/handler";
import { legacyTable } from "@trpc-app/legacy/table";
import { createSession, hashToken, SESSION_COOKIE } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { createTestDb, resetDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

// The HTTP tier of issue 18: body size limits, bad percent-encoding, GET never changing state, and the
// QR login calls' envelope.

const ORIGIN = "http://127.0.0.1:3000";
const E = "/api/elearning";
const MB = 1024 * 1024;
const LEAK = /\/work\/|node_modules|\n {4}at |\.ts:|\.tsx:/;
const TOO_LARGE = { code: 413, message: "请求内容过大", success: false, data: null };

let handle: DbHandle;
const db = () => handle.db;
beforeAll(async () => {
  handle = await createTestDb("pglite");
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await resetDb(handle.db);
});

async function signedIn(isAdmin: 0 | 1 = 0) {
  const user = await createUser(db(), { isAdmin });
  const token = (await createSession(db(), user.id)).token;
  const client = legacyClient(db());
  client.jar[SESSION_COOKIE] = token;
  return { user, token, client, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A body of `total` bytes in 64 KB chunks that counts what was pulled from it. */
function countingBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const seen = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= total) return controller.close();
      seen.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, seen };
}

/** A request as the API mounts receive it; a stream body needs duplex. */
function rawRequest(method: string, path: string, init: { body?: BodyInit | ReadableStream; headers?: Record<string, string> } = {}) {
  return new Request(`${ORIGIN}${path}`, { method, headers: init.headers, body: init.body as BodyInit, duplex: "half" } as RequestInit);
}

const bigJson = (bytes: number, extra: Record<string, unknown> = {}) => JSON.stringify({ ...extra, content: "a".repeat(bytes) });

describe("request bodies have a size limit", () => {
  it("a JSON body past 1 MB answers 413 in the envelope of its prefix and changes nothing", async () => {
    const { course } = await createCourse(db());
    const { client } = await signedIn();
    const res = await client.post(`${E}/caiyun/front/comment`, JSON.parse(bigJson(2 * MB, { courseId: course.id })));
    expect(res.status).toBe(413);
    expect(res.body).toEqual(TOO_LARGE);
    expect(await db().select().from(courseComments)).toHaveLength(0);

    const login = await client.post("/api/login/e-learning", JSON.parse(bigJson(2 * MB, { authentication_type: "password", account: "a" })));
    expect(login.status).toBe(413);
    expect(login.body).toEqual({ success: false, result: null, message: "请求内容过大", code: 413 });
  });

  it("a body just under 1 MB is still read", async () => {
    const { course } = await createCourse(db());
    const { client } = await signedIn();
    const res = await client.post(`${E}/caiyun/front/comment`, JSON.parse(bigJson(MB - 1000, { courseId: course.id })));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 400 });
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("urlencoded and multipart bodies past 1 MB answer 413 on a call that takes no file", async () => {
    const form = await legacyClient(db()).call("POST", "/api/login/mobile/captcha", { raw: { body: `mobile=1&captcha=${"a".repeat(2 * MB)}`, type: "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(413);
    expect(form.body).toMatchObject({ success: false, code: 413, message: "请求内容过大" });
    const multipart = await legacyClient(db()).call("POST", "/api/login/mobile/captcha", { multipart: { mobile: "13800000001", file: new Blob([new Uint8Array(2 * MB)]) } });
    expect(multipart.status).toBe(413);
  });

  it("reading stops at the limit: a declared size is refused unread, a streamed one at the first chunk past 1 MB", async () => {
    const declared = countingBody(128 * MB);
    const res = await handleLegacy(rawRequest("POST", `${E}/caiyun/front/user/checkMobileOrLoginName`, { body: declared.stream, headers: { "content-type": "application/json", "content-length": String(128 * MB) } }), db());
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(declared.seen.pulled).toBeLessThanOrEqual(64 * 1024);

    const streamed = countingBody(128 * MB);
    const res2 = await handleLegacy(rawRequest("POST", `${E}/caiyun/front/user/checkMobileOrLoginName`, { body: streamed.stream, headers: { "content-type": "application/json" } }), db());
    expect(res2.status).toBe(413);
    expect(res2.headers.get("connection")).toBe("close");
    expect(streamed.seen.pulled).toBeLessThanOrEqual(MB + 3 * 64 * 1024);
  });

  it("an Excel import takes a multipart body up to 10 MB, not more", async () => {
    const { client } = await signedIn(1);
    const file = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    const ok = await client.call("POST", `${E}/materialLibQuestion/importQuestionExcel`, { multipart: { file: file(3 * MB) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: false, message: "文件无法读取，请上传 .xlsx 格式的 Excel 文件" });
    const big = await client.call("POST", `${E}/materialLibQuestion/importQuestionExcel`, { multipart: { file: file(11 * MB) } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
    // The same import as JSON keeps the JSON limit.
    const json = await client.call("POST", `${E}/back/user/importUserInfoExcel`, { raw: { body: bigJson(2 * MB), type: "application/json" } });
    expect(json.status).toBe(413);
  });

  it("tRPC over HTTP refuses a body past 1 MB with 413 in its own error shape, reading no further", async () => {
    const { cookie, token } = await signedIn();
    const streamed = countingBody(128 * MB);
    const res = await handleTrpc(rawRequest("POST", "/api/trpc/auth.login", { body: streamed.stream, headers: { "content-type": "application/json" } }), db());
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error).toMatchObject({ message: "请求内容过大", data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 } });
    expect(JSON.stringify(body)).not.toMatch(LEAK);
    expect(streamed.seen.pulled).toBeLessThanOrEqual(MB + 3 * 64 * 1024);

    // A declared size past the limit is refused before the procedure runs, even one that reads no input.
    const declared = countingBody(128 * MB);
    const refused = await handleTrpc(
      rawRequest("POST", "/api/trpc/auth.logout", { body: declared.stream, headers: { cookie, "content-type": "application/json", "content-length": String(128 * MB) } }),
      db(),
    );
    expect(refused.status).toBe(413);
    expect((await refused.json()).error).toMatchObject({ message: "请求内容过大", data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 } });
    expect(declared.seen.pulled).toBeLessThanOrEqual(64 * 1024);
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token)))).toHaveLength(1);

    const small = await handleTrpc(rawRequest("POST", "/api/trpc/auth.logout", { body: "{}", headers: { cookie, "content-type": "application/json" } }), db());
    expect(small.status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token)))).toHaveLength(0);
  });
});

describe("bad percent-encoding and malformed headers", () => {
  it("a path parameter that does not decode answers 400 in the envelope, without a stack", async () => {
    const { client } = await signedIn(1);
    for (const [method, path] of [
      ["GET", `${E}/materialLibQuestion/%E0%A4%A`],
      ["DELETE", `${E}/courseAndData/%E0%A4%A`],
      ["DELETE", `${E}/photoAndVideo/%`],
    ] as const) {
      const res = await client.call(method, path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toEqual({ code: 400, message: "请求地址格式不正确", success: false, data: null });
      expect(res.text, path).not.toMatch(LEAK);
    }
  });

  it("a query that does not decode and malformed cookies answer normally", async () => {
    const q = await legacyClient(db()).get(`${E}/caiyun/front/user/getUserInfo`, "id=%E0%A4%A&pageNo=%ZZ&%=1");
    expect(q.status).toBe(200);
    expect(q.body.data.isLogin).toBe(0);
    for (const cookie of [`${SESSION_COOKIE}=%E0%A4%A`, "=; ;;; a", `__proto__=1; constructor=2; ${SESSION_COOKIE}=`]) {
      const res = await handleLegacy(rawRequest("GET", `${E}/caiyun/front/user/getUserInfo`, { headers: { cookie } }), db());
      expect(res.status, cookie).toBe(200);
      expect((await res.json()).data.isLogin, cookie).toBe(0);
    }
  });

  it("tRPC answers bad encoding, unknown procedures and bad input without a 500, a stack or tRPC's English", async () => {
    for (const path of ["/api/trpc/%E0%A4%A", "/api/trpc/auth.me?input=%E0%A4%A", "/api/trpc/auth.me?input=%7B", "/api/trpc/nothing.here"]) {
      const res = await handleTrpc(new Request(`${ORIGIN}${path}`), db());
      const text = await res.text();
      expect(res.status, path).toBeLessThan(500);
      expect(text, path).not.toMatch(LEAK);
      const error = JSON.parse(text).error;
      if (error) expect(error.message, path).toMatch(/^[^A-Za-z]*[\u4e00-\u9fa5][^A-Za-z]*$/);
    }
    const bad = await handleTrpc(new Request(`${ORIGIN}/api/trpc/%E0%A4%A`), db());
    expect((await bad.json()).error).toMatchObject({ message: "请求格式不正确", data: { httpStatus: 400 } });
    const missing = await handleTrpc(new Request(`${ORIGIN}/api/trpc/nothing.here`), db());
    expect((await missing.json()).error).toMatchObject({ message: "请求地址不存在", data: { httpStatus: 404 } });
  });
});

describe("a GET never changes state", () => {
  it("a mutation called with the method GET in its context is refused; loaders (no method) and POST run it", async () => {
    const { token } = await signedIn();
    const request = new Request(`${ORIGIN}/api/trpc/auth.logout`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    const stored = () => db().select().from(sessions).where(eq(sessions.id, hashToken(token)));
    const get = createAppCaller(await createContext({ db: db(), request, method: "GET" }));
    await expect(get.auth.logout()).rejects.toMatchObject({ code: "METHOD_NOT_SUPPORTED", message: "该操作需要使用 POST 请求" });
    expect(await stored()).toHaveLength(1);
    // Queries still answer on GET.
    expect(await get.auth.qrContent()).toMatchObject({ qrCodeToken: expect.any(String) });
    const loader = createAppCaller(await createContext({ db: db(), request }));
    expect(await loader.auth.logout()).toEqual({ ok: true });
    expect(await stored()).toHaveLength(0);
  });

  it("tRPC over HTTP refuses a mutation by GET and keeps the session", async () => {
    const { token, cookie } = await signedIn();
    const res = await handleTrpc(new Request(`${ORIGIN}/api/trpc/auth.logout`, { headers: { cookie } }), db());
    expect(res.status).toBe(405);
    expect((await res.json()).error.message).toBe("该地址不支持此请求方式");
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token)))).toHaveLength(1);
  });

  it("GET front/live/leave answers success and credits nothing", async () => {
    const { user, client } = await signedIn();
    const live = await createLive(db(), { liveStatus: 1 });
    const res = await client.get(`${E}/front/live/leave`, { liveId: live.id, watchSeconds: 3600 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: "成功", success: true, data: { success: true } });
    expect(await db().select().from(liveWatchRecords).where(eq(liveWatchRecords.userId, user.id))).toHaveLength(0);
  });

  it("GET readReplyMessage answers the unread count and leaves the replies unread; POST readReply marks them", async () => {
    const { user, client } = await signedIn();
    const { course } = await createCourse(db());
    const [comment] = await db().insert(courseComments).values({ courseId: course.id, userId: user.id, content: "讲得很好" }).returning();
    const [reply] = await db().insert(commentReplies).values({ commentId: comment!.id, toUserId: user.id, content: "谢谢" }).returning();
    const res = await client.get(`${E}/front/comment/message/readReplyMessage`, { id: reply!.id });
    expect(res.body).toEqual({ code: 200, message: "成功", success: true, data: { count: 0, unReadCount: 1 } });
    expect((await db().select().from(commentReplies).where(eq(commentReplies.id, reply!.id)))[0]!.readAt).toBeNull();
    expect((await client.post(`${E}/caiyun/front/comment/readReply`, { id: reply!.id })).body.data).toEqual({ count: 1, unReadCount: 0 });
  });

  it("the GET calls old clients can only make by GET still work: captcha image and logout", async () => {
    const { token, client } = await signedIn();
    const captcha = await client.get("/api/login/captcha");
    expect(captcha.headers.get("content-type")).toBe("image/svg+xml");
    const out = await client.get("/api/login/logout", { target: "/person" });
    expect(out.status).toBe(302);
    expect(await db().select().from(sessions).where(eq(sessions.id, hashToken(token)))).toHaveLength(0);
  });

  it("no GET row of the table answers the GET refusal", async () => {
    const { client } = await signedIn();
    for (const row of legacyTable.filter((r) => r.method === "GET")) {
      const res = await client.get(row.path.replace(/\{\w+\}/g, "1"));
      expect(res.status, row.path).not.toBe(405);
      expect(res.status, row.path).toBeLessThan(500);
    }
  });
});

describe("QR login calls answer under data", () => {
  it("qrcode/content and qrcode/status put qrCodeContent, qrCodeToken, qrCodeStatus and qrCodeTicket under data", async () => {
    const res = await legacyClient(db()).get("/api/login/qrcode/content");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["code", "message", "success", "data"]);
    expect(res.body).toMatchObject({ code: 200, success: true, data: { qrCodeToken: expect.stringMatching(/^[a-z2-7]+$/) } });
    expect(res.body.data.qrCodeContent).toContain(res.body.data.qrCodeToken);
    const status = await legacyClient(db()).post("/api/login/qrcode/status", { qrCodeToken: res.body.data.qrCodeToken });
    expect(status.body).toEqual({ code: 200, message: "成功", success: true, data: { qrCodeStatus: 0, qrCodeTicket: null } });
    const bad = await legacyClient(db()).post("/api/login/qrcode/status", { qrCodeToken: "" });
    expect(bad.body).toMatchObject({ success: false, data: null });
  });
});
