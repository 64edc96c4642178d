import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { banners, siteContents, sites } from "@db/schema";
import { extraSitePaths, sitePathOf } from "@trpc-app/site/site.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const PAGE = {
  siteTop: { noticeFunction: 0, searchFunction: 0, logoPicUrl: "/storage/public/site/gd-logo.png", siteTopTabList: [{ name: "首页", url: "/" }, { name: "课程", url: "/course/center" }] },
  siteLogin: { supportMethod: [2], authPlatformInfos: [] },
  siteTab: { suffix: "广东政府采购学院" },
  siteFooter: { showFooter: 1, title: "广东省政府采购中心", content: "广州市天河区", hotline: "020-8888 6666", copyright: "© 2026 广东省政府采购中心" },
};

async function setup(db: Db) {
  const admin = await createUser(db, { isAdmin: 1, nick: "李建国" });
  const learner = await createUser(db, { nick: "王晓雯" });
  await db.insert(sites).values({ pathName: "", name: "财云学院", config: { sitePage: { siteTop: { noticeFunction: 1 }, siteLogin: { supportMethod: [1, 2, 3] } } } }).onConflictDoNothing();
  return { admin, learner, adminClient: await signedInClient(db, admin.id), learnerClient: await signedInClient(db, learner.id) };
}

/** A client of pages served under a site's prefix: the web server names the site in x-site-path. */
const onSite = (db: Db, pathName: string, cookies?: Record<string, string>) => testClient(db, { headers: { "x-site-path": pathName }, cookies });

