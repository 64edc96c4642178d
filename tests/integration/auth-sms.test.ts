import { and, eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { captchas, loginAttempts, sessions, smsCodes, users } from "@db/schema";
import { SESSION_COOKIE } from "@trpc-app/auth/session";
import { CAPTCHA_COOKIE } from "@trpc-app/auth/captcha.service";
import { SMS_DAILY_CAP, SMS_RESEND_SECONDS, SMS_TTL_MS } from "@trpc-app/auth/sms.service";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection } from "../helpers/auth";
import { latestCode, outboxCount, outboxMessages } from "../helpers/outbox";
import { createUser } from "../factories/user";
import { chinaDayStart } from "@base/china-time";
import { retryAfterOf } from "@base/errors";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext, PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { appRouter } from "@trpc-app/router";

const EXPIRED = "验证码已失效，请重新获取";

/** A code other than the one sent, still six digits so it passes the input rules. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describeEachDb("SMS login", (getDb, kind) => {
  let seq = 0;
  // Each test uses its own phone; both databases of a file share one outbox.
  const phone = () => `1370000${kind === "pglite" ? 1 : 2}${String(++seq).padStart(3, "0")}`;
  type Client = ReturnType<typeof testClient>;
  const send = (client: Client, mobile: string, captcha = "2026") => client.call((c) => c.auth.sendLoginCode({ mobile, captcha }));
  const smsLogin = (client: Client, mobile: string, code: string) =>
    client.call((c) => c.auth.login({ authentication_type: "sms", mobile_number: mobile, captcha_code: code }));
  const codesOf = (mobile: string) => getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));

  it("the image captcha must be right before a code is sent", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    await client.call((c) => c.auth.captcha());
    const captchaId = client.jar[CAPTCHA_COOKIE]!;
    expect(captchaId).toBeTruthy();
    const [stored] = await getDb().select().from(captchas).where(eq(captchas.id, captchaId));
    const wrongAnswer = stored!.answer === "zzzz" ? "yyyy" : "zzzz";

    const wrong = await rejection(send(client, mobile, wrongAnswer));
    expect(wrong.message).toBe("图形验证码错误");
    expect(outboxCount(mobile)).toBe(0);
    expect(await codesOf(mobile)).toHaveLength(0);
    // A captcha is spent by any check, so the right answer after a wrong one no longer counts.
    const spent = await rejection(send(client, mobile, stored!.answer));
    expect(spent.message).toBe("图形验证码已失效，请刷新后重试");
    expect(outboxCount(mobile)).toBe(0);

    await client.call((c) => c.auth.captcha());
    const [fresh] = await getDb().select().from(captchas).where(eq(captchas.id, client.jar[CAPTCHA_COOKIE]!));
    await send(client, mobile, fresh!.answer.toUpperCase());
    expect(outboxCount(mobile)).toBe(1);
  });

  it("without a captcha cookie only the development code passes", async () => {
    const mobile = phone();
    const err = await rejection(send(testClient(getDb()), mobile, "abcd"));
    expect(err.message).toBe("图形验证码已失效，请刷新后重试");
    expect(outboxCount(mobile)).toBe(0);
  });

  it("delivers a six-digit code, stores only its hash, and logs in with it once", async () => {
    const mobile = phone();
    const user = await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    const sent = await send(client, mobile);
    expect(sent).toEqual({ resendAfter: 60 });
    const [message] = outboxMessages(mobile);
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.text).toContain(message!.code);
    const [row] = await codesOf(mobile);
    expect(row).toMatchObject({ purpose: "login", usedAt: null, failedChecks: 0 });
    expect(row!.codeHash).not.toContain(message!.code);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - SMS_TTL_MS)).toBeLessThan(5_000);

    const me = await smsLogin(client, mobile, message!.code);
    expect(me.userId).toBe(user.id);
    expect(client.jar[SESSION_COOKIE]).toBeTruthy();
    expect((await codesOf(mobile))[0]!.usedAt).toBeInstanceOf(Date);

    const again = await rejection(smsLogin(testClient(getDb()), mobile, message!.code));
    expect(again.message).toBe(EXPIRED);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    const tries = await getDb().select().from(loginAttempts).where(eq(loginAttempts.account, mobile));
    expect(tries.map((t) => [t.method, t.success]).sort()).toEqual([
      ["sms", 0],
      ["sms", 1],
    ]);
  });

  it("a code sent for another purpose does not log in", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    await testClient(getDb()).call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    const err = await rejection(smsLogin(testClient(getDb()), mobile, latestCode(mobile)));
    expect(err.message).toBe(EXPIRED);
  });

  it("a code is refused 5 minutes and 1 second after it was sent", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    await send(client, mobile);
    const code = latestCode(mobile);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SMS_TTL_MS + 1_000);
    const err = await rejection(smsLogin(client, mobile, code));
    expect(err.message).toBe(EXPIRED);
    expect(client.jar[SESSION_COOKIE]).toBeUndefined();
    expect((await codesOf(mobile))[0]!.usedAt).toBeNull();
  });

  it("a code whose expiry passed in the database is refused", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    await send(testClient(getDb()), mobile);
    await getDb().update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.mobile, mobile));
    const err = await rejection(smsLogin(testClient(getDb()), mobile, latestCode(mobile)));
    expect(err.message).toBe(EXPIRED);
  });

  it("a second code within 60 s is refused; after 60 s it is sent", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    // The answer carries the server's interval, which the page counts down (it keeps none of its own).
    expect(await send(client, mobile)).toEqual({ resendAfter: SMS_RESEND_SECONDS });
    const err = await rejection(send(client, mobile));
    expect(err.message).toContain("秒后再试");
    expect(err.message).toMatch(/请(60|59|58)秒后再试/);
    // The refusal carries the same wait as data, so the page can count down what is left of it.
    const wait = retryAfterOf(err);
    expect(wait).toBeGreaterThanOrEqual(SMS_RESEND_SECONDS - 2);
    expect(err.message).toContain(`请${wait}秒后再试`);
    // Over HTTP the browser reads it as error.data.retryAfter.
    const res = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request("http://127.0.0.1:3000/api/trpc/auth.sendLoginCode", {
        method: "POST",
        headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: "10.0.0.1" },
        body: JSON.stringify({ mobile, captcha: "2026" }),
      }),
      router: appRouter,
      createContext: ({ req, resHeaders }) => createContext({ db: getDb(), request: req, resHeaders }),
    });
    const body = (await res.json()) as { error: { message: string; data: { retryAfter?: number; legacyCode: string } } };
    expect(body.error.data).toMatchObject({ legacyCode: "-1", retryAfter: expect.any(Number) });
    expect(body.error.message).toContain(`请${body.error.data.retryAfter}秒后再试`);
    expect(outboxCount(mobile)).toBe(1);
    expect(await codesOf(mobile)).toHaveLength(1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    await send(client, mobile);
    expect(outboxCount(mobile)).toBe(2);
  });

  it("two sends racing for one phone deliver one code", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    const answers = await Promise.allSettled([send(client, mobile), send(client, mobile), send(client, mobile)]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect((a.reason as Error).message).toContain("秒后再试");
    expect(outboxCount(mobile)).toBe(1);
    expect(await codesOf(mobile)).toHaveLength(1);
  });

  it("the daily cap of 10 codes per phone refuses the 11th; yesterday's codes do not count", async () => {
    const mobile = phone();
    // Days turn at midnight China time. Run at noon or later of a China day, so "earlier today but past
    // the 60 s resend wait" exists whenever the suite runs (just after midnight it would not). Never
    // behind the real clock: the service's own rows carry the database's time.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.max(Date.now(), chinaDayStart().getTime() + 12 * 3_600_000));
    const today = chinaDayStart();
    const earlier = new Date(Date.now() - 120_000);
    const yesterday = new Date(today.getTime() - 3_600_000);
    const row = (createdAt: Date) => ({ mobile, purpose: "login", codeHash: "x".repeat(64), expiresAt: createdAt, createdAt });
    await getDb().insert(smsCodes).values([...Array(SMS_DAILY_CAP - 1)].map(() => row(earlier)));
    await getDb().insert(smsCodes).values([...Array(5)].map(() => row(yesterday)));
    await send(testClient(getDb()), mobile);
    expect(outboxCount(mobile)).toBe(1);

    await getDb().update(smsCodes).set({ createdAt: earlier }).where(eq(smsCodes.mobile, mobile));
    expect(SMS_DAILY_CAP).toBe(10);
    const err = await rejection(send(testClient(getDb()), mobile));
    expect(err.message).toBe("该手机号今日获取验证码次数已达上限，请明天再试");
    expect(outboxCount(mobile)).toBe(1);
    expect(await codesOf(mobile)).toHaveLength(SMS_DAILY_CAP + 5);
  });

  it("five wrong codes void the code, even for the right code afterwards", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    await send(client, mobile);
    const code = latestCode(mobile);
    for (let i = 1; i <= 5; i++) {
      const err = await rejection(smsLogin(client, mobile, otherThan(code)));
      expect(err.message).toBe("验证码错误");
      expect((await codesOf(mobile))[0]!.failedChecks).toBe(i);
    }
    const err = await rejection(smsLogin(client, mobile, code));
    expect(err.message).toBe(EXPIRED);
    expect(client.jar[SESSION_COOKIE]).toBeUndefined();
  });

  it("a burst of parallel wrong codes is counted in full", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    await send(client, mobile);
    const code = latestCode(mobile);
    await Promise.all(Array.from({ length: 10 }, () => rejection(smsLogin(client, mobile, otherThan(code)))));
    expect((await codesOf(mobile))[0]!.failedChecks).toBeGreaterThanOrEqual(5);
    expect((await rejection(smsLogin(client, mobile, code))).message).toBe(EXPIRED);
  });

  it("the right code at the end of a burst of wrong ones is refused", async ({ skip }) => {
    // Only PGlite answers one query at a time in order, which fixes the order of the burst.
    if (kind !== "pglite") skip();
    const mobile = phone();
    await createUser(getDb(), { mobile });
    const client = testClient(getDb());
    await send(client, mobile);
    const code = latestCode(mobile);
    const guesses = [...Array<string>(10).fill(otherThan(code)), code];
    const answers = await Promise.all(guesses.map((g) => smsLogin(client, mobile, g).then(() => "in", (e: Error) => e.message)));
    expect(answers[10]).toBe(EXPIRED);
  });

  it("the first SMS login of an unknown phone creates the account", async () => {
    const mobile = phone();
    const client = testClient(getDb());
    await send(client, mobile);
    const me = await smsLogin(client, mobile, latestCode(mobile));
    const created = await getDb().select().from(users).where(eq(users.mobile, mobile));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ id: me.userId, loginName: `m${mobile}`, registerSource: "sms", passwordHash: null, status: 1 });
    expect(me.isLogin).toBe(1);

    // The next SMS login finds the same account.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    await send(client, mobile);
    const second = await smsLogin(testClient(getDb()), mobile, latestCode(mobile));
    expect(second.userId).toBe(me.userId);
    expect(await getDb().select().from(users).where(eq(users.mobile, mobile))).toHaveLength(1);
  });

  it("a disabled account cannot log in by SMS", async () => {
    const mobile = phone();
    await createUser(getDb(), { mobile, status: 0 });
    await send(testClient(getDb()), mobile);
    const err = await rejection(smsLogin(testClient(getDb()), mobile, latestCode(mobile)));
    expect(err.message).toBe("账号已被禁用，请联系管理员");
    expect(await getDb().select().from(sessions)).toHaveLength(0);
    const failed = await getDb()
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.account, mobile), eq(loginAttempts.success, 0)));
    expect(failed).toHaveLength(1);
  });
});
