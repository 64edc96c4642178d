import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { eventReports, events, faceTickets } from "@db/schema";
import { enqueueExamPass, enqueueExamPasses } from "@trpc-app/event/event.service";
import { signFaceCallback } from "@trpc-app/event/face.service";
import { MAX_ATTEMPTS, sendDueReports, signReport } from "@trpc-app/event/report-sender";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;

async function setup(db: Db) {
  const adminRow = await createUser(db, { isAdmin: 1, nick: "李建国" });
  const learnerRow = await createUser(db, { nick: "王晓雯", mobile: "13812345678" });
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "单题卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "湖南省政府采购业务考试", paperId: paper.id, makeupCount: 2, passScore: 60 });
  return { admin: await signedInClient(db, adminRow.id), learner: await signedInClient(db, learnerRow.id), learnerRow, exam, q };
}

async function sit(client: Client, examId: number, questionId: number, answer: "A" | "B") {
  await client.call((c) => c.exam.register({ examId })).catch(() => undefined);
  const { paperId } = await client.call((c) => c.exam.start({ examId }));
  return client.call((c) => c.exam.submit({ paperId, answers: [{ questionId, answer: [answer] }] }));
}

/** The event owner's endpoint: records what it receives and answers the statuses it is told to. */
function ownerEndpoint(statuses: number[] = []) {
  const received: { url: string; body: string; signature: string }[] = [];
  const send = async (url: string, init: RequestInit) => {
    received.push({ url, body: String(init.body), signature: (init.headers as Record<string, string>)["x-caiyun-signature"]! });
    const status = statuses.shift() ?? 200;
    if (status === 0) throw new Error("connect ECONNREFUSED");
    return new Response("", { status });
  };
  return { received, send };
}

