import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@db/client";
import { courses, lives, siteContents, sites } from "@db/schema";
import { createBanner, createItem, createNotice, createRecommend, createWord } from "../../tests/factories/operate";
import { bannerPicture, markPicture } from "./operate";

/** The demo extra site: a provincial procurement centre's own college under /gdcg/ (README lists it). */
export const DEMO_SITE = { pathName: "gdcg", name: "广东省政府采购学院" };

/**
 * A provincial centre's site: its own logo, tabs, footer and two login methods (phone and its
 * provincial government-service platform), six courses and two lives of its choosing, and its own
 * banner, notice, recommendations and hot words.
 */
export async function seedSites(db: Db) {
  const logoPicUrl = await markPicture("site-gdcg-logo", "粤", "0xc0392b");
  const [site] = await db
    .insert(sites)
    .values({
      pathName: DEMO_SITE.pathName,
      name: DEMO_SITE.name,
      description: "广东省政府采购中心面向全省采购人、采购代理机构与评审专家开设的在线学习站点",
      status: 1,
      releasedAt: new Date(),
      contentScope: 1,
      config: {
        sitePage: {
          siteTop: {
            noticeFunction: 0,
            searchFunction: 1,
            logoPicUrl,
            siteTopTabList: [
              { name: "首页", url: "/" },
              { name: "培训课程", url: "/course/center" },
              { name: "专题直播", url: "/live/center" },
              { name: "证书查询", url: "/verify/center" },
              { name: "广东政府采购网", url: "https://gdgpo.czt.gd.gov.cn/" },
            ],
          },
          siteLogin: {
            supportMethod: [2, 3],
            authPlatformInfos: [{ platformName: "粤政易", platformLoginUrl: "https://xtbg.gdzwfw.gov.cn/", platformLogoUrl: "" }],
          },
          siteTab: { suffix: "广东省政府采购学院" },
          siteFooter: {
            showFooter: 1,
            title: "广东省政府采购中心",
            content: "主办：广东省政府采购中心\n地址：广州市越秀区东风中路 305 号",
            hotline: "020-8313 3000",
            copyright: "© 2026 广东省政府采购中心 版权所有",
          },
        },
        siteExt: { siteDocumentLink: { openScopeGuideUrl: "/person/help", accountIssueUrl: "/person/help" } },
      },
    })
    .onConflictDoNothing()
    .returning();
  if (!site) return;

  const chosen = await db.select().from(courses).where(and(eq(courses.status, 1), isNull(courses.deletedAt))).orderBy(asc(courses.id)).limit(6);
  const liveRows = await db.select().from(lives).where(and(eq(lives.status, 1), isNull(lives.deletedAt))).orderBy(asc(lives.startTime)).limit(2);
  const rows = [...chosen.map((c) => ({ contentType: 1, contentId: c.id })), ...liveRows.map((l) => ({ contentType: 2, contentId: l.id }))];
  if (rows.length) await db.insert(siteContents).values(rows.map((r, sort) => ({ siteId: site.id, ...r, sort })));

  const banner = await bannerPicture("site-gdcg-banner", "广东省政府采购业务培训", "采购人 · 代理机构 · 评审专家 分类施训", "0xc0392b");
  await createBanner(db, { title: "广东省政府采购业务培训", picUrl: banner, linkUrl: "/course/center", siteId: site.id });
  await createNotice(db, { title: "关于开展2026年度全省政府采购从业人员线上培训的通知", linkUrl: "/course/center", siteId: site.id });
  const block = await createRecommend(db, { name: "本站精选课程", isOpenJump: 1, jumpUrl: "/course/center", siteId: site.id });
  for (const c of chosen.slice(0, 6)) await createItem(db, { recommendId: block.id, type: 1, recommendObjectId: c.id });
  if (liveRows.length) {
    const liveBlock = await createRecommend(db, { name: "专题直播", isOpenJump: 1, jumpUrl: "/live/center", siteId: site.id });
    for (const l of liveRows) await createItem(db, { recommendId: liveBlock.id, type: 2, recommendObjectId: l.id });
  }
  for (const word of ["广东省集中采购目录", "采购意向公开", "框架协议"]) await createWord(db, { name: word, pathName: DEMO_SITE.pathName });
}
