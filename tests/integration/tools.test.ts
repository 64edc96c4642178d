import type { Server } from "node:http";
import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "@db/client";
import { auditLogs, liveAppointments, liveWatchRecords, redemptionCodes, stationMessages, userChapterProgress, userCourses, userGroups, userLearnClocks, users } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { closePublisher } from "@trpc-app/realtime/publish";
import { TOOLS } from "@trpc-app/tool/tools-registry";
import { NO_WECHAT } from "@trpc-app/tool/tools/misc";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { closeToolRedis, NO_REDIS } from "@trpc-app/tool/redis";
import { REALTIME_DOWN } from "@trpc-app/tool/realtime-internal";
import { resetEnvCache } from "@base/env.server";
import { USER_REMOVED_CLOSE } from "../../realtime/protocol";
import { createCourse } from "../factories/course";
import { createLive } from "../factories/live";
import { createGroup } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { createTestDb, describeEachDb } from "../helpers/db";
import { startRealtimeUnderTest } from "../helpers/realtime-process";
import { inbox } from "../helpers/sockets";
import { startTrpcApp } from "../helpers/trpc-app-server";

async function setup(db: Db) {
  const adminUser = await createUser(db, { isAdmin: 1, nick: "李建国" });
  const learnerUser = await createUser(db, { nick: "王晓雯" });
  return { adminUser, learnerUser, admin: await signedInClient(db, adminUser.id), learner: await signedInClient(db, learnerUser.id, { ip: "10.9.9.9" }) };
}

async function sheet(header: string, values: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("用户");
  ws.addRow([header]);
  for (const v of values) ws.addRow([v]);
  return new File([(await wb.xlsx.writeBuffer()) as ArrayBuffer], "用户.xlsx");
}