describeEachDb("outside training events", (getDb) => {
  it("an exam pass is reported once, signed, to the owner of every running event that binds the exam", async () => {
    const db = getDb();
    const { admin, learner, learnerRow, exam, q } = await setup(db);
    const { course } = await createCourse(db, { name: "湖南省政府采购实务" });
    const ev = await admin.call((c) => c.event.admin.save({ name: "2026年湖南省采购人培训", source: "hunan", associationId: "HN-2026-001", ownerName: "湖南省财政厅", webhookUrl: "https://owner.example.cn/hook" }));
    expect(ev.webhookSecret).toMatch(/^[0-9a-f]{48}$/);
    await admin.call((c) => c.event.admin.bindTrain({ id: ev.id, courseIds: [course.id], examIds: [exam.id] }));

    await sit(learner, exam.id, q.id, "B");
    expect(await db.select().from(eventReports)).toHaveLength(0);
    await sit(learner, exam.id, q.id, "A");
    // Called again as a re-marking would: still one report.
    await db.transaction((tx) => enqueueExamPass(tx, learnerRow.id, exam.id, 100));
    const reports = await db.select().from(eventReports);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ eventId: ev.id, userId: learnerRow.id, examId: exam.id, status: 0, payload: { type: "exam.success", associationId: "HN-2026-001", mobile: "13812345678", examName: "湖南省政府采购业务考试", score: 100 } });

    const owner = ownerEndpoint();
    const now = new Date(Date.now() + 1000);
    expect(await sendDueReports(db, { now, send: owner.send })).toEqual({ claimed: 1, delivered: 1 });
    expect(owner.received).toHaveLength(1);
    const got = owner.received[0]!;
    expect(got.url).toBe("https://owner.example.cn/hook");
    const t = Math.floor(now.getTime() / 1000);
    // The owner checks the signature with the key it was given.
    expect(got.signature).toBe(`t=${t},v1=${createHmac("sha256", ev.webhookSecret).update(`${t}.${got.body}`).digest("hex")}`);
    expect(got.signature).toBe(signReport(ev.webhookSecret, t, got.body));
    expect(JSON.parse(got.body)).toMatchObject({ reportId: reports[0]!.id, associationId: "HN-2026-001", userId: learnerRow.id });
    const [done] = await db.select().from(eventReports);
    expect(done).toMatchObject({ status: 1, attempts: 1 });
    // Nothing is sent twice.
    expect(await sendDueReports(db, { now: new Date(now.getTime() + 3_600_000), send: owner.send })).toEqual({ claimed: 0, delivered: 0 });

    const data = await admin.call((c) => c.event.admin.data({ id: ev.id }));
    expect(data).toMatchObject({ courses: [{ id: course.id, name: "湖南省政府采购实务" }], exams: [{ id: exam.id, passedNum: 1 }], report: { waiting: 0, delivered: 1, failed: 0 } });
  });

  it("passes recorded together (a turn's submits) each report their own learner, once", async () => {
    const db = getDb();
    const { admin, learnerRow, exam } = await setup(db);
    const ev = await admin.call((c) => c.event.admin.save({ name: "2026年湖南省代理机构培训", source: "hunan", associationId: "HN-2026-002", ownerName: "湖南省财政厅", webhookUrl: "https://owner.example.cn/hook" }));
    await admin.call((c) => c.event.admin.bindTrain({ id: ev.id, courseIds: [], examIds: [exam.id] }));
    // A second event binds the same exam: each pass is reported to both owners.
    const other = await admin.call((c) => c.event.admin.save({ name: "2026年湖南省评审专家培训", source: "hunan", associationId: "HN-2026-003", ownerName: "湖南省财政厅", webhookUrl: "https://owner.example.cn/experts" }));
    await admin.call((c) => c.event.admin.bindTrain({ id: other.id, courseIds: [], examIds: [exam.id] }));
    const second = await createUser(db, { nick: "周敏", mobile: "13900001111" });
    const passes = [
      { userId: learnerRow.id, score: 100 },
      { userId: second.id, score: 80 },
    ];
    expect(await db.transaction((tx) => enqueueExamPasses(tx, exam.id, passes))).toBe(4);
    expect(await db.transaction((tx) => enqueueExamPasses(tx, exam.id, passes))).toBe(0);
    const all = await db.select().from(eventReports);
    expect(all.filter((r) => r.eventId === other.id).map((r) => [r.userId, (r.payload as { associationId: string }).associationId]).sort()).toEqual(
      [
        [learnerRow.id, "HN-2026-003"],
        [second.id, "HN-2026-003"],
      ].sort(),
    );
    const reports = all.filter((r) => r.eventId === ev.id);
    expect(reports.map((r) => [r.userId, r.payload]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [
        [learnerRow.id, expect.objectContaining({ name: "王晓雯", mobile: "13812345678", score: 100, examName: "湖南省政府采购业务考试" })],
        [second.id, expect.objectContaining({ name: "周敏", mobile: "13900001111", score: 80 })],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });

  it("a failed report is retried with growing waits and given up after the last try; an admin sends it again", async () => {
    const db = getDb();
    const { admin, learner, learnerRow, exam, q } = await setup(db);
    const ev = await admin.call((c) => c.event.admin.save({ name: "长沙市评审专家培训", source: "hunan", associationId: "CS-7", webhookUrl: "https://owner.example.cn/hook" }));
    await admin.call((c) => c.event.admin.bindTrain({ id: ev.id, examIds: [exam.id] }));
    await sit(learner, exam.id, q.id, "A");

    const owner = ownerEndpoint([500, 0, 503, 502, 500, 500]);
    let now = Date.now() + 1000;
    const waits: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await sendDueReports(db, { now: new Date(now), send: owner.send })).claimed).toBe(1);
      const [r] = await db.select().from(eventReports);
      waits.push(Math.round((r!.nextAttemptAt.getTime() - now) / 60_000));
      // Not due before its wait is over.
      expect((await sendDueReports(db, { now: new Date(now + 1000), send: owner.send })).claimed).toBe(0);
      now = r!.nextAttemptAt.getTime() + 1000;
    }
    expect(waits.slice(0, 5)).toEqual([1, 5, 30, 120, 720]);
    const [given] = await db.select().from(eventReports);
    expect(given).toMatchObject({ status: 2, attempts: MAX_ATTEMPTS, lastError: "HTTP 500" });
    expect(owner.received).toHaveLength(MAX_ATTEMPTS);

    expect(await admin.call((c) => c.event.admin.reportOne({ id: ev.id, userId: learnerRow.id, examId: exam.id }))).toMatchObject({ status: 0 });
    expect(await sendDueReports(db, { now: new Date(Date.now() + 1000), send: ownerEndpoint().send })).toEqual({ claimed: 1, delivered: 1 });
  });

  it("examSuccess2 reports the passes made before the exam was bound, once", async () => {
    const db = getDb();
    const { admin, learner, exam, q } = await setup(db);
    await sit(learner, exam.id, q.id, "A");
    const ev = await admin.call((c) => c.event.admin.save({ name: "株洲市采购代理机构培训", source: "hunan", associationId: "ZZ-1", webhookUrl: "https://owner.example.cn/hook" }));
    await admin.call((c) => c.event.admin.bindTrain({ id: ev.id, examIds: [exam.id] }));
    expect(await db.select().from(eventReports)).toHaveLength(0);
    expect(await admin.call((c) => c.event.admin.reportAll({ id: ev.id }))).toEqual({ made: 1 });
    expect(await admin.call((c) => c.event.admin.reportAll({ id: ev.id }))).toEqual({ made: 0 });
    expect(await db.select().from(eventReports)).toHaveLength(1);
  });

  it("tasks with a third-party jump address; lookup by association id; bad input and learners refused", async () => {
    const db = getDb();
    const { admin, learner, exam } = await setup(db);
    const ev = await admin.call((c) => c.event.admin.save({ name: "岳阳市采购人培训", source: "hunan", associationId: "YY-1" }));
    const msg = async (p: Promise<unknown>) => (await rejection(p)).message;

    const task = await admin.call((c) => c.event.admin.bindTask({ eventId: ev.id, name: "线下实操考核", thirdJumpUrl: "https://train.example.cn/task/1" }));
    expect(await admin.call((c) => c.event.admin.taskJumpUrl({ id: task.id, thirdJumpUrl: "https://train.example.cn/task/2" }))).toMatchObject({ thirdJumpUrl: "https://train.example.cn/task/2" });
    expect(await admin.call((c) => c.event.admin.taskPage({ eventId: ev.id }))).toMatchObject({ total: 1, list: [{ id: task.id, name: "线下实操考核" }] });
    expect(await admin.call((c) => c.event.admin.taskDetail({ id: task.id }))).toMatchObject({ thirdJumpUrl: "https://train.example.cn/task/2" });
    expect(await admin.call((c) => c.event.admin.byAssociation({ associationId: "YY-1" }))).toMatchObject({ id: ev.id });
    expect(await admin.call((c) => c.event.admin.byAssociation({ associationId: "none" }))).toBeNull();

    expect(await msg(admin.call((c) => c.event.admin.save({ name: "重复", source: "hunan", associationId: "YY-1" })))).toBe("该来源下的关联ID已被其他活动使用");
    expect(await msg(admin.call((c) => c.event.admin.save({ name: "坏", source: "hunan", associationId: "X", webhookUrl: "ftp://x" })))).toBe("回调地址须以 http(s):// 开头");
    expect(await msg(admin.call((c) => c.event.admin.save({ name: "坏", source: "nowhere" as never, associationId: "X" })))).toBe("活动来源只能为 hunan 或 other");
    expect(await msg(admin.call((c) => c.event.admin.bindTrain({ id: ev.id, examIds: [999999] })))).toBe("所选考试不存在或已删除");
    expect(await msg(admin.call((c) => c.event.admin.taskJumpUrl({ id: task.id, thirdJumpUrl: "javascript:alert(1)" })))).toBe("第三方跳转地址须以 http(s):// 开头");
    expect(await msg(admin.call((c) => c.event.admin.reportOne({ id: ev.id, userId: 1, examId: exam.id })))).toBe("该考试未绑定到此活动");
    expect((await rejection(learner.call((c) => c.event.admin.page({})))).code).toBe("FORBIDDEN");
    expect(await db.select().from(events)).toHaveLength(1);
  });

  it("a face check through the provider: a signed callback settles the ticket once; a forged one is refused", async () => {
    const db = getDb();
    const { learner, learnerRow } = await setup(db);
    const started = await learner.call((c) => c.event.faceAuthUrl({ redirect: "/exam/detail?id=3" }));
    expect(started.url).toBe(`http://127.0.0.1:3000/api/event/hunan/face/simulator?ticket=${started.ticket}`);
    const v = { ticket: started.ticket, thirdUserId: "hn-4301", result: 0 as const, timestamp: Math.floor(Date.now() / 1000) };
    const visitor = testClient(db);
    expect((await rejection(visitor.call((c) => c.event.faceCallback({ ...v, sign: "0".repeat(64) })))).message).toBe("签名校验失败");
    const [pending] = await db.select().from(faceTickets).where(eq(faceTickets.ticket, started.ticket));
    expect(pending!.status).toBe(0);

    const sign = signFaceCallback("caiyun-dev-face-provider-key", v);
    expect(await visitor.call((c) => c.event.faceCallback({ ...v, sign }))).toEqual({ ticket: started.ticket, verifyResult: 0, redirect: "/exam/detail?id=3", repeated: 0 });
    // A replay changes nothing.
    expect(await visitor.call((c) => c.event.faceCallback({ ...v, result: 0, sign }))).toMatchObject({ verifyResult: 0, repeated: 1 });
    const stale = { ...v, timestamp: v.timestamp - 3600 };
    expect((await rejection(visitor.call((c) => c.event.faceCallback({ ...stale, sign: signFaceCallback("caiyun-dev-face-provider-key", stale) })))).message).toBe("回调已过期，请重新发起核验");

    expect(await learner.call((c) => c.event.thirdPicture({ thirdUserId: "hn-4301" }))).toMatchObject({ thirdUserId: "hn-4301", picUrl: "" });
    const other = await signedInClient(db, (await createUser(db, { nick: "刘洋" })).id);
    expect((await rejection(other.call((c) => c.event.thirdPicture({ thirdUserId: "hn-4301" })))).message).toBe("无权获取该用户的照片");
    expect(await visitor.call((c) => c.event.errorMessage({ cause: "face_timeout" }))).toEqual({ cause: "face_timeout", message: "人脸核验超时，请重新发起" });
    expect(learnerRow.id).toBeGreaterThan(0);
  });
});
