import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { adminMessages, adminMessageUsers, stationMessages } from "@db/schema";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { isOpenTo, userScope } from "@trpc-app/org/membership";
import type { OpenRangeEntry } from "@base/open-range";
import { usersInRange } from "@trpc-app/message/recipients";
import { createIdentity } from "../factories/identity";
import { createAdminMessage } from "../factories/message";
import { addMembership, createGroup, createRole, createTag } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

const frames = useRealtimeStub();
afterEach(() => settleUnreadPushes());

const unreadPushed = (userId: number) => frames.filter((f) => f.topic === `user/${userId}` && f.message.type === "unread").map((f) => f.message.unreadNum);

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "msg_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const zhang = await createUser(db, { loginName: "zhangmin_t", nick: "张敏", mobile: "13700000001" });
  const liu = await createUser(db, { loginName: "liuyang_t", nick: "刘洋", mobile: "13700000002" });
  const chen = await createUser(db, { loginName: "chenjing_t", nick: "陈静", mobile: "13700000003" });
  const off = await createUser(db, { loginName: "disabled_t", nick: "停用者", mobile: "13700000004", status: 0 });
  return { adminRow, admin, zhang, liu, chen, off };
}

const copies = (db: Db, id: number) =>
  db.select().from(stationMessages).where(and(eq(stationMessages.businessType, "station"), eq(stationMessages.businessId, String(id)))).orderBy(stationMessages.userId);
const learnerPage = async (db: Db, userId: number) => (await signedInClient(db, userId)).call((c) => c.message.page({ pageNo: 1, pageSize: 10 }));

