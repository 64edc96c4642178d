import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { createCourse } from "../factories/course";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/groupBuy";
const B = "/api/elearning/back/groupBuy";
const R = "/api/elearning/back/revenue/config";
const DAY = 86_400_000;

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy group-buy and revenue calls", (getDb) => {
  it("the 7 group-buy calls answer the envelope", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "政府采购货物和服务招标投标管理办法精讲", isFree: 0, price: 9_900 });
    const { client: me } = await signedIn(db, { nick: "孙悦" });
    const { client: admin } = await signedIn(db, { isAdmin: 1 });

    expect((await me.get(`${F}/get`, { goodsId: String(course.id), goodsType: "1" })).body).toMatchObject({ code: 200, success: true, data: null });
    expect((await me.post(`${B}/create`, {})).body).toMatchObject({ success: false, code: 403 });
    const bad = await admin.post(`${B}/create`, { name: "三人团", goodsType: 1, goodsId: course.id, groupPrice: 6_900, minMembers: "1", startTime: Date.now(), endTime: Date.now() + DAY });
    expect(bad.body).toMatchObject({ success: false, message: "成团人数须在2-100之间" });
    const made = await admin.post(`${B}/create`, { name: "三人团", goodsType: "1", goodsId: String(course.id), groupPrice: "6900", minMembers: "3", startTime: String(Date.now() - DAY), endTime: String(Date.now() + 7 * DAY) });
    expect(made.body).toMatchObject({ code: 200, success: true, data: { name: "三人团", groupPrice: 6_900, minMembers: 3, joined: 0, statusName: "进行中", outcomeName: "拼团中" } });
    const id: number = made.body.data.id;
    const got = await me.get(`${F}/get`, { goodsId: String(course.id), goodsType: "1" });
    expect(got.body).toMatchObject({ success: true, data: { groupBuyId: id, groupPrice: 6_900, originalPrice: 9_900, minMembers: 3, joined: 0, remaining: 3, endTime: expect.any(Number), outcome: 0, isJoined: 0 } });
    expect((await me.post(`${F}/calculatePrice`, { goodsId: course.id, goodsType: 1 })).body).toMatchObject({ success: true, data: { price: 6_900, originalPrice: 9_900, groupBuyId: id } });
    expect((await admin.post(`${B}/update`, { groupBuyId: id, name: "三人成团", goodsType: 1, goodsId: course.id, groupPrice: 5_900, minMembers: 3, startTime: made.body.data.startTime, endTime: made.body.data.endTime })).body).toMatchObject({ success: true, data: { name: "三人成团", groupPrice: 5_900 } });
    expect((await admin.post(`${B}/search`, { pageNo: 1, pageSize: 10, name: "成团" })).body).toMatchObject({ success: true, data: { total: 1, list: [{ id, joined: 0 }] } });
    expect((await admin.get(`${B}/get`, { groupBuyId: String(id) })).body).toMatchObject({ success: true, data: { id, originalPrice: 9_900 } });
    expect((await admin.post(`${B}/expire`, { id })).body).toMatchObject({ success: true, data: { status: 2, statusName: "已作废" } });
    expect((await me.post(`${F}/calculatePrice`, { goodsId: course.id })).body).toMatchObject({ success: true, data: { price: 9_900, groupBuyId: null } });
    expect((await admin.get(`${B}/get`, { groupBuyId: "abc" })).body).toMatchObject({ success: false, message: "拼团ID格式不正确" });
  });

  it("the 4 revenue calls answer the envelope", async () => {
    const db = getDb();
    const { course } = await createCourse(db, { name: "采购需求调查与编制" });
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    expect((await admin.get(`${R}/getDepartmentType`)).body).toMatchObject({ code: 200, success: true, data: [{ value: 1, label: "培训中心" }, { value: 2 }, { value: 3 }] });
    expect((await admin.get(`${R}/getSupportDepartmentType`)).body).toMatchObject({ success: true, data: [{ value: 1, label: "课程" }, { value: 2, label: "直播" }, { value: 4, label: "学习地图" }] });
    const q = { relateBusinessId: String(course.id), relateBusinessType: "1" };
    expect((await admin.get(`${R}/detail`, q)).body).toMatchObject({ success: true, data: { departmentType: null } });
    expect((await admin.post(`${R}/relate`, { ...q, departmentType: "2" })).body).toMatchObject({ success: true, data: { departmentType: 2, departmentName: "采购研究院" } });
    expect((await admin.get(`${R}/detail`, q)).body).toMatchObject({ success: true, data: { departmentType: 2 } });
    expect((await admin.post(`${R}/relate`, { ...q, departmentType: "" })).body).toMatchObject({ success: false, message: "请选择所属部门" });
  });
});
