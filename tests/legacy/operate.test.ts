import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { createBanner, createCategory, createItem, createRecommend, createWord } from "../factories/operate";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const E = "/api/elearning";
const F = `${E}/caiyun/front`;
const B = `${E}/back/operate`;
const NODE_FIELDS = ["id", "name", "picUrl", "children", "isOpenJump", "jumpUrl"];
const ITEM_FIELDS = ["type", "recommendObjectId", "linkUrl", "name", "picUrl", "teacher", "isFree", "realPrice", "scribingPrice", "liveStatus", "isPlayback", "startTime"];

async function adminClient(db: Db) {
  const user = await createUser(db, { loginName: "legacy_operate_admin", isAdmin: 1 });
  const client = legacyClient(db);
  client.jar[SESSION_COOKIE] = (await createSession(db, user.id)).token;
  return client;
}

function ok(res: { status: number; body: any }) {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ code: 200, success: true });
  expect(res.body).toHaveProperty("message");
  return res.body.data;
}

describeEachDb("legacy operations calls", (getDb) => {
  it("answers every learner recommend, banner and layout call with the spec's fields", async () => {
    const db = getDb();
    const top = await createRecommend(db, { name: "推荐课程" });
    const tab = await createRecommend(db, { name: "法规解读", parentId: top.id });
    await createItem(db, { recommendId: tab.id, type: 1, recommendObjectId: 31, name: "政府采购法精讲", isFree: 0, realPrice: 9900, scribingPrice: 19900 });
    await createItem(db, { recommendId: tab.id, type: 2, recommendObjectId: 8, name: "框架协议直播", liveStatus: 0, startTime: Date.now() + 3600_000 });
    await createBanner(db, { title: "2026年政府采购政策解读专题" });
    const word = await createWord(db, { name: "政府采购法" });
    const cat = await createCategory(db, { name: "法律法规", type: 1 });
    await createCategory(db, { name: "实施条例", parentId: cat.id });
    const visitor = legacyClient(db);

    const tree = ok(await visitor.post(`${F}/recommend/tree`, {}));
    expect(Object.keys(tree[0])).toEqual(expect.arrayContaining(NODE_FIELDS));
    expect(Object.keys(tree[0].children[0])).toEqual(expect.arrayContaining(NODE_FIELDS));

    const data = ok(await visitor.post(`${F}/recommend/data`, { recommendId: String(tab.id) }));
    expect(data).toHaveLength(2);
    for (const item of data) expect(Object.keys(item)).toEqual(expect.arrayContaining(ITEM_FIELDS));
    expect(data[0]).toMatchObject({ type: 1, recommendObjectId: 31, linkUrl: "/course/detail?id=31", realPrice: 9900, scribingPrice: 19900, isFree: 0 });
    expect(typeof data[1].startTime).toBe("number");

    const all = ok(await visitor.post(`${F}/recommend/dataAll`, {}));
    expect(all[0].children[0].dataList).toHaveLength(2);

    const words = ok(await visitor.post(`${F}/recommend/search/bar/data`, { pathName: "" }));
    expect(words[0]).toMatchObject({ id: word.id, name: "政府采购法", statisticsCount: 0 });
    expect(ok(await visitor.post(`${F}/recommend/search/bar/statisticsCount`, { id: word.id }))).toMatchObject({ statisticsCount: 1 });

    const cats = ok(await visitor.get(`${F}/recommend/categoryList`, { type: 1 }));
    expect(cats.map((c: any) => c.name)).toEqual(["法律法规"]);
    const tabs = ok(await visitor.get(`${F}/recommend/categoryTabList`, { categoryId: cat.id }));
    expect(tabs.map((c: any) => c.name)).toEqual(["实施条例"]);

    const banners = ok(await visitor.post(`${F}/banner/list`, {}));
    expect(Object.keys(banners[0])).toEqual(expect.arrayContaining(["id", "title", "picUrl", "linkUrl"]));

    const layout = ok(await visitor.get(`${F}/page/layout`));
    expect(Object.keys(layout)).toEqual(expect.arrayContaining(["globalHeader", "globalFooter", "loginUrl", "permissionDenied", "confirmStartExam", "courseDetailLayout", "examResultLayout", "examTestLayout"]));

    expect(Array.isArray(ok(await visitor.post(`${F}/workbench/recommend/data`, {})))).toBe(true);
    expect(Array.isArray(ok(await visitor.post(`${F}/marketing/date`, {})))).toBe(true);
    expect(ok(await visitor.get(`${E}/front/workbench/recommend/list`, { page: 1, element: 10 }))).toMatchObject({ list: [], total: 0 });
    expect(ok(await visitor.get(`${F}/channel/promote`, { channel: "xinrenlibao", type: 2, objectId: 1 }))).toBeNull();

    const bad = await visitor.post(`${F}/recommend/search/bar/statisticsCount`, { id: "abc" });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body).toMatchObject({ success: false, message: "搜索词ID格式不正确" });
  });

  it("answers every back/operate call in the envelope", async () => {
    const db = getDb();
    const admin = await adminClient(db);

    for (const [seg, body] of [
      ["banner", { title: "框架协议采购实务训练营", picUrl: "/b.png", linkUrl: "/live/center" }],
      ["notice", { title: "关于能力认证考试安排的通知" }],
      ["recommend", { name: "推荐课程" }],
      ["search/bar", { name: "采购需求" }],
      ["marketing", { title: "新学员专享" }],
    ] as const) {
      const a = ok(await admin.post(`${B}/${seg}/add`, body));
      const b = ok(await admin.post(`${B}/${seg}/add`, body));
      expect(b.sort).toBe(2);
      const moved = ok(await admin.post(`${B}/${seg}/move`, { id: b.id, sort: 1 }));
      expect(moved).toEqual({ id: b.id, sort: 1 });
      ok(await admin.post(`${B}/${seg}/update`, { ...body, id: a.id }));
      const list = ok(await admin.get(`${B}/${seg}/list`, { page: 1, element: 10 }));
      expect(list).toMatchObject({ total: 2, pageNo: 1, pageSize: 10 });
      expect(list.list.map((r: any) => r.id)).toEqual([b.id, a.id]);
      expect(ok(await admin.post(`${B}/${seg}/del`, { id: a.id }))).toBe(true);
    }

    const block = ok(await admin.post(`${B}/recommend/add`, { name: "法规解读" }));
    const one = ok(await admin.get(`${B}/recommend/one`, { recommendId: block.id }));
    expect(Object.keys(one)).toEqual(expect.arrayContaining(["id", "name", "picUrl", "isOpenJump", "jumpUrl", "children", "dataList"]));
    const item = ok(await admin.post(`${B}/recommend/data/add`, { recommendId: block.id, type: 3, recommendObjectId: 5, name: "能力认证考试" }));
    expect(Object.keys(item)).toEqual(expect.arrayContaining(ITEM_FIELDS));
    const item2 = ok(await admin.post(`${B}/recommend/data/add`, { recommendId: block.id, type: 4, recommendObjectId: 6, name: "采购人学习地图" }));
    ok(await admin.post(`${B}/recommend/data/move`, { id: item2.id, direction: "up" }));
    ok(await admin.post(`${B}/recommend/data/update`, { id: item.id, type: 3, recommendObjectId: 5, name: "能力认证考试（初级）" }));
    const items = ok(await admin.get(`${E}/recommend/data/list`, { recommendId: block.id }));
    expect(items.map((i: any) => i.name)).toEqual(["采购人学习地图", "能力认证考试（初级）"]);
    expect(items[0].linkUrl).toBe("/map/detail?id=6");
    ok(await admin.post(`${B}/recommend/data/del`, { id: item.id }));
    const dup = await admin.post(`${B}/recommend/data/add`, { recommendId: block.id, type: 4, recommendObjectId: 6, name: "采购人学习地图" });
    expect(dup.body).toMatchObject({ success: false, message: "该内容已在此推荐位中" });
    ok(await admin.post(`${B}/recommend/move/v2`, { id: block.id, position: 1 }));

    const cat = ok(await admin.post(`${B}/category/add`, { name: "法律法规", type: 1 }));
    const sub = ok(await admin.post(`${B}/category/add`, { name: "政府采购法", parentId: cat.id }));
    expect(sub.type).toBe(1);
    ok(await admin.post(`${B}/category/edit`, { id: sub.id, name: "政府采购法及条例", parentId: cat.id }));
    expect(ok(await admin.get(`${B}/category/detail`, { id: cat.id })).children[0].name).toBe("政府采购法及条例");
    expect(ok(await admin.get(`${B}/category/list`, { page: 1, element: 10 })).total).toBe(1);
    ok(await admin.post(`${B}/category/move`, { id: cat.id, direction: "down" }));
    ok(await admin.post(`${B}/category/del`, { id: sub.id }));

    expect(Array.isArray(ok(await admin.get(`${B}/element/tree`, { key: "home", platform: 1 })))).toBe(true);
    expect(ok(await admin.post(`${E}/popup/banner/update`, { picUrl: "/p.png", status: 1 }))).toMatchObject({ picUrl: "/p.png", status: 1 });
    expect(ok(await admin.post(`${E}/back/recommend/initRecommendDetail`, {}))).toMatchObject({ total: 1 });

    const saved = ok(await admin.post(`${E}/back/recommend/manage/save`, { name: "工作台推荐", scene: "workbench", items: [{ type: 3, recommendObjectId: 5, name: "能力认证考试" }] }));
    ok(await admin.post(`${E}/back/recommend/manage/update`, { id: saved.id, name: "工作台推荐（新）" }));
    expect(ok(await admin.post(`${E}/back/recommend/manage/page`, { page: 1, element: 10 })).total).toBe(1);
    expect(ok(await admin.get(`${E}/back/recommend/manage/detail`, { id: saved.id })).name).toBe("工作台推荐（新）");
    const wb = ok(await legacyClient(db).post(`${F}/workbench/recommend/data`, {}));
    expect(wb[0]).toMatchObject({ type: 3, recommendObjectId: 5, name: "能力认证考试", linkUrl: "/exam/detail?id=5" });
    ok(await admin.post(`${E}/back/recommend/manage/del`, { id: saved.id }));

    const noTitle = await admin.post(`${B}/banner/add`, { picUrl: "/b.png" });
    expect(noTitle.body).toMatchObject({ success: false, message: "请输入轮播图标题" });
    const visitor = await legacyClient(db).get(`${B}/banner/list`, {});
    expect(visitor.body).toMatchObject({ success: false, code: 281 });
  });
});
