import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { eq } from "drizzle-orm";
import { sessions } from "@db/schema";
import { FACE_LOGIN_COOKIE, FACE_LOGIN_USED, FACE_NOT_LINKED, signFaceCallback } from "@trpc-app/event/face.service";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const B = "/api/elearning/back/event";
const E = "/api/event";
const ok = { code: 200, success: true, message: "成功" };

async function signedIn(db: Db, opts: { isAdmin?: 0 | 1; nick?: string } = {}) {
  const user = await createUser(db, opts);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy event calls", (getDb) => {
  it("the eleven back-office event calls answer the envelope", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1, nick: "李建国" });
    const { user } = await signedIn(db, { nick: "王晓雯" });
    const { course } = await createCourse(db, { name: "湖南省政府采购实务" });
    const q = await createQuestion(db, { questionType: 1, content: "题", options: ["对", "错"], answer: ["A"] });
    const exam = await createExam(db, { name: "湖南省政府采购业务考试", paperId: (await createFixedPaper(db, "卷", [{ questionId: q.id, score: 100 }])).id, passScore: 60 });

    const saved = await admin.post(`${B}/eventUpdate`, { name: "2026年湖南省采购人培训", source: "hunan", associationId: 20260001, ownerName: "湖南省财政厅", webhookUrl: "https://owner.example.cn/hook", startTime: "2026-12-01 09:00:00" });
    expect(saved.body).toMatchObject({ ...ok, data: { id: expect.any(Number), associationId: "20260001", status: 1, startTime: expect.any(Number) } });
    const id = saved.body.data.id as number;
    expect((await admin.post(`${B}/bindTrain`, { id, courseIds: String(course.id), examIds: [exam.id] })).body).toMatchObject({ ...ok, data: { courseIds: [course.id], examIds: [exam.id] } });
    expect((await admin.post(`${B}/page`, { pageNo: 1, pageSize: 10, source: "hunan" })).body).toMatchObject({ ...ok, data: { total: 1, list: [{ id, name: "2026年湖南省采购人培训" }] } });
    expect((await admin.post(`${B}/getData`, { id })).body).toMatchObject({ ...ok, data: { id, exams: [{ id: exam.id, passedNum: 0 }], report: { waiting: 0 } } });
    expect((await admin.post(`${B}/findEventByAssociationId`, { associationId: "20260001" })).body).toMatchObject({ ...ok, data: { id } });
    expect((await admin.post(`${B}/examSuccess`, { id, userId: user.id, examId: exam.id })).body).toMatchObject({ success: false, message: "该学员尚未通过此考试" });
    expect((await admin.post(`${B}/examSuccess2`, { id })).body).toMatchObject({ ...ok, data: { made: 0 } });

    const task = await admin.post(`${B}/task/binding`, { eventId: id, name: "线下实操考核", thirdJumpUrl: "https://train.example.cn/task/1" });
    expect(task.body).toMatchObject({ ...ok, data: { id: expect.any(Number), eventId: id } });
    const taskId = task.body.data.id as number;
    expect((await admin.post(`${B}/task/pageList`, { eventId: id })).body).toMatchObject({ ...ok, data: { total: 1 } });
    expect((await admin.post(`${B}/task/getDetail`, { id: taskId })).body).toMatchObject({ ...ok, data: { name: "线下实操考核" } });
    expect((await admin.post(`${B}/task/update/thirdJumpUrl`, { id: taskId, thirdJumpUrl: "https://train.example.cn/task/9" })).body).toMatchObject({ ...ok, data: { thirdJumpUrl: "https://train.example.cn/task/9" } });

    const learner = legacyClient(db);
    expect((await learner.post(`${B}/page`, {})).body).toMatchObject({ success: false });
    expect((await admin.post(`${B}/eventUpdate`, { name: "", source: "hunan", associationId: "x" })).body).toMatchObject({ success: false, message: "请输入活动名称" });
  });

  it("the face-check calls under /api/event answer the envelope and refuse bad input", async () => {
    const db = getDb();
    const { client } = await signedIn(db, { nick: "王晓雯" });
    const started = await client.post(`${E}/hunan/face/auth/url`, { redirect: "/person/info" });
    expect(started.body).toMatchObject({ ...ok, data: { ticket: expect.stringMatching(/^[0-9a-f]{32}$/), url: expect.stringContaining("/api/event/hunan/face/simulator?ticket=") } });
    const ticket = started.body.data.ticket as string;
    const v = { ticket, thirdUserId: "hn-1", result: 0, timestamp: Math.floor(Date.now() / 1000) };
    const callback = await legacyClient(db).post(`${E}/hunan/yongyou/face/auth`, { ...v, sign: signFaceCallback("caiyun-dev-face-provider-key", v) });
    expect(callback.body).toMatchObject({ ...ok, data: { ticket, verifyResult: 0 } });
    expect((await legacyClient(db).post(`${E}/hunan/yongyou/face/auth`, { ...v, sign: "zz" })).body).toMatchObject({ success: false, message: "签名不正确" });
    expect((await client.get(`${E}/hunan/yongyou/face/get/third/pic`, { thirdUserId: "hn-1", bizCode: "1133", fileName: "a.jpg" })).body).toMatchObject({ ...ok, data: { thirdUserId: "hn-1" } });
    expect((await legacyClient(db).post(`${E}/hunan/face/login/url`, { redirect: "/" })).body).toMatchObject({ ...ok, data: { ticket: expect.any(String) } });
    expect((await legacyClient(db).get(`${E}/get/error/msg`, { cause: "liveness_failed" })).body).toMatchObject({ ...ok, data: { message: "活体检测未通过，请正对摄像头并保持光线充足" } });
    expect((await legacyClient(db).get(`${E}/get/error/msg`)).body).toMatchObject({ success: false, message: "缺少错误原因" });
    // The simulator plays the provider for a new ticket.
    const again = (await client.post(`${E}/hunan/face/auth/url`, {})).body.data.ticket as string;
    expect((await legacyClient(db).get(`${E}/hunan/face/simulator`, { ticket: again, result: 1 })).body).toMatchObject({ ...ok, data: { ticket: again, verifyResult: 1 } });
  });

  it("face login over /api/event: the finishing address signs the linked learner in once, and refusals land on the error page", async () => {
    const db = getDb();
    const passed = async (ticket: string, thirdUserId: string) => {
      const v = { ticket, thirdUserId, result: 0, timestamp: Math.floor(Date.now() / 1000) };
      expect((await legacyClient(db).post(`${E}/hunan/yongyou/face/auth`, { ...v, sign: signFaceCallback("caiyun-dev-face-provider-key", v) })).body).toMatchObject({ ...ok, data: { verifyResult: 0 } });
    };
    const errorOf = (location: string | null) => new URL(location!, "http://127.0.0.1:3000").searchParams.get("message");
    const sessionCount = async (userId: number) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

    // The learner links a face identity while signed in.
    const { user, client: learner } = await signedIn(db, { nick: "王晓雯" });
    await passed((await learner.post(`${E}/hunan/face/auth/url`, {})).body.data.ticket, "hn-8801");

    const browser = legacyClient(db);
    const started = await browser.post(`${E}/hunan/face/login/url`, { redirect: "/person/info" });
    const ticket = started.body.data.ticket as string;
    expect(started.body.data.finishUrl).toBe(`http://127.0.0.1:3000${E}/hunan/face/login/finish?ticket=${ticket}`);
    expect(browser.jar[FACE_LOGIN_COOKIE]).toBe(ticket);
    await passed(ticket, "hn-8801");
    const before = await sessionCount(user.id);
    const done = await browser.get(`${E}/hunan/face/login/finish`, { ticket });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/person/info");
    expect(done.headers.get("set-cookie")).toContain("cy_session=");
    expect((await browser.get("/api/elearning/caiyun/front/user/getUserInfo")).body).toMatchObject({ ...ok, data: { isLogin: 1, userId: user.id } });

    // Again with the same ticket: the error page, no new session.
    browser.jar[FACE_LOGIN_COOKIE] = ticket;
    const again = await browser.get(`${E}/hunan/face/login/finish`, { ticket });
    expect(again.status).toBe(302);
    expect(errorOf(again.headers.get("location"))).toBe(FACE_LOGIN_USED);
    expect(await sessionCount(user.id)).toBe(before + 1);

    // Two finishes of one ticket at once: one signs in, the other is refused.
    const twice = legacyClient(db);
    const second = (await twice.post(`${E}/hunan/face/login/url`, { redirect: "/course/center" })).body.data.ticket as string;
    await passed(second, "hn-8801");
    const both = await Promise.all([twice.get(`${E}/hunan/face/login/finish`, { ticket: second }), twice.get(`${E}/hunan/face/login/finish`, { ticket: second })]);
    expect(both.map((r) => r.headers.get("location")).sort()).toEqual(["/course/center", `/error?message=${encodeURIComponent(FACE_LOGIN_USED)}`]);
    expect(await sessionCount(user.id)).toBe(before + 2);

    // A face identity no one linked.
    const stranger = legacyClient(db);
    const third = (await stranger.post(`${E}/hunan/face/login/url`, {})).body.data.ticket as string;
    await passed(third, "hn-unknown");
    const refused = await stranger.get(`${E}/hunan/face/login/finish`, { ticket: third });
    expect(errorOf(refused.headers.get("location"))).toBe(FACE_NOT_LINKED);
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("cy_session=");

    // Bad input: a clear message, never a 500.
    for (const [query, message] of [[{}, "缺少核验票据"], [{ ticket: "garbage" }, "核验票据不正确"], [{ ticket: "cd".repeat(16) }, "人脸登录已失效，请在发起登录的浏览器中重新进行人脸核验"]] as const) {
      const r = await legacyClient(db).get(`${E}/hunan/face/login/finish`, query);
      expect(r.status).toBe(302);
      expect(errorOf(r.headers.get("location"))).toBe(message);
    }
  });
});
