import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { auditLogs, liveAppointments } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createGroup } from "../factories/org";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const T = "/api/elearning/caiyun/tool";
const ok = { code: 200, success: true, message: "成功" };

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string } = {}) {
  const user = await createUser(db, opts);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

async function sheet(values: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("用户");
  ws.addRow(["手机号"]);
  for (const v of values) ws.addRow([v]);
  return new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

describeEachDb("legacy caiyun/tool calls", (getDb) => {
  it("all 24 calls answer the envelope for an admin", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const { user: learner } = await signedIn(db, { nick: "王晓雯" });
    const { course } = await createCourse(db);
    const upcoming = await createLive(db, { liveStatus: 0 });
    const onAir = await createLive(db, { liveStatus: 1 });
    await db.insert(liveAppointments).values([{ liveId: upcoming.id, userId: learner.id }, { liveId: onAir.id, userId: learner.id }]);
    const group = await createGroup(db, "采购二处");

    const answers: Record<string, { status: number; body: any }> = {
      test: await admin.get(`${T}/test`),
      getWxJsTicket: await admin.get(`${T}/getWxJsTicket`, { url: "https://edu.example.cn/share" }),
      getCache: await admin.get(`${T}/getCache`),
      getCacheH: await admin.get(`${T}/getCacheH`, { key: "medal-qr", field: "x" }),
      sendLiveAppointmentMsg: await admin.get(`${T}/sendLiveAppointmentMsg`, { liveId: upcoming.id }),
      sendAppointmentToTimeMsgRemind: await admin.get(`${T}/sendAppointmentToTimeMsgRemind`, { liveId: onAir.id }),
      getWebSocketUser: await admin.get(`${T}/getWebSocketUser`, { userId: learner.id }),
      sendWebSocketMessage: await admin.get(`${T}/sendWebSocketMessage`, { userId: learner.id, message: "测试" }),
      removeWebSocketUser: await admin.get(`${T}/removeWebSocketUser`, { userId: learner.id }),
      pushStudyResult: await admin.get(`${T}/pushStudyResult`, { userId: learner.id, courseId: course.id }),
      sendUnPayOrderRemind: await admin.post(`${T}/sendUnPayOrderRemind`, { tradeNo: "CY20260101000001" }),
      sendEventRemind: await admin.post(`${T}/sendEventRemind`, { eventId: 999 }),
      repairExamCert: await admin.post(`${T}/repairExamCert`, { examId: 999 }),
      refreshUserLearn: await admin.post(`${T}/refreshUserLearn`, { userId: learner.id }),
      unlockLearnCourseware: await admin.post(`${T}/unlockLearnCourseware`, { userId: learner.id, courseId: course.id }),
      refreshLiveStatics: await admin.call("POST", `${T}/refreshLiveStatics`, { form: { liveId: String(onAir.id) } }),
      delCache: await admin.call("POST", `${T}/delCache`, { form: { key: "site-paths" } }),
      delCacheH: await admin.call("POST", `${T}/delCacheH`, { form: { key: "medal-qr", field: "x" } }),
      operateEsIndex: await admin.post(`${T}/operateEsIndex`, { action: "status" }),
      esOperateData: await admin.post(`${T}/esOperateData`, { type: "course", id: course.id }),
      handLive: await admin.post(`${T}/handLive`, { liveId: onAir.id, status: 2 }),
      generateRedemptionCode: await admin.post(`${T}/generateRedemptionCode`, { redemptionCodeBatchId: 999, count: 1 }),
      correctRedemption: await admin.post(`${T}/correctRedemption`, { redemptionCode: "ABCD-EFGH-JKLM", status: 2 }),
      batchImportUserToGroup: await admin.call("POST", `${T}/batchImportUserToGroup`, { multipart: { groupId: String(group.id), file: await sheet([learner.mobile!, "13000000000"]) } }),
    };
    expect(Object.keys(answers)).toHaveLength(24);
    for (const [name, a] of Object.entries(answers)) {
      expect(a.status, name).not.toBe(404);
      expect(a.body, name).toMatchObject({ code: expect.anything(), message: expect.any(String), success: expect.any(Boolean) });
      expect(a.body, name).toHaveProperty("data");
      if (!a.body.success) expect(a.body.message, name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(answers.test!.body).toMatchObject({ ...ok, data: { ok: 1, version: expect.any(String) } });
    expect(answers.getWxJsTicket!.body).toMatchObject({ success: false, message: "未配置微信公众号（WX_APP_ID），无法获取 JS-SDK 票据" });
    expect(answers.sendLiveAppointmentMsg!.body).toMatchObject({ ...ok, data: { sent: 1 } });
    expect(answers.sendAppointmentToTimeMsgRemind!.body).toMatchObject({ ...ok, data: { sent: 1 } });
    expect(answers.refreshUserLearn!.body).toMatchObject({ ...ok, data: { userId: learner.id } });
    expect(answers.unlockLearnCourseware!.body).toMatchObject({ ...ok, data: { unlocked: false } });
    expect(answers.refreshLiveStatics!.body).toMatchObject({ ...ok, data: { liveId: onAir.id } });
    expect(answers.delCache!.body).toMatchObject({ ...ok, data: { deleted: 1 } });
    expect(answers.operateEsIndex!.body).toMatchObject({ ...ok, data: { action: "status" } });
    expect(answers.esOperateData!.body).toMatchObject({ ...ok, data: { searchable: true } });
    expect(answers.handLive!.body).toMatchObject({ ...ok, data: { liveStatus: 2 } });
    expect(answers.pushStudyResult!.body).toMatchObject({ ...ok, data: { pushed: 0 } });
    expect(answers.batchImportUserToGroup!.body).toMatchObject({ ...ok, data: { matched: 1, failed: 1 } });
    expect(answers.correctRedemption!.body).toMatchObject({ success: false, message: "兑换码不存在" });
    // No realtime process in this test: a clear refusal, not a 404 or a 500.
    expect(answers.getWebSocketUser!.body).toMatchObject({ success: false, message: expect.stringContaining("实时服务未连接") });
    // The state-changing GETs ran as the admin's writes and were recorded.
    const actions = (await db.select().from(auditLogs).where(eq(auditLogs.outcome, 1))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["tool.tools.sendLiveAppointmentMsg", "tool.tools.sendAppointmentToTimeMsgRemind", "tool.tools.pushStudyResult", "tool.tools.refreshUserLearn"]));
    // GET sendWebSocketMessage only previews: nothing was sent, nothing recorded.
    expect(actions).not.toContain("tool.tools.sendWebSocketMessage");
  });

  it("a learner is refused, and a visitor asked to log in", async () => {
    const db = getDb();
    const { client: learner, user } = await signedIn(db, { nick: "王晓雯" });
    for (const answer of [
      await learner.get(`${T}/test`),
      await learner.get(`${T}/sendLiveAppointmentMsg`, { liveId: 1 }),
      await learner.post(`${T}/refreshUserLearn`, { userId: user.id }),
      await learner.post(`${T}/delCache`, { key: "site-paths" }),
    ]) {
      expect(answer.body).toMatchObject({ success: false, message: "您没有权限访问管理后台" });
    }
    expect((await legacyClient(db).get(`${T}/test`)).body).toMatchObject({ success: false, code: 281 });
    const refused = await db.select().from(auditLogs).where(eq(auditLogs.outcome, 0));
    expect(refused.map((r) => r.action).sort()).toEqual(["tool.tools.delCache", "tool.tools.refreshUserLearn", "tool.tools.sendLiveAppointmentMsg"]);
  });

  it("bad input answers in Chinese", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    expect((await admin.post(`${T}/refreshUserLearn`, { userId: "abc" })).body).toMatchObject({ success: false, message: "学员ID格式不正确" });
    expect((await admin.post(`${T}/handLive`, { liveId: 1 })).body).toMatchObject({ success: false, message: "缺少直播状态" });
    expect((await admin.get(`${T}/getCacheH`, { key: "x" })).body).toMatchObject({ success: false, message: "请输入字段名" });
  });
});
