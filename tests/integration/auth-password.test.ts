import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { loginAttempts, sessions, users } from "@db/schema";
import { LegacyCode } from "@base/errors";
import { LOCK_MINUTES } from "@trpc-app/auth/login.service";
import { SESSION_COOKIE, hashToken } from "@trpc-app/auth/session";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection } from "../helpers/auth";
import { latestCode } from "../helpers/outbox";
import { createUser } from "../factories/user";

const WRONG = "Wrong@2026pass";

describeEachDb("password login", (getDb) => {
  const userRow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!;
  const login = (client: ReturnType<typeof testClient>, account: string, password: string) =>
    client.call((c) => c.auth.login({ authentication_type: "password", account, password }));

  it("the right password logs in and sets cy_session", async () => {
    const user = await createUser(getDb(), { loginName: "pw_right" });
    const client = testClient(getDb());
    const me = await login(client, "pw_right", user.password);
    expect(me).toMatchObject({ userId: user.id, isLogin: 1, loginName: "pw_right" });
    const token = client.jar[SESSION_COOKIE];
    expect(token).toBeTruthy();
    // The row is keyed by the token's hash, never the token itself.
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([hashToken(token!)]);
    expect((await userRow(user.id)).lastLoginAt).toBeInstanceOf(Date);
    expect((await client.call((c) => c.auth.me())).isLogin).toBe(1);
  });

  it("a wrong password answers 账号或密码错误 and counts the failure", async () => {
    const user = await createUser(getDb(), { loginName: "pw_wrong" });
    const client = testClient(getDb());
    const err = await rejection(login(client, "pw_wrong", WRONG));
    expect(err.message).toBe("账号或密码错误");
    expect(err.legacyCode).toBe(LegacyCode.fail);
    expect(client.jar[SESSION_COOKIE]).toBeUndefined();
    expect((await userRow(user.id)).failedLoginCount).toBe(1);
    await rejection(login(client, "pw_wrong", WRONG));
    expect((await userRow(user.id)).failedLoginCount).toBe(2);
    expect(await getDb().select().from(sessions)).toHaveLength(0);
  });

  it("an unknown account answers the same message as a wrong password", async () => {
    const err = await rejection(login(testClient(getDb()), "nobody_here", WRONG));
    expect(err.message).toBe("账号或密码错误");
    const rows = await getDb().select().from(loginAttempts).where(eq(loginAttempts.account, "nobody_here"));
    expect(rows).toMatchObject([{ success: 0, reason: "no-account", userId: null }]);
  });

  it("the mobile number works as the account", async () => {
    const user = await createUser(getDb(), { mobile: "13911112222" });
    const me = await login(testClient(getDb()), "13911112222", user.password);
    expect(me.userId).toBe(user.id);
  });

  it("a right login resets the failure count", async () => {
    const user = await createUser(getDb(), { loginName: "pw_reset_count" });
    const client = testClient(getDb());
    await rejection(login(client, "pw_reset_count", WRONG));
    await rejection(login(client, "pw_reset_count", WRONG));
    await login(client, "pw_reset_count", user.password);
    expect((await userRow(user.id)).failedLoginCount).toBe(0);
  });

  it("a disabled account cannot log in", async () => {
    const user = await createUser(getDb(), { loginName: "pw_disabled", status: 0 });
    const err = await rejection(login(testClient(getDb()), "pw_disabled", user.password));
    expect(err.message).toBe("账号已被禁用，请联系管理员");
    expect(await getDb().select().from(sessions)).toHaveLength(0);
  });
});

