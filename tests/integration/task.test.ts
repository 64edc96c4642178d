import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAttempts, stationMessages, tasks, taskNodes, taskUsers } from "@db/schema";
import { reportLearning } from "@trpc-app/course/progress.service";
import { sweepMessageTasks } from "@trpc-app/message/task.sweep";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { addMembership, createGroup, createRole } from "../factories/org";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

const DAY = 86_400_000;

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "task_admin", nick: "李建国", isAdmin: 1 });
  const aRow = await createUser(db, { loginName: "task_a", nick: "王晓雯", mobile: "13900000001" });
  const bRow = await createUser(db, { loginName: "task_b", nick: "刘洋", mobile: "13900000002" });
  return { adminRow, aRow, bRow, admin: await signedInClient(db, adminRow.id), a: await signedInClient(db, aRow.id), b: await signedInClient(db, bRow.id) };
}
type Admin = Awaited<ReturnType<typeof setup>>["admin"];

/** A one-section document course: opening the section completes it. */
const docCourse = (db: Db, name: string) => createCourse(db, { name, chapters: [{ name: "第一章", sections: [{ name: "1.1 讲义", type: 2 }] }] });
const study = (db: Db, userId: number, c: Awaited<ReturnType<typeof docCourse>>) => reportLearning(db, { id: userId, isAdmin: 0 }, { courseId: c.course.id, chapterId: c.sections[0]!.id, position: 0, event: "open" });

async function anExam(db: Db) {
  const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const paper = await createFixedPaper(db, "判断卷", [{ questionId: q.id, score: 100 }]);
  return createExam(db, { name: "政府采购法规测试", paperId: paper.id });
}
const passExam = (db: Db, userId: number, examId: number) => db.insert(examAttempts).values({ examId, userId, attemptNo: 1, items: [], status: 2, score: 100, isPass: 1, submittedAt: new Date() });

async function aTask(admin: Admin, extra: Record<string, unknown> = {}) {
  return admin.call((c) => c.task.admin.save({ name: "2026年度必修任务", description: "年度继续教育", deadline: Date.now() + 10 * DAY, score: 20, status: 1, ...extra } as never));
}

