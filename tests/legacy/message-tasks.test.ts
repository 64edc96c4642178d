import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { examMembers, messageTasks, stationMessages } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { sweepMessageTasks } from "@trpc-app/message/task.sweep";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/caiyun/back/message";

// Unread counts go to a realtime process that is not running here: that only warns.
beforeAll(() => void vi.spyOn(console, "warn").mockImplementation(() => {}));

async function clientOf(db: Db, userId: number) {
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, userId)).token;
  return client;
}

const ok = (body: unknown) => expect(body).toMatchObject({ code: 200, success: true, message: "成功" });

describeEachDb("legacy message tasks (back-office.md 7.7)", (getDb) => {
  it("answers every call in the envelope, from the scene enums to a task that sends", async () => {
    const db = getDb();
    const admin = await createUser(db, { loginName: "task_admin", nick: "李建国", isAdmin: 1 });
    const learner = await createUser(db, { loginName: "learner_a", nick: "张敏" });
    const client = await clientOf(db, admin.id);

    const scenes = await client.get(`${B}/getNoticeMessageRuleSceneTypeEnum`);
    ok(scenes.body);
    expect(scenes.body.data.map((s: { sceneType: string }) => s.sceneType)).toEqual(["EXAM_START", "LIVE_START", "COURSE_STUDY", "EXAM_RESULT", "TASK_DEADLINE"]);
    const params = await client.get(`${B}/getNoticeMessageRuleSceneParamEnum`, { sceneType: "EXAM_START" });
    ok(params.body);
    expect(params.body.data).toMatchObject({ sceneType: "EXAM_START", name: "考试开始提醒", params: [{ key: "leadMinutes", defaultValue: 30 }], defaultLinkName: "考试详情页" });
    expect(params.body.data.placeholders.map((p: { key: string }) => p.key)).toContain("{考试名称}");

    // Numbers as strings and the settings as JSON text, as forms send them.
    const created = await client.post(`${B}/createNoticeMessageTask`, { taskName: "考试开始前30分钟提醒", sceneType: "1", params: '{"advanceMinutes":"30"}' });
    ok(created.body);
    const id = created.body.data.messageTaskId as number;
    expect(created.body.data).toMatchObject({ id, name: "考试开始前30分钟提醒", sceneType: "EXAM_START", params: { leadMinutes: 30 }, status: 0, statusText: "停用" });

    const templated = await client.post(`${B}/setMessageContentTemplate`, { messageTaskId: String(id), messageTitle: "考试提醒：{考试名称}", template: "{学员姓名}，{考试名称}将于{开始时间}开始" });
    ok(templated.body);
    expect(templated.body.data).toMatchObject({ titleTemplate: "考试提醒：{考试名称}", contentTemplate: "{学员姓名}，{考试名称}将于{开始时间}开始" });

    const updated = await client.call("POST", `${B}/updateNoticeMessageTask`, { form: { messageTaskId: String(id), name: "考试开始前20分钟提醒", leadMinutes: "20", jumpUrl: "/exam/center" } });
    ok(updated.body);
    expect(updated.body.data).toMatchObject({ name: "考试开始前20分钟提醒", params: { leadMinutes: 20 }, linkUrl: "/exam/center", titleTemplate: "考试提醒：{考试名称}" });

    const enabled = await client.post(`${B}/operateMessageTaskStatus`, { messageTaskId: id, status: "1" });
    ok(enabled.body);
    expect(enabled.body.data).toEqual({ id, messageTaskId: id, status: 1, statusText: "启用" });

    const q = await createQuestion(db, { questionType: 1, options: ["对", "错"], answer: ["A"] });
    const paper = await createFixedPaper(db, "卷", [{ questionId: q.id, score: 100 }]);
    const exam = await createExam(db, { paperId: paper.id, name: "法规测试", startTime: new Date(Date.now() + 10 * 60_000) });
    await db.insert(examMembers).values({ examId: exam.id, userId: learner.id });
    expect((await sweepMessageTasks(db, new Date())).sent).toBe(1);
    await settleUnreadPushes();
    const [notice] = await db.select().from(stationMessages).where(eq(stationMessages.businessType, `task:${id}`));
    expect(notice).toMatchObject({ userId: learner.id, title: "考试提醒：法规测试", link: "/exam/center" });

    const detail = await client.get(`${B}/getNoticeMessageTaskDetail`, { messageTaskId: String(id) });
    ok(detail.body);
    expect(detail.body.data).toMatchObject({ id, status: 1, sentCount: 1, readCount: 0, sceneName: "考试开始提醒" });
    expect(detail.body.data.lastRunTime).toBeGreaterThan(0);

    const copied = await client.post(`${B}/copyMessageTask`, { messageTaskId: id });
    ok(copied.body);
    expect(copied.body.data).toMatchObject({ name: "考试开始前20分钟提醒（副本）", status: 0, sentCount: 0, params: { leadMinutes: 20 } });

    const stopped = await client.post(`${B}/operateMessageTaskStatus`, { messageTaskId: id, status: 0 });
    ok(stopped.body);
    expect(stopped.body.data.status).toBe(0);
    const deleted = await client.post(`${B}/operateMessageTaskStatus`, { messageTaskId: id, status: -1 });
    ok(deleted.body);
    expect(deleted.body.data).toMatchObject({ deleted: 1, status: -1 });
    expect((await db.select().from(messageTasks)).map((t) => t.id)).toEqual([copied.body.data.id]);
  });

  it("answers refusals and bad input in the envelope", async () => {
    const db = getDb();
    const learner = await createUser(db, { loginName: "learner_c" });
    const admin = await createUser(db, { loginName: "task_admin2", isAdmin: 1 });
    expect((await legacyClient(db).get(`${B}/getNoticeMessageRuleSceneTypeEnum`)).body).toMatchObject({ success: false, code: 281 });
    const asLearner = await clientOf(db, learner.id);
    expect((await asLearner.post(`${B}/createNoticeMessageTask`, { name: "t", sceneType: "EXAM_START" })).body).toMatchObject({ success: false, code: 403, message: "您没有权限访问管理后台" });
    expect((await asLearner.get(`${B}/getNoticeMessageTaskDetail`, { messageTaskId: 1 })).body).toMatchObject({ success: false, code: 403 });
    const client = await clientOf(db, admin.id);
    expect((await client.post(`${B}/createNoticeMessageTask`, { sceneType: "EXAM_START" })).body).toMatchObject({ success: false, code: 400, message: "请输入任务名称" });
    expect((await client.post(`${B}/createNoticeMessageTask`, { name: "t", sceneType: "X" })).body).toMatchObject({ success: false, message: "触发场景不存在，可选：考试开始提醒、直播开始提醒、课程学习提醒、考试结果通知、任务截止提醒" });
    expect((await client.get(`${B}/getNoticeMessageRuleSceneParamEnum`)).body).toMatchObject({ success: false, message: "请选择触发场景" });
    expect((await client.get(`${B}/getNoticeMessageTaskDetail`, { messageTaskId: "abc" })).body).toMatchObject({ success: false, message: "消息任务ID格式不正确" });
    expect((await client.get(`${B}/getNoticeMessageTaskDetail`, { messageTaskId: 42 })).body).toMatchObject({ success: false, code: 404, message: "消息任务不存在或已删除" });
    const made = await client.post(`${B}/createNoticeMessageTask`, { name: "直播提醒", sceneType: "LIVE_START" });
    const id = made.body.data.id as number;
    expect((await client.post(`${B}/setMessageContentTemplate`, { messageTaskId: id, content: "{课程名称}开课了" })).body).toMatchObject({
      success: false,
      code: 400,
      message: "内容模板中的 {课程名称} 不是「直播开始提醒」可用的占位符，可用：{学员姓名}、{直播名称}、{主讲人}、{开始时间}、{链接}",
    });
    expect((await client.post(`${B}/updateNoticeMessageTask`, { messageTaskId: id, leadMinutes: "0" })).body).toMatchObject({ success: false, message: "提前时间须为1-10080之间的整数（分钟）" });
    expect((await client.post(`${B}/operateMessageTaskStatus`, { messageTaskId: id, status: "9" })).body).toMatchObject({ success: false, message: "操作只能为 1 启用、0 停用 或 -1 删除" });
    expect((await client.post(`${B}/copyMessageTask`, {})).body).toMatchObject({ success: false, message: "缺少消息任务ID" });
    await client.post(`${B}/operateMessageTaskStatus`, { messageTaskId: id, status: 1 });
    expect((await client.post(`${B}/updateNoticeMessageTask`, { messageTaskId: id, name: "改名" })).body).toMatchObject({ success: false, message: "任务「直播提醒」启用中，请先停用再修改" });
  });
});
