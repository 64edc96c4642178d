// Account and identity holes of issue 18: password-reset takeover (1), the ID-number oracle (4),
// try limits overrun by parallel requests (10), per-address throttles and a forged client address (13).
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { identityAttempts, loginAttempts, rateLimits, sessions, smsCodes, users, verificationGrants } from "@db/schema";
import { hashPassword, timingGuardHash, verifyPassword } from "@trpc-app/auth/password";
import { createSession } from "@trpc-app/auth/session";
import { RESET_COOKIE } from "@trpc-app/auth/account.service";
import { clientIp, PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { parseEnv, resetEnvCache } from "@base/env.server";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection, signedInClient } from "../helpers/auth";
import { legacyClient } from "../helpers/legacy";
import { latestCode, outboxCount } from "../helpers/outbox";
import { createUser } from "../factories/user";
import { createIdentity, makeIdNo, seedIdentityReference } from "../factories/identity";

// Counts the argon2 hashes and verifications the login makes, still running the real ones.
vi.mock("@trpc-app/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@trpc-app/auth/password")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword), verifyPassword: vi.fn(real.verifyPassword) };
});

const U = "/api/elearning/caiyun/front/user";
const NEW_PASSWORD = "Reset@2026pass";
const WRONG = "Wrong@2026pass";
const TOO_FREQUENT = "操作过于频繁，请稍后再试";
const EXPIRED = "验证码已失效，请重新获取";
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const settled = <T>(p: Promise<T>) => p.then((v) => ({ ok: true as const, v }), (e: Error & { legacyCode?: string }) => ({ ok: false as const, e }));

