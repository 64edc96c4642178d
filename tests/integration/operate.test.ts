import { TRPCError } from "@trpc/server";
import { asc, eq } from "drizzle-orm";
import { ZodError } from "zod";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { banners, operateCategories, recommendItems, recommends, searchBarWords } from "@db/schema";
import { courses } from "@db/schema/course";
import { zodMessage } from "@base/zod-message";
import { createBanner, createCategory, createItem, createRecommend, createWord } from "../factories/operate";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

const HOUR = 3600_000;

async function admin(db: Db) {
  const user = await createUser(db, { loginName: "operate_admin", isAdmin: 1 });
  return signedInClient(db, user.id);
}

const sorts = async (db: Db) => (await db.select({ id: banners.id, sort: banners.sort }).from(banners).orderBy(asc(banners.sort))).map((r) => [r.id, r.sort]);

function readable(err: unknown) {
  if (err instanceof TRPCError && err.cause instanceof ZodError) return zodMessage(err.cause);
  return (err as Error).message;
}

describeEachDb("operations content", (getDb) => {
  it("moves a banner to a position, keeps positions 1..n and is idempotent", async () => {
    const db = getDb();
    const client = await admin(db);
    const [a, b, c, d] = [await createBanner(db), await createBanner(db), await createBanner(db), await createBanner(db)];
    expect(await sorts(db)).toEqual([[a.id, 1], [b.id, 2], [c.id, 3], [d.id, 4]]);

    await client.call((x) => x.operate.admin.banner.move({ id: d.id, position: 1 }));
    const once = await sorts(db);
    expect(once).toEqual([[d.id, 1], [a.id, 2], [b.id, 3], [c.id, 4]]);
    await client.call((x) => x.operate.admin.banner.move({ id: d.id, position: 1 }));
    expect(await sorts(db)).toEqual(once);

    await client.call((x) => x.operate.admin.banner.move({ id: a.id, direction: "down" }));
    expect(await sorts(db)).toEqual([[d.id, 1], [b.id, 2], [a.id, 3], [c.id, 4]]);
    // Beyond the ends clamps instead of leaving a gap.
    await client.call((x) => x.operate.admin.banner.move({ id: c.id, direction: "down" }));
    await client.call((x) => x.operate.admin.banner.move({ id: b.id, position: 99 }));
    expect(await sorts(db)).toEqual([[d.id, 1], [a.id, 2], [c.id, 3], [b.id, 4]]);

    await client.call((x) => x.operate.admin.banner.del({ id: a.id }));
    expect(await sorts(db)).toEqual([[d.id, 1], [c.id, 2], [b.id, 3]]);
    const learner = await testClient(db).call((x) => x.operate.banners({}));
    expect(learner.map((l) => l.id)).toEqual([d.id, c.id, b.id]);
  });

  it("orders each scope on its own: banners per platform, items per block", async () => {
    const db = getDb();
    const client = await admin(db);
    const pc = await createBanner(db, { platform: 1 });
    const mobile1 = await createBanner(db, { platform: 2 });
    const mobile2 = await createBanner(db, { platform: 2 });
    expect([pc.sort, mobile1.sort, mobile2.sort]).toEqual([1, 1, 2]);
    await client.call((x) => x.operate.admin.banner.move({ id: mobile2.id, direction: "top" }));
    const rows = await db.select().from(banners);
    expect(rows.find((r) => r.id === pc.id)!.sort).toBe(1);
    expect(rows.find((r) => r.id === mobile2.id)!.sort).toBe(1);
    expect(rows.find((r) => r.id === mobile1.id)!.sort).toBe(2);

    const block = await createRecommend(db, { name: "法规解读" });
    const i1 = await createItem(db, { recommendId: block.id });
    const i2 = await createItem(db, { recommendId: block.id });
    const i3 = await createItem(db, { recommendId: block.id });
    await client.call((x) => x.operate.admin.recommendData.move({ id: i3.id, targetId: i1.id }));
    const items = await db.select().from(recommendItems).orderBy(asc(recommendItems.sort));
    expect(items.map((i) => [i.id, i.sort])).toEqual([[i3.id, 1], [i1.id, 2], [i2.id, 3]]);
  });

  it("shows learners only enabled banners inside their time window", async () => {
    const db = getDb();
    const now = Date.now();
    const shown = await createBanner(db, { title: "政策解读专题" });
    const windowed = await createBanner(db, { title: "训练营", startTime: now - HOUR, endTime: now + HOUR });
    await createBanner(db, { title: "已下线", status: 0 });
    await createBanner(db, { title: "未开始", startTime: now + HOUR });
    await createBanner(db, { title: "已结束", startTime: now - 2 * HOUR, endTime: now - HOUR });
    await createBanner(db, { title: "移动端", platform: 2 });
    const visitor = testClient(db);
    const list = await visitor.call((x) => x.operate.banners({ platform: 1 }));
    expect(list.map((b) => b.id)).toEqual([shown.id, windowed.id]);
    expect(Object.keys(list[0]!)).toEqual(expect.arrayContaining(["id", "title", "picUrl", "linkUrl"]));
    const mobile = await visitor.call((x) => x.operate.banners({ platform: 2 }));
    expect(mobile.map((b) => b.title)).toEqual(["移动端"]);
  });

  it("refuses bad banner input with Chinese messages and stores nothing", async () => {
    const db = getDb();
    const client = await admin(db);
    const noPic = await rejection(client.call((x) => x.operate.admin.banner.add({ title: "专题" } as never)));
    expect(readable(noPic)).toBe("请上传轮播图图片");
    const badWindow = await rejection(client.call((x) => x.operate.admin.banner.add({ title: "专题", picUrl: "/a.png", startTime: 2000, endTime: 1000 })));
    expect(readable(badWindow)).toBe("结束时间须晚于开始时间");
    const badMove = await rejection(client.call((x) => x.operate.admin.banner.move({ id: 1 } as never)));
    expect(readable(badMove)).toBe("请指定目标位置或移动方向");
    const missing = await rejection(client.call((x) => x.operate.admin.banner.move({ id: 999, position: 1 })));
    expect(missing.message).toBe("轮播图不存在或已删除");
    expect(await db.select().from(banners)).toHaveLength(0);
    const visitor = await rejection(testClient(db).call((x) => x.operate.admin.banner.list({})));
    expect(visitor.legacyCode).toBe("281");
  });

  it("builds the recommendation tree of enabled blocks with their items", async () => {
    const db = getDb();
    const top = await createRecommend(db, { name: "推荐课程", isOpenJump: 1, jumpUrl: "/course/center" });
    const laws = await createRecommend(db, { name: "法规解读", parentId: top.id });
    const practice = await createRecommend(db, { name: "实务操作", parentId: top.id });
    await createRecommend(db, { name: "已停用", parentId: top.id, status: 0 });
    const second = await createRecommend(db, { name: "认证专区", picUrl: "/cover.png" });
    await createItem(db, { recommendId: laws.id, type: 1, recommendObjectId: 501, name: "政府采购法精讲", isFree: 0, realPrice: 9900, scribingPrice: 19900 });
    await createItem(db, { recommendId: practice.id, type: 2, recommendObjectId: 77, name: "框架协议直播", liveStatus: 1, channelCode: "xinrenlibao" });
    await createItem(db, { recommendId: second.id, type: 3, recommendObjectId: 9, name: "能力认证考试" });
    const child = await rejection(createRecommend(db, { name: "三级", parentId: laws.id }));
    expect(child.message).toBe("推荐位最多两级：分类下只能添加子标签");

    const visitor = testClient(db);
    const tree = await visitor.call((x) => x.operate.tree({}));
    expect(tree.map((n) => n.name)).toEqual(["推荐课程", "认证专区"]);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(["法规解读", "实务操作"]);
    expect(tree[0]).toMatchObject({ isOpenJump: 1, jumpUrl: "/course/center", picUrl: "" });

    const all = await visitor.call((x) => x.operate.dataAll({}));
    const lawItems = all[0]!.children[0]!.dataList;
    expect(lawItems[0]).toMatchObject({ type: 1, recommendObjectId: 501, linkUrl: "/course/detail?id=501", isFree: 0, realPrice: 9900, scribingPrice: 19900, liveStatus: null });
    expect(all[0]!.children[1]!.dataList[0]).toMatchObject({ type: 2, liveStatus: 1, linkUrl: "/live/series?channel=xinrendalibao" });
    expect(all[1]!.dataList[0]!.linkUrl).toBe("/exam/detail?id=9");
    const one = await visitor.call((x) => x.operate.data({ recommendId: laws.id }));
    expect(one.map((i) => i.name)).toEqual(["政府采购法精讲"]);
  });

  it("refreshes a course item's snapshot from the course when it is read", async () => {
    const db = getDb();
    const [course] = await db.insert(courses).values({ name: "政府采购需求管理办法解读", coverUrl: "/c.png", teacherName: "李红梅", isFree: 0, price: 4900, scribingPrice: 9900, status: 1 }).returning();
    const block = await createRecommend(db, { name: "法规解读" });
    const item = await createItem(db, { recommendId: block.id, type: 1, recommendObjectId: course!.id, name: undefined });
    expect(item).toMatchObject({ name: "政府采购需求管理办法解读", teacher: "李红梅", realPrice: 4900 });
    await db.update(courses).set({ name: "政府采购需求管理办法（2026版）解读", price: 3900 }).where(eq(courses.id, course!.id));
    const [read] = await testClient(db).call((x) => x.operate.data({ recommendId: block.id }));
    expect(read).toMatchObject({ name: "政府采购需求管理办法（2026版）解读", realPrice: 3900 });
    // Taken offline: learners no longer see it.
    await db.update(courses).set({ status: 2 }).where(eq(courses.id, course!.id));
    expect(await testClient(db).call((x) => x.operate.data({ recommendId: block.id }))).toEqual([]);
    const client = await admin(db);
    const refreshed = await client.call((x) => x.operate.admin.recommend.initDetail({ recommendId: block.id }));
    expect(refreshed).toEqual({ total: 1, updated: 1 });
    expect((await db.select().from(recommendItems))[0]!.name).toBe("政府采购需求管理办法（2026版）解读");
  });

  it("counts hot-word clicks and falls back to the main site's words", async () => {
    const db = getDb();
    const w1 = await createWord(db, { name: "政府采购法" });
    await createWord(db, { name: "框架协议" });
    await createWord(db, { name: "停用词", status: 0 });
    const visitor = testClient(db);
    const words = await visitor.call((x) => x.operate.searchBarData({ pathName: "guangxi" }));
    expect(words.map((w) => w.name)).toEqual(["政府采购法", "框架协议"]);
    await visitor.call((x) => x.operate.searchBarClick({ id: w1.id }));
    await Promise.all([1, 2, 3].map(() => visitor.call((x) => x.operate.searchBarClick({ id: w1.id }))));
    const [row] = await db.select().from(searchBarWords).where(eq(searchBarWords.id, w1.id));
    expect(row!.statisticsCount).toBe(4);
    const missing = await rejection(visitor.call((x) => x.operate.searchBarClick({ id: 999 })));
    expect(missing.message).toBe("搜索词不存在或已删除");
  });

  it("serves categories by type and their tabs, and keeps the layout switches", async () => {
    const db = getDb();
    const law = await createCategory(db, { name: "法律法规", type: 1 });
    await createCategory(db, { name: "政府采购法", parentId: law.id });
    await createCategory(db, { name: "实施条例", parentId: law.id });
    await createCategory(db, { name: "专家直播", type: 2 });
    const visitor = testClient(db);
    expect((await visitor.call((x) => x.operate.categoryList({ type: 1 }))).map((c) => c.name)).toEqual(["法律法规"]);
    expect((await visitor.call((x) => x.operate.categoryTabList({ categoryId: law.id }))).map((c) => c.name)).toEqual(["政府采购法", "实施条例"]);

    const client = await admin(db);
    expect((await visitor.call((x) => x.operate.layout())).headerSearch).toBe(1);
    await client.call((x) => x.operate.admin.updateLayout({ headerSearch: 0, globalFooter: 0 }));
    await client.call((x) => x.operate.admin.updateLayout({ loginUrl: "/sign/up" }));
    expect(await visitor.call((x) => x.operate.layout())).toMatchObject({ headerSearch: 0, globalFooter: 0, headerTabs: 1, loginUrl: "/sign/up" });

    expect(await visitor.call((x) => x.operate.popup())).toBeNull();
    await client.call((x) => x.operate.admin.marketing.updatePopup({ picUrl: "/popup.png", status: 1 }));
    expect(await visitor.call((x) => x.operate.popup())).toMatchObject({ picUrl: "/popup.png", status: 1 });
  });

  it("moves a sub-tab to another category (move/v2), deletes with children, and keeps every level contiguous", async () => {
    const db = getDb();
    const client = await admin(db);
    const a = await createRecommend(db, { name: "推荐课程" });
    const b = await createRecommend(db, { name: "热门直播" });
    const a1 = await createRecommend(db, { name: "法规解读", parentId: a.id });
    const a2 = await createRecommend(db, { name: "实务操作", parentId: a.id });
    const a3 = await createRecommend(db, { name: "案例分析", parentId: a.id });
    const b1 = await createRecommend(db, { name: "政策直播", parentId: b.id });
    await createItem(db, { recommendId: a2.id });

    await client.call((x) => x.operate.admin.recommend.moveV2({ id: a2.id, parentId: b.id, position: 1 }));
    const level = async (parentId: number) =>
      (await db.select().from(recommends).where(eq(recommends.parentId, parentId)).orderBy(asc(recommends.sort))).map((r) => [r.id, r.sort]);
    expect(await level(a.id)).toEqual([[a1.id, 1], [a3.id, 2]]);
    expect(await level(b.id)).toEqual([[a2.id, 1], [b1.id, 2]]);
    const again = await client.call((x) => x.operate.admin.recommend.moveV2({ id: a2.id, parentId: b.id, position: 1 }));
    expect(again).toEqual({ id: a2.id, sort: 1 });
    expect(await level(b.id)).toEqual([[a2.id, 1], [b1.id, 2]]);

    await client.call((x) => x.operate.admin.recommend.del({ id: b.id }));
    expect((await db.select().from(recommends)).map((r) => r.id).sort()).toEqual([a.id, a1.id, a3.id].sort());
    expect(await db.select().from(recommendItems)).toHaveLength(0);
    expect((await db.select().from(recommends).where(eq(recommends.id, a.id)))[0]!.sort).toBe(1);

    const c1 = await createCategory(db, { name: "法律法规", type: 1 });
    const c2 = await createCategory(db, { name: "实务操作", type: 1 });
    const live = await createCategory(db, { name: "专家直播", type: 2 });
    expect([c1.sort, c2.sort, live.sort]).toEqual([1, 2, 1]);
    await client.call((x) => x.operate.admin.category.move({ id: c2.id, direction: "up" }));
    const cats = await db.select().from(operateCategories).orderBy(asc(operateCategories.type), asc(operateCategories.sort));
    expect(cats.map((c) => [c.name, c.sort])).toEqual([["实务操作", 1], ["法律法规", 2], ["专家直播", 1]]);
  });
});
