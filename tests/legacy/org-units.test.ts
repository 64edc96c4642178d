import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { channelVisits, organizations, userIdentities } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { creditCheckChar } from "@trpc-app/org/units-schemas";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const E = "/api/elearning";
const O = `${E}/back/organization/manage`;
const W = `${E}/back/white`;
const C = `${E}/back/channel/manage`;
const U = `${E}/caiyun/front/user`;

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string; mobile?: string } = {}) {
  const user = await createUser(db, opts);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

const ok = (data: unknown) => ({ code: 200, success: true, message: "成功", data });

describeEachDb("legacy organisation, whitelist and channel calls", (getDb) => {
  it("back/organization/manage: save, update, page, detail, districtTree, getSourceEnum, del; learners search and pick one", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const creditCode = "12430000MB1D0213X";
    const saved = await admin.post(`${O}/save`, { name: "湖南省公共资源交易中心", creditCode: creditCode + creditCheckChar(creditCode), provinceCode: "430000", cityCode: "430100", districtCode: "430104", source: "1", contactName: "周主任", contactPhone: "0731-89665000" });
    expect(saved.body).toMatchObject(ok({ name: "湖南省公共资源交易中心", regionName: "湖南省 长沙市 岳麓区", sourceName: "手工创建" }));
    const id = saved.body.data.id as number;
    // Form bodies as some old pages send them.
    const form = await admin.call("POST", `${O}/save`, { form: { name: "长沙市财政局", provinceCode: "430000", cityCode: "430100" } });
    expect(form.body).toMatchObject({ success: true, data: { regionName: "湖南省 长沙市" } });

    const updated = await admin.post(`${O}/update`, { id: String(id), name: "湖南省公共资源交易中心", provinceCode: "430000", cityCode: "430100", districtCode: "430104", status: "0", remark: "暂停对外服务" });
    expect(updated.body.data).toMatchObject({ status: 0, remark: "暂停对外服务" });
    const page = await admin.post(`${O}/page`, { pageNo: 1, pageSize: 10, provinceCode: "430000", name: "交易" });
    expect(page.body).toMatchObject(ok({ total: 1, pageNo: 1, pageSize: 10, list: [{ id, name: "湖南省公共资源交易中心", learnerCount: 0 }] }));
    expect((await admin.get(`${O}/detail`, { id })).body).toMatchObject(ok({ id, districtName: "岳麓区", creatorName: "李建国" }));
    const tree = await admin.post(`${O}/districtTree`, { level: 2 });
    expect(tree.body.success).toBe(true);
    expect(tree.body.data.find((p: { areaCode: string }) => p.areaCode === "430000")).toMatchObject({ areaName: "湖南省", children: expect.arrayContaining([{ areaCode: "430100", areaName: "长沙市" }]) });
    expect((await admin.get(`${O}/getSourceEnum`)).body).toEqual(ok([{ code: 1, name: "手工创建" }, { code: 2, name: "批量导入" }, { code: 3, name: "外部同步" }]));

    // A learner: the organisation search, then the pick (stored on the learner, name in sync).
    const { client: learner, user } = await signedIn(db, { nick: "王晓雯" });
    const changsha = form.body.data.id as number;
    const found = await learner.get(`${U}/orgSearch`, { orgName: "长沙", pageNo: 1, pageSize: 10 });
    expect(found.body).toEqual(ok({ list: [{ orgName: "长沙市财政局", organizationId: changsha, regionName: "湖南省 长沙市" }], total: 1, pageNo: 1, pageSize: 10 }));
    expect((await learner.post(`${U}/updateOrgInfo`, { organizationId: String(changsha) })).body).toMatchObject(ok({ orgName: "长沙市财政局" }));
    // The learner's districts: the same tree, by the live room's call.
    const live = await learner.post(`${E}/front/live/districtTree`, {});
    expect(live.body.data.find((p: { areaCode: string }) => p.areaCode === "430000").children[0].children.length).toBeGreaterThan(5);

    expect((await admin.post(`${O}/del`, { id: changsha })).body).toMatchObject({ success: false, message: "该机构下还有1名学员，不能删除；请先停用机构，或让学员更换所在单位后再删除" });
    expect((await admin.post(`${O}/del`, { id })).body).toEqual(ok({ id, deleted: true }));
    expect((await db.select().from(organizations)).map((o) => o.id)).toEqual([changsha]);
    expect((await db.select().from(userIdentities).where(eq(userIdentities.userId, user.id)))[0]).toMatchObject({ organizationId: changsha, orgName: "长沙市财政局" });

    const bad = await admin.post(`${O}/save`, { name: "某单位", provinceCode: "abc" });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: 400, message: "所在省份不正确" });
    expect((await learner.post(`${O}/page`, {})).body).toMatchObject({ success: false, code: 403 });
    expect((await legacyClient(db).get(`${O}/detail`, { id })).body).toMatchObject({ success: false, code: 281 });
  });

  it("back/white: create by mobiles with per-row results, search, remove, getWhiteBusinessType; the learner's getUserWhiteInfo", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const { client: learner } = await signedIn(db, { nick: "张敏", mobile: "13722220001" });
    const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const exam = await createExam(db, { paperId: (await createFixedPaper(db, "判断题卷", [{ questionId: q.id, score: 100 }])).id, proctoring: { isOpenSoftMonitor: 1 } });

    expect((await learner.get(`${E}/caiyun/front/white/getUserWhiteInfo`, { examId: exam.id, whiteBusinessType: 1 })).body).toMatchObject(ok({ isWhite: 0 }));
    const made = await admin.post(`${W}/create`, { whiteBusinessType: "1", businessId: String(exam.id), mobiles: "13722220001,13722229999", cause: "机房电脑无法安装监考助手" });
    expect(made.body).toMatchObject(ok({ added: 1, failed: 1, results: [{ value: "13722220001", status: "added" }, { value: "13722229999", status: "failed", message: "未找到使用该手机号的用户" }] }));
    expect((await learner.get(`${E}/caiyun/front/white/getUserWhiteInfo`, { examId: exam.id, whiteBusinessType: 1 })).body).toMatchObject(ok({ isWhite: 1, examId: exam.id }));
    expect((await learner.get(`${E}/caiyun/test/getMonitorInfo`, { examId: exam.id })).body.data).toMatchObject({ isOpenSoftMonitor: 0 });

    const list = await admin.post(`${W}/search`, { whiteBusinessType: 1, pageNo: 1, pageSize: 10 });
    expect(list.body).toMatchObject(ok({ total: 1, list: [{ nick: "张敏", mobile: "137****0001", businessName: "政府采购法规知识考试", cause: "机房电脑无法安装监考助手" }] }));
    const types = await admin.get(`${W}/getWhiteBusinessType`);
    expect(types.body.data.map((t: { code: number; name: string }) => [t.code, t.name])).toEqual([[1, "考试免软件监控"], [2, "课程仅乐采云"], [3, "考试免人脸核验"]]);
    expect((await admin.post(`${W}/remove`, { ids: [list.body.data.list[0].id] })).body).toMatchObject(ok({ removed: 1 }));
    expect((await learner.get(`${E}/caiyun/front/white/getUserWhiteInfo`, { examId: exam.id })).body.data).toMatchObject({ isWhite: 0 });

    expect((await admin.post(`${W}/create`, { whiteBusinessType: 7, mobiles: "13722220001" })).body).toMatchObject({ success: false, code: 400, message: "白名单类型须为1（考试免软件监控）、2（课程仅乐采云）或3（考试免人脸核验）" });
    expect((await learner.get(`${E}/caiyun/front/white/getUserWhiteInfo`, { examId: "abc" })).body).toMatchObject({ success: false, message: "考试ID格式不正确" });
    expect((await learner.post(`${W}/create`, { whiteBusinessType: 1, mobiles: "13722220001" })).body).toMatchObject({ success: false, code: 403 });
    expect((await legacyClient(db).get(`${E}/caiyun/front/white/getUserWhiteInfo`, { examId: exam.id })).body).toMatchObject({ success: false, code: 281 });
  });

  it("back/channel/manage: save, update, page, detail, jump/link, del; promote by GET counts one visit a day", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const { course } = await createCourse(db, { name: "政府采购法实施条例解读" });
    const saved = await admin.post(`${C}/save`, { code: "wx_mp", name: "微信公众号推广", targetType: "1", targetId: String(course.id), remark: "公众号菜单栏" });
    expect(saved.body).toMatchObject(ok({ channelCode: "wx_mp", targetTypeName: "课程", targetName: "政府采购法实施条例解读" }));
    const id = saved.body.data.id as number;
    const link = await admin.get(`${C}/jump/link`, { channelCode: "wx_mp" });
    expect(link.body).toEqual(ok({ channelCode: "wx_mp", channelName: "微信公众号推广", link: `/course/detail?id=${course.id}&channel=wx_mp`, url: `http://127.0.0.1:3000/course/detail?id=${course.id}&channel=wx_mp`, jumpUrl: `http://127.0.0.1:3000/course/detail?id=${course.id}&channel=wx_mp` }));

    // An old page on load, twice, then once more from another browser.
    const visitor = legacyClient(db, { ip: "10.2.0.1" });
    const first = await visitor.get(`${E}/caiyun/front/channel/promote`, { channel: "wx_mp", type: 1, objectId: course.id });
    expect(first.body).toMatchObject(ok({ channel: "wx_mp", counted: 1 }));
    expect(first.headers.getSetCookie().some((c) => c.startsWith("cy_vid="))).toBe(true);
    expect((await visitor.get(`${E}/caiyun/front/channel/promote`, { channel: "wx_mp" })).body.data).toMatchObject({ counted: 0 });
    expect((await legacyClient(db, { ip: "10.2.0.2" }).get(`${E}/caiyun/front/channel/promote`, { channel: "wx_mp" })).body.data).toMatchObject({ counted: 1 });
    expect(await db.select().from(channelVisits).where(eq(channelVisits.channelId, id))).toHaveLength(2);
    expect((await visitor.get(`${E}/caiyun/front/channel/promote`, { channel: "a" })).body).toMatchObject({ success: false, code: 400, message: "渠道编码须为2-32位字母、数字或下划线" });

    const page = await admin.post(`${C}/page`, { pageNo: 1, pageSize: 10, keyword: "微信" });
    expect(page.body).toMatchObject(ok({ total: 1, list: [{ id, visitCount: 2, visitorCount: 2, signupCount: 0 }] }));
    expect((await admin.get(`${C}/detail`, { id })).body).toMatchObject(ok({ id, visitCount: 2 }));
    const updated = await admin.post(`${C}/update`, { id, code: "wx_mp", name: "微信公众号推广（菜单）", targetType: 1, targetId: course.id, status: 1 });
    expect(updated.body).toMatchObject(ok({ name: "微信公众号推广（菜单）", visitCount: 2 }));
    expect((await admin.post(`${C}/save`, { code: "WX_MP", name: "重复", targetType: 1, targetId: course.id })).body).toMatchObject({ success: false, message: "渠道编码已存在" });
    expect((await admin.post(`${C}/del`, { id })).body).toEqual(ok({ id, deleted: true }));
    expect((await admin.get(`${C}/jump/link`, { channelCode: "wx_mp" })).body).toMatchObject({ success: false, code: 404, message: "渠道不存在或已删除" });

    const { client: learner } = await signedIn(db);
    expect((await learner.post(`${C}/page`, {})).body).toMatchObject({ success: false, code: 403 });
    expect((await learner.get(`${C}/jump/link`, { channelCode: "wx_mp" })).body).toMatchObject({ success: false, code: 403 });
  });
});