describeEachDb("diagnostic tools", (getDb) => {
  it("lists all 24 tools by group, and the thin ones answer", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const groups = await admin.call((c) => c.tool.tools.list());
    const codes = groups.flatMap((g) => g.tools.map((t) => t.code));
    expect(codes.sort()).toEqual(Object.keys(TOOLS).sort());
    expect(codes).toHaveLength(24);
    expect(groups[0]).toMatchObject({ group: "system", title: "系统", tools: [{ code: "test", title: "系统自检", fields: [] }, { code: "getWxJsTicket" }] });
    expect(await admin.call((c) => c.tool.tools.test({}))).toMatchObject({ ok: 1, time: expect.any(Number), version: expect.any(String) });
    expect((await rejection(admin.call((c) => c.tool.tools.getWxJsTicket({})))).message).toBe(NO_WECHAT);
  });

  it("a learner is refused every tool, and an attempt at one that changes something is recorded", async () => {
    const db = getDb();
    const { learner, learnerUser } = await setup(db);
    expect((await rejection(learner.call((c) => c.tool.tools.refreshUserLearn({ userId: learnerUser.id })))).code).toBe("FORBIDDEN");
    expect((await rejection(learner.call((c) => c.tool.tools.test({})))).code).toBe("FORBIDDEN");
    expect((await rejection(learner.call((c) => c.tool.tools.list()))).code).toBe("FORBIDDEN");
    const rows = await db.select().from(auditLogs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: learnerUser.id, ip: "10.9.9.9", action: "tool.tools.refreshUserLearn", outcome: 0, message: "您没有权限访问管理后台" });
  });

  it("bad input is refused in Chinese before anything runs", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    expect((await rejection(admin.call((c) => c.tool.tools.refreshUserLearn({ userId: "abc" } as never)))).message).toBe("学员ID格式不正确");
    expect((await rejection(admin.call((c) => c.tool.tools.handLive({ liveId: 1, status: 5 } as never)))).message).toBe("直播状态须为1（开始直播）或2（结束直播）");
    expect((await rejection(admin.call((c) => c.tool.tools.getWebSocketUser({} as never)))).message).toBe("请输入学员ID或直播ID");
    expect((await rejection(admin.call((c) => c.tool.tools.operateEsIndex({ action: "drop" } as never)))).message).toContain("status");
    expect((await rejection(admin.call((c) => c.tool.tools.batchImportUserToGroup({ groupId: 1 } as never)))).message).toBe("请选择要导入的 Excel 文件");
    expect(await db.select().from(auditLogs)).toHaveLength(0);
  });

  it("refreshUserLearn recomputes a learner's courses and totals from the records, and a second run changes nothing", async () => {
    const db = getDb();
    const { admin, learnerUser, adminUser } = await setup(db);
    const { course, sections } = await createCourse(db, { name: "政府采购法规精讲", chapters: [{ name: "第一章", sections: [{ name: "1.1", duration: 600 }, { name: "1.2", duration: 400 }] }] });
    await db.insert(userCourses).values({ userId: learnerUser.id, courseId: course.id, progress: 10, learnSeconds: 100 });
    for (const s of sections) await db.insert(userChapterProgress).values({ userId: learnerUser.id, chapterId: s.id, courseId: course.id, watchedSeconds: s.duration, maxPosition: s.duration, lastPosition: s.duration, completed: 1, completedAt: new Date() });
    const first = await admin.call((c) => c.tool.tools.refreshUserLearn({ userId: learnerUser.id }));
    expect(first).toMatchObject({ changed: true, before: { learnTime: 0, learnLesson: 0 }, after: { learnTime: 1000, learnHour: 0, learnLesson: 1 }, fixedCourses: [{ courseId: course.id, progress: [10, 100], learnSeconds: [100, 1000], completed: [0, 1] }] });
    const [uc] = await db.select().from(userCourses).where(eq(userCourses.userId, learnerUser.id));
    expect(uc).toMatchObject({ completed: 1, progress: 100, learnSeconds: 1000 });
    const [u] = await db.select().from(users).where(eq(users.id, learnerUser.id));
    expect(u).toMatchObject({ learnTime: 1000, learnLesson: 1, learnHour: 0 });
    const second = await admin.call((c) => c.tool.tools.refreshUserLearn({ userId: learnerUser.id }));
    expect(second).toMatchObject({ changed: false, fixedCourses: [], before: { learnTime: 1000, learnLesson: 1 } });
    const entries = await db.select().from(auditLogs);
    expect(entries.map((e) => e.action)).toEqual(["tool.tools.refreshUserLearn", "tool.tools.refreshUserLearn"]);
    expect(entries[0]).toMatchObject({ actorId: adminUser.id, outcome: 1, entityId: String(learnerUser.id) });
  });

  it("unlockLearnCourseware sets a study clock standing in the future back to now, once", async () => {
    const db = getDb();
    const { admin, learnerUser } = await setup(db);
    const { course } = await createCourse(db);
    await db.insert(userCourses).values({ userId: learnerUser.id, courseId: course.id });
    await db.insert(userLearnClocks).values({ userId: learnerUser.id, lastCountedAt: new Date(Date.now() + 86_400_000) });
    const first = await admin.call((c) => c.tool.tools.unlockLearnCourseware({ userId: learnerUser.id, courseId: course.id }));
    expect(first).toMatchObject({ unlocked: true, message: "已解锁：学员的学习时长将继续累计" });
    expect(first.checked).toContain("课程学习资格正常");
    const [clock] = await db.select().from(userLearnClocks).where(eq(userLearnClocks.userId, learnerUser.id));
    expect(clock!.lastCountedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await admin.call((c) => c.tool.tools.unlockLearnCourseware({ userId: learnerUser.id, courseId: course.id }))).toMatchObject({ unlocked: false, message: "未发现被锁定的学习进度" });
  });

  it("correctRedemption voids, restores and refuses what it must, and repeats change nothing", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const { course } = await createCourse(db);
    const batch = await admin.call((c) => c.redeem.admin.create({ name: "年度兑换", goodsType: 1, goodsId: course.id, count: 2, validFrom: "2026-01-01 00:00", validTo: "2099-12-31 23:59:59" } as never));
    const [code] = await db.select().from(redemptionCodes).where(eq(redemptionCodes.batchId, batch.id)).limit(1);
    const run = (status: number) => admin.call((c) => c.tool.tools.correctRedemption({ redemptionCode: code!.code, status }));
    expect(await run(2)).toMatchObject({ before: 0, after: 2, changed: true });
    expect(await run(2)).toMatchObject({ after: 2, changed: false });
    expect(await run(0)).toMatchObject({ before: 2, after: 0, changed: true });
    expect(await run(0)).toMatchObject({ changed: false });
    expect((await rejection(run(1))).message).toBe("该兑换码没有兑换记录，不能改为已兑换（须由学员兑换）");
    expect(await admin.call((c) => c.tool.tools.generateRedemptionCode({ redemptionCodeBatchId: batch.id, count: 3 }))).toMatchObject({ added: 3, count: 5 });
  });

  it("refreshLiveStatics rescores the records once and reads the figures; handLive stops a live once", async () => {
    const db = getDb();
    const { admin, learnerUser } = await setup(db);
    const live = await createLive(db, { liveStatus: 1 });
    await db.insert(liveWatchRecords).values({ liveId: live.id, userId: learnerUser.id, entryCount: 2, watchSeconds: 1200, interactions: 3, score: 999 });
    const first = await admin.call((c) => c.tool.tools.refreshLiveStatics({ liveId: live.id }));
    expect(first).toMatchObject({ rescored: 1, figures: { viewerNum: 1, entryNum: 2, watchSeconds: 1200, interactions: 3, totalScore: 23 } });
    expect(await admin.call((c) => c.tool.tools.refreshLiveStatics({ liveId: live.id }))).toMatchObject({ rescored: 0, figures: { totalScore: 23 } });
    expect(await admin.call((c) => c.tool.tools.handLive({ liveId: live.id, status: 2 }))).toMatchObject({ liveStatus: 2 });
    expect(await admin.call((c) => c.tool.tools.handLive({ liveId: live.id, status: 2 }))).toMatchObject({ liveStatus: 2 });
    expect((await rejection(admin.call((c) => c.tool.tools.handLive({ liveId: live.id, status: 1 })))).message).toBe("直播已结束，不能再次开始");
  });

  it("the appointment reminders go once per learner", async () => {
    const db = getDb();
    const { admin, learnerUser } = await setup(db);
    const upcoming = await createLive(db, { liveStatus: 0, name: "采购合同管理" });
    const onAir = await createLive(db, { liveStatus: 1, name: "政府采购答疑" });
    await db.insert(liveAppointments).values([{ liveId: upcoming.id, userId: learnerUser.id }, { liveId: onAir.id, userId: learnerUser.id }]);
    expect(await admin.call((c) => c.tool.tools.sendLiveAppointmentMsg({ liveId: upcoming.id }))).toMatchObject({ appointed: 1, sent: 1 });
    expect(await admin.call((c) => c.tool.tools.sendLiveAppointmentMsg({ liveId: upcoming.id }))).toMatchObject({ appointed: 1, sent: 0 });
    expect(await admin.call((c) => c.tool.tools.sendAppointmentToTimeMsgRemind({ liveId: onAir.id }))).toMatchObject({ sent: 1 });
    expect(await admin.call((c) => c.tool.tools.sendAppointmentToTimeMsgRemind({ liveId: onAir.id }))).toMatchObject({ sent: 0 });
    expect((await rejection(admin.call((c) => c.tool.tools.sendAppointmentToTimeMsgRemind({ liveId: upcoming.id })))).message).toBe("直播未在进行中，不能发送开播通知");
    const messages = await db.select().from(stationMessages).where(eq(stationMessages.userId, learnerUser.id));
    expect(messages.map((m) => m.title).sort()).toEqual(["预约的直播即将开始", "预约的直播开始了"].sort());
  });

  it("batchImportUserToGroup adds the accounts a sheet names once and reports the rows it cannot match", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const a = await createUser(db, { loginName: "zhangsan01" });
    const b = await createUser(db, { mobile: "13900001111" });
    const group = await createGroup(db, "采购一处");
    const file = async () => sheet("登录名", ["zhangsan01", "13900001111", "nobody99"]);
    const first = await admin.call(async (c) => c.tool.tools.batchImportUserToGroup({ groupId: group.id, file: await file() }));
    expect(first).toMatchObject({ rows: 3, matched: 2, failed: 1, errors: [{ row: 4, value: "nobody99", reason: "未找到该登录名或手机号对应的用户" }] });
    await admin.call(async (c) => c.tool.tools.batchImportUserToGroup({ groupId: group.id, file: await file() }));
    const members = await db.select().from(userGroups).where(eq(userGroups.groupId, group.id));
    expect(members.map((m) => m.userId).sort()).toEqual([a.id, b.id].sort());
    expect((await rejection(admin.call(async (c) => c.tool.tools.batchImportUserToGroup({ groupId: group.id, file: await sheet("姓名", ["张三"]) })))).message).toBe("表格第一行须有“登录名”或“手机号”列");
  });

  it("the cache tools read and forget the in-process caches; Redis is refused clearly without REDIS_URL", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const overview = await admin.call((c) => c.tool.tools.getCache({}));
    expect("caches" in overview && overview.caches.map((x) => x.name)).toEqual(expect.arrayContaining(["medal-qr", "site-paths", "sso-provider", "face-descriptors", "order-provider-queries"]));
    expect(await admin.call((c) => c.tool.tools.getCache({ key: "medal-qr" }))).toMatchObject({ source: "memory", cache: "medal-qr", size: expect.any(Number) });
    expect(await admin.call((c) => c.tool.tools.getCacheH({ key: "medal-qr", field: "http://nowhere" }))).toMatchObject({ exists: false });
    expect(await admin.call((c) => c.tool.tools.delCache({ key: "site-paths" }))).toMatchObject({ source: "memory", deleted: 1 });
    expect(await admin.call((c) => c.tool.tools.delCacheH({ key: "medal-qr", field: "http://nowhere" }))).toMatchObject({ deleted: 0 });
    expect((await rejection(admin.call((c) => c.tool.tools.getCache({ key: "cy:session:1" })))).message).toBe(NO_REDIS);
    expect((await rejection(admin.call((c) => c.tool.tools.delCacheH({ key: "cy:h", field: "f" })))).message).toBe(NO_REDIS);
  });

  it("with REDIS_URL the cache tools read, list and delete Redis keys and hash fields", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const direct = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    direct.on("error", () => {});
    try {
      await direct.connect();
    } catch {
      console.warn(`tools: Redis at ${url} is not reachable; its cache paths were not exercised`);
      return;
    }
    const k = `cy:tooltest:${randomUUID().slice(0, 8)}`;
    process.env.REDIS_URL = url;
    resetEnvCache();
    try {
      await direct.set(`${k}:s`, "在线人数缓存", "EX", 300);
      await direct.hset(`${k}:h`, { a: "1", b: "2" });
      expect(await admin.call((c) => c.tool.tools.getCache({ key: `${k}:s` }))).toMatchObject({ source: "redis", exists: true, type: "string", value: "在线人数缓存" });
      expect(await admin.call((c) => c.tool.tools.getCache({ key: `${k}:*` }))).toMatchObject({ source: "redis", keys: expect.arrayContaining([`${k}:s`, `${k}:h`]) });
      expect(await admin.call((c) => c.tool.tools.getCacheH({ key: `${k}:h`, field: "a" }))).toMatchObject({ exists: true, value: "1" });
      expect(await admin.call((c) => c.tool.tools.delCacheH({ key: `${k}:h`, field: "a" }))).toMatchObject({ deleted: 1 });
      // Twice changes nothing the second time.
      expect(await admin.call((c) => c.tool.tools.delCacheH({ key: `${k}:h`, field: "a" }))).toMatchObject({ deleted: 0 });
      expect(await direct.hgetall(`${k}:h`)).toEqual({ b: "2" });
      expect(await admin.call((c) => c.tool.tools.delCache({ key: `${k}:s` }))).toMatchObject({ deleted: 1 });
      expect(await direct.exists(`${k}:s`)).toBe(0);
      expect((await rejection(admin.call((c) => c.tool.tools.delCache({ key: `${k}:*` })))).message).toBe("删除缓存须填写完整的键，不支持通配符");
    } finally {
      delete process.env.REDIS_URL;
      resetEnvCache();
      closeToolRedis();
      await direct.del(`${k}:s`, `${k}:h`);
      direct.disconnect();
    }
  });

  it("the search tools list the trigram indexes, rebuild them, and show what a course is found by", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const status = await admin.call((c) => c.tool.tools.operateEsIndex({ action: "status" }));
    expect(status.indexes.map((x) => x.name)).toEqual(expect.arrayContaining(["courses_name_trgm", "lives_name_trgm", "exams_name_trgm"]));
    const rebuilt = await admin.call((c) => c.tool.tools.operateEsIndex({ action: "rebuild" }));
    expect(rebuilt).toMatchObject({ action: "rebuild", count: status.count });
    const { course } = await createCourse(db, { name: "采购需求管理办法解读", teacherName: "陈立", status: 0 });
    expect(await admin.call((c) => c.tool.tools.esOperateData({ type: "course", id: course.id }))).toMatchObject({ searchableText: { name: "采购需求管理办法解读", teacherName: "陈立" }, searchable: false, reason: "搜不到：课程未发布" });
  });

  it("event results: a course bound to no event pushes nothing; an event's reminder is idempotent", async () => {
    const db = getDb();
    const { admin, learnerUser } = await setup(db);
    const { course } = await createCourse(db);
    expect(await admin.call((c) => c.tool.tools.pushStudyResult({ userId: learnerUser.id, courseId: course.id }))).toMatchObject({ pushed: 0, note: "该课程未绑定到进行中的培训活动，无需推送" });
    const e = await admin.call((c) => c.event.admin.save({ name: "2026年采购人培训", source: "hunan", associationId: 20260009, ownerName: "湖南省财政厅", webhookUrl: "https://owner.example.cn/hook", startTime: "2026-12-01 09:00:00" } as never));
    await admin.call((c) => c.event.admin.bindTrain({ id: e.id, courseIds: String(course.id), examIds: [] } as never));
    expect(await admin.call((c) => c.tool.tools.pushStudyResult({ userId: learnerUser.id, courseId: course.id }))).toMatchObject({ pushed: 0, events: [{ eventId: e.id, exams: [] }] });
    expect(await admin.call((c) => c.tool.tools.sendEventRemind({ eventId: e.id }))).toMatchObject({ made: 0, waiting: 0 });
    expect(await admin.call((c) => c.tool.tools.sendEventRemind({ eventId: e.id }))).toMatchObject({ made: 0, waiting: 0 });
    expect(await admin.call((c) => c.tool.tools.repairExamCert({ examId: 999999 }))).toEqual({ examId: 999999, passed: 0, issued: 0 });
  });

  it("the realtime tools answer clearly when the realtime process is down", async () => {
    const db = getDb();
    const { admin, learnerUser } = await setup(db);
    process.env.REALTIME_INTERNAL_URL = "http://127.0.0.1:9";
    resetEnvCache();
    try {
      expect((await rejection(admin.call((c) => c.tool.tools.getWebSocketUser({ userId: learnerUser.id })))).message).toBe(REALTIME_DOWN);
      expect((await rejection(admin.call((c) => c.tool.tools.removeWebSocketUser({ userId: learnerUser.id })))).message).toBe(REALTIME_DOWN);
    } finally {
      delete process.env.REALTIME_INTERNAL_URL;
      resetEnvCache();
    }
  });
});

