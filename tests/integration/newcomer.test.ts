import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { courses, newcomerAwards, newcomerTasks, userCourses } from "@db/schema";
import { creditStudyDay } from "@trpc-app/checkin/study-days.service";
import { reportLearning } from "@trpc-app/course/progress.service";
import { NOT_NEWCOMER, NOT_ON_SITE, NOT_OPEN, saveConfig, TASK_NOT_DONE } from "@trpc-app/newcomer/newcomer.service";
import { createCourse } from "../factories/course";
import { seedIdentityReference } from "../factories/identity";
import { createLiveSeries } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { testClient } from "../helpers/caller";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";

const DAY = 86_400_000;
const AWARD = { identity: 1, areaCode: "330100" };

/** A gift course of 199 yuan, a recommended list of two courses and a live series, and a new learner. */
async function setUp(db: Db, opts: { gift?: boolean; registeredDaysAgo?: number } = {}) {
  await seedIdentityReference(db);
  const { course: gift } = await createCourse(db, { name: "框架协议采购实务", price: 19900, scribingPrice: 29900 });
  const { course: free, sections } = await createCourse(db, { name: "政府采购法实施条例解读", joinedCount: 15620 });
  const { course: other } = await createCourse(db, { name: "采购需求管理办法", joinedCount: 9842 });
  const series = await createLiveSeries(db, { name: "政府采购实务大讲堂" });
  await saveConfig(db, {
    giftCourseId: opts.gift === false ? undefined : gift.id,
    recommends: [
      { contentType: 1, contentId: free.id },
      { contentType: 2, contentId: series.id },
      { contentType: 1, contentId: other.id },
    ],
  });
  const user = await createUser(db, { nick: "新学员", ...(opts.registeredDaysAgo ? { createdAt: new Date(Date.now() - opts.registeredDaysAgo * DAY) } : {}) });
  const client = await signedInClient(db, user.id);
  return { gift, free, sections, series, user, client };
}