async function xlsx(rows: (string | number)[][], headers = ["登录名", "手机号"]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("接收用户");
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return new File([buf], "接收用户.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

describeEachDb("station messages back office", (getDb) => {
  it("sends a draft to exactly its bound users once; sending again duplicates nothing", async () => {
    const db = getDb();
    const { admin, zhang, liu, chen } = await setup(db);
    const made = await admin.call((c) =>
      c.message.admin.add({ title: "关于年度培训的通知", content: "请于3月31日前完成必修课程。", linkUrl: "/course/center", targetType: 3 }),
    );
    expect(made).toMatchObject({ status: 0, statusText: "草稿", targetType: 3, targetText: "指定用户", linkUrl: "/course/center", recipientCount: 0, boundCount: 0 });
    expect(await admin.call((c) => c.message.admin.bind({ id: made.id, userIds: [zhang.id, liu.id] }))).toEqual({ added: 2, boundCount: 2 });
    // Binding someone again adds nobody.
    expect(await admin.call((c) => c.message.admin.bind({ id: made.id, userIds: `${liu.id}` } as never))).toEqual({ added: 0, boundCount: 2 });
    const bound = await admin.call((c) => c.message.admin.recipients({ id: made.id }));
    expect(bound.kind).toBe("bound");
    expect(bound.list.map((r) => r.loginName).sort()).toEqual(["liuyang_t", "zhangmin_t"]);

    const sent = await admin.call((c) => c.message.admin.operate({ id: made.id, status: 1 }));
    expect(sent).toMatchObject({ id: made.id, status: 1, statusText: "已发送", delivered: 2, recipientCount: 2 });
    await settleUnreadPushes();
    expect(unreadPushed(zhang.id)).toEqual([1]);
    expect(unreadPushed(chen.id)).toEqual([]);
    const rows = await copies(db, made.id);
    expect(rows.map((r) => [r.userId, r.title, r.content, r.link])).toEqual([
      [zhang.id, "关于年度培训的通知", "请于3月31日前完成必修课程。", "/course/center"],
      [liu.id, "关于年度培训的通知", "请于3月31日前完成必修课程。", "/course/center"],
    ]);
    const page = await learnerPage(db, zhang.id);
    expect(page).toMatchObject({ total: 1, unreadNum: 1, list: [{ title: "关于年度培训的通知", linkUrl: "/course/center", businessType: "station", businessId: String(made.id), isRead: 0 }] });
    expect((await learnerPage(db, chen.id)).total).toBe(0);

    // Sent again (a retry, or a second admin's click): nobody gets a second copy.
    expect(await admin.call((c) => c.message.admin.operate({ id: made.id, status: 1 }))).toMatchObject({ delivered: 0, recipientCount: 2 });
    expect(await copies(db, made.id)).toHaveLength(2);

    // Counts and read state in the list and the recipients view.
    await (await signedInClient(db, zhang.id)).call((c) => c.message.markRead({ id: page.list[0]!.id }));
    const list = await admin.call((c) => c.message.admin.page({}));
    expect(list.list[0]).toMatchObject({ id: made.id, recipientCount: 2, readCount: 1, unreadCount: 1, creatorName: "李建国" });
    expect(list.list[0]!.sentTime).toBeGreaterThan(0);
    const delivered = await admin.call((c) => c.message.admin.recipients({ id: made.id, isRead: 1 }));
    expect(delivered).toMatchObject({ kind: "delivered", total: 1, list: [{ loginName: "zhangmin_t", isRead: 1 }] });
    expect((await admin.call((c) => c.message.admin.recipients({ id: made.id, isRead: 0, keyword: "刘" }))).list.map((r) => r.nick)).toEqual(["刘洋"]);
  });

  it("reaches every enabled user, or the users of an open range read as isOpenTo reads it", async () => {
    const db = getDb();
    const { adminRow, zhang, liu, chen, off } = await setup(db);
    const all = await createAdminMessage(db, { title: "全员通知", targetType: 1, createdBy: adminRow.id, send: true });
    expect((await copies(db, all.id)).map((r) => r.userId)).toEqual([adminRow.id, zhang.id, liu.id, chen.id]);
    expect((await copies(db, all.id)).some((r) => r.userId === off.id)).toBe(false);

    const province = await createGroup(db, "浙江省财政厅");
    const city = await createGroup(db, "杭州市财政局", province.id);
    const role = await createRole(db, "采购经办人");
    const tag = await createTag(db, "新入职");
    await addMembership(db, zhang.id, { groupIds: [city.id] });
    await addMembership(db, liu.id, { tagIds: [tag.id] });
    await createIdentity(db, chen.id, { areaCode: "330100" });
    const stranger = await createUser(db, { loginName: "stranger_t" });
    await addMembership(db, stranger.id, { roleIds: [role.id] });
    await addMembership(db, off.id, { groupIds: [province.id] });

    const ranges: OpenRangeEntry[][] = [
      [{ kind: "group", target: String(province.id) }],
      [{ kind: "tag", target: String(tag.id) }],
      [{ kind: "region", target: "330000" }],
      [{ kind: "region", target: "440000" }],
      [{ kind: "role", target: String(role.id) }, { kind: "group", target: String(city.id) }],
    ];
    const everyone = [adminRow, zhang, liu, chen, stranger];
    for (const range of ranges) {
      const expected: number[] = [];
      for (const u of everyone) if (isOpenTo(range, await userScope(db, u.id))) expected.push(u.id);
      expect(await usersInRange(db, range)).toEqual(expected);
    }
    const byRange = await createAdminMessage(db, { title: "浙江省内通知", targetType: 2, openRange: ranges[0]!, createdBy: adminRow.id, send: true });
    // The sub-unit's member gets it; the disabled member of the province does not.
    expect((await copies(db, byRange.id)).map((r) => r.userId)).toEqual([zhang.id]);
  });

  it("withdraws a sent message: learners no longer see it, their badge drops, read state stays for the admin", async () => {
    const db = getDb();
    const { adminRow, admin, zhang, liu } = await setup(db);
    const msg = await createAdminMessage(db, { title: "错误的通知", userIds: [zhang.id, liu.id], createdBy: adminRow.id, send: true });
    const liuPage = await learnerPage(db, liu.id);
    await (await signedInClient(db, liu.id)).call((c) => c.message.markRead({ id: liuPage.list[0]!.id }));
    // Marking read pushes Liu's count without waiting for it: let that frame land first.
    await expect.poll(() => unreadPushed(liu.id)).toContain(0);
    await settleUnreadPushes();
    frames.splice(0);

    expect(await admin.call((c) => c.message.admin.operate({ id: msg.id, status: 2 }))).toMatchObject({ status: 2, statusText: "已撤回", withdrawn: 2, recipientCount: 2 });
    await settleUnreadPushes();
    expect(unreadPushed(zhang.id)).toEqual([0]);
    // Liu had read it: his unread count did not change, so nothing is pushed to him.
    expect(unreadPushed(liu.id)).toEqual([]);
    expect(await learnerPage(db, zhang.id)).toMatchObject({ total: 0, unreadNum: 0, list: [] });
    expect((await learnerPage(db, liu.id)).total).toBe(0);
    expect(await (await signedInClient(db, zhang.id)).call((c) => c.message.unreadCount())).toEqual({ unreadNum: 0 });
    const detail = await admin.call((c) => c.message.admin.detail({ id: msg.id }));
    expect(detail).toMatchObject({ status: 2, recipientCount: 2, readCount: 1 });
    expect(detail.withdrawnTime).toBeGreaterThan(0);

    // Withdrawn is final: no second send, no second withdrawal, no edit.
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: msg.id, status: 1 })))).message).toBe("站内信已撤回，不能再次发送；可复制后重新发送");
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: msg.id, status: 2 })))).message).toBe("站内信已撤回");
    expect(await copies(db, msg.id)).toHaveLength(2);
    // Deleting it removes the hidden copies too.
    expect(await admin.call((c) => c.message.admin.del({ id: msg.id }))).toEqual({ deleted: 1 });
    expect(await copies(db, msg.id)).toHaveLength(0);
  });

  it("edits only a draft; copies keep the users; a sent message is withdrawn before it is deleted", async () => {
    const db = getDb();
    const { adminRow, admin, zhang, liu } = await setup(db);
    const draft = await createAdminMessage(db, { title: "草稿通知", userIds: [zhang.id], createdBy: adminRow.id });
    const changed = await admin.call((c) => c.message.admin.modify({ id: draft.id, title: "修改后的通知", content: "新的内容", linkUrl: "https://www.ccgp.gov.cn/", targetType: 3 }));
    expect(changed).toMatchObject({ title: "修改后的通知", content: "新的内容", linkUrl: "https://www.ccgp.gov.cn/", boundCount: 1 });
    // An old client leaving the target out keeps it (and the bound users).
    expect(await admin.call((c) => c.message.admin.modify({ id: draft.id, title: "修改后的通知", content: "新的内容", linkUrl: "https://www.ccgp.gov.cn/" }))).toMatchObject({ targetType: 3, boundCount: 1 });
    const tag = await createTag(db, "新入职");
    const ranged = await admin.call((c) => c.message.admin.add({ title: "按标签", content: "x", targetType: 2, tagIds: [String(tag.id)] }));
    expect(ranged.openRange).toEqual([{ kind: "tag", target: String(tag.id) }]);
    expect((await admin.call((c) => c.message.admin.modify({ id: ranged.id, title: "按标签（改）", content: "x" }))).openRange).toEqual([{ kind: "tag", target: String(tag.id) }]);
    expect((await admin.call((c) => c.message.admin.modify({ id: ranged.id, title: "改为全员", content: "x", targetType: 1 }))).openRange).toEqual([]);
    expect(await admin.call((c) => c.message.admin.unbind({ id: draft.id, userIds: [zhang.id] }))).toEqual({ removed: 1, boundCount: 0 });
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: draft.id, status: 1 })))).message).toBe("请先添加接收用户");
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: draft.id, status: 2 })))).message).toBe("草稿尚未发送，无需撤回");
    await admin.call((c) => c.message.admin.bind({ id: draft.id, userIds: [zhang.id, liu.id] }));
    await admin.call((c) => c.message.admin.operate({ id: draft.id, status: 1 }));

    const sentMessage = "站内信已发送，不能再修改；如需更正，请撤回后复制一份重新发送";
    expect((await rejection(admin.call((c) => c.message.admin.modify({ id: draft.id, title: "再改", content: "x", targetType: 3 })))).message).toBe(sentMessage);
    expect((await rejection(admin.call((c) => c.message.admin.bind({ id: draft.id, userIds: [adminRow.id] })))).message).toBe(sentMessage);
    expect((await rejection(admin.call((c) => c.message.admin.unbind({ id: draft.id, userIds: [zhang.id] })))).message).toBe(sentMessage);
    expect((await rejection(admin.call((c) => c.message.admin.del({ id: draft.id })))).message).toBe("「修改后的通知」已发送，请先撤回再删除");
    const [stored] = await db.select().from(adminMessages).where(eq(adminMessages.id, draft.id));
    expect(stored).toMatchObject({ title: "修改后的通知", status: 1, recipientCount: 2 });

    const copy = await admin.call((c) => c.message.admin.copy({ id: draft.id }));
    expect(copy).toMatchObject({ title: "修改后的通知（副本）", status: 0, content: "新的内容", targetType: 3, boundCount: 2, recipientCount: 0 });
    expect((await db.select().from(adminMessageUsers).where(eq(adminMessageUsers.messageId, copy.id))).map((r) => r.userId).sort((a, b) => a - b)).toEqual([zhang.id, liu.id]);
    expect(await admin.call((c) => c.message.admin.del({ ids: [copy.id] }))).toEqual({ deleted: 1 });
    expect(await db.select().from(adminMessages).where(eq(adminMessages.id, copy.id))).toHaveLength(0);

    // Bound users only make sense for 指定用户.
    const toAll = await createAdminMessage(db, { title: "全员", targetType: 1, createdBy: adminRow.id });
    expect((await rejection(admin.call((c) => c.message.admin.bind({ id: toAll.id, userIds: [zhang.id] })))).message).toBe("接收对象不是「指定用户」，请先将接收对象改为指定用户并保存");
  });

  it("answers bad input with Chinese messages and stores nothing", async () => {
    const db = getDb();
    const { admin, off } = await setup(db);
    const bad = async (input: Record<string, unknown>) => (await rejection(admin.call((c) => c.message.admin.add(input as never)))).message;
    expect(await bad({ title: " ", content: "x" })).toBe("请输入标题");
    expect(await bad({ title: "标".repeat(101), content: "x" })).toBe("标题不超过100个字符");
    expect(await bad({ title: "t" })).toBe("请输入消息内容");
    expect(await bad({ title: "t", content: "字".repeat(5001) })).toBe("消息内容不超过5000个字符");
    for (const link of ["javascript:alert(1)", "//evil.example.com/x", "ftp://a.b/c", "course/center", "/a b"]) expect(await bad({ title: "t", content: "x", linkUrl: link })).toBe("跳转链接须为站内路径（以 / 开头）或 http(s) 网址");
    expect(await bad({ title: "t", content: "x", targetType: 4 })).toBe("接收对象只能为 1 全部用户、2 开放范围、3 指定用户");
    expect(await bad({ title: "t", content: "x", targetType: 2 })).toBe("请选择接收的开放范围（角色、组织、标签或地区）");
    expect(await bad({ title: "t", content: "x", targetType: 2, roleIds: "999" })).toBe("所选角色不存在或已删除，请重新选择");
    expect(await bad({ title: "t", content: "x", targetType: 2, areaCodes: "浙江" })).toBe("地区编码格式不正确");
    expect(await db.select().from(adminMessages)).toHaveLength(0);

    const msg = await admin.call((c) => c.message.admin.add({ title: "t", content: "x", targetType: 3 }));
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: msg.id, status: 3 } as never)))).message).toBe("操作只能为 1 发送 或 2 撤回");
    expect((await rejection(admin.call((c) => c.message.admin.operate({ status: 1 } as never)))).message).toBe("缺少站内信ID");
    expect((await rejection(admin.call((c) => c.message.admin.operate({ id: 999, status: 1 })))).message).toBe("站内信不存在或已删除");
    expect((await rejection(admin.call((c) => c.message.admin.bind({ id: msg.id } as never)))).message).toBe("请选择用户");
    expect((await rejection(admin.call((c) => c.message.admin.bind({ id: msg.id, userIds: [987654] })))).message).toBe("所选用户不存在，请刷新后重试");
    expect((await rejection(admin.call((c) => c.message.admin.bind({ id: msg.id, userIds: [off.id] })))).message).toBe("所选用户中有已停用的账号：停用者");
    expect((await rejection(admin.call((c) => c.message.admin.page({ status: 5 } as never)))).message).toBe("状态只能为 0 草稿、1 已发送、2 已撤回");
    expect((await rejection(admin.call((c) => c.message.admin.del({})))).message).toBe("请选择要删除的站内信");
  });

  it("binds users by account, and imports an .xlsx with good and bad rows and a downloadable error report", async () => {
    const db = getDb();
    const { admin, zhang, liu, chen } = await setup(db);
    const msg = await admin.call((c) => c.message.admin.add({ title: "导入通知", content: "x", targetType: 3 }));
    expect(await admin.call((c) => c.message.admin.bindAccounts({ id: msg.id, accounts: "ZHANGMIN_T\n13700000002, nobody_x 13700000004" } as never))).toEqual({
      added: 2,
      matched: 2,
      notFound: ["nobody_x"],
      disabled: ["13700000004"],
      boundCount: 2,
    });

    const file = await xlsx([
      ["chenjing_t", ""],
      ["", "13700000001"],
      ["nobody_y", ""],
      ["disabled_t", ""],
      ["chenjing_t", "13700000003"],
      ["", "1370000"],
      ["liuyang_t", "13700000001"],
      ["", ""],
    ]);
    const done = await admin.call((c) => c.message.admin.importExcel({ id: msg.id, file, wait: true }));
    expect(done).toMatchObject({ status: "done", total: 7, processed: 7, succeeded: 2, added: 1, failed: 5, percent: 100 });
    expect(done.errorRows).toEqual([
      { row: 4, loginName: "nobody_y", mobile: "", error: "登录名不存在" },
      { row: 5, loginName: "disabled_t", mobile: "", error: "用户已停用" },
      { row: 6, loginName: "chenjing_t", mobile: "13700000003", error: "与第2行重复" },
      { row: 7, loginName: "", mobile: "1370000", error: "手机号格式不正确" },
      { row: 8, loginName: "liuyang_t", mobile: "13700000001", error: "登录名与手机号不属于同一用户" },
    ]);
    const ids = (await db.select().from(adminMessageUsers).where(eq(adminMessageUsers.messageId, msg.id))).map((r) => r.userId).sort((a, b) => a - b);
    expect(ids).toEqual([zhang.id, liu.id, chen.id]);
    expect((await admin.call((c) => c.message.admin.detail({ id: msg.id }))).lastImport).toMatchObject({ jobId: done.jobId, succeeded: 2, failed: 5 });

    const report = await admin.call((c) => c.message.admin.importErrors({ id: msg.id }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(report.base64, "base64") as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, "行号", "登录名", "手机号", "错误原因"]);
    expect(ws.rowCount).toBe(6);
    expect(ws.getRow(2).values).toEqual([undefined, 4, "nobody_y", "", "登录名不存在"]);

    // A sheet without the headers, a file that is not Excel, an empty sheet, no file.
    const refused = async (file: unknown) => (await rejection(admin.call((c) => c.message.admin.importExcel({ id: msg.id, file } as never)))).message;
    expect(await refused(await xlsx([["a"]], ["姓名"]))).toBe("表头须包含「登录名」或「手机号」列");
    expect(await refused(new File(["not excel"], "a.xlsx"))).toBe("文件无法读取，请上传 .xlsx 格式的 Excel 文件");
    expect(await refused(await xlsx([]))).toBe("文件中没有可导入的数据");
    expect(await refused("x")).toBe("请选择要导入的 Excel 文件");
  });

  it("refuses learners (403) and visitors (281)", async () => {
    const db = getDb();
    const { adminRow, zhang } = await setup(db);
    const msg = await createAdminMessage(db, { title: "内部通知", userIds: [zhang.id], createdBy: adminRow.id });
    const learner = await signedInClient(db, zhang.id);
    for (const call of [
      () => learner.call((c) => c.message.admin.page({})),
      () => learner.call((c) => c.message.admin.add({ title: "t", content: "x" })),
      () => learner.call((c) => c.message.admin.operate({ id: msg.id, status: 1 })),
      () => learner.call((c) => c.message.admin.recipients({ id: msg.id })),
      () => learner.call((c) => c.message.admin.bind({ id: msg.id, userIds: [zhang.id] })),
    ]) {
      const e = await rejection(call());
      expect(e.legacyCode).toBe("403");
      expect(e.message).toBe("您没有权限访问管理后台");
    }
    expect((await rejection(testClient(db).call((c) => c.message.admin.page({})))).legacyCode).toBe("281");
    expect(await copies(db, msg.id)).toHaveLength(0);
    const [stored] = await db.select().from(adminMessages).where(eq(adminMessages.id, msg.id));
    expect(stored!.status).toBe(0);
  });
});
