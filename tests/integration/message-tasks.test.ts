import { and, asc, eq, like } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAttempts, examMembers, liveAppointments, messageTaskRunner, messageTasks, stationMessages, userCourses, userIdentities } from "@db/schema";
import { settleUnreadPushes } from "@trpc-app/message/message.service";
import { sweepMessageTasks, takeRunnerLease } from "@trpc-app/message/task.sweep";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";
import { useRealtimeStub } from "../helpers/realtime-stub";

const frames = useRealtimeStub();
afterEach(() => settleUnreadPushes());

const MIN = 60_000;
const DAY = 86_400_000;
/** China time as the notices print it. */
const when = (d: Date) => new Date(d.getTime() + 8 * 3600e3).toISOString().slice(0, 16).replace("T", " ");
const unreadPushed = (userId: number) => frames.filter((f) => f.topic === `user/${userId}` && f.message.type === "unread").map((f) => f.message.unreadNum);

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "task_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const zhang = await createUser(db, { loginName: "zhangmin_t", nick: "小敏" });
  // The real name wins over the nickname in {学员姓名}.
  await db.insert(userIdentities).values({ userId: zhang.id, status: 1, realName: "张敏" });
  const liu = await createUser(db, { loginName: "liuyang_t", nick: "刘洋" });
  const chen = await createUser(db, { loginName: "chenjing_t", nick: "陈静" });
  const off = await createUser(db, { loginName: "disabled_t", nick: "停用者", status: 0 });
  return { adminRow, admin, zhang, liu, chen, off };
}

async function paperOf(db: Db) {
  const q = await createQuestion(db, { questionType: 1, options: ["对", "错"], answer: ["A"] });
  return createFixedPaper(db, "法规测试卷", [{ questionId: q.id, score: 100 }]);
}

const noticesOf = (db: Db, taskId: number) =>
  db.select().from(stationMessages).where(eq(stationMessages.businessType, `task:${taskId}`)).orderBy(asc(stationMessages.userId), asc(stationMessages.id));

