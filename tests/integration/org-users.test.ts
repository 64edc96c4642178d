import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { ZodError } from "zod";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import type { AppCaller } from "@trpc-app/caller";
import { AppError } from "@base/errors";
import { zodMessage } from "@base/zod-message";
import { createUser } from "../factories/user";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function signedIn(db: Db, userId: number) {
  const { token } = await createSession(db, userId);
  return testClient(db, { cookies: { cy_session: token } });
}

async function adminClient(db: Db) {
  const admin = await createUser(db, { loginName: "admin_boss", nick: "管理员", isAdmin: 1 });
  return { admin, client: await signedIn(db, admin.id) };
}

/** What a client reads: the procedure's message, or the Chinese message of a zod failure. */
function readable(err: unknown) {
  if (err instanceof TRPCError && err.cause instanceof ZodError) return zodMessage(err.cause);
  return (err as Error).message;
}

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return { err: err as TRPCError, message: readable(err) };
  }
  throw new Error("expected the call to fail");
}

const userRow = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (db: Db, userId: number) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describeEachDb("back office: users", (getDb) => {
  it("pages users newest first and filters by keyword, status and role", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    for (let i = 0; i < 25; i++)
      await createUser(db, { loginName: `stud_${i}`, nick: `学员${i}`, mobile: `1380000${String(i).padStart(4, "0")}` });
    await createUser(db, { loginName: "zhang_san", nick: "张三", mobile: "13912345678", status: 0 });

    const first = await client.call((c) => c.org.admin.users.page({ pageNo: 1, pageSize: 10 }));
    expect(first.total).toBe(27);
    expect(first.list).toHaveLength(10);
    expect(first).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(first.list[0]!.loginName).toBe("zhang_san");
    expect(first.list[0]!.mobile).toBe("13912345678");
    expect(typeof first.list[0]!.createdAt).toBe("number");

    const third = await client.call((c) => c.org.admin.users.page({ pageNo: 3, pageSize: 10 }));
    expect(third.list).toHaveLength(7);

    const legacyPaging = await client.call((c) => c.org.admin.users.page({ page: "2", element: "5" }));
    expect(legacyPaging).toMatchObject({ pageNo: 2, pageSize: 5, total: 27 });

    const byNick = await client.call((c) => c.org.admin.users.page({ keyword: "张三" }));
    expect(byNick.list.map((u) => u.loginName)).toEqual(["zhang_san"]);
    const byMobile = await client.call((c) => c.org.admin.users.page({ keyword: "1234567" }));
    expect(byMobile.total).toBe(1);
    const byLogin = await client.call((c) => c.org.admin.users.page({ keyword: "STUD_1" }));
    expect(byLogin.total).toBe(11);
    const wildcard = await client.call((c) => c.org.admin.users.page({ keyword: "%" }));
    expect(wildcard.total).toBe(0);

    const disabled = await client.call((c) => c.org.admin.users.page({ status: 0 }));
    expect(disabled.list.map((u) => u.loginName)).toEqual(["zhang_san"]);
    const admins = await client.call((c) => c.org.admin.users.page({ isAdmin: "1" }));
    expect(admins.list.map((u) => u.loginName)).toEqual(["admin_boss"]);
  });

  it("reads one user and answers a clear not-found", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    const u = await createUser(db, { loginName: "reader", nick: "读者" });
    const one = await client.call((c) => c.org.admin.users.getOne({ id: u.id }));
    expect(one).toMatchObject({ userId: u.id, loginName: "reader", nick: "读者", locked: false, status: 1 });
    const missing = await failure(client.call((c) => c.org.admin.users.getOne({ userId: 999999 })));
    expect(missing.err.code).toBe("NOT_FOUND");
    expect(missing.message).toBe("用户不存在或已删除");
  });

  it("disables a user, ends their sessions, and enables them again", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    const u = await createUser(db, { loginName: "target" });
    const learner = await signedIn(db, u.id);
    await learner.call((c) => c.auth.getUser());
    expect(await sessionCount(db, u.id)).toBe(1);

    await client.call((c) => c.org.admin.users.unable({ userId: u.id }));
    expect((await userRow(db, u.id)).status).toBe(0);
    expect(await sessionCount(db, u.id)).toBe(0);
    const after = await failure(learner.call((c) => c.auth.getUser()));
    expect((after.err as AppError).legacyCode).toBe("281");
    const login = await failure(
      client.call((c) => c.auth.login({ authentication_type: "password", account: "target", password: u.password }))
    );
    expect(login.message).toBe("账号已被禁用，请联系管理员");

    await client.call((c) => c.org.admin.users.able({ userId: u.id }));
    expect((await userRow(db, u.id)).status).toBe(1);
    const again = testClient(db);
    const me = await again.call((c) => c.auth.login({ authentication_type: "password", account: "target", password: u.password }));
    expect(me.userId).toBe(u.id);
  });

  it("changes a batch at once, and nothing when one id is unknown", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    const a = await createUser(db);
    const b = await createUser(db);
    await createSession(db, a.id);
    await createSession(db, b.id);
    const res = await client.call((c) => c.org.admin.users.unable({ ids: [a.id, b.id] }));
    expect(res).toEqual({ count: 2, status: 0 });
    expect((await userRow(db, a.id)).status).toBe(0);
    expect((await userRow(db, b.id)).status).toBe(0);
    expect((await sessionCount(db, a.id)) + (await sessionCount(db, b.id))).toBe(0);

    const bad = await failure(client.call((c) => c.org.admin.users.able({ ids: [a.id, 888888] })));
    expect(bad.err.code).toBe("NOT_FOUND");
    expect(bad.message).toContain("888888");
    expect((await userRow(db, a.id)).status).toBe(0);

    await client.call((c) => c.org.admin.users.able({ ids: `${a.id},${b.id}` }));
    expect((await userRow(db, b.id)).status).toBe(1);
  });

  it("refuses to disable the admin's own account, alone or in a batch", async () => {
    const db = getDb();
    const { admin, client } = await adminClient(db);
    const other = await createUser(db);
    for (const input of [{ userId: admin.id }, { ids: [other.id, admin.id] }]) {
      const res = await failure(client.call((c) => c.org.admin.users.unable(input)));
      expect(res.message).toBe("不能禁用当前登录的账号");
    }
    expect((await userRow(db, admin.id)).status).toBe(1);
    expect((await userRow(db, other.id)).status).toBe(1);
    expect(await sessionCount(db, admin.id)).toBe(1);
  });

  it("unlocks a locked user, who can then log in", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    const u = await createUser(db, { loginName: "locked_one" });
    const learner = testClient(db);
    for (let i = 0; i < 5; i++) {
      await failure(
        learner.call((c) => c.auth.login({ authentication_type: "password", account: "locked_one", password: "wrong-password" }))
      );
    }
    const before = await client.call((c) => c.org.admin.users.getOne({ userId: u.id }));
    expect(before.locked).toBe(true);
    const listed = await client.call((c) => c.org.admin.users.page({ locked: true }));
    expect(listed.list.map((x) => x.userId)).toEqual([u.id]);
    const refused = await failure(
      learner.call((c) => c.auth.login({ authentication_type: "password", account: "locked_one", password: u.password }))
    );
    expect((refused.err as AppError).legacyCode).toBe("user.status.locked");

    const after = await client.call((c) => c.org.admin.users.unlock({ userId: u.id }));
    expect(after.locked).toBe(false);
    const row = await userRow(db, u.id);
    expect(row.lockedUntil).toBeNull();
    expect(row.failedLoginCount).toBe(0);
    const me = await learner.call((c) => c.auth.login({ authentication_type: "password", account: "locked_one", password: u.password }));
    expect(me.userId).toBe(u.id);
  });

  it("counts users for the back-office home", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    await createUser(db, { status: 0 });
    const locked = await createUser(db);
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, locked.id));
    const stale = await createUser(db);
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, stale.id));
    const stats = await client.call((c) => c.org.admin.users.stats());
    expect(stats).toMatchObject({ total: 4, admins: 1, disabled: 1, locked: 1 });
  });

  const calls: [string, (c: AppCaller, id: number) => Promise<unknown>][] = [
    ["page", (c) => c.org.admin.users.page({})],
    ["getOne", (c, id) => c.org.admin.users.getOne({ userId: id })],
    ["able", (c, id) => c.org.admin.users.able({ userId: id })],
    ["unable", (c, id) => c.org.admin.users.unable({ userId: id })],
    ["unlock", (c, id) => c.org.admin.users.unlock({ userId: id })],
    ["stats", (c) => c.org.admin.users.stats()],
  ];

  it("refuses every call to a visitor (281) and a learner (FORBIDDEN), changing nothing", async () => {
    const db = getDb();
    const victim = await createUser(db, { status: 0 });
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000), failedLoginCount: 3 })
      .where(eq(users.id, victim.id));
    const learnerUser = await createUser(db);
    const visitor = testClient(db);
    const learner = await signedIn(db, learnerUser.id);
    for (const [name, call] of calls) {
      const v = await failure(visitor.call((c) => call(c, victim.id)));
      expect((v.err as AppError).legacyCode, name).toBe("281");
      expect(v.err.code, name).toBe("UNAUTHORIZED");
      const l = await failure(learner.call((c) => call(c, victim.id)));
      expect(l.err.code, name).toBe("FORBIDDEN");
      expect(l.message, name).toBe("您没有权限访问管理后台");
    }
    const row = await userRow(db, victim.id);
    expect(row.status).toBe(0);
    expect(row.lockedUntil).not.toBeNull();
    expect(row.failedLoginCount).toBe(3);
    await learner.call((c) => c.auth.getUser());
  });

  it("answers bad input with a Chinese BAD_REQUEST", async () => {
    const db = getDb();
    const { client } = await adminClient(db);
    const cases: [string, (c: AppCaller) => Promise<unknown>, string][] = [
      ["page size 0", (c) => c.org.admin.users.page({ pageSize: 0 }), "每页条数须在1-100之间"],
      ["page size 1000", (c) => c.org.admin.users.page({ element: 1000 }), "每页条数须在1-100之间"],
      ["page 0", (c) => c.org.admin.users.page({ pageNo: "0" }), "页码须为大于0的整数"],
      ["status 2", (c) => c.org.admin.users.page({ status: 2 }), "状态只能为0或1"],
      ["userId abc", (c) => c.org.admin.users.getOne({ userId: "abc" }), "用户ID格式不正确"],
      ["missing userId", (c) => c.org.admin.users.getOne({}), "缺少用户ID"],
      ["missing ids", (c) => c.org.admin.users.able({}), "缺少用户ID"],
      ["empty batch", (c) => c.org.admin.users.unable({ ids: [] }), "请选择用户"],
      ["bad id in batch", (c) => c.org.admin.users.unable({ ids: [1, "x"] }), "用户ID格式不正确"],
      ["unlock abc", (c) => c.org.admin.users.unlock({ userId: "abc" }), "用户ID格式不正确"],
    ];
    for (const [name, call, message] of cases) {
      const res = await failure(client.call(call));
      expect(res.err.code, name).toBe("BAD_REQUEST");
      expect(res.message, name).toBe(message);
    }
  });
});
