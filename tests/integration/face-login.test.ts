import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { faceTickets, loginAttempts, sessions, users } from "@db/schema";
import { LOCKED_MESSAGE } from "@trpc-app/auth/login.service";
import { FACE_LOGIN_COOKIE, FACE_LOGIN_STALE, FACE_LOGIN_USED, FACE_NOT_LINKED, signFaceCallback } from "@trpc-app/event/face.service";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const KEY = "caiyun-dev-face-provider-key";
type Client = ReturnType<typeof testClient>;

/** The provider's signed callback for a ticket, checked as thirdUserId. */
async function providerSays(db: Db, ticket: string, thirdUserId: string, result: 0 | 1 = 0, cause?: string) {
  const v = { ticket, thirdUserId, result, timestamp: Math.floor(Date.now() / 1000) };
  return testClient(db).call((c) => c.event.faceCallback({ ...v, cause, sign: signFaceCallback(KEY, v) }));
}

/** A signed-in learner passes a face check as thirdUserId: that face identity is now linked to them. */
async function link(db: Db, userId: number, thirdUserId: string) {
  const learner = await signedInClient(db, userId);
  const { ticket } = await learner.call((c) => c.event.faceAuthUrl({}));
  await providerSays(db, ticket, thirdUserId);
}

/** A visitor asks for a login ticket and the provider checks the face as thirdUserId. */
async function faceChecked(db: Db, thirdUserId: string, opts: { result?: 0 | 1; cause?: string; redirect?: string } = {}) {
  const browser = testClient(db);
  const started = await browser.call((c) => c.event.faceLoginUrl({ redirect: opts.redirect ?? "/exam/detail?id=3" }));
  await providerSays(db, started.ticket, thirdUserId, opts.result ?? 0, opts.cause);
  return { browser, ticket: started.ticket, started };
}

