import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { courses, liveAppointments, userCourses } from "@db/schema";
import { REAL_NAME_TEXT } from "@base/real-name";
import { createCourse } from "../factories/course";
import { createExam, createRandomPaper } from "../factories/exam";
import { createIdentity } from "../factories/identity";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient, trpcHttp } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { createSession } from "@trpc-app/auth/session";

async function world(db: Db) {
  const admin = await createUser(db, { loginName: "rn_admin", isAdmin: 1 });
  const plain = await createUser(db, { loginName: "rn_plain" });
  const done = await createUser(db, { loginName: "rn_done" });
  await createIdentity(db, done.id, { realName: "陈静" });
  const open = (await createCourse(db, { name: "采购需求管理办法" })).course;
  const strict = (await createCourse(db, { name: "从业人员诚信履职培训" })).course;
  const live = await createLive(db, { name: "框架协议采购直播", liveStatus: 0 });
  const paper = await createRandomPaper(db, "随机试卷", []);
  const faceExam = await createExam(db, { name: "人脸核验考试", paperId: paper.id, isFaceVerify: 1 });
  const plainExam = await createExam(db, { name: "普通考试", paperId: paper.id, isFaceVerify: 0 });
  const adminClient = await signedInClient(db, admin.id);
  await adminClient.call((c) => c.identity.admin.saveRealNameRule({ courseIds: [strict.id] }));
  return {
    adminClient,
    plain,
    done,
    open,
    strict,
    live,
    faceExam,
    plainExam,
    asPlain: await signedInClient(db, plain.id),
    asDone: await signedInClient(db, done.id),
  };
}

const joined = async (db: Db, userId: number, courseId: number) =>
  (await db.select().from(userCourses).where(and(eq(userCourses.userId, userId), eq(userCourses.courseId, courseId)))).length;