describeEachDb("extra sites", (getDb) => {
  it("an admin creates a draft site, configures it and releases it; learners see it only once released", async () => {
    const db = getDb();
    const { adminClient, learnerClient } = await setup(db);
    const { id } = await adminClient.call((c) => c.site.admin.saveBase({ name: "广东省政府采购学院", pathName: "GDCG", description: "广东省政府采购从业人员培训" }));
    const [row] = await db.select().from(sites).where(eq(sites.id, id));
    expect(row).toMatchObject({ pathName: "gdcg", status: 0, name: "广东省政府采购学院" });

    await adminClient.call((c) => c.site.admin.savePageConfig({ id, sitePage: PAGE as never }));
    await adminClient.call((c) => c.site.admin.saveExtConfig({ id, siteExt: { siteDocumentLink: { openScopeGuideUrl: "https://help.example.cn/scope", accountIssueUrl: "/person/help" } } }));

    // Unreleased: a learner gets the maintenance state (no config); an admin previews it with its config.
    const hidden = await learnerClient.call((c) => c.site.getConfig({ pathName: "gdcg" }));
    expect(hidden).toMatchObject({ pathName: "gdcg", status: 0 });
    expect(hidden).not.toHaveProperty("sitePage");
    const preview = await adminClient.call((c) => c.site.getConfig({ pathName: "gdcg" }));
    expect(preview).toMatchObject({ status: 0, sitePage: { siteLogin: { supportMethod: [2] } } });
    expect(await learnerClient.call((c) => c.site.getPathName({ pathName: "gdcg" }))).toBe("");

    expect(await adminClient.call((c) => c.site.admin.release({ id }))).toEqual({ id, status: 1 });
    const config = await learnerClient.call((c) => c.site.getConfig({ pathName: "gdcg" }));
    expect(config).toMatchObject({
      siteId: id,
      pathName: "gdcg",
      name: "广东省政府采购学院",
      status: 1,
      sitePage: { siteTop: { noticeFunction: 0, searchFunction: 0 }, siteLogin: { supportMethod: [2] }, siteTab: { suffix: "广东政府采购学院" } },
      siteExt: { siteDocumentLink: { openScopeGuideUrl: "https://help.example.cn/scope" } },
    });
    expect(await learnerClient.call((c) => c.site.getPathName({ pathName: "gdcg" }))).toBe("/gdcg");
    // The page's own site when the call names none.
    expect(await onSite(db, "gdcg").call((c) => c.site.getConfig({}))).toMatchObject({ siteId: id });
    // An unknown path name answers the main site.
    expect(await learnerClient.call((c) => c.site.getConfig({ pathName: "nosuchsite" }))).toMatchObject({ pathName: "", name: "财云学院" });

    const page = await adminClient.call((c) => c.site.admin.page({ pageNo: 1, pageSize: 10 }));
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({ pathName: "", isMainSite: 1 });
    expect(page.list[1]).toMatchObject({ id, pathName: "gdcg", status: 1, siteUrl: "http://127.0.0.1:3000/gdcg/" });
    expect(await adminClient.call((c) => c.site.admin.preview({ id }))).toEqual({ id, previewUrl: "http://127.0.0.1:3000/gdcg/?ELEARNING_SITE_PREVIEW=1" });
  });

  it("the web server finds a site by the first segment of a page address, removed sites no more", async () => {
    const db = getDb();
    const { adminClient } = await setup(db);
    const { id } = await adminClient.call((c) => c.site.admin.saveBase({ name: "湖南省公共资源交易学院", pathName: "hnggzy" }));
    expect(await sitePathOf(db, "/hnggzy/course/center")).toBe("hnggzy");
    expect(await sitePathOf(db, "/hnggzy")).toBe("hnggzy");
    expect(await sitePathOf(db, "/course/center")).toBe("");
    expect(await sitePathOf(db, "/")).toBe("");

    // Removal: refused while released, then frees the path name for a new site.
    await adminClient.call((c) => c.site.admin.release({ id }));
    expect((await rejection(adminClient.call((c) => c.site.admin.remove({ id })))).message).toBe("站点已发布，请先取消发布再删除");
    await adminClient.call((c) => c.site.admin.cancelRelease({ id }));
    await adminClient.call((c) => c.site.admin.remove({ id }));
    expect(await sitePathOf(db, "/hnggzy/course/center")).toBe("");
    expect((await extraSitePaths(db)).has("hnggzy")).toBe(false);
    expect((await rejection(adminClient.call((c) => c.site.admin.detail({ id })))).message).toBe("站点不存在或已删除");
    const again = await adminClient.call((c) => c.site.admin.saveBase({ name: "湖南省公共资源交易学院（新）", pathName: "hnggzy" }));
    expect(again.id).not.toBe(id);
  });

  it("refuses bad input and the main site's protected moves, changing nothing", async () => {
    const db = getDb();
    const { adminClient } = await setup(db);
    const { id } = await adminClient.call((c) => c.site.admin.saveBase({ name: "深圳政府采购学院", pathName: "szcg" }));
    const msg = async (p: Promise<unknown>) => (await rejection(p)).message;

    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ name: "重复", pathName: "szcg" })))).toBe("站点路径已被其他站点使用");
    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ name: "保留", pathName: "course" })))).toBe("该路径为平台保留路径，请换一个");
    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ name: "坏", pathName: "1abc" })))).toBe("站点路径为2-40位小写字母、数字或短横线，以字母开头");
    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ name: "坏", pathName: "a/b" })))).toBe("站点路径为2-40位小写字母、数字或短横线，以字母开头");
    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ name: " ", pathName: "okname" })))).toBe("请输入站点名称");
    expect(await msg(adminClient.call((c) => c.site.admin.savePageConfig({ id, sitePage: { ...PAGE, siteLogin: { supportMethod: [], authPlatformInfos: [] } } as never })))).toBe("请至少选择一种登录方式");
    expect(await msg(adminClient.call((c) => c.site.admin.savePageConfig({ id, sitePage: { ...PAGE, siteLogin: { supportMethod: [3], authPlatformInfos: [] } } as never })))).toBe(
      "开启授权平台登录时请至少配置一个授权平台",
    );
    expect(await msg(adminClient.call((c) => c.site.admin.savePageConfig({ id, sitePage: { ...PAGE, siteLogin: { supportMethod: [4] } } as never })))).toBe("登录方式只能为1（账号）、2（手机号）或3（授权平台）");
    expect(
      await msg(adminClient.call((c) => c.site.admin.savePageConfig({ id, sitePage: { ...PAGE, siteTop: { ...PAGE.siteTop, siteTopTabList: [{ name: "外链", url: "javascript:alert(1)" }] } } as never }))),
    ).toBe("页签链接须以 http(s):// 或 / 开头");
    expect(await msg(adminClient.call((c) => c.site.admin.saveExtConfig({ id, siteExt: { siteDocumentLink: { openScopeGuideUrl: "ftp://x" } } })))).toBe(
      "开放范围指引文档须以 http(s):// 或 / 开头",
    );
    const [unchanged] = await db.select().from(sites).where(eq(sites.id, id));
    expect(unchanged!.config).toMatchObject({ sitePage: { siteLogin: { supportMethod: [1, 2] } } });

    const [main] = await db.select().from(sites).where(eq(sites.pathName, ""));
    expect(await msg(adminClient.call((c) => c.site.admin.cancelRelease({ id: main!.id })))).toBe("主站点不能取消发布");
    expect(await msg(adminClient.call((c) => c.site.admin.remove({ id: main!.id })))).toBe("主站点不能删除");
    expect(await msg(adminClient.call((c) => c.site.admin.saveBase({ id: main!.id, name: "财云学院", pathName: "main" })))).toBe("主站点的路径不能修改");
    expect(await msg(adminClient.call((c) => c.site.admin.release({ id: 999999 })))).toBe("站点不存在或已删除");
  });

  it("learners and visitors cannot reach the back-office calls", async () => {
    const db = getDb();
    const { learnerClient } = await setup(db);
    type Call = (c: Parameters<Parameters<typeof learnerClient.call>[0]>[0]) => Promise<unknown>;
    const calls: Call[] = [
      (c) => c.site.admin.page({ pageNo: 1, pageSize: 10 }),
      (c) => c.site.admin.saveBase({ name: "私建站点", pathName: "mine" }),
      (c) => c.site.admin.domainConfig(),
    ];
    for (const call of calls) {
      expect((await rejection(learnerClient.call(call))).code).toBe("FORBIDDEN");
      expect((await rejection(testClient(db).call(call))).code).toBe("UNAUTHORIZED");
    }
    expect(await db.select().from(sites).where(eq(sites.pathName, "mine"))).toHaveLength(0);
  });

  it("a site that lists chosen content shows only that in the course and live centres; its banners are its own", async () => {
    const db = getDb();
    const { adminClient } = await setup(db);
    const { course: chosen } = await createCourse(db, { name: "政府采购法实施条例解读" });
    const { course: other } = await createCourse(db, { name: "招标投标实务" });
    const liveChosen = await createLive(db, { name: "广东省采购政策宣讲" });
    const liveOther = await createLive(db, { name: "全国采购周直播" });
    const { id } = await adminClient.call((c) => c.site.admin.saveBase({ name: "广东省政府采购学院", pathName: "gdcg" }));
    await adminClient.call((c) => c.site.admin.release({ id }));

    // Scope "all" until an admin chooses.
    const before = await onSite(db, "gdcg").call((c) => c.course.search({ pageNo: 1, pageSize: 20 }));
    expect(before.list.map((c) => c.id).sort()).toEqual([chosen.id, other.id].sort());

    await adminClient.call((c) =>
      c.site.admin.saveContents({ id, contentScope: 1, contents: [{ contentType: 1, contentId: chosen.id }, { contentType: 2, contentId: liveChosen.id }, { contentType: 1, contentId: chosen.id }] }),
    );
    expect(await db.select().from(siteContents).where(eq(siteContents.siteId, id))).toHaveLength(2);
    const courses = await onSite(db, "gdcg").call((c) => c.course.search({ pageNo: 1, pageSize: 20 }));
    expect(courses.list.map((c) => c.id)).toEqual([chosen.id]);
    const lives = await onSite(db, "gdcg").call((c) => c.live.page({ pageNo: 1, pageSize: 20 }));
    expect(lives.list.map((l) => l.id)).toEqual([liveChosen.id]);
    // The main site still lists everything.
    const main = await testClient(db).call((c) => c.live.page({ pageNo: 1, pageSize: 20 }));
    expect(main.list.map((l) => l.id).sort()).toEqual([liveChosen.id, liveOther.id].sort());
    expect(await adminClient.call((c) => c.site.admin.contents({ id }))).toEqual({
      id,
      contentScope: 1,
      contents: [
        { contentType: 1, contentId: chosen.id, name: "政府采购法实施条例解读" },
        { contentType: 2, contentId: liveChosen.id, name: "广东省采购政策宣讲" },
      ],
    });

    await db.insert(banners).values([
      { title: "广东站轮播", picUrl: "/storage/public/b1.png", platform: 1, siteId: id, status: 1 },
      { title: "主站轮播", picUrl: "/storage/public/b2.png", platform: 1, status: 1 },
    ] as never);
    expect((await onSite(db, "gdcg").call((c) => c.operate.banners({}))).map((b: { title?: string }) => b.title)).toEqual(["广东站轮播"]);
    expect((await testClient(db).call((c) => c.operate.banners({}))).map((b: { title?: string }) => b.title)).toEqual(["主站轮播"]);
    // The back office lists, adds and orders one site's banners and recommendation blocks at a time.
    const titles = async (siteId?: number) => (await adminClient.call((c) => c.operate.admin.banner.list({ pageSize: 100, ...(siteId === undefined ? {} : { siteId }) }))).list.map((b) => b.title);
    expect(await titles(0)).toEqual(["主站轮播"]);
    expect(await titles(id)).toEqual(["广东站轮播"]);
    expect((await titles()).sort()).toEqual(["主站轮播", "广东站轮播"].sort());
    await adminClient.call((c) => c.operate.admin.recommend.add({ name: "广东站推荐", siteId: id } as never));
    await adminClient.call((c) => c.operate.admin.recommend.add({ name: "主站推荐" } as never));
    const blocks = async (siteId?: number) => (await adminClient.call((c) => c.operate.admin.recommend.tree(siteId === undefined ? undefined : { siteId }))).map((b) => b.name);
    expect(await blocks(0)).toEqual(["主站推荐"]);
    expect(await blocks(id)).toEqual(["广东站推荐"]);
    expect(await blocks()).toHaveLength(2);
    expect((await rejection(adminClient.call((c) => c.operate.admin.recommend.tree({ siteId: -1 })))).message).toBe("站点ID格式不正确");
  });

  it("a site that lists chosen content shows only its exams and learning maps in their lists, the search and the verification centre; a detail by id still opens", async () => {
    const db = getDb();
    const { adminClient, learnerClient } = await setup(db);
    const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const paper = await createFixedPaper(db, "判断题卷", [{ questionId: q.id, score: 100 }]);
    const examChosen = await createExam(db, { name: "广东省政府采购业务考试", paperId: paper.id });
    const examOther = await createExam(db, { name: "全国政府采购法规考试", paperId: paper.id });
    const { path: mapChosen } = await createPath(db, { name: "广东政府采购实务学习地图", sections: [] });
    const { path: mapOther } = await createPath(db, { name: "全国政府采购法规学习地图", sections: [] });
    const { course: courseChosen } = await createCourse(db, { name: "广东政府采购实务课程" });
    const { course: courseOther } = await createCourse(db, { name: "全国政府采购法规课程" });
    const liveChosen = await createLive(db, { name: "广东政府采购政策宣讲" });
    const liveOther = await createLive(db, { name: "全国政府采购周直播" });
    const { id } = await adminClient.call((c) => c.site.admin.saveBase({ name: "广东省政府采购学院", pathName: "gdcg" }));
    await adminClient.call((c) => c.site.admin.release({ id }));
    const { id: openId } = await adminClient.call((c) => c.site.admin.saveBase({ name: "湖南省政府采购学院", pathName: "hncg" }));
    await adminClient.call((c) => c.site.admin.release({ id: openId }));
    await adminClient.call((c) =>
      c.site.admin.saveContents({
        id,
        contentScope: 1,
        contents: [
          { contentType: 1, contentId: courseChosen.id },
          { contentType: 2, contentId: liveChosen.id },
          { contentType: 3, contentId: examChosen.id },
          { contentType: 4, contentId: mapChosen.id },
        ],
      }),
    );
    // Certificates on both exams and on a series of each.
    const t = await adminClient.call((c) => c.cert.admin.add({ name: "考核模板", certName: "政府采购业务考核合格证书", prefix: "GDKS", issuerName: "财云学院" }));
    const seriesChosen = await adminClient.call((c) => c.exam.admin.series.save({ name: "广东采购能力认证系列", examIds: [examChosen.id] }));
    const seriesOther = await adminClient.call((c) => c.exam.admin.series.save({ name: "全国采购能力认证系列", examIds: [examOther.id] }));
    for (const [businessType, businessId] of [[3, examChosen.id], [3, examOther.id], [5, seriesChosen.id], [5, seriesOther.id]] as const)
      await adminClient.call((c) => c.cert.admin.bind({ templateId: t.id, businessType, businessId }));

    const ids = (page: { list: { id: number }[] }) => page.list.map((x) => x.id).sort((a, b) => a - b);
    const every = (...rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const site = (pathName: string) => onSite(db, pathName, learnerClient.jar);
    for (const [client, exams, maps, series, courses, lives] of [
      [site("gdcg"), [examChosen], [mapChosen], [seriesChosen], [courseChosen], [liveChosen]],
      [learnerClient, [examChosen, examOther], [mapChosen, mapOther], [seriesChosen, seriesOther], [courseChosen, courseOther], [liveChosen, liveOther]],
      [site("hncg"), [examChosen, examOther], [mapChosen, mapOther], [seriesChosen, seriesOther], [courseChosen, courseOther], [liveChosen, liveOther]],
    ] as const) {
      expect(ids(await client.call((c) => c.exam.pageMine({ pageNo: 1, pageSize: 20 })))).toEqual(every(...exams));
      expect(ids(await client.call((c) => c.exam.search({ keyword: "政府采购", pageNo: 1, pageSize: 20 })))).toEqual(every(...exams));
      expect(ids(await client.call((c) => c.path.list({ pageNo: 1, pageSize: 20 })))).toEqual(every(...maps));
      const found = await client.call((c) => c.search.all({ keyword: "政府采购", pageNo: 1, pageSize: 12 }));
      expect({ exams: ids(found.exams), examTotal: found.exams.total, maps: ids(found.maps), courses: ids(found.courses), lives: ids(found.lives) }).toEqual({
        exams: every(...exams),
        examTotal: exams.length,
        maps: every(...maps),
        courses: every(...courses),
        lives: every(...lives),
      });
      const programmes = await client.call((c) => c.cert.guessYouWantToLearn({ pageNo: 1, pageSize: 20 }));
      const of = (type: number) => programmes.list.filter((p) => p.businessType === type).map((p) => p.id).sort((a, b) => a - b);
      expect({ exams: of(3), series: of(5) }).toEqual({ exams: every(...exams), series: every(...series) });
    }

    // A link to content outside the site still opens, and the learner's own records stay whole.
    expect(await site("gdcg").call((c) => c.exam.detail({ examId: examOther.id }))).toMatchObject({ examId: examOther.id, name: "全国政府采购法规考试" });
    expect(await site("gdcg").call((c) => c.path.detail({ id: mapOther.id }))).toMatchObject({ id: mapOther.id });
    await site("gdcg").call((c) => c.exam.remind({ examId: examOther.id }));
    expect((await site("gdcg").call((c) => c.exam.reminded())).map((e) => e.examId)).toEqual([examOther.id]);
  });
});
