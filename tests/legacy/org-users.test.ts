import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { sessions, users } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { handleLegacy } from "@trpc-app/legacy/handler";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";

const BASE = "http://127.0.0.1:3000/api/elearning/back/user";

async function post(db: Db, path: string, body: unknown, token?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.cookie = `cy_session=${token}`;
  const res = await handleLegacy(new Request(`${BASE}/${path}`, { method: "POST", headers, body: JSON.stringify(body) }), db);
  return { status: res.status, body: (await res.json()) as { code: number | string; success: boolean; message: string; data: any } };
}

async function admin(db: Db) {
  const user = await createUser(db, { loginName: "legacy_admin", isAdmin: 1 });
  return (await createSession(db, user.id)).token;
}

describeEachDb("legacy back/user", (getDb) => {
  it("pages users in the envelope with page/element or pageNo/pageSize", async () => {
    const db = getDb();
    const token = await admin(db);
    for (let i = 0; i < 6; i++) await createUser(db, { nick: `学员甲${i}` });
    const res = await post(db, "page", { pageNo: 1, pageSize: 5, keyword: "学员甲" }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true, data: { total: 6, pageNo: 1, pageSize: 5 } });
    expect(res.body.data.list).toHaveLength(5);
    const first = res.body.data.list[0];
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining([
        "userId",
        "loginName",
        "nick",
        "mobile",
        "status",
        "isAdmin",
        "isTeacher",
        "isPurchaser",
        "isComplete",
        "locked",
        "lastLoginAt",
        "createdAt",
      ])
    );
    expect(typeof first.createdAt).toBe("number");
    expect(first.mobile).toMatch(/^\d{11}$/);
    expect(first).not.toHaveProperty("passwordHash");

    const old = await post(db, "page", { page: 2, element: 5 }, token);
    expect(old.body.data).toMatchObject({ total: 7, pageNo: 2, pageSize: 5 });
    expect(old.body.data.list).toHaveLength(2);
  });

  it("reads, disables, enables and unlocks through the old paths", async () => {
    const db = getDb();
    const token = await admin(db);
    const u = await createUser(db);
    await db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 60_000), failedLoginCount: 2 })
      .where(eq(users.id, u.id));
    await createSession(db, u.id);

    expect((await post(db, "getOne", { id: u.id }, token)).body.data).toMatchObject({ userId: u.id, locked: true });
    expect((await post(db, "unable", { ids: [u.id] }, token)).body).toMatchObject({ code: 200, success: true });
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
    expect((await post(db, "able", { userId: String(u.id) }, token)).body.success).toBe(true);
    const unlocked = await post(db, "unlockUser", { userId: u.id }, token);
    expect(unlocked.body.data).toMatchObject({ locked: false, failedLoginCount: 0, status: 1 });
  });

  it("answers refusals and bad input in the envelope", async () => {
    const db = getDb();
    const token = await admin(db);
    const learner = await createUser(db);
    const learnerToken = (await createSession(db, learner.id)).token;

    expect((await post(db, "page", {})).body).toMatchObject({ code: 281, success: false });
    expect((await post(db, "page", {}, learnerToken)).body).toMatchObject({ code: 403, success: false, message: "您没有权限访问管理后台" });
    expect((await post(db, "page", { pageSize: 0 }, token)).body).toMatchObject({
      code: 400,
      success: false,
      message: "每页条数须在1-100之间",
    });
    expect((await post(db, "getOne", { userId: "abc" }, token)).body).toMatchObject({ success: false, message: "用户ID格式不正确" });
    expect((await post(db, "unlockUser", {}, token)).body).toMatchObject({ success: false, message: "缺少用户ID" });
    expect((await post(db, "getOne", { userId: 424242 }, token)).body).toMatchObject({
      code: 404,
      success: false,
      message: "用户不存在或已删除",
    });
  });
});
