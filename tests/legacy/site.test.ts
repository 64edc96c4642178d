import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { certBindings, siteContents, sites } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/back/site";
const F = "/api/elearning/caiyun/front/site";

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string } = {}) {
  const user = await createUser(db, opts);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy site calls", (getDb) => {
  it("the back office's 13 site calls and the learner's two answer the envelope with the spec's fields", async () => {
    const db = getDb();
    await db.insert(sites).values({ pathName: "", name: "财云学院", config: {} }).onConflictDoNothing();
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const ok = { code: 200, success: true, message: "成功" };

    const saved = await admin.post(`${B}/saveBase`, { name: "广东省政府采购学院", pathName: "gdcg", description: "广东省政府采购从业人员培训" });
    expect(saved.body).toMatchObject({ ...ok, data: { id: expect.any(Number) } });
    const id = saved.body.data.id as number;
    expect((await admin.post(`${B}/saveBase`, { id: String(id), name: "广东省政府采购学院", pathName: "gdcg", description: "" })).body).toMatchObject({ ...ok, data: { id } });

    // The parts at the top level, as an old client may send them.
    const page = await admin.post(`${B}/savePageConfig`, {
      id,
      siteTop: { noticeFunction: "0", searchFunction: 1, logoPicUrl: "", siteTopTabList: [{ name: "首页", url: "/" }] },
      siteLogin: { supportMethod: ["2", "1"], authPlatformInfos: [] },
      siteTab: { suffix: "广东政府采购学院" },
    });
    expect(page.body).toMatchObject({ ...ok, data: { id } });
    expect((await admin.get(`${B}/getPageConfig`, { id })).body).toMatchObject({
      ...ok,
      data: { id, sitePage: { siteTop: { noticeFunction: 0, searchFunction: 1, siteTopTabList: [{ name: "首页", url: "/" }] }, siteLogin: { supportMethod: [1, 2] }, siteTab: { suffix: "广东政府采购学院" } } },
    });
    expect((await admin.post(`${B}/saveExtConfig`, { id, siteExt: { siteDocumentLink: { openScopeGuideUrl: "/person/help", accountIssueUrl: "" } } })).body).toMatchObject(ok);
    expect((await admin.get(`${B}/getExtConfig`, { id })).body).toMatchObject({ ...ok, data: { id, siteExt: { siteDocumentLink: { openScopeGuideUrl: "/person/help" } } } });
    expect((await admin.get(`${B}/getBaseDetail`, { id })).body).toMatchObject({ ...ok, data: { id, name: "广东省政府采购学院", pathName: "gdcg", status: 0, isMainSite: 0, siteUrl: "http://127.0.0.1:3000/gdcg/" } });
    expect((await admin.get(`${B}/getDomainConfig`)).body).toMatchObject({ ...ok, data: { domain: "http://127.0.0.1:3000", pathPattern: "http://127.0.0.1:3000/{pathName}/" } });
    expect((await admin.get(`${B}/findSiteList`)).body).toMatchObject({ ...ok, data: [{ pathName: "", name: "财云学院" }, { id, pathName: "gdcg", status: 0 }] });
    expect((await admin.post(`${B}/pageList`, { pageNo: 1, pageSize: 10, name: "广东" })).body).toMatchObject({ ...ok, data: { total: 1, pageNo: 1, pageSize: 10, list: [{ id, pathName: "gdcg" }] } });
    expect((await admin.post(`${B}/preview`, { id })).body).toMatchObject({ ...ok, data: { previewUrl: "http://127.0.0.1:3000/gdcg/?ELEARNING_SITE_PREVIEW=1" } });

    const learner = legacyClient(db);
    expect((await learner.get(`${F}/getPathName`, { pathName: "gdcg" })).body).toMatchObject({ ...ok, data: "" });
    expect((await admin.post(`${B}/release`, { id })).body).toMatchObject({ ...ok, data: { id, status: 1 } });
    expect((await learner.get(`${F}/getPathName`, { pathName: "gdcg" })).body).toMatchObject({ ...ok, data: "/gdcg" });
    expect((await learner.get(`${F}/getConfig`, { pathName: "gdcg" })).body).toMatchObject({
      ...ok,
      data: { pathName: "gdcg", sitePage: { siteTop: { noticeFunction: 0 }, siteLogin: { supportMethod: [1, 2] } }, siteExt: { siteDocumentLink: { openScopeGuideUrl: "/person/help" } } },
    });

    expect((await admin.post(`${B}/remove`, { id })).body).toMatchObject({ code: -1, success: false, message: "站点已发布，请先取消发布再删除" });
    expect((await admin.post(`${B}/cancelRelease`, { id })).body).toMatchObject({ ...ok, data: { id, status: 0 } });
    expect((await admin.post(`${B}/remove`, { id })).body).toMatchObject({ ...ok, data: { id } });
    expect((await admin.get(`${B}/getBaseDetail`, { id })).body).toMatchObject({ success: false, message: "站点不存在或已删除" });
  });

  it("refuses learners and bad input in the envelope", async () => {
    const db = getDb();
    const { client: learner } = await signedIn(db, { nick: "王晓雯" });
    const refused = await learner.post(`${B}/saveBase`, { name: "私建站点", pathName: "mine" });
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.code).not.toBe(200);
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    expect((await admin.post(`${B}/saveBase`, { name: "广东", pathName: "Bad Path" })).body).toMatchObject({ success: false, message: "站点路径为2-40位小写字母、数字或短横线，以字母开头" });
    expect((await admin.get(`${B}/getPageConfig`, { id: "abc" })).body).toMatchObject({ success: false });
    expect((await admin.post(`${B}/release`, {})).body).toMatchObject({ success: false });
  });

  it("an old client's exam lists and the verification centre follow the site named by pathName", async () => {
    const db = getDb();
    const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const paper = await createFixedPaper(db, "判断题卷", [{ questionId: q.id, score: 100 }]);
    const chosen = await createExam(db, { name: "广东省政府采购业务考试", paperId: paper.id });
    const other = await createExam(db, { name: "全国政府采购法规考试", paperId: paper.id });
    const [site] = await db.insert(sites).values({ pathName: "gdcg", name: "广东省政府采购学院", status: 1, contentScope: 1, config: {} }).returning();
    await db.insert(siteContents).values({ siteId: site!.id, contentType: 3, contentId: chosen.id });
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const t = await admin.post("/api/elearning/back/cert/add", { name: "考核模板", certName: "政府采购业务考核合格证书", prefix: "GDKS", issuerName: "财云学院" });
    await db.insert(certBindings).values([chosen, other].map((e) => ({ templateId: t.body.data.id as number, businessType: 3, businessId: e.id })));
    const { client: learner } = await signedIn(db, { nick: "王晓雯" });
    const ids = (body: { data: { list: { id: number }[] } }) => body.data.list.map((e) => e.id).sort((a, b) => a - b);

    expect(ids((await learner.get("/api/elearning/caiyun/test/queryUserPagingExam", { pageNo: 1, pageSize: 10, pathName: "gdcg" })).body)).toEqual([chosen.id]);
    expect(ids((await learner.get("/api/elearning/caiyun/test/queryUserPagingExam", { pageNo: 1, pageSize: 10 })).body)).toEqual([chosen.id, other.id].sort((a, b) => a - b));
    const search = "/api/elearning/caiyun/front/user/exam/search";
    expect(ids((await learner.post(search, { keyword: "政府采购", pageNo: 1, pageSize: 10 }, { query: { pathName: "gdcg" } })).body)).toEqual([chosen.id]);
    expect(ids((await learner.post(search, { keyword: "政府采购", pageNo: 1, pageSize: 10 }, { headers: { "x-site-path": "gdcg" } })).body)).toEqual([chosen.id]);
    expect(ids((await learner.post(search, { keyword: "政府采购", pageNo: 1, pageSize: 10 })).body)).toHaveLength(2);
    const guess = "/api/elearning/caiyun/front/certificateAuthority/guessYouWantToLearn";
    expect(ids((await legacyClient(db).post(guess, {}, { query: { pathName: "gdcg" } })).body)).toEqual([chosen.id]);
    expect(ids((await legacyClient(db).post(guess, {})).body)).toHaveLength(2);
    // A direct look at an exam outside the site still answers.
    expect((await learner.get("/api/elearning/caiyun/test/queryTestInfoById", { id: other.id, pathName: "gdcg" })).body).toMatchObject({ success: true, data: { examId: other.id } });
  });
});