describeEachDb("lockout", (getDb, kind) => {
  const userRow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0]!;
  const login = (client: ReturnType<typeof testClient>, account: string, password: string) =>
    client.call((c) => c.auth.login({ authentication_type: "password", account, password }));

  it("the 5th wrong password locks the account for 30 minutes, even against the right password", async () => {
    const user = await createUser(getDb(), { loginName: "lock_me" });
    const client = testClient(getDb());
    for (let i = 1; i <= 4; i++) {
      const err = await rejection(login(client, "lock_me", WRONG));
      expect(err.legacyCode).toBe(LegacyCode.fail);
      expect(err.message).toContain("账号或密码错误");
      expect((await userRow(user.id)).failedLoginCount).toBe(i);
    }
    const before = Date.now();
    const fifth = await rejection(login(client, "lock_me", WRONG));
    expect(fifth.legacyCode).toBe("user.status.locked");
    const locked = await userRow(user.id);
    const ahead = locked.lockedUntil!.getTime() - before;
    expect(ahead).toBeGreaterThan(LOCK_MINUTES * 60_000 - 5_000);
    expect(ahead).toBeLessThan(LOCK_MINUTES * 60_000 + 5_000);
    expect(LOCK_MINUTES).toBe(30);

    const sixth = await rejection(login(client, "lock_me", WRONG));
    expect(sixth.legacyCode).toBe("user.status.locked");
    const right = await rejection(login(client, "lock_me", user.password));
    expect(right.legacyCode).toBe("user.status.locked");
    expect(client.jar[SESSION_COOKIE]).toBeUndefined();
    expect(await getDb().select().from(sessions)).toHaveLength(0);

    const attempts = await getDb().select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(attempts).toHaveLength(7);
    expect(attempts.every((a) => a.success === 0 && a.method === "password" && a.ip === "10.0.0.1")).toBe(true);
    expect(attempts.filter((a) => a.reason === "wrong-password")).toHaveLength(5);
    expect(attempts.filter((a) => a.reason === "locked")).toHaveLength(2);
  });

  it("the lock comes through the legacy envelope as code user.status.locked", async () => {
    const { handleLegacy } = await import("@trpc-app/legacy/handler");
    await createUser(getDb(), { loginName: "lock_legacy" });
    let last: { success: boolean; code: unknown; message: string } | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await handleLegacy(
        new Request("http://127.0.0.1:3000/api/login/e-learning", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ authentication_type: "password", account: "lock_legacy", password: WRONG }),
        }),
        getDb(),
      );
      expect(res.status).toBe(200);
      last = await res.json();
    }
    expect(last).toMatchObject({ success: false, code: "user.status.locked", result: null });
    expect(last!.message).toContain("锁定");
  });

  it("a password reset by SMS lifts the lock and the new password works", async () => {
    const user = await createUser(getDb(), { loginName: "lock_reset", mobile: "13922223333" });
    const client = testClient(getDb());
    for (let i = 0; i < 5; i++) await rejection(login(client, "lock_reset", WRONG));
    expect((await userRow(user.id)).lockedUntil).not.toBeNull();

    await client.call((c) => c.auth.sendPasswordCode({ mobile: "13922223333", captcha: "2026" }));
    const code = latestCode("13922223333");
    await client.call((c) => c.auth.checkPasswordCode({ mobile: "13922223333", code }));
    await client.call((c) =>
      c.auth.resetPassword({ mobile: "13922223333", password: "NewPass@2026", confirmPassword: "NewPass@2026" }),
    );
    const unlocked = await userRow(user.id);
    expect(unlocked.lockedUntil).toBeNull();
    expect(unlocked.failedLoginCount).toBe(0);

    const old = await rejection(login(client, "lock_reset", user.password));
    expect(old.message).toContain("账号或密码错误");
    const me = await login(client, "lock_reset", "NewPass@2026");
    expect(me.userId).toBe(user.id);
  });

  it("an expired lock lets the right password in and clears it", async () => {
    const user = await createUser(getDb(), { loginName: "lock_expired" });
    await getDb()
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000), failedLoginCount: 0 })
      .where(eq(users.id, user.id));
    const me = await login(testClient(getDb()), "lock_expired", user.password);
    expect(me.userId).toBe(user.id);
    expect((await userRow(user.id)).lockedUntil).toBeNull();
    const ok = await getDb()
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.userId, user.id), eq(loginAttempts.success, 1)));
    expect(ok).toMatchObject([{ method: "password", account: "lock_expired" }]);
  });

  it("a lock still running refuses the right password", async () => {
    const user = await createUser(getDb(), { loginName: "lock_running" });
    await getDb().update(users).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(users.id, user.id));
    const err = await rejection(login(testClient(getDb()), "lock_running", user.password));
    expect(err.legacyCode).toBe("user.status.locked");
  });

  it("a burst of parallel wrong guesses is counted in full and locks the account", async () => {
    const user = await createUser(getDb(), { loginName: "lock_burst" });
    const client = testClient(getDb());
    const answers = await Promise.all(Array.from({ length: 10 }, () => rejection(login(client, "lock_burst", WRONG))));
    expect(answers.some((e) => e.legacyCode === "user.status.locked")).toBe(true);
    expect((await userRow(user.id)).lockedUntil, "ten wrong guesses must lock the account").not.toBeNull();
    const attempts = await getDb().select().from(loginAttempts).where(eq(loginAttempts.userId, user.id));
    expect(attempts).toHaveLength(10);
    const right = await rejection(login(client, "lock_burst", user.password));
    expect(right.legacyCode).toBe("user.status.locked");
  });

  it("a right guess at the end of a burst cannot slip past the lock the burst set", async ({ skip }) => {
    // Only PGlite answers one query at a time in order, which fixes the order of the burst.
    if (kind !== "pglite") skip();
    const user = await createUser(getDb(), { loginName: "lock_race" });
    const client = testClient(getDb());
    const guesses = [...Array<string>(14).fill(WRONG), user.password];
    const answers = await Promise.all(guesses.map((p) => login(client, "lock_race", p).then(() => "in", (e: Error) => e)));
    expect(answers[14]).not.toBe("in");
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
