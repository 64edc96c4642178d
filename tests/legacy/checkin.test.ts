import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { creditStudyDay } from "@trpc-app/checkin/study-days.service";
import { createCourse } from "../factories/course";
import { createPath } from "../factories/path";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/caiyun/front/checkIn";
const DAY = 86_400_000;

async function signedIn(db: Db) {
  const user = await createUser(db, { nick: "王晓雯" });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy check-in calls", (getDb) => {
  it("getCheckInWidget, getCheckinPopUp and getCheckInMedal answer with the spec's field names", async () => {
    const db = getDb();
    const { user, client } = await signedIn(db);
    const { course } = await createCourse(db, { name: "政府采购需求管理" });
    const { path } = await createPath(db, {
      name: "政府采购全流程实务学习地图",
      checkIn: { start: new Date(Date.now() - 5 * DAY), end: new Date(Date.now() + 5 * DAY) },
      memberIds: [user.id],
      sections: [{ title: "第一阶段", nodes: [{ contentType: 1, contentId: course.id }] }],
    });
    for (const k of [3, 2, 1]) await creditStudyDay(db, user.id, 1, course.id, 120, new Date(Date.now() - k * DAY));
    await creditStudyDay(db, user.id, 1, course.id, 20);

    const popUp = await client.post(`${F}/getCheckinPopUp`, { businessType: "4", businessId: String(path.id) });
    expect(popUp.body).toMatchObject({ code: 200, success: true, data: { isPopUp: 1, medalType: 1, isTodayCheckIn: 0, countDown: 41, continuousDays: 3 } });
    expect(popUp.body.data.medalVO[0]).toMatchObject({ medalType: 1, isGet: 1, continuousDays: 3, businessName: "政府采购全流程实务学习地图", awardTime: expect.any(Number), medalShareQrCode: expect.stringMatching(/^data:image\/png;base64,/) });
    expect((await client.post(`${F}/getCheckinPopUp`, { businessType: 4, businessId: path.id })).body.data).toMatchObject({ isPopUp: 0, medalVO: [] });

    const widget = await client.get(`${F}/getCheckInWidget`, { businessType: 4, businessId: path.id });
    expect(widget.body).toMatchObject({
      success: true,
      data: { medalType: 1, isTodayCheckIn: 0, countDown: 41, continuousDays: 3, isBreak: 0, isExpired: 0, isBuy: 1, currentTime: expect.any(Number) },
    });
    const data = widget.body.data;
    expect(data.medalVO.map((m: { medalType: number; isGet: number }) => [m.medalType, m.isGet])).toEqual([
      [1, 1],
      [2, 0],
      [3, 0],
    ]);
    for (const m of data.medalVO) expect(Object.keys(m)).toEqual(expect.arrayContaining(["medalType", "isGet", "continuousDays", "businessName", "awardTime", "medalShareQrCode"]));
    expect(data.userCheckInRecordVO).toHaveLength(21);
    expect(data.userCheckInRecordVO[0]).toEqual(expect.objectContaining({ checkInDate: expect.stringMatching(/^\d{4}\.\d{2}\.\d{2}$/), isCheckIn: expect.any(Number) }));

    const medals = await client.get(`${F}/getCheckInMedal`);
    expect(medals.body).toMatchObject({ success: true, data: [{ medalType: 1, isGet: 1, businessId: path.id, businessName: "政府采购全流程实务学习地图" }] });
    expect((await client.get(`${F}/getCheckInMedal`, { businessType: "4", businessId: String(path.id + 1) })).body.data).toEqual([]);
  });

  it("bad input and a map without a campaign answer success false in Chinese, visitors 281", async () => {
    const db = getDb();
    const { client } = await signedIn(db);
    const { path } = await createPath(db, { sections: [{ title: "第一阶段", nodes: [{ contentType: 0, linkUrl: "https://www.ccgp.gov.cn/" }] }] });
    expect((await client.get(`${F}/getCheckInWidget`, { businessType: 4, businessId: path.id })).body).toMatchObject({ success: false, message: "该学习地图未开启打卡活动" });
    expect((await client.get(`${F}/getCheckInWidget`, { businessType: 1, businessId: path.id })).body).toMatchObject({ success: false, message: "打卡活动仅支持学习地图（businessType须为4）" });
    expect((await client.post(`${F}/getCheckinPopUp`, { businessType: 4 })).body).toMatchObject({ success: false, message: "缺少学习地图ID" });
    expect((await client.get(`${F}/getCheckInMedal`, { businessId: "x" })).body).toMatchObject({ success: false, message: "学习地图ID格式不正确" });
    const visitor = await legacyClient(db).get(`${F}/getCheckInWidget`, { businessType: 4, businessId: path.id });
    expect(visitor.status).toBeLessThan(500);
    expect(visitor.body).toMatchObject({ success: false, code: 281 });
  });
});
