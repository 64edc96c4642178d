import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { sessions, users } from "@db/schema";
import { adminProcedure, createCallerFactory, router } from "@trpc-app/init";
import { createContext } from "@trpc-app/context";
import { LegacyCode } from "@base/errors";
import { SESSION_COOKIE, SESSION_TTL_MS, createSession, hashToken } from "@trpc-app/auth/session";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { rejection, signedInClient } from "../helpers/auth";
import { createUser } from "../factories/user";

const DAY = 24 * 60 * 60 * 1000;

describeEachDb("sessions", (getDb) => {
  const sessionRow = async (token: string) => (await getDb().select().from(sessions).where(eq(sessions.id, hashToken(token))))[0];

  it("logout deletes the session row and clears the cookie", async () => {
    const user = await createUser(getDb());
    const client = testClient(getDb());
    await client.call((c) => c.auth.login({ authentication_type: "password", account: user.loginName, password: user.password }));
    const token = client.jar[SESSION_COOKIE]!;
    expect(await sessionRow(token)).toBeTruthy();

    const { caller, resHeaders } = await client.caller();
    await caller.auth.logout();
    const cleared = resHeaders.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/^cy_session=;.*Max-Age=0/);
    expect(await sessionRow(token)).toBeUndefined();
    // The old token no longer opens anything, even if a client kept it.
    const stale = testClient(getDb(), { cookies: { [SESSION_COOKIE]: token } });
    expect((await stale.call((c) => c.auth.me())).isLogin).toBe(0);
  });

  it("logout ends only this session", async () => {
    const user = await createUser(getDb());
    const one = await signedInClient(getDb(), user.id);
    const two = await signedInClient(getDb(), user.id);
    await one.call((c) => c.auth.logout());
    expect(one.jar[SESSION_COOKIE]).toBeUndefined();
    expect((await two.call((c) => c.auth.me())).isLogin).toBe(1);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("the session cookie is HttpOnly, SameSite=Lax and expires with the session", async () => {
    const user = await createUser(getDb());
    const { caller, resHeaders } = await testClient(getDb()).caller();
    await caller.auth.login({ authentication_type: "password", account: user.loginName, password: user.password });
    const cookie = resHeaders.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    const token = /^cy_session=([^;]+)/.exec(cookie)![1]!;
    const row = await sessionRow(token);
    expect(cookie).toContain(`Expires=${row!.expiresAt.toUTCString()}`);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - SESSION_TTL_MS)).toBeLessThan(60_000);
  });

  it("an expired session is a visitor and its row is removed", async () => {
    const user = await createUser(getDb());
    const client = await signedInClient(getDb(), user.id);
    const token = client.jar[SESSION_COOKIE]!;
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(token)));
    expect((await client.call((c) => c.auth.me())).isLogin).toBe(0);
    expect((await rejection(client.call((c) => c.auth.getUser()))).legacyCode).toBe("281");
    expect(await sessionRow(token)).toBeUndefined();
  });

  it("a session in its second half is pushed out to a full term, with a new cookie", async () => {
    const user = await createUser(getDb());
    const client = await signedInClient(getDb(), user.id);
    const token = client.jar[SESSION_COOKIE]!;
    await getDb().update(sessions).set({ expiresAt: new Date(Date.now() + 10 * DAY) }).where(eq(sessions.id, hashToken(token)));
    const { caller, resHeaders } = await client.caller();
    expect((await caller.auth.me()).isLogin).toBe(1);
    const row = await sessionRow(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    const renewed = resHeaders.getSetCookie().find((h) => h.startsWith(`${SESSION_COOKIE}=${token}`));
    expect(renewed).toContain(`Expires=${row!.expiresAt.toUTCString()}`);
  });

  it("a session in its first half is left alone", async () => {
    const user = await createUser(getDb());
    const client = await signedInClient(getDb(), user.id);
    const token = client.jar[SESSION_COOKIE]!;
    const expiresAt = new Date(Date.now() + 20 * DAY);
    await getDb().update(sessions).set({ expiresAt }).where(eq(sessions.id, hashToken(token)));
    const { caller, resHeaders } = await client.caller();
    await caller.auth.me();
    expect((await sessionRow(token))!.expiresAt.getTime()).toBe(expiresAt.getTime());
    expect(resHeaders.getSetCookie()).toEqual([]);
  });

  it("disabling a user ends all their sessions", async () => {
    const user = await createUser(getDb());
    const one = await signedInClient(getDb(), user.id);
    await signedInClient(getDb(), user.id);
    await getDb().update(users).set({ status: 0 }).where(eq(users.id, user.id));
    expect((await one.call((c) => c.auth.me())).isLogin).toBe(0);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  // The lookups of one turn go to the database as one statement (db/batch.ts): each must find its own.
  it("sessions read together each find their own user; an unknown, expired or disabled one finds none", async () => {
    const db = getDb();
    const people = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(db, { nick: `学员${i}` })));
    const clients = await Promise.all(people.map((u) => signedInClient(db, u.id)));
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(clients[3]!.jar[SESSION_COOKIE]!)));
    await db.update(users).set({ status: 0 }).where(eq(users.id, people[4]!.id));
    const unknown = testClient(db, { cookies: { [SESSION_COOKIE]: "abcdefghijklmnopqrstuvwxyz234567" } });
    const seen = await Promise.all([...clients, unknown, clients[0]!].map((c) => c.call((x) => x.auth.me())));
    expect(seen.map((s) => s.isLogin)).toEqual([1, 1, 1, 0, 0, 0, 1]);
    expect(seen.map((s) => ("userId" in s ? s.userId : null))).toEqual([people[0]!.id, people[1]!.id, people[2]!.id, null, null, null, people[0]!.id]);
  });

  it("a made-up or malformed token is a visitor", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz234567", "short", "x".repeat(500), "%00%zz"]) {
      const client = testClient(getDb(), { cookies: { [SESSION_COOKIE]: token } });
      expect((await client.call((c) => c.auth.me())).isLogin).toBe(0);
    }
  });

  it("a stored session id is the hash of the token, so a leaked row does not log in", async () => {
    const user = await createUser(getDb());
    const { token } = await createSession(getDb(), user.id);
    const leaked = testClient(getDb(), { cookies: { [SESSION_COOKIE]: hashToken(token) } });
    expect((await leaked.call((c) => c.auth.me())).isLogin).toBe(0);
  });
});