describe("realtime tools against a realtime process", () => {
  let handle: DbHandle;
  let app: { url: string; server: Server };
  beforeAll(async () => {
    handle = await createTestDb("pglite");
    app = await startTrpcApp(handle.db);
  });
  afterAll(async () => {
    await closePublisher();
    app?.server.closeAllConnections();
    await new Promise((resolve) => app?.server.close(resolve));
    await handle?.close();
  });

  it("shows a learner's sockets, sends them a notice and closes them so they reconnect", async () => {
    const db = handle.db;
    const { admin, learnerUser } = await setup(db);
    const realtime = await startRealtimeUnderTest(app.url, { publishHere: true });
    try {
      const { token } = await createSession(db, learnerUser.id);
      const ws = await realtime.join(`/api/elearning/ws/${learnerUser.id}`, { cookie: `cy_session=${token}` });
      const who = await admin.call((c) => c.tool.tools.getWebSocketUser({ userId: learnerUser.id }));
      expect(who).toMatchObject({ userId: learnerUser.id, sockets: 1, sessions: [expect.stringContaining("****")] });
      expect(JSON.stringify(who)).not.toContain(token);
      expect(await admin.call((c) => c.tool.tools.sendWebSocketMessage({ userId: learnerUser.id, message: "系统将于今晚22点维护" }))).toMatchObject({ sent: true, socketsHere: 1 });
      expect(await inbox(ws).next((f) => f.type === "notice")).toMatchObject({ type: "notice", title: "系统通知", content: "系统将于今晚22点维护" });
      expect(await admin.call((c) => c.tool.tools.removeWebSocketUser({ userId: learnerUser.id }))).toMatchObject({ closedHere: 1 });
      expect(await inbox(ws).closed(2000)).toBe(USER_REMOVED_CLOSE);
      expect(await admin.call((c) => c.tool.tools.getWebSocketUser({ userId: learnerUser.id }))).toMatchObject({ sockets: 0 });
      const actions = (await db.select().from(auditLogs).where(and(eq(auditLogs.outcome, 1)))).map((r) => r.action);
      expect(actions).toEqual(["tool.tools.sendWebSocketMessage", "tool.tools.removeWebSocketUser"]);
    } finally {
      await realtime.stop();
    }
  });
});