describeEachDb("tasks", (getDb) => {
  it("creates, validates (bad input changes nothing), lists, copies, moves and deletes; nodes are edited with their rules", async () => {
    const db = getDb();
    const { admin, a } = await setup(db);
    const bad = async (input: Record<string, unknown>) => (await rejection(admin.call((c) => c.task.admin.save(input as never)))).message;
    expect(await bad({ name: " ", deadline: Date.now() })).toBe("请输入任务名称");
    expect(await bad({ name: "任务", deadline: "2026-02-30 10:00" })).toBe("截止时间格式不正确");
    expect(await bad({ name: "任务", startTime: "2026-12-10 10:00", deadline: "2026-12-01 10:00" })).toBe("截止时间须晚于开始时间");
    expect(await bad({ name: "任务", deadline: Date.now(), score: 10001 })).toBe("任务积分须为0-10000之间的整数");
    expect(await bad({ name: "任".repeat(61), deadline: Date.now() })).toBe("任务名称不能超过60字");
    expect(await db.select().from(tasks)).toHaveLength(0);
    expect((await rejection(a.call((c) => c.task.admin.page({})))).code).toBe("FORBIDDEN");

    // China-time text and ms both read as the same moment.
    const t = await aTask(admin, { deadline: "2026-12-31 18:00", startTime: "2026-01-01 08:00" });
    expect(t).toMatchObject({ name: "2026年度必修任务", deadline: Date.UTC(2026, 11, 31, 10), startTime: Date.UTC(2026, 0, 1, 0), score: 20, status: 1, nodeNum: 0 });
    const draft = await aTask(admin, { name: "内控专题", status: 0 });
    expect((await admin.call((c) => c.task.admin.page({ status: 0 }))).list.map((x) => x.name)).toEqual(["内控专题"]);
    expect((await admin.call((c) => c.task.admin.page({ name: "必修" }))).list.map((x) => x.id)).toEqual([t.id]);
    expect((await admin.call((c) => c.task.admin.page({ name: "%" }))).total).toBe(0);
    expect((await admin.call((c) => c.task.admin.page({}))).list.map((x) => x.id)).toEqual([draft.id, t.id]);
    await admin.call((c) => c.task.admin.move({ id: t.id, direction: "up" }));
    expect((await admin.call((c) => c.task.admin.page({}))).list.map((x) => x.id)).toEqual([t.id, draft.id]);
    expect((await rejection(admin.call((c) => c.task.admin.move({ id: t.id, direction: "up" })))).message).toBe("已经是第一个");

    // Nodes: content must exist, once per task; an exam's rate is fixed at 100; reorder; delete.
    const c1 = await docCourse(db, "政府采购法律制度");
    const c2 = await docCourse(db, "采购需求管理实务");
    const exam = await anExam(db);
    const n1 = await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c1.course.id, requiredRate: 80 }));
    expect(n1).toMatchObject({ name: "政府采购法律制度", requiredRate: 80, contentTypeName: "课程", sort: 1 });
    expect((await rejection(admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c1.course.id })))).message).toBe("该课程已在任务中");
    expect((await rejection(admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 2, contentId: 999 })))).message).toBe("直播不存在或已删除");
    expect((await rejection(admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 4, contentId: 1 } as never)))).message).toBe("节点类型只能是课程(1)、直播(2)或考试(3)");
    expect((await rejection(admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c2.course.id, requiredRate: 0 })))).message).toBe("要求进度须为1-100之间的整数");
    const n2 = await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c2.course.id }));
    const n3 = await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 3, contentId: exam.id, requiredRate: 60 }));
    expect(n3.requiredRate).toBe(100);
    expect((await rejection(admin.call((c) => c.task.admin.modifyNode({ id: n3.id, requiredRate: 50 })))).message).toBe("考试节点须考试通过，要求进度固定为100");
    expect((await admin.call((c) => c.task.admin.modifyNode({ nodeId: n2.id, requiredRate: 90 }))).requiredRate).toBe(90);
    await admin.call((c) => c.task.admin.sortNodes({ id: n3.id, direction: "up" }));
    expect((await admin.call((c) => c.task.admin.nodes({ id: t.id }))).list.map((n) => n.id)).toEqual([n1.id, n3.id, n2.id]);
    expect((await rejection(admin.call((c) => c.task.admin.sortNodes({ taskId: t.id, nodeIds: [n1.id, n2.id] })))).message).toBe("节点顺序须包含该任务的全部节点，且每个节点一次");
    await admin.call((c) => c.task.admin.sortNodes({ taskId: t.id, nodeIds: [n2.id, n1.id, n3.id] }));
    expect((await admin.call((c) => c.task.admin.detail({ id: t.id }))).nodeList.map((n) => [n.id, n.sort])).toEqual([
      [n2.id, 1],
      [n1.id, 2],
      [n3.id, 3],
    ]);

    const copy = await admin.call((c) => c.task.admin.copy({ id: t.id }));
    expect(copy).toMatchObject({ name: "2026年度必修任务（副本）", status: 0, nodeNum: 3, userNum: 0 });
    await admin.call((c) => c.task.admin.delNode({ id: n1.id }));
    expect((await admin.call((c) => c.task.admin.detail({ id: copy.id }))).nodeNum).toBe(3);
    expect(await admin.call((c) => c.task.admin.del({ ids: [copy.id, draft.id] }))).toEqual({ count: 2 });
    expect((await rejection(admin.call((c) => c.task.admin.detail({ id: draft.id })))).message).toBe("任务不存在或已删除");
    expect((await admin.call((c) => c.task.admin.page({}))).total).toBe(1);
  });

  it("assigns by account, group (sub-units included), role and spreadsheet, never twice; removes; exports progress", async () => {
    const db = getDb();
    const { admin, aRow, bRow } = await setup(db);
    const t = await aTask(admin);
    const dept = await createGroup(db, "采购处");
    const sub = await createGroup(db, "采购处一科", dept.id);
    const role = await createRole(db, "代理机构人员");
    const c1 = await createUser(db, { loginName: "task_c1", nick: "陈静" });
    const c2 = await createUser(db, { loginName: "task_c2", nick: "赵磊" });
    const off = await createUser(db, { loginName: "task_off", nick: "停用", status: 0 });
    await addMembership(db, c1.id, { groupIds: [dept.id] });
    await addMembership(db, c2.id, { groupIds: [sub.id], roleIds: [role.id] });
    await addMembership(db, off.id, { groupIds: [dept.id] });

    const byGroup = await admin.call((c) => c.task.admin.addUsers({ taskId: t.id, groupIds: [dept.id] }));
    expect(byGroup).toMatchObject({ matched: 2, added: 2, userNum: 2, failNum: 0 });
    expect(await admin.call((c) => c.task.admin.addUsers({ taskId: t.id, roleIds: [role.id], userIds: [aRow.id] }))).toMatchObject({ matched: 2, added: 1, existed: 1, userNum: 3 });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("名单");
    for (const v of ["登录名", "TASK_B", "13900000001", "nobody_x", "task_off", "task_b"]) ws.addRow([v]);
    const file = new Blob([Buffer.from(await wb.xlsx.writeBuffer())]);
    const imported = await admin.call((c) => c.task.admin.addUsers({ taskId: t.id, file }));
    expect(imported).toMatchObject({ added: 1, matched: 2, failNum: 3, userNum: 4 });
    expect(imported.failList).toEqual([
      { row: 4, account: "nobody_x", reason: "账号不存在" },
      { row: 5, account: "task_off", reason: "用户已停用" },
      { row: 6, account: "task_b", reason: "与第2行重复" },
    ]);
    expect(await db.select().from(taskUsers).where(eq(taskUsers.taskId, t.id))).toHaveLength(4);
    expect((await rejection(admin.call((c) => c.task.admin.addUsers({ taskId: t.id })))).message).toBe("请选择要分配的学员、组织、角色或上传名单");
    expect((await rejection(admin.call((c) => c.task.admin.addUsers({ taskId: t.id, file: new Blob(["not a sheet"]) })))).message).toBe("文件无法读取，请上传 .xlsx 格式的 Excel 文件");

    const page = await admin.call((c) => c.task.admin.users({ taskId: t.id, keyword: "刘" }));
    expect(page.list).toEqual([expect.objectContaining({ userId: bRow.id, nick: "刘洋", isComplete: 0, rate: 0, score: null })]);
    expect(await admin.call((c) => c.task.admin.delUsers({ taskId: t.id, userIds: [bRow.id] }))).toMatchObject({ removed: 1, userNum: 3 });
    const file2 = await admin.call((c) => c.task.admin.exportUsers({ taskId: t.id }));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file2.base64, "base64") as never);
    expect(book.worksheets[0]!.rowCount).toBe(4);
    expect(book.worksheets[0]!.getRow(1).values).toContain("获得积分");
  });

  it("node rates come from real study; completion and score are written once, even for parallel calls; the score stays", async () => {
    const db = getDb();
    const { admin, a, aRow } = await setup(db);
    const t = await aTask(admin, { score: 30 });
    const c1 = await docCourse(db, "政府采购法律制度");
    const exam = await anExam(db);
    const n1 = await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c1.course.id }));
    await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 3, contentId: exam.id }));
    await admin.call((c) => c.task.admin.addUsers({ taskId: t.id, userIds: [aRow.id] }));
    expect(await a.call((c) => c.task.unfinishedNum())).toEqual({ unfinishedNum: 1 });

    // A rate the client claims is ignored.
    const before = await a.call((c) => c.task.saveNodeRate({ taskId: t.id, nodeId: n1.id, rate: 100 } as never));
    expect(before.nodeList.map((n) => n.rate)).toEqual([0, 0]);
    await a.call((c) => c.course.join({ courseId: c1.course.id }));
    await study(db, aRow.id, c1);
    const half = await a.call((c) => c.task.saveNodeRate({ id: t.id }));
    expect(half).toMatchObject({ isComplete: 0, completeNodeNum: 1, rate: 50, completedNow: 0 });
    expect(half.nodeList[0]).toMatchObject({ rate: 100, isComplete: 1, link: `/study/platform?id=${c1.course.id}` });
    expect(half.nodeList[1]).toMatchObject({ rate: 0, isComplete: 0, link: `/exam/detail?id=${exam.id}` });

    await passExam(db, aRow.id, exam.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => a.call((c) => c.task.saveNodeRate({ taskId: t.id }))));
    expect(answers.filter((r) => r.completedNow === 1)).toHaveLength(1);
    const [row] = await db.select().from(taskUsers).where(eq(taskUsers.taskId, t.id));
    expect(row).toMatchObject({ score: 30 });
    const result = await a.call((c) => c.task.result({ id: t.id }));
    expect(result).toMatchObject({ isComplete: 1, onTime: 1, score: 30, taskScore: 30, rate: 100, state: 2, stateName: "已完成", message: "已按时完成任务，获得30积分" });

    // A new score applies to later completions only; the earned one stays; no second completion.
    await admin.call((c) => c.task.admin.score({ id: t.id, score: 50 }));
    await a.call((c) => c.task.saveNodeRate({ taskId: t.id }));
    const [again] = await db.select().from(taskUsers).where(eq(taskUsers.taskId, t.id));
    expect(again).toMatchObject({ score: 30, completedAt: row!.completedAt });
    expect(await a.call((c) => c.task.unfinishedNum())).toEqual({ unfinishedNum: 0 });
    expect((await admin.call((c) => c.task.admin.users({ taskId: t.id }))).list[0]).toMatchObject({ isComplete: 1, rate: 100, completeNodeNum: 2, score: 30 });
  });

  it("learners see only their published tasks; past the deadline a task shows 已逾期 and completing it earns no score", async () => {
    const db = getDb();
    const { admin, a, b, aRow } = await setup(db);
    const c1 = await docCourse(db, "政府采购法律制度");
    const late = await aTask(admin, { name: "上半年任务", startTime: Date.now() - 30 * DAY, deadline: Date.now() - DAY });
    const open = await aTask(admin, { name: "下半年任务" });
    const draft = await aTask(admin, { name: "筹备中任务", status: 0 });
    for (const t of [late, open, draft]) {
      await admin.call((c) => c.task.admin.addNode({ taskId: t.id, contentType: 1, contentId: c1.course.id }));
      await admin.call((c) => c.task.admin.addUsers({ taskId: t.id, userIds: [aRow.id] }));
    }
    const list = await a.call((c) => c.task.list({}));
    expect(list.list.map((t) => [t.name, t.stateName])).toEqual([
      ["下半年任务", "进行中"],
      ["上半年任务", "已逾期"],
    ]);
    expect(list.counts).toEqual({ all: 2, ongoing: 1, completed: 0, overdue: 1 });
    expect((await a.call((c) => c.task.list({ state: 3 }))).list.map((t) => t.id)).toEqual([late.id]);
    expect(await a.call((c) => c.task.unfinishedNum())).toEqual({ unfinishedNum: 1 });

    // Owner check: not assigned, a draft, or deleted all answer the same 404.
    expect((await rejection(b.call((c) => c.task.detail({ id: open.id })))).message).toBe("任务不存在或未分配给您");
    expect((await rejection(b.call((c) => c.task.saveNodeRate({ taskId: open.id })))).legacyCode).toBe("404");
    expect((await rejection(a.call((c) => c.task.result({ id: draft.id })))).message).toBe("任务不存在或未分配给您");
    expect((await rejection(a.call((c) => c.task.detail({ id: "abc" } as never)))).message).toBe("任务ID格式不正确");

    await a.call((c) => c.course.join({ courseId: c1.course.id }));
    await study(db, aRow.id, c1);
    await a.call((c) => c.task.refresh());
    const after = await a.call((c) => c.task.list({}));
    expect(after.counts).toEqual({ all: 2, ongoing: 0, completed: 2, overdue: 0 });
    expect(await a.call((c) => c.task.result({ id: late.id }))).toMatchObject({ isComplete: 1, onTime: 0, score: 0, message: "已完成任务，因超过截止时间完成，不计积分" });
    expect(await a.call((c) => c.task.result({ id: open.id }))).toMatchObject({ isComplete: 1, onTime: 1, score: 20 });
    await admin.call((c) => c.task.admin.del({ id: open.id }));
    expect((await rejection(a.call((c) => c.task.detail({ id: open.id })))).message).toBe("任务不存在或未分配给您");
  });

  it("the deadline reminder scene reaches unfinished learners of published tasks once, within the lead days", async () => {
    const db = getDb();
    const { admin, aRow, bRow } = await setup(db);
    const c1 = await docCourse(db, "政府采购法律制度");
    const t = await aTask(admin, { name: "年度必修任务", deadline: Date.now() + 2 * DAY });
    const far = await aTask(admin, { name: "远期任务", deadline: Date.now() + 20 * DAY });
    const done = await createUser(db, { loginName: "task_done", nick: "陈静" });
    for (const x of [t, far]) {
      await admin.call((c) => c.task.admin.addNode({ taskId: x.id, contentType: 1, contentId: c1.course.id }));
      await admin.call((c) => c.task.admin.addUsers({ taskId: x.id, userIds: [aRow.id, bRow.id, done.id] }));
    }
    await db.update(taskUsers).set({ completedAt: new Date(), score: 20 }).where(eq(taskUsers.userId, done.id));
    const mt = await admin.call((c) => c.message.admin.task.create({ name: "任务截止前3天提醒", sceneType: "TASK_DEADLINE" }));
    expect(mt).toMatchObject({ sceneName: "任务截止提醒", ruleText: "任务截止前 3 天，提醒尚未完成该任务的学员" });
    await admin.call((c) => c.message.admin.task.operate({ id: mt.id, status: 1 }));

    expect((await sweepMessageTasks(db, new Date(), { taskIds: [mt.id], pushUnread: false })).sent).toBe(2);
    expect((await sweepMessageTasks(db, new Date(), { taskIds: [mt.id], pushUnread: false })).sent).toBe(0);
    const notes = await db.select().from(stationMessages).where(eq(stationMessages.businessType, `task:${mt.id}`));
    expect(notes.map((n) => n.userId).sort()).toEqual([aRow.id, bRow.id].sort());
    expect(notes[0]).toMatchObject({ title: "任务即将截止：年度必修任务", link: `/task/detail?id=${t.id}` });
    expect(notes[0]!.content).toContain("当前已完成0/1个节点");
    const [reminded] = await db.select().from(taskUsers).where(and(eq(taskUsers.taskId, t.id), eq(taskUsers.userId, aRow.id)));
    expect(reminded!.remindedAt).toBeInstanceOf(Date);
    expect(await db.select().from(taskNodes).where(eq(taskNodes.taskId, far.id))).toHaveLength(1);
  });
});