describeEachDb("admin guard", (getDb) => {
  const tiny = router({ secret: adminProcedure.query(({ ctx }) => ({ adminId: ctx.user.id })) });
  const factory = createCallerFactory(tiny);
  async function callAs(token?: string) {
    const request = new Request("http://127.0.0.1:3000/api/trpc", {
      headers: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {},
    });
    return factory(await createContext({ db: getDb(), request })).secret();
  }

  it("a visitor gets 281", async () => {
    const err = await rejection(callAs());
    expect(err.legacyCode).toBe(LegacyCode.notLoggedIn);
    expect(err.code).toBe("UNAUTHORIZED");
  });

  it("a learner gets a 403-type error", async () => {
    const user = await createUser(getDb());
    const { token } = await createSession(getDb(), user.id);
    const err = await rejection(callAs(token));
    expect(err.legacyCode).toBe(LegacyCode.forbidden);
    expect(err.code).toBe("FORBIDDEN");
    expect(err.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("an admin passes", async () => {
    const admin = await createUser(getDb(), { isAdmin: 1 });
    const { token } = await createSession(getDb(), admin.id);
    expect(await callAs(token)).toEqual({ adminId: admin.id });
  });

  it("an admin whose account was disabled is a visitor again", async () => {
    const admin = await createUser(getDb(), { isAdmin: 1 });
    const { token } = await createSession(getDb(), admin.id);
    await getDb().update(users).set({ status: 0 }).where(eq(users.id, admin.id));
    expect((await rejection(callAs(token))).legacyCode).toBe("281");
  });
});
