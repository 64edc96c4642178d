import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/back/learning/path";
const F = "/api/elearning/caiyun/front/learning/path";

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy learning-map calls", (getDb) => {
  it("all 24 map calls answer the envelope with the map and node field names", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1, loginName: "map_admin" });
    const { user: learner, client: me } = await signedIn(db, { loginName: "map_learner", nick: "王晓雯" });
    const c1 = await createCourse(db, { name: "政府采购法律法规", chapters: [{ name: "第一章", sections: [{ name: "讲义", type: 2 }] }] });
    const c2 = await createCourse(db, { name: "政府采购合同管理" });

    // Bad input: a clear message, nothing created; learners are refused the back office.
    expect((await admin.post(`${B}/create`, { name: "" })).body).toMatchObject({ success: false, message: "请输入学习地图名称" });
    expect((await me.post(`${B}/create`, { name: "地图" })).body).toMatchObject({ success: false, code: 403 });
    expect((await admin.post(`${B}/page/list`, {})).body.data.total).toBe(0);

    const made = await admin.post(`${B}/create`, { name: "政府采购实务学习地图", description: "从法规到实务", isCheckIn: 1, checkInStartTime: "2026-11-01", checkInEndTime: "2026-12-31" });
    expect(made.body).toMatchObject({ code: 200, success: true });
    const id = made.body.data.id as number;
    expect((await admin.post(`${B}/edit`, { id, name: "政府采购实务学习地图", description: "法规、实务与考核", isCheckIn: 1, checkInStartTime: "2026-11-01", checkInEndTime: "2026-12-31" })).body.data).toMatchObject({ success: true });
    const config = await admin.post(`${B}/nodeConfig`, {
      learningPathId: id,
      sections: [
        { title: "法规", nodes: [{ relationContentType: 1, relationContentId: c1.course.id }] },
        { title: "实务", nodes: [{ relationContentType: 1, relationContentId: c2.course.id, unlockType: 1 }, { relationContentType: 0, nodeName: "中国政府采购网", relationContentLinkUrl: "https://www.ccgp.gov.cn/", unlockType: 0 }] },
      ],
    });
    expect(config.body.data.sections).toHaveLength(2);
    const nodeDetail = await admin.get(`${B}/node/detail`, { learningPathId: id });
    const adminNodes = nodeDetail.body.data.sections.flatMap((s: { nodes: unknown[] }) => s.nodes);
    expect(adminNodes[0]).toMatchObject({ relationContentType: 1, relationContentId: c1.course.id, relationContentName: "政府采购法律法规", unlockType: 1, isExamJump: 1 });
    expect((await admin.post(`${B}/nodeMove`, { id: adminNodes[2].id, direction: "up" })).body).toMatchObject({ success: true });
    expect((await admin.post(`${B}/nodeDel`, { id: adminNodes[2].id })).body).toMatchObject({ success: true });
    expect((await admin.post(`${B}/saveOpenRange`, { id, openRange: [] })).body).toMatchObject({ success: true });
    expect((await admin.get(`${B}/getOpenRange`, { id })).body.data).toMatchObject({ learningPathId: id, openRange: [] });
    expect((await admin.post(`${B}/operateStatus`, { id, status: 1 })).body).toMatchObject({ success: true, data: { status: 1 } });
    expect((await admin.get(`${B}/detail`, { id })).body.data).toMatchObject({ id, learningPathId: id, name: "政府采购实务学习地图", status: 1, isCheckIn: 1, nodeNum: 2 });
    const copy = await admin.post(`${B}/copy`, { id });
    expect(copy.body.data.name).toBe("政府采购实务学习地图（副本）");
    expect((await admin.post(`${B}/move`, { id: copy.body.data.id, direction: "down" })).body).toMatchObject({ success: true });
    expect((await admin.post(`${B}/del`, { id: copy.body.data.id })).body).toMatchObject({ success: true });
    expect((await admin.post(`${B}/page/list`, { pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, list: [{ id, learningPathId: id, nodeNum: 2, statusName: "已上线" }] });

    // Learner calls.
    const detail = await me.get(`${F}/detail`, { id });
    expect(detail.body).toMatchObject({ success: true, data: { id, name: "政府采购实务学习地图", isJoin: 0, progress: 0 } });
    const nodes = await me.get(`${F}/node/list`, { id });
    expect(nodes.body.data.list[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), learningPathId: id, status: 0, buttonType: 0, relationContentType: 1, relationContentId: c1.course.id, relationContentName: "政府采购法律法规", nodeName: "政府采购法律法规", coverUrl: expect.any(String), isExamJump: 1 }),
    );
    expect(nodes.body.data.list[1]).toMatchObject({ status: -1, buttonType: 3, relationContentLinkUrl: "" });
    expect((await me.post(`${F}/entry/node`, { learningPathNodeId: nodes.body.data.list[1].id })).body).toMatchObject({ success: false, message: "完成上一节内容才能解锁" });
    expect((await me.post(`${F}/entry`, { learningPathId: id })).body).toMatchObject({ success: true, data: { isJoin: 1 } });
    const entered = await me.post(`${F}/entry/node`, { learningPathNodeId: nodes.body.data.list[0].id });
    expect(entered.body.data).toMatchObject({ relationContentType: 1, relationContentLinkUrl: `/study/platform?id=${c1.course.id}&learningPathId=${id}` });
    expect((await me.post(`${F}/user/collection`, { learningPathId: id })).body.data).toMatchObject({ isCollect: 1 });
    expect((await me.post(`${F}/user/learn/list`, { pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, list: [{ id, learningPathId: id, progress: 0 }] });

    // Members.
    expect((await admin.post(`${B}/add/user`, { learningPathId: id, userIds: [learner.id] })).body.data).toMatchObject({ addedNum: 0, existedNum: 1 });
    expect((await admin.post(`${B}/page/memberList`, { learningPathId: id })).body.data.list).toMatchObject([{ userId: learner.id, nick: "王晓雯", joinStatus: 1 }]);
    const file = await admin.post(`${B}/exportMemberList`, { learningPathId: id });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect((await admin.post(`${B}/del/user`, { learningPathId: id, userIds: [learner.id] })).body.data).toMatchObject({ removedNum: 1 });
    expect((await me.get(`${F}/detail`, { id: "abc" })).body).toMatchObject({ success: false, message: "学习地图ID格式不正确" });
  });
});
