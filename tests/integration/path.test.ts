import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { learningPathMembers, learningPathNodeVisits, learningPathNodes, learningPaths, userCerts } from "@db/schema";
import { reportLearning } from "@trpc-app/course/progress.service";
import { pathDetail } from "@trpc-app/path/path.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { addMembership, createNode } from "../factories/org";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "map_admin", nick: "李建国", isAdmin: 1 });
  const aRow = await createUser(db, { loginName: "map_a", nick: "王晓雯" });
  const bRow = await createUser(db, { loginName: "map_b", nick: "刘洋" });
  return { adminRow, aRow, bRow, admin: await signedInClient(db, adminRow.id), a: await signedInClient(db, aRow.id), b: await signedInClient(db, bRow.id) };
}

/** A one-document course: opening its section completes it. */
async function docCourse(db: Db, name: string) {
  const { course, sections } = await createCourse(db, { name, chapters: [{ name: "第一章", sections: [{ name: "讲义", type: 2 }] }] });
  return { course, section: sections[0]! };
}
async function finish(db: Db, client: Client, userId: number, c: Awaited<ReturnType<typeof docCourse>>) {
  await client.call((x) => x.course.join({ courseId: c.course.id })).catch(() => undefined);
  await reportLearning(db, { id: userId, isAdmin: 0 }, { courseId: c.course.id, chapterId: c.section.id, position: 0, event: "open" });
}
async function certTemplate(admin: Client, prefix: string) {
  return admin.call((c) => c.cert.admin.add({ name: `${prefix}模板`, certName: "政府采购学习地图结业证书", prefix, issuerName: "财云学院" }));
}
const certsOf = (db: Db, userId: number) => db.select().from(userCerts).where(and(eq(userCerts.userId, userId), eq(userCerts.businessType, 6)));