describeEachDb("security: password reset is bound to the client that proved the code", (getDb, kind) => {
  const mobileOf = (n: number) => `1340000${kind === "pglite" ? 1 : 2}${String(n).padStart(3, "0")}`;
  const userRow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!;
  const grantsOf = (mobile: string) => getDb().select().from(verificationGrants).where(eq(verificationGrants.mobile, mobile));

  it("after the victim checks the code, a client without its cookie or token cannot set the password", async () => {
    const mobile = mobileOf(1);
    const victim = await createUser(getDb(), { mobile });
    const owner = testClient(getDb(), { ip: "10.1.0.1" });
    await owner.call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    const checked = await owner.call((c) => c.auth.checkPasswordCode({ mobile, code: latestCode(mobile) }));
    expect(checked.verified).toBe(true);
    expect(owner.jar[RESET_COOKIE]).toBe(checked.resetToken);

    // The attacker: no cookie, no code, same phone — through tRPC and through the legacy call.
    const stranger = testClient(getDb(), { ip: "10.1.0.2" });
    const refused = await rejection(
      stranger.call((c) => c.auth.resetPassword({ mobile, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })),
    );
    expect(refused.message).toBe("请先验证手机号");
    const legacy = await legacyClient(getDb(), { ip: "10.1.0.3" }).post(`${U}/modifyPassword`, {
      mobile,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(legacy.body).toEqual({ code: -1, message: "请先验证手机号", success: false, data: null });
    // A made-up token does not pass either.
    const forged = await rejection(
      stranger.call((c) =>
        c.auth.resetPassword({ mobile, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, resetToken: "a".repeat(32) }),
      ),
    );
    expect(forged.message).toBe("验证已失效，请重新验证手机号");
    expect(await verifyPassword((await userRow(victim.id)).passwordHash, victim.password)).toBe(true);
    const [grant] = await grantsOf(mobile);
    expect(grant!.usedAt).toBeNull();
    // Only the hash of the token is stored.
    expect(grant!.id).not.toBe(checked.resetToken);

    // The owner's cookie spends the grant once.
    const done = await owner.call((c) => c.auth.resetPassword({ mobile, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(done.userId).toBe(victim.id);
    expect(owner.jar[RESET_COOKIE]).toBeUndefined();
    expect(await verifyPassword((await userRow(victim.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect((await grantsOf(mobile))[0]!.usedAt).toBeInstanceOf(Date);
    const again = await rejection(
      owner.call((c) =>
        c.auth.resetPassword({ mobile, password: "Again@2026pass", confirmPassword: "Again@2026pass", resetToken: checked.resetToken }),
      ),
    );
    expect(again.message).toBe("验证已失效，请重新验证手机号");
    expect(await verifyPassword((await userRow(victim.id)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it("the legacy three-step flow works with the cookie, ends every session and lifts a lock", async () => {
    const mobile = mobileOf(2);
    const user = await createUser(getDb(), { mobile, loginName: "legacy_reset" });
    await createSession(getDb(), user.id);
    await getDb().update(users).set({ lockedUntil: new Date(Date.now() + 600_000) }).where(eq(users.id, user.id));
    const client = legacyClient(getDb(), { ip: "10.1.0.4" });
    const sent = await client.post(`${U}/modifyPasswordPhoneCode`, { mobile, captcha: "2026" });
    expect(sent.body).toMatchObject({ code: 200, success: true });
    const check = await client.post(`${U}/checkPasswordPhoneCode`, { mobile, code: latestCode(mobile) });
    expect(check.body).toMatchObject({ code: 200, success: true, data: { verified: true } });
    const setCookie = check.headers.getSetCookie().find((h) => h.startsWith(`${RESET_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Max-Age=600/);
    const modify = await client.post(`${U}/modifyPassword`, { mobile, newPassword: NEW_PASSWORD, rePassword: NEW_PASSWORD });
    expect(modify.body).toMatchObject({ code: 200, success: true, data: { userId: user.id } });

    const row = await userRow(user.id);
    expect(await verifyPassword(row.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(row.lockedUntil).toBeNull();
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const login = await client.post("/api/login/e-learning", { authentication_type: "password", account: "legacy_reset", password: NEW_PASSWORD });
    expect(login.body).toMatchObject({ success: true, code: 200 });
  });

  it("the token answered in data works for a client that keeps no cookies, and the SMS code alone still works", async () => {
    const mobile = mobileOf(3);
    const user = await createUser(getDb(), { mobile });
    const app = legacyClient(getDb(), { ip: "10.1.0.5" });
    await app.post(`${U}/modifyPasswordPhoneCode`, { mobile, captcha: "2026" });
    const check = await app.post(`${U}/checkPasswordPhoneCode`, { mobile, code: latestCode(mobile) });
    const token = check.body.data.resetToken as string;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const cookieless = legacyClient(getDb(), { ip: "10.1.0.5" });
    const modify = await cookieless.post(`${U}/modifyPassword`, { mobile, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, resetToken: token });
    expect(modify.body).toMatchObject({ code: 200, success: true });
    expect(await verifyPassword((await userRow(user.id)).passwordHash, NEW_PASSWORD)).toBe(true);

    // One step: the code itself with the new password.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    await app.post(`${U}/modifyPasswordPhoneCode`, { mobile, captcha: "2026" });
    const direct = await legacyClient(getDb(), { ip: "10.1.0.6" }).post(`${U}/modifyPassword`, {
      mobile,
      code: latestCode(mobile),
      password: "Direct@2026pass",
      confirmPassword: "Direct@2026pass",
    });
    expect(direct.body).toMatchObject({ code: 200, success: true });
    expect(await verifyPassword((await userRow(user.id)).passwordHash, "Direct@2026pass")).toBe(true);
  });

  it("failed reset steps from one address are throttled, even in parallel", async () => {
    const mobile = mobileOf(4);
    const user = await createUser(getDb(), { mobile });
    const ip = "10.1.0.7";
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        settled(testClient(getDb(), { ip }).call((c) => c.auth.resetPassword({ mobile, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))),
      ),
    );
    const messages = answers.map((a) => (a.ok ? "ok" : a.e.message));
    expect(messages.filter((m) => m === "请先验证手机号")).toHaveLength(20);
    expect(messages.filter((m) => m === TOO_FREQUENT)).toHaveLength(10);
    expect(answers.filter((a) => !a.ok && a.e.legacyCode === "429")).toHaveLength(10);
    const [counter] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, `reset-ip:${ip}`));
    expect(counter!.count).toBe(20);
    // Even a real code is not checked from that address now; another address still can.
    await testClient(getDb(), { ip: "10.1.0.8" }).call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    const blocked = await rejection(testClient(getDb(), { ip }).call((c) => c.auth.checkPasswordCode({ mobile, code: latestCode(mobile) })));
    expect(blocked.message).toBe(TOO_FREQUENT);
    expect((await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile)))[0]!.usedAt).toBeNull();
    await testClient(getDb(), { ip: "10.1.0.8" }).call((c) => c.auth.checkPasswordCode({ mobile, code: latestCode(mobile) }));
    expect(await verifyPassword((await userRow(user.id)).passwordHash, user.password)).toBe(true);
  });
});

describeEachDb("security: try limits hold under parallel requests", (getDb, kind) => {
  const mobileOf = (n: number) => `1340001${kind === "pglite" ? 1 : 2}${String(n).padStart(3, "0")}`;
  const verifications = vi.mocked(verifyPassword);

  it("60 parallel wrong passwords from 60 addresses make 5 password checks and lock the account", async () => {
    const user = await createUser(getDb(), { loginName: "burst_target" });
    verifications.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        settled(
          testClient(getDb(), { ip: `10.2.0.${i + 1}` }).call((c) =>
            c.auth.login({ authentication_type: "password", account: "burst_target", password: WRONG }),
          ),
        ),
      ),
    );
    expect(verifications).toHaveBeenCalledTimes(5);
    expect(answers.every((a) => !a.ok)).toBe(true);
    // Four wrong-password answers, then the fifth try's lock for it and everything claimed after it.
    expect(answers.filter((a) => !a.ok && a.e.message.startsWith("账号或密码错误"))).toHaveLength(4);
    expect(answers.filter((a) => !a.ok && a.e.legacyCode === "user.status.locked")).toHaveLength(56);
    const tries = await getDb().select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(tries.filter((t) => t.reason === "wrong-password")).toHaveLength(5);
    expect(tries.filter((t) => t.reason === "locked")).toHaveLength(55);
    const row = (await getDb().select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(row.failedLoginCount).toBe(0);

    verifications.mockClear();
    const right = await rejection(
      testClient(getDb(), { ip: "10.2.1.1" }).call((c) => c.auth.login({ authentication_type: "password", account: "burst_target", password: user.password })),
    );
    expect(right.legacyCode).toBe("user.status.locked");
    expect(verifications).not.toHaveBeenCalled();
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("a login for an account that does not exist makes one check against the guard hash and hashes nothing", async () => {
    const hashes = vi.mocked(hashPassword);
    for (const account of ["nobody_one", "nobody_two"]) {
      hashes.mockClear();
      verifications.mockClear();
      const err = await rejection(testClient(getDb(), { ip: "10.2.2.1" }).call((c) => c.auth.login({ authentication_type: "password", account, password: WRONG })));
      expect(err.message).toBe("账号或密码错误");
      expect(hashes).not.toHaveBeenCalled();
      expect(verifications).toHaveBeenCalledTimes(1);
      expect(verifications).toHaveBeenCalledWith(await timingGuardHash(), WRONG);
    }
  });

  it("60 parallel wrong SMS codes are compared 5 times against one code, which is then void", async () => {
    const mobile = mobileOf(1);
    await createUser(getDb(), { mobile });
    await testClient(getDb(), { ip: "10.3.0.1" }).call((c) => c.auth.sendLoginCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        settled(
          testClient(getDb(), { ip: `10.3.1.${i + 1}` }).call((c) =>
            c.auth.login({ authentication_type: "sms", mobile_number: mobile, captcha_code: otherThan(code) }),
          ),
        ),
      ),
    );
    const messages = answers.map((a) => (a.ok ? "in" : a.e.message));
    expect(messages.filter((m) => m === "验证码错误")).toHaveLength(5);
    expect(messages.filter((m) => m === EXPIRED)).toHaveLength(55);
    const [row] = await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row!.failedChecks).toBe(5);
    const right = await rejection(
      testClient(getDb(), { ip: "10.3.2.1" }).call((c) => c.auth.login({ authentication_type: "sms", mobile_number: mobile, captcha_code: code })),
    );
    expect(right.message).toBe(EXPIRED);
    const [after] = await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(after!.usedAt).toBeNull();
    expect(after!.failedChecks).toBe(5);
  });

  it("60 parallel wrong password-reset codes are compared 5 times too", async () => {
    const mobile = mobileOf(2);
    await createUser(getDb(), { mobile });
    await testClient(getDb(), { ip: "10.4.0.1" }).call((c) => c.auth.sendPasswordCode({ mobile, captcha: "2026" }));
    const code = latestCode(mobile);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        settled(testClient(getDb(), { ip: `10.4.1.${i + 1}` }).call((c) => c.auth.checkPasswordCode({ mobile, code: otherThan(code) }))),
      ),
    );
    expect(answers.filter((a) => !a.ok && a.e.message === "验证码错误")).toHaveLength(5);
    const [row] = await getDb().select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(row!.failedChecks).toBe(5);
    expect(await getDb().select().from(verificationGrants).where(eq(verificationGrants.mobile, mobile))).toHaveLength(0);
  });
});

describeEachDb("security: per-address throttles and the recorded client address", (getDb, kind) => {
  const mobileOf = (n: number) => `1340002${kind === "pglite" ? 1 : 2}${String(n).padStart(3, "0")}`;
  const verifications = vi.mocked(verifyPassword);

  it("20 failed logins from one address stop the rest, whatever X-Forwarded-For says", async () => {
    const user = await createUser(getDb(), { loginName: "ip_victim" });
    const peer = "203.0.113.9";
    verifications.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        settled(
          testClient(getDb(), { ip: peer, headers: { "x-forwarded-for": `198.51.100.${i + 1}` } }).call((c) =>
            c.auth.login({ authentication_type: "password", account: `ghost_${i}`, password: WRONG }),
          ),
        ),
      ),
    );
    const messages = answers.map((a) => (a.ok ? "in" : a.e.message));
    expect(messages.filter((m) => m === "账号或密码错误")).toHaveLength(20);
    expect(messages.filter((m) => m === TOO_FREQUENT)).toHaveLength(40);
    expect(verifications).toHaveBeenCalledTimes(20);
    const [counter] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, `login-ip:${peer}`));
    expect(counter!.count).toBe(20);
    const tries = await getDb().select().from(loginAttempts);
    expect(tries).toHaveLength(60);
    expect(tries.every((t) => t.ip === peer)).toBe(true);
    expect(tries.filter((t) => t.reason === "too-frequent")).toHaveLength(40);

    // The right password from that address is refused as well (no oracle), in the legacy envelope with 429.
    const legacy = await legacyClient(getDb(), { ip: peer }).post(
      "/api/login/e-learning",
      { authentication_type: "password", account: "ip_victim", password: user.password },
      { headers: { "x-forwarded-for": "192.0.2.1" } },
    );
    expect(legacy.body).toEqual({ success: false, result: null, message: TOO_FREQUENT, code: 429 });
    // From another address the account is untouched.
    const me = await testClient(getDb(), { ip: "203.0.113.10" }).call((c) =>
      c.auth.login({ authentication_type: "password", account: "ip_victim", password: user.password }),
    );
    expect(me.userId).toBe(user.id);
    expect((await getDb().select().from(users).where(eq(users.id, user.id)))[0]!.failedLoginCount).toBe(0);
  });

  it("successful logins do not count against the address", async () => {
    const user = await createUser(getDb(), { loginName: "often_in" });
    const peer = "203.0.113.20";
    for (let i = 0; i < 25; i++) {
      await testClient(getDb(), { ip: peer }).call((c) => c.auth.login({ authentication_type: "password", account: "often_in", password: user.password }));
    }
    const [counter] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, `login-ip:${peer}`));
    expect(counter!.count).toBe(0);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(25);
  });

  it("SMS codes asked for from one address stop at 20 an hour, across phones and forged forwarding headers", async () => {
    const peer = "203.0.113.30";
    const phones = Array.from({ length: 25 }, (_, i) => mobileOf(i + 1));
    const answers = await Promise.all(
      phones.map((mobile, i) =>
        settled(
          testClient(getDb(), { ip: peer, headers: { "x-forwarded-for": `198.51.100.${i + 1}`, "x-real-ip": `198.51.100.${i + 1}` } }).call((c) =>
            c.auth.sendLoginCode({ mobile, captcha: "2026" }),
          ),
        ),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(5);
    expect(refused.every((a) => !a.ok && a.e.message === TOO_FREQUENT && a.e.legacyCode === "429")).toBe(true);
    expect(phones.reduce((n, m) => n + outboxCount(m), 0)).toBe(20);
    const codes = await getDb().select().from(smsCodes);
    expect(codes).toHaveLength(20);
    expect(codes.every((c) => c.ip === peer)).toBe(true);
    const [counter] = await getDb().select().from(rateLimits).where(eq(rateLimits.key, `sms-ip:${peer}`));
    expect(counter!.count).toBe(20);
    // Past the allowance, asking no longer tells which phones are registered.
    const probe = await rejection(testClient(getDb(), { ip: peer }).call((c) => c.auth.sendPasswordCode({ mobile: mobileOf(99), captcha: "2026" })));
    expect(probe.message).toBe(TOO_FREQUENT);
  });
});

describe("security: the client address behind proxies (TRUST_PROXY)", () => {
  const request = (peer: string | null, forwarded?: string) => {
    const headers = new Headers();
    if (peer !== null) headers.set(PEER_ADDRESS_HEADER, peer);
    if (forwarded) headers.set("x-forwarded-for", forwarded);
    headers.set("x-real-ip", "192.0.2.99");
    return { url: "http://127.0.0.1:3000/api/trpc", headers };
  };
  const withTrust = (value: string | undefined, fn: () => void) => {
    const before = process.env.TRUST_PROXY;
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    resetEnvCache();
    try {
      fn();
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
      resetEnvCache();
    }
  };

  it("unset: the socket's address, never a forwarding header", () => {
    withTrust(undefined, () => {
      expect(clientIp(request("203.0.113.5", "1.2.3.4"))).toBe("203.0.113.5");
      expect(clientIp(request("::ffff:203.0.113.5", "1.2.3.4"))).toBe("203.0.113.5");
      expect(clientIp(request("2001:db8::1"))).toBe("2001:db8::1");
    });
  });

  it("a list of proxies: walks X-Forwarded-For from the nearest hop while hops are proxies", () => {
    withTrust("10.0.0.0/8, loopback", () => {
      expect(clientIp(request("10.0.0.9", "1.2.3.4"))).toBe("1.2.3.4");
      expect(clientIp(request("127.0.0.1", "1.2.3.4, 10.0.0.7"))).toBe("1.2.3.4");
      // What the client itself put in front of the header is not believed.
      expect(clientIp(request("10.0.0.9", "5.6.7.8, 1.2.3.4"))).toBe("1.2.3.4");
      // A request that does not come through a proxy: its own header is ignored.
      expect(clientIp(request("203.0.113.5", "1.2.3.4"))).toBe("203.0.113.5");
      // A malformed entry ends the walk at the proxy that passed it on.
      expect(clientIp(request("10.0.0.9", "1.2.3.4, not-an-ip"))).toBe("10.0.0.9");
      expect(clientIp(request("10.0.0.9"))).toBe("10.0.0.9");
    });
  });

  it("a hop count believes that many proxies", () => {
    withTrust("1", () => {
      expect(clientIp(request("10.0.0.9", "5.6.7.8, 1.2.3.4"))).toBe("1.2.3.4");
    });
    withTrust("2", () => {
      expect(clientIp(request("10.0.0.9", "5.6.7.8, 1.2.3.4"))).toBe("5.6.7.8");
    });
    withTrust("0", () => {
      expect(clientIp(request("10.0.0.9", "5.6.7.8"))).toBe("10.0.0.9");
    });
  });

  it("a malformed TRUST_PROXY stops start-up naming the variable", () => {
    for (const bad of ["banana", "10.0.0.0/33", "11", "1.2.3"]) {
      expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
    expect(parseEnv({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.1, 192.168.0.0/16, ::1, loopback" }).TRUST_PROXY).toBeTruthy();
  });
});

describeEachDb("security: the ID-number occupancy check", (getDb) => {
  const holders = async (n: number) => {
    const list: { id: number; idNo: string }[] = [];
    for (let i = 0; i < n; i++) {
      const user = await createUser(getDb(), { mobile: `1361000${String(i).padStart(4, "0")}` });
      const idNo = makeIdNo("330106", "19800101", 200 + i);
      await createIdentity(getDb(), user.id, { idNo });
      list.push({ id: user.id, idNo });
    }
    return list;
  };
  const attemptsOf = (userId: number) => getDb().select().from(identityAttempts).where(eq(identityAttempts.userId, userId));

  it("visitors get 281; an answer naming a holder costs one unit of the day's allowance, once per number", async () => {
    await seedIdentityReference(getDb());
    const [holder, ...others] = await holders(6);
    const visitor = await legacyClient(getDb()).post(`${U}/auth/checkIdCard`, { idNo: holder!.idNo });
    expect(visitor.body).toMatchObject({ code: 281, success: false, data: null });

    const asker = await createUser(getDb(), { loginName: "id_asker" });
    const client = await signedInClient(getDb(), asker.id);
    const list = await client.call((c) => c.identity.checkIdCard({ idNo: holder!.idNo }));
    expect(list).toEqual([{ userId: holder!.id, mobile: "136****0000" }]);
    // Asking again about the same number, or about a free one, costs nothing more.
    await client.call((c) => c.identity.checkIdCard({ idNo: holder!.idNo }));
    expect(await client.call((c) => c.identity.checkIdCard({ idNo: makeIdNo("330106", "19800101", 999) }))).toEqual([]);
    expect((await client.call((c) => c.identity.checkUserAuthTimes())).usedTimes).toBe(1);
    expect(await attemptsOf(asker.id)).toMatchObject([{ idNo: holder!.idNo, success: 0, reason: "check-occupied" }]);

    for (const other of others.slice(0, 4)) await client.call((c) => c.identity.checkIdCard({ idNo: other.idNo }));
    expect(await client.call((c) => c.identity.checkUserAuthTimes())).toEqual({ maxTimes: 5, usedTimes: 5, remainTimes: 0 });
    const sixth = await rejection(client.call((c) => c.identity.checkIdCard({ idNo: others[4]!.idNo })));
    expect(sixth.message).toBe("今日实名认证次数已用完，请明天再试");
    expect(await attemptsOf(asker.id)).toHaveLength(5);
  });

  it("parallel checks cannot overrun the allowance", async () => {
    await seedIdentityReference(getDb());
    const list = await holders(12);
    const asker = await createUser(getDb(), { loginName: "id_racer" });
    const client = await signedInClient(getDb(), asker.id);
    const answers = await Promise.all(list.map((h) => settled(client.call((c) => c.identity.checkIdCard({ idNo: h.idNo })))));
    expect(answers.filter((a) => a.ok && a.v.length > 0)).toHaveLength(5);
    expect(answers.filter((a) => !a.ok && a.e.message === "今日实名认证次数已用完，请明天再试")).toHaveLength(7);
    expect(await attemptsOf(asker.id)).toHaveLength(5);
  });

  it("parallel confirmations with held numbers cannot overrun the allowance either", async () => {
    await seedIdentityReference(getDb());
    const list = await holders(12);
    const asker = await createUser(getDb(), { loginName: "id_confirm_racer" });
    const client = await signedInClient(getDb(), asker.id);
    const form = (idNo: string) => ({ realName: "王晓雯", idType: 1, idNo, identityList: [1], orgName: "杭州市西湖区财政局", areaCode: "330100" });
    const answers = await Promise.all(list.map((h) => settled(client.call((c) => c.identity.submitForm(form(h.idNo))))));
    const named = answers.filter((a) => !a.ok && a.e.message.startsWith("该证件号码已被尾号"));
    expect(named).toHaveLength(5);
    expect(answers.filter((a) => !a.ok && a.e.message === "今日实名认证次数已用完，请明天再试")).toHaveLength(7);
    expect(await attemptsOf(asker.id)).toHaveLength(5);
  });

  it("checks are throttled per user: 30 an hour", async () => {
    const asker = await createUser(getDb(), { loginName: "id_scanner" });
    const client = await signedInClient(getDb(), asker.id);
    const answers = await Promise.all(
      Array.from({ length: 35 }, (_, i) => settled(client.call((c) => c.identity.checkIdCard({ idNo: makeIdNo("110105", "19850101", 100 + i) })))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(30);
    expect(answers.filter((a) => !a.ok && a.e.message === TOO_FREQUENT && a.e.legacyCode === "429")).toHaveLength(5);
    const [counter] = await getDb()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `idcheck-user:${asker.id}`));
    expect(counter!.count).toBe(30);
  });
});