describeEachDb("newcomer gift", (getDb) => {
  it("the task completes at one minute of course study counted on the server, not a second before", async () => {
    const db = getDb();
    const { free, sections, series, user, client } = await setUp(db);
    const task = await client.call((c) => c.newcomer.task({}));
    expect(task).toEqual({
      isNewcomer: true,
      isCompleteTask: false,
      recommendContentList: [
        { recommendContentId: free.id, recommendContentType: 1, name: "政府采购法实施条例解读", coverUrl: expect.any(String), joinNum: 15620 },
        { recommendContentId: series.id, recommendContentType: 2, name: "政府采购实务大讲堂", coverUrl: "", joinNum: 0 },
        { recommendContentId: expect.any(Number), recommendContentType: 1, name: "采购需求管理办法", coverUrl: expect.any(String), joinNum: 9842 },
      ],
    });

    await client.call((c) => c.course.join({ courseId: free.id }));
    const viewer = { id: user.id, isAdmin: 0 };
    const start = Date.now();
    const at = (sec: number) => new Date(start + sec * 1000);
    const report = (sec: number, event: "play" | "progress") => reportLearning(db, viewer, { courseId: free.id, chapterId: sections[0]!.id, position: sec, event }, at(sec));
    await report(0, "play");
    await report(25, "progress");
    await report(50, "progress");
    // A player that claims far more than real time gets nothing for the gap (more than 30 s).
    await report(59, "progress");
    expect((await client.call((c) => c.newcomer.task({}))).isCompleteTask).toBe(false);
    // An exam's time does not count towards the task.
    await creditStudyDay(db, user.id, 3, 77, 600);
    expect((await client.call((c) => c.newcomer.task({}))).isCompleteTask).toBe(false);
    await report(60, "progress");
    expect(await client.call((c) => c.newcomer.task({}))).toMatchObject({ isNewcomer: true, isCompleteTask: true });
    expect(await db.select().from(newcomerTasks).where(eq(newcomerTasks.userId, user.id))).toHaveLength(1);
  });

  it("live study counts too", async () => {
    const db = getDb();
    const { user, client } = await setUp(db);
    await creditStudyDay(db, user.id, 2, 5, 59);
    expect((await client.call((c) => c.newcomer.task({}))).isCompleteTask).toBe(false);
    await creditStudyDay(db, user.id, 2, 5, 1);
    expect((await client.call((c) => c.newcomer.task({}))).isCompleteTask).toBe(true);
  });

  it("the award is given once when five calls race: one award row, one seat in my study", async () => {
    const db = getDb();
    const { gift, user, client } = await setUp(db);
    await creditStudyDay(db, user.id, 1, gift.id + 100, 61);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.call((c) => c.newcomer.receiveAward(AWARD))));
    for (const a of answers) expect(a).toEqual({ id: gift.id, name: "框架协议采购实务", coverUrl: expect.any(String), price: 19900 });
    expect(await db.select().from(newcomerAwards).where(eq(newcomerAwards.userId, user.id))).toEqual([
      { userId: user.id, courseId: gift.id, identity: 1, areaCode: "330100", createdAt: expect.any(Date) },
    ]);
    const seats = await db.select().from(userCourses).where(and(eq(userCourses.userId, user.id), eq(userCourses.courseId, gift.id)));
    expect(seats).toHaveLength(1);
    expect(seats[0]).toMatchObject({ source: "newcomer", payStatus: 1 });
    const [c] = await db.select({ joinedCount: courses.joinedCount }).from(courses).where(eq(courses.id, gift.id));
    expect(c!.joinedCount).toBe(1);
    // In "my study", and no longer a newcomer.
    const mine = await client.call((c) => c.course.mine({ pageNo: 1, pageSize: 20 }));
    expect(mine.list.map((x) => x.id)).toContain(gift.id);
    expect(await client.call((c) => c.newcomer.task({}))).toEqual({ isNewcomer: false, isCompleteTask: false, recommendContentList: [] });
  });

  it("refuses before the task is complete, without a gift, to old accounts and on extra sites", async () => {
    const db = getDb();
    const { user, client } = await setUp(db);
    await creditStudyDay(db, user.id, 1, 1, 30);
    const early = await rejection(client.call((c) => c.newcomer.receiveAward(AWARD)));
    expect(early.message).toBe(TASK_NOT_DONE);
    expect(await db.select().from(newcomerAwards)).toHaveLength(0);

    // An extra site shows no gift and gives none.
    await creditStudyDay(db, user.id, 1, 1, 30);
    expect(await client.call((c) => c.newcomer.task({ pathName: "gdcg" }))).toMatchObject({ isNewcomer: false, recommendContentList: [] });
    const { token } = await createSession(db, user.id);
    const onSite = testClient(db, { cookies: { [SESSION_COOKIE]: token }, headers: { "x-site-path": "gdcg" } });
    expect(await onSite.call((c) => c.newcomer.task({}))).toMatchObject({ isNewcomer: false });
    expect((await rejection(onSite.call((c) => c.newcomer.receiveAward(AWARD)))).message).toBe(NOT_ON_SITE);
    expect((await client.call((c) => c.newcomer.task({}))).isCompleteTask).toBe(true);

    const old = await createUser(db, { nick: "老学员", createdAt: new Date(Date.now() - 40 * DAY) });
    await creditStudyDay(db, old.id, 1, 1, 600);
    const oldClient = await signedInClient(db, old.id);
    expect((await oldClient.call((c) => c.newcomer.task({}))).isNewcomer).toBe(false);
    expect((await rejection(oldClient.call((c) => c.newcomer.receiveAward(AWARD)))).message).toBe(NOT_NEWCOMER);
    // Registered two days ago, before the gift was first offered: not a newcomer either.
    const before = await createUser(db, { nick: "早两天", createdAt: new Date(Date.now() - 2 * DAY) });
    await creditStudyDay(db, before.id, 1, 1, 600);
    expect((await (await signedInClient(db, before.id)).call((c) => c.newcomer.task({}))).isNewcomer).toBe(false);
  });

  it("without a gift course the feature is off", async () => {
    const db = getDb();
    const { user, client } = await setUp(db, { gift: false });
    await creditStudyDay(db, user.id, 1, 1, 120);
    expect((await client.call((c) => c.newcomer.task({}))).isNewcomer).toBe(false);
    expect((await rejection(client.call((c) => c.newcomer.receiveAward(AWARD)))).message).toBe(NOT_OPEN);
  });

  it("identity type and region are required and checked; options come from the reference data", async () => {
    const db = getDb();
    const { user, client } = await setUp(db);
    await creditStudyDay(db, user.id, 1, 1, 120);
    const bad = async (input: unknown) => (await rejection(client.call((c) => c.newcomer.receiveAward(input as never)))).message;
    expect(await bad({ areaCode: "330100" })).toBe("请选择身份类型");
    expect(await bad({ identity: "", areaCode: "330100" })).toBe("请选择身份类型");
    expect(await bad({ identity: 1 })).toBe("请选择所属地区");
    expect(await bad({ identity: 1, areaCode: "" })).toBe("请选择所属地区");
    expect(await bad({ identity: 99, areaCode: "330100" })).toBe("身份类型不正确");
    expect(await bad({ identity: 1, areaCode: "999999" })).toBe("所属地区不正确");
    expect(await bad({ identity: 1, areaCode: "杭州" })).toBe("所属地区不正确");
    expect(await db.select().from(newcomerAwards)).toHaveLength(0);

    const identities = await client.call((c) => c.newcomer.identityOptions());
    expect(identities[0]).toEqual({ identityCategoryCode: 1, identityCategoryName: "采购人" });
    const areas = await client.call((c) => c.newcomer.areaOptions());
    const zj = areas.find((a) => a.areaCode === "330000");
    expect(zj?.children?.find((c) => c.areaCode === "330100")).toEqual({ areaCode: "330100", areaName: "杭州市" });
    // Visitors get 281.
    const visitor = testClient(db);
    expect((await rejection(visitor.call((c) => c.newcomer.task({})))).legacyCode).toBe("281");
  });

  it("the back office report counts completed tasks and awards and lists the receivers", async () => {
    const db = getDb();
    const { gift, user, client } = await setUp(db);
    await creditStudyDay(db, user.id, 1, 1, 120);
    await client.call((c) => c.newcomer.receiveAward({ identity: 2, areaCode: "330100" }));
    const admin = await createUser(db, { nick: "管理员", isAdmin: 1 });
    const adminClient = await signedInClient(db, admin.id);
    const report = await adminClient.call((c) => c.newcomer.admin.report());
    expect(report).toMatchObject({ completedCount: 1, awardedCount: 1 });
    expect(report.receivers[0]).toMatchObject({ userId: user.id, nick: "新学员", identityName: "采购代理机构", areaName: "浙江省 杭州市", courseName: gift.name });
    const cfg = await adminClient.call((c) => c.newcomer.admin.config());
    expect(cfg.giftCourse).toMatchObject({ id: gift.id, price: 19900 });
    expect(cfg.recommends.map((r) => r.recommendContentType)).toEqual([1, 2, 1]);
    expect((await rejection(client.call((c) => c.newcomer.admin.report()))).legacyCode).toBeDefined();
  });
});