const finish = (browser: Client, ticket: string) => browser.call((c) => c.event.faceLoginFinish({ ticket }));
const refusal = async (p: Promise<unknown>) => (await rejection(p)).message;
const sessionsOf = async (db: Db, userId: number) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describeEachDb("face login", (getDb) => {
  it("a passed login ticket signs in the learner its face identity was linked to, once", async () => {
    const db = getDb();
    const learner = await createUser(db, { nick: "王晓雯" });
    await link(db, learner.id, "hn-4301");

    const { browser, ticket, started } = await faceChecked(db, "hn-4301");
    expect(started.finishUrl).toBe(`http://127.0.0.1:3000/api/event/hunan/face/login/finish?ticket=${ticket}`);
    expect(browser.jar[FACE_LOGIN_COOKIE]).toBe(ticket);
    expect(await finish(browser, ticket)).toEqual({ redirect: "/exam/detail?id=3" });
    expect(browser.jar[FACE_LOGIN_COOKIE]).toBeUndefined();
    expect(await browser.call((c) => c.auth.me())).toMatchObject({ isLogin: 1, userId: learner.id, nick: "王晓雯" });
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.userId, learner.id))).toMatchObject([{ method: "face", success: 1, account: "hn-4301" }]);

    // The same ticket again, even from a browser holding its cookie: refused, no new session.
    const before = await sessionsOf(db, learner.id);
    browser.jar[FACE_LOGIN_COOKIE] = ticket;
    expect(await refusal(finish(browser, ticket))).toBe(FACE_LOGIN_USED);
    expect(await sessionsOf(db, learner.id)).toBe(before);
  });

  it("two finishes of one ticket sent at once make exactly one session", async () => {
    const db = getDb();
    const learner = await createUser(db);
    await link(db, learner.id, "hn-5501");
    const { browser, ticket } = await faceChecked(db, "hn-5501");
    const before = await sessionsOf(db, learner.id);
    const results = await Promise.allSettled([finish(browser, ticket), finish(browser, ticket), finish(browser, ticket)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe(FACE_LOGIN_USED);
    expect(await sessionsOf(db, learner.id)).toBe(before + 1);
  });

  it("refuses identities linked to no one or to several, failed, pending, expired, foreign and unknown tickets", async () => {
    const db = getDb();
    const learner = await createUser(db);
    await link(db, learner.id, "hn-6601");

    const unlinked = await faceChecked(db, "hn-nobody");
    expect(await refusal(finish(unlinked.browser, unlinked.ticket))).toBe(FACE_NOT_LINKED);
    expect(await db.select().from(loginAttempts)).toMatchObject([{ method: "face", success: 0, reason: "not-linked", account: "hn-nobody" }]);

    // One face identity checked for two accounts cannot choose between them.
    const twin = await createUser(db);
    await link(db, twin.id, "hn-shared");
    await link(db, learner.id, "hn-shared");
    const shared = await faceChecked(db, "hn-shared");
    expect(await refusal(finish(shared.browser, shared.ticket))).toBe("该人脸身份关联了多个平台账号，请使用账号或手机号登录");

    const failed = await faceChecked(db, "hn-6601", { result: 1, cause: "liveness_failed" });
    expect(await refusal(finish(failed.browser, failed.ticket))).toBe("活体检测未通过，请正对摄像头并保持光线充足");

    const browser = testClient(db);
    const pending = await browser.call((c) => c.event.faceLoginUrl({}));
    expect(await refusal(finish(browser, pending.ticket))).toBe("人脸核验尚未完成，请先完成核验");

    const late = await faceChecked(db, "hn-6601");
    await db.update(faceTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(faceTickets.ticket, late.ticket));
    expect(await refusal(finish(late.browser, late.ticket))).toBe("核验票据已过期，请重新发起核验");

    // A passed ticket in another browser (a link sent to someone else): refused, and it stays usable by its own.
    const mine = await faceChecked(db, "hn-6601");
    expect(await refusal(finish(testClient(db), mine.ticket))).toBe(FACE_LOGIN_STALE);
    expect(await refusal(finish(testClient(db, { cookies: { [FACE_LOGIN_COOKIE]: "0".repeat(32) } }), mine.ticket))).toBe(FACE_LOGIN_STALE);

    // An auth ticket is no login ticket; an unknown ticket is unknown.
    const learnerClient = await signedInClient(db, learner.id);
    const auth = await learnerClient.call((c) => c.event.faceAuthUrl({}));
    await providerSays(db, auth.ticket, "hn-6601");
    expect(await refusal(finish(testClient(db, { cookies: { [FACE_LOGIN_COOKIE]: auth.ticket } }), auth.ticket))).toBe("核验票据不存在");
    const unknown = "ab".repeat(16);
    expect(await refusal(finish(testClient(db, { cookies: { [FACE_LOGIN_COOKIE]: unknown } }), unknown))).toBe("核验票据不存在");

    // Bad input answers the schema's words.
    expect(await refusal(finish(browser, "not-a-ticket"))).toBe("核验票据不正确");
    expect(await refusal(browser.call((c) => c.event.faceLoginFinish({} as never)))).toBe("缺少核验票据");

    const before = await sessionsOf(db, learner.id);
    expect(await finish(mine.browser, mine.ticket)).toEqual({ redirect: "/exam/detail?id=3" });
    expect(await sessionsOf(db, learner.id)).toBe(before + 1);
  });

  it("refuses a disabled or locked account as the password login does", async () => {
    const db = getDb();
    const learner = await createUser(db);
    await link(db, learner.id, "hn-7701");
    const before = await sessionsOf(db, learner.id);

    await db.update(users).set({ status: 0 }).where(eq(users.id, learner.id));
    const disabled = await faceChecked(db, "hn-7701");
    expect(await refusal(finish(disabled.browser, disabled.ticket))).toBe("账号已被禁用，请联系管理员");

    await db.update(users).set({ status: 1, lockedUntil: new Date(Date.now() + 10 * 60_000) }).where(eq(users.id, learner.id));
    const locked = await faceChecked(db, "hn-7701");
    expect(await rejection(finish(locked.browser, locked.ticket))).toMatchObject({ message: LOCKED_MESSAGE, legacyCode: "user.status.locked" });
    expect(await sessionsOf(db, learner.id)).toBe(before);
    expect((await db.select().from(loginAttempts).where(eq(loginAttempts.userId, learner.id))).map((a) => a.reason)).toEqual(["disabled", "locked"]);
  });
});
