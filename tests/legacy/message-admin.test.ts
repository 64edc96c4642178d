import ExcelJS from "exceljs";
import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/caiyun/back/message";
const G = "/api/elearning/back/caiyun/message";

// Unread counts go to a realtime process that is not running here: that only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function clientOf(db: Db, userId: number) {
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, userId)).token;
  return client;
}

async function sheet(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("接收用户");
  ws.addRow(["登录名", "手机号"]);
  for (const r of rows) ws.addRow(r);
  return new Blob([Buffer.from(await wb.xlsx.writeBuffer())], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

const ok = (body: unknown) => expect(body).toMatchObject({ code: 200, success: true, message: "成功" });

describeEachDb("legacy station message back office (back-office.md 7.7)", (getDb) => {
  it("answers every call in the envelope, from writing a message to sending and withdrawing it", async () => {
    const db = getDb();
    const admin = await createUser(db, { loginName: "msg_admin", nick: "李建国", isAdmin: 1 });
    const a = await createUser(db, { loginName: "learner_a", nick: "张敏", mobile: "13700000011" });
    const b = await createUser(db, { loginName: "learner_b", nick: "刘洋", mobile: "13700000012" });
    const client = await clientOf(db, admin.id);

    const added = await client.post(`${B}/addStationMessage`, { title: "关于年度培训的通知", content: "请按时完成学习。", linkUrl: "/course/center", targetType: "3" });
    ok(added.body);
    const id = added.body.data.id as number;
    expect(added.body.data).toMatchObject({ title: "关于年度培训的通知", status: 0, targetType: 3 });

    const modified = await client.post(`${B}/modifyStationMessage`, { id: String(id), title: "关于2026年度培训的通知", content: "请按时完成学习。", targetType: 3 });
    ok(modified.body);
    expect(modified.body.data.title).toBe("关于2026年度培训的通知");

    // A form post, as old clients send it.
    const bound = await client.call("POST", `${B}/bindStationMessage`, { form: { id: String(id), userIds: `${a.id}` } });
    ok(bound.body);
    expect(bound.body.data).toEqual({ added: 1, boundCount: 1 });
    const byAccount = await client.post(`${B}/bindStationMessage/new`, { id, accounts: ["13700000012", "ghost"] });
    ok(byAccount.body);
    expect(byAccount.body.data).toMatchObject({ added: 1, notFound: ["ghost"], boundCount: 2 });
    const unbound = await client.post(`${B}/delBindStationMessage`, { id, userIds: [b.id] });
    ok(unbound.body);
    expect(unbound.body.data).toEqual({ removed: 1, boundCount: 1 });

    const imported = await client.call("POST", `${B}/importStationMessage`, { multipart: { id: String(id), file: await sheet([["learner_b", ""], ["nobody", ""]]) } });
    ok(imported.body);
    expect(imported.body.data).toMatchObject({ status: "done", total: 2, succeeded: 1, failed: 1, errorRows: [{ row: 3, loginName: "nobody", error: "登录名不存在" }] });
    const errors = await client.get(`${G}/downloadErrorMessage`, { id });
    expect(errors.status).toBe(200);
    expect(errors.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(errors.headers.get("content-disposition")).toContain(encodeURIComponent("站内信导入失败数据"));

    const search = await client.post(`${B}/search`, { id, pageNo: "1", pageSize: "10" });
    ok(search.body);
    expect(search.body.data).toMatchObject({ kind: "bound", total: 2 });

    const sent = await client.post(`${B}/operateMessageStatus`, { id, status: "1" });
    ok(sent.body);
    expect(sent.body.data).toMatchObject({ status: 1, delivered: 2, recipientCount: 2 });
    await settleUnreadPushes();

    const detail = await client.get(`${G}/getStationMessageDetail`, { id });
    ok(detail.body);
    expect(detail.body.data).toMatchObject({ id, status: 1, statusText: "已发送", recipientCount: 2, readCount: 0, lastImport: { succeeded: 1, failed: 1 } });
    const page = await client.post(`${B}/pageStationMessageList`, { pageNo: "1", pageSize: "10", status: "1" });
    ok(page.body);
    expect(page.body.data).toMatchObject({ total: 1, pageNo: 1, pageSize: 10, list: [{ id, recipientCount: 2 }] });

    const withdrawn = await client.post(`${B}/operateMessageStatus`, { id, status: 2 });
    ok(withdrawn.body);
    expect(withdrawn.body.data).toMatchObject({ status: 2, withdrawn: 2 });
    await settleUnreadPushes();
    const deleted = await client.post(`${B}/delStationMessage`, { id });
    ok(deleted.body);
    expect(deleted.body.data).toEqual({ deleted: 1 });
  });

  it("answers refusals and bad input in the envelope", async () => {
    const db = getDb();
    const learner = await createUser(db, { loginName: "learner_c" });
    const admin = await createUser(db, { loginName: "msg_admin2", isAdmin: 1 });
    expect((await legacyClient(db).post(`${B}/pageStationMessageList`, {})).body).toMatchObject({ success: false, code: 281 });
    const asLearner = await clientOf(db, learner.id);
    expect((await asLearner.post(`${B}/addStationMessage`, { title: "t", content: "x" })).body).toMatchObject({ success: false, code: 403, message: "您没有权限访问管理后台" });
    expect((await asLearner.get(`${G}/getStationMessageDetail`, { id: 1 })).body).toMatchObject({ success: false, code: 403 });
    const client = await clientOf(db, admin.id);
    expect((await client.post(`${B}/addStationMessage`, { title: "", content: "x" })).body).toMatchObject({ success: false, code: 400, message: "请输入标题" });
    expect((await client.post(`${B}/addStationMessage`, { title: "t", content: "x", linkUrl: "javascript:alert(1)" })).body).toMatchObject({ success: false, message: "跳转链接须为站内路径（以 / 开头）或 http(s) 网址" });
    expect((await client.get(`${G}/getStationMessageDetail`, { id: "abc" })).body).toMatchObject({ success: false, message: "站内信ID格式不正确" });
    expect((await client.get(`${G}/getStationMessageDetail`, { id: 42 })).body).toMatchObject({ success: false, code: 404, message: "站内信不存在或已删除" });
    expect((await client.get(`${G}/downloadErrorMessage`, { id: 42 })).body).toMatchObject({ success: false, message: "该站内信还没有导入记录" });
    expect((await client.post(`${B}/operateMessageStatus`, { id: 1, status: "9" })).body).toMatchObject({ success: false, message: "操作只能为 1 发送 或 2 撤回" });
    expect((await client.call("POST", `${B}/importStationMessage`, { multipart: { id: "1" } })).body).toMatchObject({ success: false, message: "请选择要导入的 Excel 文件" });
  });
});