describeEachDb("learning maps", (getDb) => {
  it("an admin builds a map; nodes unlock in order from real progress; the last completion issues the certificate once", async () => {
    const db = getDb();
    const { admin, a, aRow } = await setup(db);
    const c1 = await docCourse(db, "政府采购法律法规");
    const c2 = await docCourse(db, "采购需求与采购文件编制");
    const t = await certTemplate(admin, "CYDT");
    const { id } = await admin.call((c) => c.path.admin.create({ name: "政府采购实务学习地图", description: "从法规到实务", certTemplateId: t.id }));
    // Online needs nodes; a certificate node with no template is refused elsewhere.
    expect((await rejection(admin.call((c) => c.path.admin.operateStatus({ id, status: 1 })))).message).toBe("请先添加学习节点再上线");
    await admin.call((c) =>
      c.path.admin.nodeConfig({
        learningPathId: id,
        sections: [
          { title: "第一阶段：法规", nodes: [{ relationContentType: 1, relationContentId: c1.course.id }] },
          { title: "第二阶段：实务", nodes: [{ relationContentType: 1, relationContentId: c2.course.id }, { relationContentType: 4 }] },
        ],
      }),
    );
    await admin.call((c) => c.path.admin.operateStatus({ id, status: 1 }));

    const before = await a.call((c) => c.path.nodeList({ id }));
    expect(before.list.map((n) => [n.relationContentName, n.status, n.buttonType])).toEqual([
      ["政府采购法律法规", 0, 0],
      ["采购需求与采购文件编制", -1, 3],
      ["结业证书", -1, 3],
    ]);
    expect(before.list[1]!.lockTip).toBe("完成上一节内容才能解锁");
    expect(before.list[1]!.relationContentLinkUrl).toBe("");
    expect(before.list[0]).toMatchObject({ sectionName: "第一阶段：法规", relationContentLinkUrl: `/study/platform?id=${c1.course.id}&learningPathId=${id}` });

    // A locked node refuses the visit and records nothing.
    const locked = await rejection(a.call((c) => c.path.entryNode({ learningPathNodeId: before.list[1]!.id })));
    expect(locked.message).toBe("完成上一节内容才能解锁");
    expect(await db.select().from(learningPathNodeVisits).where(eq(learningPathNodeVisits.userId, aRow.id))).toHaveLength(0);

    const opened = await a.call((c) => c.path.entryNode({ learningPathNodeId: before.list[0]!.id }));
    expect(opened).toMatchObject({ relationContentType: 1, relationContentLinkUrl: `/study/platform?id=${c1.course.id}&learningPathId=${id}` });
    await finish(db, a, aRow.id, c1);
    const middle = await a.call((c) => c.path.nodeList({ id }));
    expect(middle.list.map((n) => n.status)).toEqual([2, 0, -1]);
    expect(middle.currentIndex).toBe(1);

    await finish(db, a, aRow.id, c2);
    // The course's completion settled the map in its own transaction: certificate issued, map completed.
    const certs = await certsOf(db, aRow.id);
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({ businessId: id, contentName: "政府采购实务学习地图" });
    const after = await a.call((c) => c.path.detail({ id }));
    expect(after).toMatchObject({ isJoin: 1, isComplete: 1, progress: 100, userCertId: certs[0]!.id, certTemplateId: t.id });
    const nodes = await a.call((c) => c.path.nodeList({ id }));
    expect(nodes.list[2]).toMatchObject({ status: 2, relationContentLinkUrl: `/certificate/view?id=${certs[0]!.id}` });
    // Opening the map again (settling again, in parallel) issues nothing more.
    await Promise.all([1, 2, 3, 4, 5].map(() => pathDetail(db, { id: aRow.id, isAdmin: 0 }, id)));
    expect(await certsOf(db, aRow.id)).toHaveLength(1);
    const mine = await a.call((c) => c.path.mine({ status: 2 }));
    expect(mine.list).toMatchObject([{ id, progress: 100, isComplete: 1 }]);

    const members = await admin.call((c) => c.path.admin.memberList({ learningPathId: id }));
    expect(members.list).toMatchObject([{ userId: aRow.id, progress: 100, joinStatus: 2, completedNodeNum: 3, nodeNum: 3 }]);
    const file = await admin.call((c) => c.path.admin.exportMembers({ learningPathId: id }));
    expect(file.fileName).toBe("政府采购实务学习地图-学员学习情况.xlsx");
  });

  it("a node opening on a date is locked until then; an exam node completes when the exam is passed", async () => {
    const db = getDb();
    const { a, aRow } = await setup(db);
    const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
    const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
    const exam = await createExam(db, { name: "政府采购法规考试", paperId: paper.id, passScore: 60, makeupCount: 1 });
    const later = new Date(Date.now() + 3 * 86_400_000);
    const { path, nodes } = await createPath(db, {
      sections: [{ title: "考核", nodes: [{ contentType: 3, contentId: exam.id, unlockType: 0 }, { contentType: 0, nodeName: "中国政府采购网", linkUrl: "https://www.ccgp.gov.cn/", unlockType: 2, unlockAt: later }] }],
    });
    const list = await a.call((c) => c.path.nodeList({ id: path.id }));
    expect(list.list[1]).toMatchObject({ status: -1, buttonType: 4 });
    expect(list.list[1]!.lockTip).toMatch(/^未到学习时间，\d{4}-\d{2}-\d{2} \d{2}:\d{2}开放$/);
    expect((await rejection(a.call((c) => c.path.entryNode({ learningPathNodeId: nodes[1]!.id })))).message).toBe("未到学习时间");
    // After the date (a learner in the future) the link opens, and a visit completes it.
    const future = await pathDetail(db, { id: aRow.id, isAdmin: 0 }, path.id, new Date(later.getTime() + 60_000));
    expect(future.currentNodeId).toBe(nodes[0]!.id);

    await a.call((c) => c.exam.register({ examId: exam.id })).catch(() => undefined);
    const { paperId } = await a.call((c) => c.exam.start({ examId: exam.id }));
    await a.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.id, answer: ["B"] }] }));
    expect((await a.call((c) => c.path.nodeList({ id: path.id }))).list[0]).toMatchObject({ status: 1, buttonType: 1 });
    const again = await a.call((c) => c.exam.start({ examId: exam.id }));
    await a.call((c) => c.exam.submit({ paperId: again.paperId, answers: [{ questionId: q.id, answer: ["A"] }] }));
    expect((await a.call((c) => c.path.nodeList({ id: path.id }))).list[0]).toMatchObject({ status: 2, buttonType: 2, relationContentLinkUrl: `/exam/detail?id=${exam.id}&learningPathId=${path.id}` });
  });

  it("open range: outsiders see the map but cannot join (102); collection toggles; offline maps are gone for learners", async () => {
    const db = getDb();
    const { admin, a, b, aRow, bRow } = await setup(db);
    const group = await createNode(db, "group", "省财政厅");
    await addMembership(db, aRow.id, { groupIds: [group.id] });
    const c1 = await docCourse(db, "政府采购法律法规");
    const { path } = await createPath(db, { name: "财政系统学习地图", sections: [{ title: "一", nodes: [{ contentType: 1, contentId: c1.course.id }] }] });
    await admin.call((c) => c.path.admin.saveOpenRange({ id: path.id, openRange: [{ kind: "group", target: String(group.id) }] }));
    expect((await admin.call((c) => c.path.admin.getOpenRange({ id: path.id }))).openRange).toEqual([{ kind: "group", target: String(group.id) }]);

    const refused = await rejection(b.call((c) => c.path.entry({ learningPathId: path.id })));
    expect(String(refused.legacyCode)).toBe("102");
    expect(refused.message).toBe("该学习地图未对您开放");
    expect(await db.select().from(learningPathMembers).where(eq(learningPathMembers.userId, bRow.id))).toHaveLength(0);
    expect((await b.call((c) => c.path.detail({ id: path.id }))).isOpen).toBe(0);
    expect((await b.call((c) => c.path.list({}))).list.map((p) => p.id)).not.toContain(path.id);
    expect((await a.call((c) => c.path.list({}))).list.map((p) => p.id)).toContain(path.id);
    await a.call((c) => c.path.entry({ learningPathId: path.id }));
    await a.call((c) => c.path.entry({ learningPathId: path.id }));
    expect(await db.select().from(learningPathMembers).where(eq(learningPathMembers.pathId, path.id))).toHaveLength(1);

    expect((await a.call((c) => c.path.collect({ learningPathId: path.id }))).isCollect).toBe(1);
    expect((await a.call((c) => c.path.collections({}))).list.map((p) => p.id)).toEqual([path.id]);
    expect((await a.call((c) => c.path.collect({ learningPathId: path.id }))).isCollect).toBe(0);

    await admin.call((c) => c.path.admin.operateStatus({ id: path.id, status: 0 }));
    expect((await rejection(a.call((c) => c.path.detail({ id: path.id })))).message).toBe("学习地图不存在或已下架");
  });

  it("the node list gives a link node's URL only to who may enter the map: not to visitors, outsiders of its range or non-buyers of a sold map", async () => {
    const db = getDb();
    const { a, b, aRow, bRow } = await setup(db);
    const group = await createNode(db, "group", "省财政厅");
    await addMembership(db, aRow.id, { groupIds: [group.id] });
    const c1 = await docCourse(db, "政府采购法律法规");
    const link = "https://www.ccgp.gov.cn/zcfg/";
    const nodes = [{ contentType: 1 as const, contentId: c1.course.id, unlockType: 0 as const }, { contentType: 0 as const, nodeName: "政府采购法规库", linkUrl: link, unlockType: 0 as const }];
    const { path } = await createPath(db, { name: "财政系统学习地图", openRange: [{ kind: "group", target: String(group.id) }], sections: [{ title: "一", nodes }] });
    const urls = async (client: { call: Client["call"] }, id: number) => (await client.call((c) => c.path.nodeList({ id }))).list.map((n) => n.relationContentLinkUrl);
    const course = `/study/platform?id=${c1.course.id}&learningPathId=${path.id}`;

    // Outsiders still see the map and its page addresses (those pages apply their own rules).
    expect(await urls(testClient(db), path.id)).toEqual([course, ""]);
    expect(await urls(b, path.id)).toEqual([course, ""]);
    expect(await urls(a, path.id)).toEqual([course, link]);
    await a.call((c) => c.path.entry({ learningPathId: path.id }));
    expect(await urls(a, path.id)).toEqual([course, link]);

    const { path: sold } = await createPath(db, { name: "政府采购实务付费地图", price: 9_900, sections: [{ title: "一", nodes }] });
    expect(await urls(b, sold.id)).toEqual([`/study/platform?id=${c1.course.id}&learningPathId=${sold.id}`, ""]);
    await db.insert(learningPathMembers).values({ pathId: sold.id, userId: bRow.id, source: "admin" });
    expect((await urls(b, sold.id))[1]).toBe(link);
  });

  it("bad input on admin calls answers a clear message and stores nothing", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const bad = async (p: Promise<unknown>) => (await rejection(p)).message;
    expect(await bad(admin.call((c) => c.path.admin.create({ name: "  " })))).toBe("请输入学习地图名称");
    expect(await bad(admin.call((c) => c.path.admin.create({ name: "地图", isCheckIn: 1, checkInStartTime: "2026-12-10", checkInEndTime: "2026-12-01" } as never)))).toBe("打卡结束日期不能早于开始日期");
    expect(await bad(admin.call((c) => c.path.admin.create({ name: "地图", isCheckIn: 1 })))).toBe("请选择打卡开始日期");
    expect(await bad(admin.call((c) => c.path.admin.create({ name: "地图", certTemplateId: 999999 })))).toMatch(/证书模板/);
    expect(await db.select().from(learningPaths)).toHaveLength(0);

    const c1 = await docCourse(db, "政府采购法律法规");
    const { id } = await admin.call((c) => c.path.admin.create({ name: "政府采购实务学习地图" }));
    const config = (nodes: unknown[]) => admin.call((c) => c.path.admin.nodeConfig({ learningPathId: id, sections: [{ title: "一", nodes }] } as never));
    expect(await bad(config([{ relationContentType: 1, relationContentId: 999999 }]))).toBe("课程（ID 999999）不存在或已删除");
    expect(await bad(config([{ relationContentType: 1 }]))).toBe("请选择节点关联的课程、直播或考试");
    expect(await bad(config([{ relationContentType: 0, nodeName: "官网", relationContentLinkUrl: "javascript:alert(1)" }]))).toBe("链接地址须以http://或https://开头");
    expect(await bad(config([{ relationContentType: 1, relationContentId: c1.course.id, unlockType: 2 }]))).toBe("按日期解锁须选择解锁时间");
    expect(await bad(config([{ relationContentType: 1, relationContentId: c1.course.id }, { relationContentType: 1, relationContentId: c1.course.id }]))).toBe("同一内容不能重复添加到学习地图");
    expect(await bad(config([{ relationContentType: 4 }, { relationContentType: 1, relationContentId: c1.course.id }]))).toBe("证书节点须放在最后");
    expect(await bad(config([{ relationContentType: 1, relationContentId: c1.course.id }, { relationContentType: 4 }]))).toBe("请先在基本信息中选择证书模板，再添加证书节点");
    expect(await bad(config([{ relationContentType: 9 }]))).toBe("节点类型不正确");
    expect(await db.select().from(learningPathNodes)).toHaveLength(0);
    expect(await bad(admin.call((c) => c.path.admin.edit({ id: 999999, name: "x" })))).toBe("学习地图不存在或已删除");
    expect(await bad(admin.call((c) => c.path.admin.addUsers({ learningPathId: id, userIds: [] })))).toBe("请选择学员");
    expect(await bad(admin.call((c) => c.path.admin.move({ id, direction: "left" } as never)))).toBe("移动方向不正确");
  });

  it("copy, move, delete and node moves", async () => {
    const db = getDb();
    const { admin, bRow } = await setup(db);
    const c1 = await docCourse(db, "政府采购法律法规");
    const c2 = await docCourse(db, "政府采购合同管理");
    const { id } = await admin.call((c) => c.path.admin.create({ name: "地图甲" }));
    const saved = await admin.call((c) =>
      c.path.admin.nodeConfig({ learningPathId: id, sections: [{ title: "一", nodes: [{ relationContentType: 1, relationContentId: c1.course.id }, { relationContentType: 1, relationContentId: c2.course.id }] }, { title: "二", nodes: [] }] }),
    );
    const [n1, n2] = saved.sections[0]!.nodes;
    await admin.call((c) => c.path.admin.nodeMove({ id: n2!.id, direction: "up" }));
    expect((await admin.call((c) => c.path.admin.nodeDetail({ learningPathId: id }))).sections[0]!.nodes.map((n) => n.id)).toEqual([n2!.id, n1!.id]);
    await admin.call((c) => c.path.admin.nodeMove({ id: n1!.id, direction: "down" }));
    const moved = await admin.call((c) => c.path.admin.nodeDetail({ learningPathId: id }));
    expect(moved.sections.map((s) => s.nodes.map((n) => n.id))).toEqual([[n2!.id], [n1!.id]]);
    await admin.call((c) => c.path.admin.nodeDel({ id: n1!.id }));

    await admin.call((c) => c.path.admin.addUsers({ learningPathId: id, userIds: [bRow.id] }));
    const copy = await admin.call((c) => c.path.admin.copy({ id }));
    expect(copy.name).toBe("地图甲（副本）");
    const copied = await admin.call((c) => c.path.admin.detail({ id: copy.id }));
    expect(copied).toMatchObject({ status: 0, nodeNum: 1, memberNum: 0 });
    const { id: second } = await admin.call((c) => c.path.admin.create({ name: "地图乙" }));
    const order = async () => (await admin.call((c) => c.path.admin.page({}))).list.map((p) => p.id);
    const first = await order();
    await admin.call((c) => c.path.admin.move({ id: first[0]!, direction: "down" }));
    expect((await order())[1]).toBe(first[0]);
    await admin.call((c) => c.path.admin.operateStatus({ id, status: 1 }));
    expect((await rejection(admin.call((c) => c.path.admin.del({ id })))).message).toBe("学习地图已上线，请先下线再删除");
    await admin.call((c) => c.path.admin.del({ id: second }));
    expect((await order())).not.toContain(second);
  });
});