describeEachDb("identity: real-name rule by business", (getDb) => {
  it("decides per business: listed courses, the site switches, exams with face verification", async () => {
    const db = getDb();
    const w = await world(db);
    const need = (client: typeof w.asPlain, checkBusinessType: 1 | 2 | 3 | 4, checkBusinessId: number) =>
      client.call((c) => c.identity.checkNeedAuth({ checkBusinessType, checkBusinessId }));

    // Without a business the answer is simply whether the learner has authenticated.
    expect(await w.asPlain.call((c) => c.identity.checkNeedAuth({}))).toEqual({ isNeedAuth: 1, isAuth: 0, isRequired: 1 });
    expect(await need(w.asPlain, 1, w.strict.id)).toEqual({ isNeedAuth: 1, isAuth: 0, isRequired: 1 });
    expect(await need(w.asPlain, 1, w.open.id)).toEqual({ isNeedAuth: 0, isAuth: 0, isRequired: 0 });
    expect(await need(w.asPlain, 3, w.faceExam.id)).toEqual({ isNeedAuth: 1, isAuth: 0, isRequired: 1 });
    expect(await need(w.asPlain, 3, w.plainExam.id)).toEqual({ isNeedAuth: 0, isAuth: 0, isRequired: 0 });
    expect((await need(w.asPlain, 2, w.live.id)).isNeedAuth).toBe(0);

    // An authenticated learner never needs to, even where the business asks for it.
    expect(await need(w.asDone, 1, w.strict.id)).toEqual({ isNeedAuth: 0, isAuth: 1, isRequired: 1 });
    expect(await need(w.asDone, 3, w.faceExam.id)).toEqual({ isNeedAuth: 0, isAuth: 1, isRequired: 1 });

    // The site-wide switches cover every course / every live.
    await w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ course: 1, live: 1 }));
    expect((await need(w.asPlain, 1, w.open.id)).isNeedAuth).toBe(1);
    expect((await need(w.asPlain, 2, w.live.id)).isNeedAuth).toBe(1);
    // The exam rule does not follow the course and live switches.
    expect((await need(w.asPlain, 3, w.plainExam.id)).isNeedAuth).toBe(0);
    expect(await w.adminClient.call((c) => c.identity.admin.realNameRule())).toEqual({ course: 1, live: 1, courseIds: [w.strict.id], liveIds: [] });
  });

  it("answers unknown businesses and malformed input with a Chinese message, never a 500", async () => {
    const db = getDb();
    const w = await world(db);
    const refused = (input: Record<string, unknown>) => rejection(w.asPlain.call((c) => c.identity.checkNeedAuth(input as never)));
    expect(await refused({ checkBusinessType: 1, checkBusinessId: 999_999 })).toMatchObject({ message: "课程不存在或已下架", legacyCode: "404" });
    expect(await refused({ checkBusinessType: 2, checkBusinessId: 999_999 })).toMatchObject({ message: "直播不存在或已下线", legacyCode: "404" });
    expect(await refused({ checkBusinessType: 3, checkBusinessId: 999_999 })).toMatchObject({ message: "考试不存在或已下架", legacyCode: "404" });
    expect((await refused({ checkBusinessType: 4, checkBusinessId: 1 })).message).toBe("学习地图暂不支持实名校验");
    expect((await refused({ checkBusinessType: 9, checkBusinessId: 1 })).message).toBe("业务类型不正确");
    expect((await refused({ checkBusinessType: 1 })).message).toBe("请提供业务ID");
    expect((await refused({ checkBusinessId: w.strict.id })).message).toBe("请提供业务类型");
    expect((await refused({ checkBusinessType: 1, checkBusinessId: "12a" })).message).toBe("业务ID格式不正确");
    // A draft course is unknown to learners too.
    await db.update(courses).set({ status: 0 }).where(eq(courses.id, w.open.id));
    expect((await refused({ checkBusinessType: 1, checkBusinessId: w.open.id })).message).toBe("课程不存在或已下架");

    // Over HTTP: client errors, nothing logged as internal.
    const { token } = await createSession(db, w.plain.id);
    const http = await trpcHttp(db, "identity.checkNeedAuth", { checkBusinessType: 1, checkBusinessId: 999_999 }, { type: "query", cookie: `cy_session=${token}` });
    expect(http.status).toBe(404);
    expect(http.internal).toEqual([]);
    const bad = await trpcHttp(db, "identity.checkNeedAuth", { checkBusinessType: "x", checkBusinessId: 1 }, { type: "query", cookie: `cy_session=${token}` });
    expect(bad.status).toBe(400);
    expect(bad.internal).toEqual([]);

    // Old clients send strings and read the envelope.
    const old = legacyClient(db);
    old.jar.cy_session = token;
    const res = await old.post("/api/elearning/caiyun/front/user/auth/checkNeedAuth", { checkBusinessType: "1", checkBusinessId: String(w.strict.id) });
    expect(res.body).toMatchObject({ code: 200, success: true, data: { isNeedAuth: 1, isAuth: 0, isRequired: 1 } });
    const gone = await old.post("/api/elearning/caiyun/front/user/auth/checkNeedAuth", { checkBusinessType: 3, checkBusinessId: 999_999 });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ success: false, message: "考试不存在或已下架" });
  });

  it("refuses to join a real-name course without an identity (108 with the dialog), then lets the learner in", async () => {
    const db = getDb();
    const w = await world(db);
    const before = (await db.select().from(courses).where(eq(courses.id, w.strict.id)))[0]!.joinedCount;

    const refusal = await rejection(w.asPlain.call((c) => c.course.join({ courseId: w.strict.id })));
    expect(refusal.legacyCode).toBe("108");
    expect(JSON.parse(refusal.message)).toEqual({
      title: "实名认证",
      content: REAL_NAME_TEXT,
      jumpUrl: `/identity/info?isAuth=0&from=${encodeURIComponent(`/course/detail?id=${w.strict.id}`)}`,
    });
    expect(await joined(db, w.plain.id, w.strict.id)).toBe(0);
    expect((await db.select().from(courses).where(eq(courses.id, w.strict.id)))[0]!.joinedCount).toBe(before);
    // Re-acquiring permission goes through the same join, so it is refused the same way.
    expect((await rejection(w.asPlain.call((c) => c.course.access({ courseId: w.strict.id })))).legacyCode).toBe("108");

    // A course that does not ask for it is joined as before.
    expect(await w.asPlain.call((c) => c.course.join({ courseId: w.open.id }))).toMatchObject({ isJoin: 1 });

    // The legacy join answers the envelope old clients turn into the dialog.
    const { token } = await createSession(db, w.plain.id);
    const old = legacyClient(db);
    old.jar.cy_session = token;
    const res = await old.post("/api/elearning/caiyun/front/course/add", { courseId: w.strict.id });
    expect(res.body).toMatchObject({ success: false, code: 108 });
    expect(JSON.parse(res.body.message).jumpUrl).toMatch(/^\/identity\/info\?isAuth=0&from=/);

    // Once authenticated the same learner joins.
    await createIdentity(db, w.plain.id, { realName: "赵磊" });
    expect(await w.asPlain.call((c) => c.course.join({ courseId: w.strict.id }))).toMatchObject({ isJoin: 1 });
    expect(await joined(db, w.plain.id, w.strict.id)).toBe(1);
    expect(await w.asDone.call((c) => c.course.join({ courseId: w.strict.id }))).toMatchObject({ isJoin: 1 });
  });

  it("refuses a live reservation when lives ask for real name", async () => {
    const db = getDb();
    const w = await world(db);
    expect(await w.asPlain.call((c) => c.live.appointment({ liveId: w.live.id }))).toEqual({ isAppointment: 1 });
    await db.delete(liveAppointments);
    await w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ liveIds: [w.live.id] }));
    const refusal = await rejection(w.asPlain.call((c) => c.live.appointment({ liveId: w.live.id })));
    expect(refusal.legacyCode).toBe("108");
    expect(JSON.parse(refusal.message).jumpUrl).toBe(`/identity/info?isAuth=0&from=${encodeURIComponent(`/live/detail?roomId=${w.live.roomId}`)}`);
    expect(await db.select().from(liveAppointments)).toHaveLength(0);
    expect(await w.asDone.call((c) => c.live.appointment({ liveId: w.live.id }))).toEqual({ isAppointment: 1 });
  });

  it("lets only admins read and change the rule, with readable messages", async () => {
    const db = getDb();
    const w = await world(db);
    expect((await rejection(w.asPlain.call((c) => c.identity.admin.realNameRule()))).legacyCode).toBe("403");
    expect((await rejection(w.asPlain.call((c) => c.identity.admin.saveRealNameRule({ course: 1 })))).legacyCode).toBe("403");
    expect((await rejection(w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ courseIds: "12,abc" as never })))).message).toBe("ID须为正整数");
    expect((await rejection(w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ course: 3 as never })))).message).toBe("开关取值不正确");
    // The back-office form posts ids as text; duplicates collapse.
    const saved = await w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ courseIds: `${w.open.id}, ${w.open.id}，${w.strict.id}` as never, live: 0 }));
    expect(saved).toEqual({ course: 0, live: 0, courseIds: [w.open.id, w.strict.id], liveIds: [] });
    expect((await w.asPlain.call((c) => c.identity.checkNeedAuth({ checkBusinessType: 1, checkBusinessId: w.open.id }))).isNeedAuth).toBe(1);
  });

  it("refuses ids of content that does not exist, and names what a rule lists", async () => {
    const db = getDb();
    const w = await world(db);
    expect((await rejection(w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ courseIds: [w.open.id, 99_999_999] })))).message).toBe("课程ID 99999999 不存在或已删除");
    expect((await rejection(w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ liveIds: [99_999_998] })))).message).toBe("直播ID 99999998 不存在或已删除");
    // Nothing changed.
    expect(await w.adminClient.call((c) => c.identity.admin.realNameRule())).toEqual({ course: 0, live: 0, courseIds: [w.strict.id], liveIds: [] });

    await w.adminClient.call((c) => c.identity.admin.saveRealNameRule({ courseIds: [w.open.id, w.strict.id], liveIds: [w.live.id] }));
    const targets = await w.adminClient.call((c) => c.identity.admin.realNameTargets());
    expect(targets.courses.map((x) => x.id)).toEqual([w.open.id, w.strict.id]);
    expect(targets.courses[0]!.name).toBe(w.open.name);
    expect(targets.lives).toEqual([{ id: w.live.id, name: w.live.name }]);
    // A course deleted since drops out of the names; the rule itself is unchanged until saved again.
    await db.update(courses).set({ deletedAt: new Date() }).where(eq(courses.id, w.open.id));
    expect((await w.adminClient.call((c) => c.identity.admin.realNameTargets())).courses.map((x) => x.id)).toEqual([w.strict.id]);
    expect((await rejection(w.asPlain.call((c) => c.identity.admin.realNameTargets()))).legacyCode).toBe("403");
  });
});
