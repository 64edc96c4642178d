import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examMembers, exams, sessions, userGroups, userIdentities, userImportJobs, userRoles, users } from "@db/schema";
import { maskIdNo } from "@base/format";
import { verifyPassword } from "@trpc-app/auth/password";
import { createGroup, createPrivileges, createRole } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const row = async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

async function xlsx(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("用户");
  ws.addRow(["登录名", "昵称", "手机号", "初始密码", "组织", "角色"]);
  for (const r of rows) ws.addRow(r);
  return new File([await wb.xlsx.writeBuffer()], "用户导入.xlsx", {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
}

describeEachDb("org user administration", (getDb) => {
  it("refuses visitors and learners on every admin call", async () => {
    const db = getDb();
    const learner = await createUser(db);
    const visitor = testClient(db);
    const asLearner = await signedInClient(db, learner.id);
    const calls: Array<(c: any) => Promise<unknown>> = [
      (c) => c.org.admin.users.add({ loginName: "x_user", nick: "某人" }),
      (c) => c.org.admin.users.update({ userId: learner.id, nick: "改名" }),
      (c) => c.org.admin.users.del({ userId: learner.id }),
      (c) => c.org.admin.users.getUser({ userId: learner.id }),
      (c) => c.org.admin.users.addRoleAndGroup({ userIds: [learner.id], groupIds: [1] }),
      (c) => c.org.admin.users.resetAuthInfo({ userId: learner.id }),
      (c) => c.org.admin.users.importProgress({ id: 1 }),
      (c) => c.org.admin.users.privilege.userApp(),
      (c) => c.org.admin.group.add({ name: "某单位" }),
      (c) => c.org.admin.group.tree(),
      (c) => c.org.admin.role.move({ id: 1, parentId: null }),
      (c) => c.org.admin.group.init(),
      (c) => c.org.admin.tags.create({ name: "某标签" }),
      (c) => c.org.admin.tags.list({}),
    ];
    for (const call of calls) {
      expect((await rejection(visitor.call(call))).legacyCode).toBe("281");
      const refused = await rejection(asLearner.call(call));
      expect(refused.legacyCode).toBe("403");
      expect(refused.message).toBe("您没有权限访问管理后台");
    }
    expect((await row(db, learner.id)).nick).toBe(learner.nick);
  });

  it("adds, updates and soft-deletes users", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { loginName: "boss_admin", isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    const group = await createGroup(db, "杭州市财政局");
    const role = await createRole(db, "采购经办人");

    const made = await admin.call((c) => c.org.admin.users.add({ loginName: "wang_cg", nick: "王采购", mobile: "13611112222", groupIds: [group.id], roleIds: [role.id] }));
    expect(made.generatedPassword).toMatch(/^[A-Za-z0-9!@#$]{12}$/);
    const stored = await row(db, made.userId);
    expect(stored.registerSource).toBe("admin");
    expect(await verifyPassword(stored.passwordHash, made.generatedPassword!)).toBe(true);
    expect(await db.select().from(userGroups).where(eq(userGroups.userId, made.userId))).toHaveLength(1);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, made.userId))).toHaveLength(1);

    const given = await admin.call((c) => c.org.admin.users.add({ loginName: "li_dl", nick: "李代理", password: "Caiyun@2026ok" }));
    expect(given.generatedPassword).toBeNull();
    expect((await rejection(admin.call((c) => c.org.admin.users.add({ loginName: "WANG_CG", nick: "重名" })))).message).toBe("该用户名已被使用");
    expect((await rejection(admin.call((c) => c.org.admin.users.add({ loginName: "13611112222", nick: "手机" })))).message).toBe("用户名不能使用手机号格式");
    expect((await rejection(admin.call((c) => c.org.admin.users.add({ loginName: "ok_name", nick: "弱密码", password: "abc" })))).message).toContain("密码为10-16位");

    expect(await admin.call((c) => c.org.admin.users.checkName({ loginName: "wang_cg", mobile: "13699990000" }))).toMatchObject({ loginNameExists: true, mobileExists: false });
    expect(await admin.call((c) => c.org.admin.users.checkName({ loginName: "wang_cg", userId: made.userId }))).toMatchObject({ loginNameExists: false });

    const updated = await admin.call((c) => c.org.admin.users.update({ userId: made.userId, nick: "王经办", mobile: "13611113333", isTeacher: 1 }));
    expect(updated).toMatchObject({ nick: "王经办", mobile: "13611113333", isTeacher: 1 });
    expect(updated.groups.map((g) => g.name)).toEqual(["杭州市财政局"]);
    expect((await rejection(admin.call((c) => c.org.admin.users.update({ userId: made.userId, mobile: "13611113333", loginName: "li_dl" })))).message).toBe("该用户名已被使用");
    expect((await rejection(admin.call((c) => c.org.admin.users.update({ userId: adminUser.id, isAdmin: 0 })))).message).toBe("不能取消当前登录账号的管理员身份");

    // Soft delete: the row stays, the names are freed, the sessions end.
    await signedInClient(db, made.userId);
    await admin.call((c) => c.org.admin.users.del({ ids: [made.userId] }));
    const gone = await row(db, made.userId);
    expect(gone.status).toBe(-1);
    expect(gone.loginName).toMatch(/^del_/);
    expect(gone.mobile).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, made.userId))).toHaveLength(0);
    const page = await admin.call((c) => c.org.admin.users.page({ keyword: "王" }));
    expect(page.total).toBe(0);
    expect((await rejection(admin.call((c) => c.org.admin.users.getUser({ userId: made.userId })))).message).toBe("用户不存在或已删除");
    expect((await admin.call((c) => c.org.admin.users.checkName({ loginName: "wang_cg" }))).loginNameExists).toBe(false);
    expect((await rejection(admin.call((c) => c.org.admin.users.del({ userId: adminUser.id })))).message).toBe("不能删除当前登录的账号");

    // Group members including sub-groups.
    const sub = await createGroup(db, "西湖区财政局", group.id);
    await admin.call((c) => c.org.admin.users.addGroup({ userIds: [given.userId], groupIds: [sub.id] }));
    const members = await admin.call((c) => c.org.admin.users.allChildPage({ groupId: group.id }));
    expect(members.list.map((u) => u.loginName)).toEqual(["li_dl"]);
    const types = await admin.call((c) => c.org.admin.users.registerType());
    expect(types.find((t) => t.code === "admin")).toMatchObject({ name: "后台添加", count: 1 });
  });

  it("lists users who have not joined an exam", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { loginName: "exam_admin", isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    const joined = await createUser(db, { nick: "已报名学员" });
    const free = await createUser(db, { nick: "未报名学员" });
    const [exam] = await db
      .insert(exams)
      .values({ name: "政府采购法实务考试", startTime: new Date(), endTime: new Date(Date.now() + 3600_000) })
      .returning();
    await db.insert(examMembers).values({ examId: exam!.id, userId: joined.id });
    const page = await admin.call((c) => c.org.admin.users.notJoinExam({ examId: exam!.id, keyword: "报名学员" }));
    expect(page.list.map((u) => u.userId)).toEqual([free.id]);
    expect((await rejection(admin.call((c) => c.org.admin.users.notJoinExam({ examId: 999999 })))).message).toBe("考试不存在或已删除");
  });

  it("resets authentication info and answers privileges", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { loginName: "boss2", isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    const learner = await createUser(db, { identitySource: 1 });
    await db.insert(userIdentities).values({ userId: learner.id, realName: "张三丰", idNo: "330106199001011234" });
    // The ID number is masked by the one rule of base/format (first and last four kept).
    expect(await admin.call((c) => c.org.admin.users.getAuthInfo({ userId: learner.id }))).toMatchObject({ isComplete: true, identitySource: 1, idNo: maskIdNo("330106199001011234") });
    await admin.call((c) => c.org.admin.users.resetAuthInfo({ userId: learner.id }));
    expect((await row(db, learner.id)).identitySource).toBe(0);

    const { ops, audit } = await createPrivileges(db, adminUser.id);
    const els = await admin.call((c) => c.org.admin.users.privilege.userElements({ pageUrl: "/admin/users" }));
    expect(els.map((e) => e.code).sort()).toEqual(["user.add", "user.import", "user.view"]);
    expect((await admin.call((c) => c.org.admin.users.privilege.userApp())).map((a) => a.code)).toEqual(["elearning-admin", "exam-monitor"]);
    await admin.call((c) => c.org.admin.users.privilege.bindPosition({ userId: adminUser.id, positionIds: [audit.id] }));
    expect((await admin.call((c) => c.org.admin.users.privilege.userPosition())).map((p) => p.id)).toEqual([audit.id]);
    expect((await admin.call((c) => c.org.admin.users.privilege.userApp())).map((a) => a.code)).toEqual(["elearning-admin", "audit-report"]);
    expect((await admin.call((c) => c.org.admin.users.privilege.allPosition({ type: 1 }))).map((p) => p.id)).toEqual([ops.id, audit.id]);
    expect(await admin.call((c) => c.org.admin.users.appList())).toHaveLength(3);
  });

  it("imports good rows, keeps bad rows with reasons and reports progress", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { loginName: "importer", isAdmin: 1 });
    await createUser(db, { loginName: "taken_name", mobile: "13500000009" });
    const admin = await signedInClient(db, adminUser.id);
    const hz = await createGroup(db, "杭州市财政局");
    const role = await createRole(db, "采购经办人");
    const file = await xlsx([
      ["zhou_cg", "周采购", "13700000001", "Caiyun@2026a", "杭州市财政局", "采购经办人"],
      ["wu_cg", "吴采购", "", "Caiyun@2026b", "", ""],
      ["taken_name", "重名者", "13700000003", "Caiyun@2026c", "", ""],
      ["bad name!", "坏名字", "13700000004", "Caiyun@2026d", "", ""],
      ["zheng_cg", "郑采购", "13500000009", "short", "不存在的单位", ""],
      ["zhou_cg", "周二", "13700000006", "Caiyun@2026e", "", ""],
    ]);
    const started = await admin.call((c) => c.org.admin.users.importExcel({ file }));
    expect(started.total).toBe(6);
    let progress = started;
    for (let i = 0; i < 200 && progress.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      progress = await admin.call((c) => c.org.admin.users.importProgress({ id: started.jobId }));
    }
    expect(progress).toMatchObject({ status: "done", total: 6, processed: 6, succeeded: 2, failed: 4, percent: 100 });
    const reasons = Object.fromEntries(progress.errorRows.map((r) => [r.row, r.error]));
    expect(reasons[4]).toBe("登录名已存在");
    expect(reasons[5]).toContain("仅限字母、数字及下划线");
    expect(reasons[6]).toContain("手机号已被注册");
    expect(reasons[6]).toContain("密码为10-16位");
    expect(reasons[6]).toContain("组织“不存在的单位”不存在");
    expect(reasons[7]).toBe("登录名已存在");

    const zhou = (await db.select().from(users).where(eq(users.loginName, "zhou_cg")))[0]!;
    expect(zhou).toMatchObject({ nick: "周采购", mobile: "13700000001", registerSource: "import" });
    expect(await verifyPassword(zhou.passwordHash, "Caiyun@2026a")).toBe(true);
    expect((await db.select().from(userGroups).where(eq(userGroups.userId, zhou.id)))[0]!.groupId).toBe(hz.id);
    expect((await db.select().from(userRoles).where(eq(userRoles.userId, zhou.id)))[0]!.roleId).toBe(role.id);
    // Passwords of refused rows are not kept.
    const job = (await db.select().from(userImportJobs).where(eq(userImportJobs.id, started.jobId)))[0]!;
    expect(JSON.stringify(job.errorRows)).not.toContain("Caiyun@2026c");

    const report = await admin.call((c) => c.org.admin.users.importErrors({ id: started.jobId }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(report.base64, "base64") as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, "行号", "登录名", "昵称", "手机号", "初始密码", "组织", "角色", "错误原因"]);
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(2).getCell(2).value).toBe("taken_name");
    expect(ws.getRow(2).getCell(8).value).toBe("登录名已存在");

    const wrong = new File([new Uint8Array([1, 2, 3])], "x.xlsx");
    expect((await rejection(admin.call((c) => c.org.admin.users.importExcel({ file: wrong })))).message).toBe("文件无法读取，请上传 .xlsx 格式的 Excel 文件");
  });
});
