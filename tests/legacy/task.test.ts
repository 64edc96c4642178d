import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { reportLearning } from "@trpc-app/course/progress.service";
import { createCourse } from "../factories/course";
import { addMembership, createGroup } from "../factories/org";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/caiyun/back/task";
const F = "/api/elearning/caiyun/front/task";
const DAY = 86_400_000;

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy task calls", (getDb) => {
  it("back office and learner calls answer the envelope with the task's field names", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1, loginName: "task_admin" });
    const { user: learner, client: me } = await signedIn(db, { loginName: "task_learner", nick: "王晓雯" });
    const { client: other } = await signedIn(db, { loginName: "task_other" });
    const c1 = await createCourse(db, { name: "政府采购法律制度", chapters: [{ name: "第一章", sections: [{ name: "1.1 讲义", type: 2 }] }] });
    const c2 = await createCourse(db, { name: "采购需求管理实务" });
    const group = await createGroup(db, "采购处");
    await addMembership(db, learner.id, { groupIds: [group.id] });

    // Bad input answers success:false with a Chinese message and creates nothing.
    const bad = await admin.post(`${B}/create`, { name: "", deadline: Date.now() + DAY });
    expect(bad.body).toMatchObject({ success: false, message: "请输入任务名称" });
    expect((await admin.post(`${B}/pageTaskList`, {})).body.data.total).toBe(0);
    expect((await me.post(`${B}/pageTaskList`, {})).body).toMatchObject({ success: false, code: 403 });

    const made = await admin.post(`${B}/create`, { name: "2026年度必修任务", description: "年度继续教育", deadline: "2030-12-31 18:00", score: "20", status: 1 });
    expect(made.body).toMatchObject({ code: 200, success: true, data: { name: "2026年度必修任务", deadline: Date.UTC(2030, 11, 31, 10), score: 20, status: 1, nodeNum: 0, userNum: 0 } });
    const taskId = made.body.data.id as number;
    expect((await admin.post(`${B}/create`, { id: taskId, name: "2026年度必修任务", deadline: "2030-12-31 18:00", score: 20, status: 1, description: "按时完成" })).body.data).toMatchObject({ id: taskId, description: "按时完成" });
    const second = (await admin.post(`${B}/create`, { name: "专题任务", deadline: Date.now() + DAY })).body.data.id as number;
    expect((await admin.post(`${B}/pageTaskList`, { name: "必修", pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, pageNo: 1, list: [{ id: taskId, taskId, name: "2026年度必修任务" }] });
    expect((await admin.post(`${B}/move`, { id: taskId, direction: "up" })).body).toMatchObject({ success: true, data: { id: taskId } });
    const copy = await admin.post(`${B}/copy`, { id: taskId });
    expect(copy.body.data).toMatchObject({ name: "2026年度必修任务（副本）", status: 0 });
    expect((await admin.post(`${B}/del`, { ids: `${copy.body.data.id},${second}` })).body.data).toEqual({ count: 2 });

    // Nodes.
    const n1 = (await admin.post(`${B}/addTaskNode`, { taskId, contentType: 1, contentId: c1.course.id, requiredRate: "100" })).body.data;
    expect(n1).toMatchObject({ nodeId: n1.id, taskId, contentType: 1, contentTypeName: "课程", name: "政府采购法律制度", requiredRate: 100 });
    const n2 = (await admin.post(`${B}/addTaskNode`, { taskId, contentType: 1, contentId: c2.course.id })).body.data;
    expect((await admin.post(`${B}/addTaskNode`, { taskId, contentType: 1, contentId: c2.course.id })).body).toMatchObject({ success: false, message: "该课程已在任务中" });
    expect((await admin.post(`${B}/modifyTaskNode`, { nodeId: n2.id, requiredRate: 150 })).body).toMatchObject({ success: false, message: "要求进度须为1-100之间的整数" });
    expect((await admin.post(`${B}/modifyTaskNode`, { nodeId: n2.id, requiredRate: 60 })).body.data).toMatchObject({ requiredRate: 60 });
    expect((await admin.post(`${B}/sortTaskNode`, { taskId, nodeIds: [n2.id, n1.id] })).body.data.nodeList.map((n: { id: number }) => n.id)).toEqual([n2.id, n1.id]);
    expect((await admin.get(`${B}/getTaskNodeList`, { id: taskId })).body.data.list.map((n: { name: string }) => n.name)).toEqual(["采购需求管理实务", "政府采购法律制度"]);
    expect((await admin.post(`${B}/delTaskNode`, { id: n2.id })).body.data).toMatchObject({ nodeId: n2.id, taskId });
    expect((await admin.get(`${B}/getTaskDetail`, { id: taskId })).body.data).toMatchObject({ id: taskId, nodeNum: 1, nodeList: [{ id: n1.id, requiredRate: 100 }] });
    expect((await admin.get(`${B}/getTaskDetail`, { id: "x" })).body).toMatchObject({ success: false, message: "任务ID格式不正确" });

    // Learners: by group as JSON, by an .xlsx as multipart; score; page; export; removal.
    expect((await admin.post(`${B}/addTaskUser`, { taskId, groupIds: [group.id] })).body.data).toMatchObject({ added: 1, userNum: 1 });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("名单").addRows([["登录名"], ["task_other"], ["nobody"]]);
    const file = new Blob([Buffer.from(await wb.xlsx.writeBuffer())], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    const imported = await admin.call("POST", `${B}/addTaskUser`, { multipart: { taskId: String(taskId), file } });
    expect(imported.body.data).toMatchObject({ added: 1, failNum: 1, failList: [{ row: 3, account: "nobody", reason: "账号不存在" }], userNum: 2 });
    expect((await admin.post(`${B}/taskScore`, { id: taskId, score: 30 })).body.data).toMatchObject({ score: 30 });
    expect((await admin.post(`${B}/taskScore`, { id: taskId, score: -1 })).body).toMatchObject({ success: false, message: "任务积分须为0-10000之间的整数" });
    const users = await admin.post(`${B}/pageTaskUserList`, { taskId, pageNo: 1, pageSize: 10 });
    expect(users.body.data).toMatchObject({ total: 2, list: [{ userId: learner.id, loginName: "task_learner", rate: 0, isComplete: 0, nodeNum: 1, completeNodeNum: 0, score: null }, { loginName: "task_other" }] });
    const exported = await admin.post(`${B}/exportTaskUser`, { taskId });
    expect(exported.headers.get("content-type")).toContain("spreadsheetml");

    // Learner side.
    expect((await me.get(`${F}/getUnfinishedNum`)).body.data).toEqual({ unfinishedNum: 1 });
    expect((await me.get(`${F}/getUserTaskList`, { pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, counts: { all: 1, ongoing: 1 }, list: [{ id: taskId, taskScore: 30, score: null, rate: 0, isComplete: 0, state: 1, stateName: "进行中" }] });
    expect((await me.get(`${F}/getUserTaskDetail`, { id: taskId })).body.data).toMatchObject({ id: taskId, nodeList: [{ nodeId: n1.id, rate: 0, requiredRate: 100, isComplete: 0, link: `/study/platform?id=${c1.course.id}` }] });
    expect((await me.post("/api/elearning/caiyun/front/course/add", { courseId: c1.course.id })).body.success).toBe(true);
    await reportLearning(db, { id: learner.id, isAdmin: 0 }, { courseId: c1.course.id, chapterId: c1.sections[0]!.id, position: 0, event: "open" });
    const saved = await me.get(`${F}/saveNodeRate`, { taskId, nodeId: n1.id, rate: 100 });
    expect(saved.body.data).toMatchObject({ isComplete: 1, completedNow: 1, rate: 100, score: 30, nodeList: [{ rate: 100, isComplete: 1 }] });
    expect((await me.get(`${F}/getTaskResult`, { id: taskId })).body.data).toMatchObject({ taskId, isComplete: 1, onTime: 1, score: 30, message: "已按时完成任务，获得30积分" });
    expect((await me.get(`${F}/getUnfinishedNum`)).body.data).toEqual({ unfinishedNum: 0 });
    expect((await other.get(`${F}/getUserTaskDetail`, { id: taskId + 100 })).body).toMatchObject({ success: false, code: 404, message: "任务不存在或未分配给您" });
    expect((await legacyClient(db).get(`${F}/getUnfinishedNum`)).body).toMatchObject({ success: false, code: 281 });

    expect((await admin.post(`${B}/delTaskUser`, { taskId, userIds: [learner.id] })).body.data).toMatchObject({ removed: 1, userNum: 1 });
    expect((await me.get(`${F}/getTaskResult`, { id: taskId })).body).toMatchObject({ success: false, message: "任务不存在或未分配给您" });
  });
});