describeEachDb("message tasks", (getDb) => {
  it("lists scenes and their settings and placeholders", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const scenes = await admin.call((c) => c.message.admin.task.scenes());
    expect(scenes.map((s) => [s.sceneType, s.code, s.name])).toEqual([
      ["EXAM_START", 1, "考试开始提醒"],
      ["LIVE_START", 2, "直播开始提醒"],
      ["COURSE_STUDY", 3, "课程学习提醒"],
      ["EXAM_RESULT", 4, "考试结果通知"],
      ["TASK_DEADLINE", 5, "任务截止提醒"],
    ]);
    const exam = await admin.call((c) => c.message.admin.task.sceneParams({ sceneType: "exam_start" } as never));
    expect(exam.params).toEqual([expect.objectContaining({ key: "leadMinutes", name: "提前时间", unit: "分钟", min: 1, max: 10080, defaultValue: 30 })]);
    expect(exam.placeholders.map((p) => p.key)).toEqual(["{学员姓名}", "{考试名称}", "{开始时间}", "{结束时间}", "{链接}"]);
    expect(exam.defaultLinkName).toBe("考试详情页");
    expect((await admin.call((c) => c.message.admin.task.sceneParams({ sceneType: 3 } as never))).params[0]).toMatchObject({ key: "days", defaultValue: 7 });
    expect((await rejection(admin.call((c) => c.message.admin.task.sceneParams({ sceneType: "BIRTHDAY" } as never)))).message).toBe(
      "触发场景不存在，可选：考试开始提醒、直播开始提醒、课程学习提醒、考试结果通知、任务截止提醒",
    );
    expect((await rejection(admin.call((c) => c.message.admin.task.sceneParams({} as never)))).message).toBe("请选择触发场景");
  });

  it("sends an exam reminder to the exam's enabled members, rendered, exactly once however often the sweep runs", async () => {
    const db = getDb();
    const { admin, adminRow, zhang, liu, chen, off } = await setup(db);
    const paper = await paperOf(db);
    const now = new Date();
    const soon = await createExam(db, { paperId: paper.id, name: "2026年政府采购法规知识测试", startTime: new Date(now.getTime() + 20 * MIN), endTime: new Date(now.getTime() + 140 * MIN) });
    const later = await createExam(db, { paperId: paper.id, name: "下午场考试", startTime: new Date(now.getTime() + 40 * MIN), endTime: new Date(now.getTime() + 160 * MIN) });
    const started = await createExam(db, { paperId: paper.id, name: "已开始的考试", startTime: new Date(now.getTime() - MIN) });
    const hidden = await createExam(db, { paperId: paper.id, name: "停用的考试", status: 0, startTime: new Date(now.getTime() + 10 * MIN) });
    await db.insert(examMembers).values([
      { examId: soon.id, userId: zhang.id },
      { examId: soon.id, userId: liu.id },
      { examId: soon.id, userId: off.id },
      { examId: later.id, userId: chen.id },
      { examId: started.id, userId: chen.id },
      { examId: hidden.id, userId: chen.id },
    ]);

    const task = await admin.call((c) =>
      c.message.admin.task.create({
        name: "考试开始前30分钟提醒",
        sceneType: "EXAM_START",
        params: { leadMinutes: 30 },
        titleTemplate: "考试提醒：{考试名称}",
        contentTemplate: "{学员姓名}，您报名的「{考试名称}」将于{开始时间}开始，{结束时间}结束。入口：{链接}",
      }),
    );
    expect(task).toMatchObject({ status: 0, statusText: "停用", sceneName: "考试开始提醒", params: { leadMinutes: 30 }, ruleText: "考试开始前 30 分钟，提醒已报名该考试的学员", sentCount: 0, creatorName: "李建国", linkUrl: "", defaultLinkName: "考试详情页" });

    // Stopped: the sweep sends nothing.
    expect(await sweepMessageTasks(db, now)).toMatchObject({ ran: 0, sent: 0 });
    expect(await noticesOf(db, task.id)).toHaveLength(0);

    expect(await admin.call((c) => c.message.admin.task.operate({ messageTaskId: task.id, status: 1 }))).toMatchObject({ status: 1, statusText: "启用" });
    const first = await sweepMessageTasks(db, now);
    expect(first).toMatchObject({ ran: 1, sent: 2, tasks: [{ taskId: task.id, sent: 2 }] });
    await settleUnreadPushes();
    const rows = await noticesOf(db, task.id);
    const key = `${soon.id}@${soon.startTime.getTime()}`;
    expect(rows.map((r) => [r.userId, r.title, r.content, r.link, r.businessId])).toEqual([
      [zhang.id, "考试提醒：2026年政府采购法规知识测试", `张敏，您报名的「2026年政府采购法规知识测试」将于${when(soon.startTime)}开始，${when(soon.endTime)}结束。入口：/exam/detail?id=${soon.id}`, `/exam/detail?id=${soon.id}`, key],
      [liu.id, "考试提醒：2026年政府采购法规知识测试", `刘洋，您报名的「2026年政府采购法规知识测试」将于${when(soon.startTime)}开始，${when(soon.endTime)}结束。入口：/exam/detail?id=${soon.id}`, `/exam/detail?id=${soon.id}`, key],
    ]);
    expect(unreadPushed(zhang.id)).toEqual([1]);
    expect(unreadPushed(chen.id)).toEqual([]);
    // The learner sees it in the message centre.
    const page = await (await signedInClient(db, zhang.id)).call((c) => c.message.page({ pageNo: 1, pageSize: 10 }));
    expect(page).toMatchObject({ total: 1, unreadNum: 1, list: [{ title: "考试提醒：2026年政府采购法规知识测试", businessType: `task:${task.id}`, linkUrl: `/exam/detail?id=${soon.id}` }] });

    // Again a minute later, and twice side by side: nobody gets a second copy.
    expect((await sweepMessageTasks(db, new Date(now.getTime() + MIN))).sent).toBe(0);
    const racing = await Promise.all([sweepMessageTasks(db, new Date(now.getTime() + 2 * MIN)), sweepMessageTasks(db, new Date(now.getTime() + 2 * MIN))]);
    expect(racing[0].sent + racing[1].sent).toBe(0);
    expect(await noticesOf(db, task.id)).toHaveLength(2);

    // Lead time: the 40-minute exam comes due ten minutes later; a learner registered late is reached too.
    await db.insert(examMembers).values({ examId: soon.id, userId: adminRow.id });
    const tenLater = new Date(now.getTime() + 10 * MIN);
    const both = await Promise.all([sweepMessageTasks(db, tenLater), sweepMessageTasks(db, tenLater)]);
    expect(both[0].sent + both[1].sent).toBe(2);
    const after = await noticesOf(db, task.id);
    expect(after.map((r) => [r.userId, r.businessId]).sort()).toEqual(
      [
        [adminRow.id, key],
        [zhang.id, key],
        [liu.id, key],
        [chen.id, `${later.id}@${later.startTime.getTime()}`],
      ].sort(),
    );
    expect(after.find((r) => r.userId === chen.id)!.content).toContain("陈静，您报名的「下午场考试」");

    // The list shows what was sent and when the task last ran; read counts follow the learners.
    await (await signedInClient(db, zhang.id)).call((c) => c.message.markRead({ id: page.list[0]!.id }));
    const listed = await admin.call((c) => c.message.admin.task.page({}));
    expect(listed).toMatchObject({ total: 1, list: [{ id: task.id, sentCount: 4, readCount: 1, status: 1, lastRunTime: tenLater.getTime(), lastSentTime: tenLater.getTime() }] });

    // Stopped again: a new member waits.
    await admin.call((c) => c.message.admin.task.operate({ id: task.id, status: 0 }));
    await db.insert(examMembers).values({ examId: later.id, userId: liu.id });
    expect((await sweepMessageTasks(db, tenLater)).ran).toBe(0);
    expect(await noticesOf(db, task.id)).toHaveLength(4);
  });

  it("sends concurrent sweeps of a fresh event once per learner, and counts exactly what was sent", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const paper = await paperOf(db);
    const now = new Date();
    const exam = await createExam(db, { paperId: paper.id, name: "并发考试", startTime: new Date(now.getTime() + 5 * MIN) });
    const learners = [];
    for (let i = 0; i < 30; i++) learners.push(await createUser(db, { loginName: `crowd_${i}` }));
    await db.insert(examMembers).values(learners.map((u) => ({ examId: exam.id, userId: u.id })));
    const task = await admin.call((c) => c.message.admin.task.create({ name: "考试提醒", sceneType: "EXAM_START", leadMinutes: 10 } as never));
    await admin.call((c) => c.message.admin.task.operate({ id: task.id, status: 1 }));
    const runs = await Promise.all([sweepMessageTasks(db, now), sweepMessageTasks(db, now), sweepMessageTasks(db, new Date(now.getTime() + MIN))]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(30);
    const rows = await noticesOf(db, task.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(30);
    // Scene defaults fill templates left out.
    expect(rows[0]!.title).toBe("考试即将开始：并发考试");
    expect((await admin.call((c) => c.message.admin.task.detail({ id: task.id }))).sentCount).toBe(30);
  });

  it("reminds a live's reservations with a custom link, and an unfinished course N days after joining", async () => {
    const db = getDb();
    const { admin, zhang, liu, chen } = await setup(db);
    const now = new Date();
    const live = await createLive(db, { name: "政府采购法实施条例解读", teacherName: "王立新", startTime: new Date(now.getTime() + 10 * MIN) });
    const ended = await createLive(db, { name: "已结束的直播", liveStatus: 2 });
    await db.insert(liveAppointments).values([
      { liveId: live.id, userId: zhang.id },
      { liveId: live.id, userId: liu.id },
      { liveId: ended.id, userId: chen.id },
    ]);
    const liveTask = await admin.call((c) =>
      c.message.admin.task.create({ name: "直播提醒", sceneType: 2, params: [{ key: "leadMinutes", value: "15" }], title: "{直播名称}快开始了", content: "主讲：{主讲人}，{开始时间}开播", linkUrl: "/live/center" } as never),
    );
    expect(liveTask).toMatchObject({ sceneType: "LIVE_START", params: { leadMinutes: 15 }, linkUrl: "/live/center" });
    await admin.call((c) => c.message.admin.task.operate({ id: liveTask.id, status: 1 }));

    const { course } = await createCourse(db, { name: "政府采购需求管理实务" });
    const { course: other } = await createCourse(db, { name: "另一门课程" });
    const t = now.getTime();
    await db.insert(userCourses).values([
      // Seven days after joining falls half a day from now: due in a day's sweep.
      { userId: zhang.id, courseId: course.id, progress: 35, joinedAt: new Date(t - 6.5 * DAY) },
      // Finished: nothing to remind.
      { userId: liu.id, courseId: course.id, progress: 100, completed: 1, joinedAt: new Date(t - 6.5 * DAY) },
      // Its seventh day passed long before the task was enabled.
      { userId: chen.id, courseId: course.id, progress: 10, joinedAt: new Date(t - 40 * DAY) },
      // Joined yesterday: not due yet.
      { userId: chen.id, courseId: other.id, progress: 0, joinedAt: new Date(t - DAY) },
    ]);
    const courseTask = await admin.call((c) => c.message.admin.task.create({ name: "课程学习提醒", sceneType: "COURSE_STUDY", days: "7" } as never));
    await admin.call((c) => c.message.admin.task.operate({ id: courseTask.id, status: 1 }));

    expect(await sweepMessageTasks(db, now)).toMatchObject({ ran: 2, sent: 2, tasks: [{ taskId: liveTask.id, sent: 2 }, { taskId: courseTask.id, sent: 0 }] });
    expect((await noticesOf(db, liveTask.id)).map((r) => [r.userId, r.title, r.content, r.link, r.businessId])).toEqual([
      [zhang.id, "政府采购法实施条例解读快开始了", `主讲：王立新，${when(live.startTime)}开播`, "/live/center", `${live.id}@${live.startTime.getTime()}`],
      [liu.id, "政府采购法实施条例解读快开始了", `主讲：王立新，${when(live.startTime)}开播`, "/live/center", `${live.id}@${live.startTime.getTime()}`],
    ]);

    const tomorrow = new Date(t + DAY);
    expect((await sweepMessageTasks(db, tomorrow, { taskIds: [courseTask.id] })).sent).toBe(1);
    expect((await noticesOf(db, courseTask.id)).map((r) => [r.userId, r.title, r.content, r.link, r.businessId])).toEqual([
      [
        zhang.id,
        "课程学习提醒：政府采购需求管理实务",
        `张敏，您好！您于${when(new Date(t - 6.5 * DAY)).slice(0, 10)}加入的课程「政府采购需求管理实务」当前学习进度为35%，请合理安排时间，尽快完成学习。`,
        `/course/detail?id=${course.id}`,
        String(course.id),
      ],
    ]);
    expect((await sweepMessageTasks(db, new Date(t + 2 * DAY), { taskIds: [courseTask.id] })).sent).toBe(0);
  });

  it("tells a learner a final result once, after the task was enabled and marking finished", async () => {
    const db = getDb();
    const { admin, zhang, liu, chen } = await setup(db);
    const paper = await paperOf(db);
    const exam = await createExam(db, { paperId: paper.id, name: "结业考试" });
    const task = await admin.call((c) => c.message.admin.task.create({ name: "成绩通知", sceneType: "EXAM_RESULT" }));
    await admin.call((c) => c.message.admin.task.operate({ id: task.id, status: 1 }));
    const enabledAt = (await admin.call((c) => c.message.admin.task.detail({ id: task.id }))).enabledTime!;
    const base = { examId: exam.id, attemptNo: 1, items: [], status: 2 };
    const [passed, pending, before] = await db
      .insert(examAttempts)
      .values([
        { ...base, userId: zhang.id, score: 86, isPass: 1, submittedAt: new Date(enabledAt + MIN) },
        { ...base, userId: liu.id, score: 40, isPass: 0, pendingCount: 1, submittedAt: new Date(enabledAt + MIN) },
        { ...base, userId: chen.id, score: 55, isPass: 0, submittedAt: new Date(enabledAt - DAY) },
      ])
      .returning();
    const at = new Date(enabledAt + 2 * MIN);
    expect((await sweepMessageTasks(db, at)).sent).toBe(1);
    // Marking finishes for liu: reached on the next run.
    await db.update(examAttempts).set({ pendingCount: 0, score: 62.5, isPass: 1 }).where(eq(examAttempts.id, pending!.id));
    expect((await sweepMessageTasks(db, new Date(at.getTime() + MIN))).sent).toBe(1);
    expect((await noticesOf(db, task.id)).map((r) => [r.userId, r.content, r.link, r.businessId])).toEqual([
      [zhang.id, "张敏，您好！您参加的考试「结业考试」成绩已评定：86分，通过。", `/exam/result?id=${exam.id}`, String(passed!.id)],
      [liu.id, "刘洋，您好！您参加的考试「结业考试」成绩已评定：62.5分，通过。", `/exam/result?id=${exam.id}`, String(pending!.id)],
    ]);
    expect((await noticesOf(db, task.id)).some((r) => r.businessId === String(before!.id))).toBe(false);
  });

  it("edits, checks templates against the scene, copies, enables, stops and deletes", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const made = await admin.call((c) => c.message.admin.task.create({ name: "直播开始前15分钟提醒", sceneType: "LIVE_START", leadMinutes: 15, title: "{直播名称}", content: "{学员姓名}：{直播名称}" } as never));
    // A placeholder of another scene is named in the refusal.
    expect((await rejection(admin.call((c) => c.message.admin.task.setTemplate({ messageTaskId: made.id, content: "{学员姓名}，{考试名称}即将开始" } as never)))).message).toBe(
      "内容模板中的 {考试名称} 不是「直播开始提醒」可用的占位符，可用：{学员姓名}、{直播名称}、{主讲人}、{开始时间}、{链接}",
    );
    const set = await admin.call((c) => c.message.admin.task.setTemplate({ messageTaskId: made.id, title: "直播提醒：{直播名称}", content: "{学员姓名}，{直播名称}将于{开始时间}开始" } as never));
    expect(set).toMatchObject({ titleTemplate: "直播提醒：{直播名称}", contentTemplate: "{学员姓名}，{直播名称}将于{开始时间}开始", params: { leadMinutes: 15 } });
    // Changing the scene: the stored templates must fit the new one.
    expect((await rejection(admin.call((c) => c.message.admin.task.update({ id: made.id, sceneType: "EXAM_START" } as never)))).message).toBe(
      "标题模板中的 {直播名称} 不是「考试开始提醒」可用的占位符，可用：{学员姓名}、{考试名称}、{开始时间}、{结束时间}、{链接}",
    );
    const updated = await admin.call((c) => c.message.admin.task.update({ id: made.id, name: "直播提醒（调整）", leadMinutes: 20 } as never));
    expect(updated).toMatchObject({ name: "直播提醒（调整）", params: { leadMinutes: 20 }, titleTemplate: "直播提醒：{直播名称}", linkUrl: "" });

    await admin.call((c) => c.message.admin.task.operate({ id: made.id, status: 1 }));
    const enabledMessage = "任务「直播提醒（调整）」启用中，请先停用再修改";
    expect((await rejection(admin.call((c) => c.message.admin.task.update({ id: made.id, name: "再改" } as never)))).message).toBe(enabledMessage);
    expect((await rejection(admin.call((c) => c.message.admin.task.setTemplate({ id: made.id, content: "x" } as never)))).message).toBe(enabledMessage);
    expect((await rejection(admin.call((c) => c.message.admin.task.delete({ id: made.id })))).message).toBe("任务「直播提醒（调整）」启用中，请先停用再删除");
    // Enabling again changes nothing.
    expect(await admin.call((c) => c.message.admin.task.operate({ id: made.id, status: 1 }))).toMatchObject({ status: 1 });

    const copy = await admin.call((c) => c.message.admin.task.copy({ messageTaskId: made.id } as never));
    expect(copy).toMatchObject({ name: "直播提醒（调整）（副本）", status: 0, sentCount: 0, lastRunTime: null, sceneType: "LIVE_START", params: { leadMinutes: 20 }, titleTemplate: "直播提醒：{直播名称}" });
    expect(copy.id).not.toBe(made.id);
    const long = await admin.call((c) => c.message.admin.task.create({ name: "长".repeat(50), sceneType: "EXAM_START" }));
    const longCopy = await admin.call((c) => c.message.admin.task.copy({ id: long.id }));
    expect(longCopy.name).toBe(`${"长".repeat(46)}（副本）`);

    expect(await admin.call((c) => c.message.admin.task.operate({ id: made.id, status: 0 }))).toMatchObject({ status: 0, statusText: "停用" });
    expect(await admin.call((c) => c.message.admin.task.delete({ id: made.id }))).toEqual({ id: made.id, deleted: 1 });
    // Old clients delete through operateMessageTaskStatus -1.
    expect(await admin.call((c) => c.message.admin.task.operate({ id: copy.id, status: -1 }))).toMatchObject({ deleted: 1, status: -1 });
    expect((await db.select().from(messageTasks).orderBy(asc(messageTasks.id))).map((t) => t.id)).toEqual([long.id, longCopy.id]);
    expect((await rejection(admin.call((c) => c.message.admin.task.detail({ id: made.id })))).message).toBe("消息任务不存在或已删除");
    expect((await admin.call((c) => c.message.admin.task.page({ keyword: "长", sceneType: "EXAM_START", status: 0 } as never))).total).toBe(2);
    expect((await admin.call((c) => c.message.admin.task.page({ status: 1 }))).total).toBe(0);
  });

  it("answers bad input with Chinese messages and stores nothing", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const bad = async (input: Record<string, unknown>) => (await rejection(admin.call((c) => c.message.admin.task.create(input as never)))).message;
    expect(await bad({ sceneType: "EXAM_START" })).toBe("请输入任务名称");
    expect(await bad({ name: "  ", sceneType: "EXAM_START" })).toBe("请输入任务名称");
    expect(await bad({ name: "提".repeat(51), sceneType: "EXAM_START" })).toBe("任务名称不超过50个字符");
    expect(await bad({ name: "提醒" })).toBe("请选择触发场景");
    expect(await bad({ name: "提醒", sceneType: "BIRTHDAY" })).toBe("触发场景不存在，可选：考试开始提醒、直播开始提醒、课程学习提醒、考试结果通知、任务截止提醒");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", leadMinutes: 0 })).toBe("提前时间须为1-10080之间的整数（分钟）");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", params: { leadMinutes: "半小时" } })).toBe("提前时间须为1-10080之间的整数（分钟）");
    expect(await bad({ name: "提醒", sceneType: "COURSE_STUDY", days: 400 })).toBe("加入后天数须为1-365之间的整数（天）");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", params: "not json" })).toBe("场景参数格式不正确");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", title: "{学员}的提醒" })).toBe(
      "标题模板中的 {学员} 不是「考试开始提醒」可用的占位符，可用：{学员姓名}、{考试名称}、{开始时间}、{结束时间}、{链接}",
    );
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", title: "t".repeat(101) })).toBe("标题模板不超过100个字符");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", content: "字".repeat(5001) })).toBe("内容模板不超过5000个字符");
    expect(await bad({ name: "提醒", sceneType: "EXAM_START", linkUrl: "javascript:alert(1)" })).toBe("跳转链接须为站内路径（以 / 开头）或 http(s) 网址");
    expect(await db.select().from(messageTasks)).toHaveLength(0);

    expect((await rejection(admin.call((c) => c.message.admin.task.operate({ id: 1, status: 3 } as never)))).message).toBe("操作只能为 1 启用、0 停用 或 -1 删除");
    expect((await rejection(admin.call((c) => c.message.admin.task.operate({ status: 1 } as never)))).message).toBe("缺少消息任务ID");
    expect((await rejection(admin.call((c) => c.message.admin.task.detail({ id: "abc" } as never)))).message).toBe("消息任务ID格式不正确");
    const missing = await rejection(admin.call((c) => c.message.admin.task.operate({ id: 99, status: 1 })));
    expect([missing.legacyCode, missing.message]).toEqual(["404", "消息任务不存在或已删除"]);
    expect((await rejection(admin.call((c) => c.message.admin.task.setTemplate({ id: 1 } as never)))).message).toBe("请输入内容模板");
    expect((await rejection(admin.call((c) => c.message.admin.task.page({ status: 3 } as never)))).message).toBe("状态只能为 0 停用 或 1 启用");
  });

  it("refuses learners (403) and visitors (281)", async () => {
    const db = getDb();
    const { admin, zhang } = await setup(db);
    const task = await admin.call((c) => c.message.admin.task.create({ name: "考试提醒", sceneType: "EXAM_START" }));
    const learner = await signedInClient(db, zhang.id);
    for (const call of [
      () => learner.call((c) => c.message.admin.task.page({})),
      () => learner.call((c) => c.message.admin.task.scenes()),
      () => learner.call((c) => c.message.admin.task.create({ name: "x", sceneType: "EXAM_START" })),
      () => learner.call((c) => c.message.admin.task.operate({ id: task.id, status: 1 })),
      () => learner.call((c) => c.message.admin.task.copy({ id: task.id })),
      () => learner.call((c) => c.message.admin.task.delete({ id: task.id })),
    ]) {
      const e = await rejection(call());
      expect(e.legacyCode).toBe("403");
      expect(e.message).toBe("您没有权限访问管理后台");
    }
    expect((await rejection(testClient(db).call((c) => c.message.admin.task.detail({ id: task.id })))).legacyCode).toBe("281");
    expect(await db.select().from(messageTasks)).toMatchObject([{ id: task.id, status: 0, name: "考试提醒" }]);
  });

  it("lets one process at a time hold the runner lease, and another take it over once it lapses", async () => {
    const db = getDb();
    expect(await takeRunnerLease(db, "web-a")).toBe(true);
    expect(await takeRunnerLease(db, "web-b")).toBe(false);
    expect(await takeRunnerLease(db, "web-a")).toBe(true);
    const racing = await Promise.all(["web-c", "web-d", "web-e"].map((h) => takeRunnerLease(db, h)));
    expect(racing).toEqual([false, false, false]);
    await db.update(messageTaskRunner).set({ leaseUntil: new Date(Date.now() - 1000) });
    const takeover = await Promise.all(["web-b", "web-c"].map((h) => takeRunnerLease(db, h)));
    expect(takeover.filter(Boolean)).toHaveLength(1);
    expect(await takeRunnerLease(db, "web-a")).toBe(false);
    const [row] = await db.select().from(messageTaskRunner);
    expect(row!.holder).toBe(takeover[0] ? "web-b" : "web-c");
  });

  it("records a failing task's reason and keeps sweeping the others", async () => {
    const db = getDb();
    const { admin, zhang } = await setup(db);
    const paper = await paperOf(db);
    const exam = await createExam(db, { paperId: paper.id, startTime: new Date(Date.now() + 5 * MIN) });
    await db.insert(examMembers).values({ examId: exam.id, userId: zhang.id });
    const broken = await admin.call((c) => c.message.admin.task.create({ name: "坏任务", sceneType: "EXAM_START" }));
    const good = await admin.call((c) => c.message.admin.task.create({ name: "好任务", sceneType: "EXAM_START" }));
    for (const t of [broken, good]) await admin.call((c) => c.message.admin.task.operate({ id: t.id, status: 1 }));
    await db.update(messageTasks).set({ sceneType: "GONE" }).where(eq(messageTasks.id, broken.id));
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...a: unknown[]) => void warned.push(a);
    try {
      const run = await sweepMessageTasks(db, new Date());
      expect(run.tasks).toEqual([
        { taskId: broken.id, sent: 0, error: "未知的触发场景 GONE" },
        { taskId: good.id, sent: 1 },
      ]);
    } finally {
      console.warn = warn;
    }
    expect(warned).toHaveLength(1);
    // The list still shows it, with the reason.
    const listed = await admin.call((c) => c.message.admin.task.page({}));
    expect(listed.list.find((t) => t.id === broken.id)).toMatchObject({ sceneName: "GONE", ruleText: "该触发场景已不再支持", lastError: "未知的触发场景 GONE", sentCount: 0 });
    expect(listed.list.find((t) => t.id === good.id)).toMatchObject({ sentCount: 1, lastError: "" });
    const [row] = await db.select().from(messageTasks).where(and(eq(messageTasks.id, broken.id), like(messageTasks.lastError, "%GONE%")));
    expect(row?.lastRunAt).toBeTruthy();
  });
});
