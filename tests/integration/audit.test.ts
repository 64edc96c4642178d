import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { auditLogs, tags, users } from "@db/schema";
import { categoryOf, redact } from "@trpc-app/tool/audit.service";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function setup(db: Db) {
  const adminUser = await createUser(db, { isAdmin: 1, nick: "李建国", loginName: "lijianguo" });
  const learnerUser = await createUser(db, { nick: "王晓雯", loginName: "wangxw", password: "Caiyun@2026pass" });
  return {
    adminUser,
    learnerUser,
    admin: await signedInClient(db, adminUser.id, { ip: "10.1.2.3" }),
    learner: await signedInClient(db, learnerUser.id, { ip: "10.9.9.9" }),
  };
}
const entries = (db: Db) => db.select().from(auditLogs).orderBy(auditLogs.id);

describeEachDb("the audit log", (getDb) => {
  it("a back-office write is recorded once with who, where, what and the fields given", async () => {
    const db = getDb();
    const { admin, adminUser } = await setup(db);
    const tag = await admin.call((c) => c.org.admin.tags.create({ name: "省级评审专家", remark: "2026年度" }));
    await admin.call((c) => c.org.admin.tags.modify({ id: tag.id, name: "省级评审专家（新）" }));
    // Reading leaves nothing.
    await admin.call((c) => c.org.admin.tags.list({}));
    const rows = await entries(db);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actorId: adminUser.id, actorName: "李建国", ip: "10.1.2.3", category: "create", action: "org.admin.tags.create", entity: "org", entityId: String(tag.id), outcome: 1 });
    expect(rows[0]!.changes).toEqual({ name: "省级评审专家", remark: "2026年度" });
    expect(rows[1]).toMatchObject({ category: "edit", action: "org.admin.tags.modify", entityId: String(tag.id) });
  });

  it("a change that fails leaves no entry, and its half-done writes are rolled back with it", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    await admin.call((c) => c.org.admin.tags.create({ name: "采购人代表" }));
    expect((await rejection(admin.call((c) => c.org.admin.tags.create({ name: "采购人代表" })))).message).toContain("已存在");
    expect((await rejection(admin.call((c) => c.org.admin.tags.modify({ id: 999999, name: "不存在" })))).message).toBeTruthy();
    // Bad input is refused before anything runs.
    await rejection(admin.call((c) => c.org.admin.tags.create({ name: "" })));
    expect(await entries(db)).toHaveLength(1);
    expect(await db.select().from(tags)).toHaveLength(1);
  });

  it("parallel writes each get exactly one entry", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const names = Array.from({ length: 8 }, (_, i) => `并发标签${i + 1}`);
    const settled = await Promise.allSettled([...names, ...names].map((name) => admin.call((c) => c.org.admin.tags.create({ name }))));
    const made = settled.filter((s) => s.status === "fulfilled").length;
    expect(made).toBe(8);
    expect(await db.select().from(tags)).toHaveLength(8);
    const rows = await entries(db);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((r) => r.entityId)).size).toBe(8);
  });

  it("passwords, codes and identity numbers never reach the log", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const added = await admin.call((c) => c.org.admin.users.add({ loginName: "zhaomin01", nick: "赵敏", mobile: "13912345678", password: "Secret@2026x", isAdmin: 1 }));
    const rows = await entries(db);
    const add = rows.find((r) => r.action === "org.admin.users.add")!;
    expect(add.changes).toMatchObject({ loginName: "zhaomin01", password: "***" });
    expect(JSON.stringify(rows)).not.toContain("Secret@2026x");
    // Granting admin rights is a security event of its own, in the same transaction.
    expect(rows.find((r) => r.action === "admin.granted")).toMatchObject({ category: "security", entityId: String(added.userId) });
    expect(redact({ idCardNo: "110101199003070011", nested: { smsCode: "123456", captcha: "ab12" }, note: "x".repeat(600) })).toEqual({
      idCardNo: "***",
      nested: { smsCode: "***", captcha: "***" },
      note: `${"x".repeat(500)}…（共600字）`,
    });
  });

  it("a learner at a back-office write is refused, and the attempt is recorded", async () => {
    const db = getDb();
    const { learner, learnerUser } = await setup(db);
    expect((await rejection(learner.call((c) => c.org.admin.tags.create({ name: "越权标签" })))).code).toBe("FORBIDDEN");
    // A learner reading a back-office list is refused without an entry; a visitor is refused before anything.
    await rejection(learner.call((c) => c.tool.admin.audit.page({})));
    await rejection(testClient(db).call((c) => c.org.admin.tags.create({ name: "访客标签" })));
    const rows = await entries(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: learnerUser.id, ip: "10.9.9.9", action: "org.admin.tags.create", outcome: 0, message: "您没有权限访问管理后台" });
    expect(await db.select().from(tags)).toHaveLength(0);
  });

  it("logins, failures, the lockout and a password change are security events", async () => {
    const db = getDb();
    const { learnerUser } = await setup(db);
    const visitor = testClient(db, { ip: "10.5.5.5" });
    await visitor.call((c) => c.auth.login({ authentication_type: "password", account: "wangxw", password: "Caiyun@2026pass" }));
    for (let i = 0; i < 5; i++) await rejection(visitor.call((c) => c.auth.login({ authentication_type: "password", account: "wangxw", password: "wrong-pass-1" })));
    const rows = await entries(db);
    expect(rows.filter((r) => r.action === "auth.login.success")).toHaveLength(1);
    expect(rows.filter((r) => r.action === "auth.login.failed")).toHaveLength(5);
    expect(rows.find((r) => r.action === "auth.lockout")).toMatchObject({ category: "security", actorId: learnerUser.id, ip: "10.5.5.5" });
    expect(JSON.stringify(rows)).not.toContain("wrong-pass-1");

    await db.update(users).set({ lockedUntil: null, failedLoginCount: 0 }).where(eq(users.id, learnerUser.id));
    const me = await signedInClient(db, learnerUser.id);
    await me.call((c) => c.auth.updatePassword({ oldPassword: "Caiyun@2026pass", password: "Caiyun@2027new", confirmPassword: "Caiyun@2027new" }));
    const changed = (await entries(db)).filter((r) => r.action === "auth.password.changed");
    expect(changed).toHaveLength(1);
    expect(JSON.stringify(changed)).not.toContain("Caiyun@2027new");
  });

  it("entries cannot be changed or deleted, and the page filters and exports them", async () => {
    const db = getDb();
    const { admin, adminUser } = await setup(db);
    await admin.call((c) => c.org.admin.tags.create({ name: "标签甲" }));
    await admin.call((c) => c.org.admin.tags.create({ name: "标签乙" }));
    await expect(db.execute(sql`update audit_logs set actor_name = 'someone'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    expect(await entries(db)).toHaveLength(2);

    expect(await admin.call((c) => c.tool.admin.audit.page({ actor: "李建国", category: "create" }))).toMatchObject({ total: 2, list: [{ actorId: adminUser.id, categoryName: "新增" }, {}] });
    expect(await admin.call((c) => c.tool.admin.audit.page({ category: "delete" }))).toMatchObject({ total: 0 });
    expect(await admin.call((c) => c.tool.admin.audit.page({ from: Date.now() + 3600_000 }))).toMatchObject({ total: 0 });
    expect((await rejection(admin.call((c) => c.tool.admin.audit.page({ category: "hack" as never })))).message).toBe("操作类型不正确");
    expect((await rejection(admin.call((c) => c.tool.admin.audit.page({ from: "2026-11-02", to: "2026-11-01" } as never)))).message).toBe("结束时间须晚于开始时间");
    const file = await admin.call((c) => c.tool.admin.audit.export({ category: "create" }));
    expect(file.fileName).toBe("操作日志.xlsx");
    // The export is recorded too.
    expect((await entries(db)).at(-1)).toMatchObject({ action: "tool.admin.audit.export", category: "export" });
    expect(await admin.call((c) => c.tool.admin.audit.options())).toMatchObject({ entities: ["org", "tool"] });
  });

  it("a procedure's name says what kind of write it is", () => {
    expect(categoryOf("course.admin.save", { name: "x" })).toBe("create");
    expect(categoryOf("course.admin.save", { id: 3 })).toBe("edit");
    expect(categoryOf("course.admin.remove", { id: 3 })).toBe("delete");
    expect(categoryOf("org.admin.user.importExcel", {})).toBe("import");
    expect(categoryOf("exam.admin.resultExport", {})).toBe("export");
    expect(categoryOf("message.admin.send", {})).toBe("send");
    expect(categoryOf("org.admin.user.unlock", {})).toBe("status");
  });
});
