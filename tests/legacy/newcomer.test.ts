import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { userCourses } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { creditStudyDay } from "@trpc-app/checkin/study-days.service";
import { saveConfig, TASK_NOT_DONE } from "@trpc-app/newcomer/newcomer.service";
import { createCourse } from "../factories/course";
import { seedIdentityReference } from "../factories/identity";
import { createLiveSeries } from "../factories/live";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const U = "/api/elearning/caiyun/front/user";

describeEachDb("legacy newcomer calls", (getDb) => {
  it("newcomer/task and receive/newcomer/award answer in the envelope with the spec's field names", async () => {
    const db = getDb();
    await seedIdentityReference(db);
    const { course: gift } = await createCourse(db, { name: "框架协议采购实务", price: 19900 });
    const { course } = await createCourse(db, { name: "采购需求管理办法", joinedCount: 12 });
    const series = await createLiveSeries(db, { name: "政府采购实务大讲堂" });
    await saveConfig(db, { giftCourseId: gift.id, recommends: [{ contentType: 1, contentId: course.id }, { contentType: 2, contentId: series.id }] });
    const user = await createUser(db, { nick: "新学员" });
    const client = legacyClient(db);

    // Visitors: 281.
    expect((await client.get(`${U}/newcomer/task`, { pathName: "" })).body).toMatchObject({ code: 281, success: false });
    expect((await client.post(`${U}/receive/newcomer/award`, { identity: 1, areaCode: "330100" })).body).toMatchObject({ code: 281, success: false });

    client.jar.cy_session = (await createSession(db, user.id)).token;
    const task = await client.get(`${U}/newcomer/task`, { pathName: "" });
    expect(task.body).toEqual({
      code: 200,
      message: expect.any(String),
      success: true,
      data: {
        isNewcomer: true,
        isCompleteTask: false,
        recommendContentList: [
          { recommendContentId: course.id, recommendContentType: 1, name: "采购需求管理办法", coverUrl: expect.any(String), joinNum: 12 },
          { recommendContentId: series.id, recommendContentType: 2, name: "政府采购实务大讲堂", coverUrl: "", joinNum: 0 },
        ],
      },
    });
    // An extra site's pathName hides it.
    expect((await client.get(`${U}/newcomer/task`, { pathName: "gdcg" })).body.data).toMatchObject({ isNewcomer: false });

    const early = await client.post(`${U}/receive/newcomer/award`, { identity: "1", areaCode: "330100" });
    expect(early.body).toMatchObject({ success: false, message: TASK_NOT_DONE });
    expect((await client.post(`${U}/receive/newcomer/award`, { areaCode: "330100" })).body).toMatchObject({ success: false, message: "请选择身份类型" });
    expect((await client.post(`${U}/receive/newcomer/award`, { identity: 1 })).body).toMatchObject({ success: false, message: "请选择所属地区" });

    await creditStudyDay(db, user.id, 1, course.id, 60);
    expect((await client.get(`${U}/newcomer/task`)).body.data).toMatchObject({ isNewcomer: true, isCompleteTask: true });
    const award = await client.post(`${U}/receive/newcomer/award`, { identity: "1", areaCode: "330100" });
    expect(award.body).toMatchObject({ code: 200, success: true, data: { id: gift.id, name: "框架协议采购实务", coverUrl: expect.any(String), price: 19900 } });
    expect(await db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, gift.id)))).toHaveLength(1);
    expect((await client.get(`${U}/newcomer/task`)).body.data).toEqual({ isNewcomer: false, isCompleteTask: false, recommendContentList: [] });
  });
});
