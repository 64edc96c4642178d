// Defects found by walking the learner's exam as a new user would (issue 19): a start the rules do not
// allow, the pre-check notice read again on every attempt, and a result without its breakdown.
import { and, eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { examAttempts, examMembers } from "@db/schema";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const T = "/api/elearning/caiyun/test";

/** One question of each type, 20 points each. */
async function fivePaper(db: Db) {
  const single = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价", "竞争性谈判"], answer: ["A"] });
  const multi = await createQuestion(db, { questionType: 2, content: "政府采购当事人包括？", options: ["采购人", "供应商", "采购代理机构", "新闻媒体"], answer: ["A", "B", "C"] });
  const judge = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const fill = await createQuestion(db, { questionType: 4, content: "质疑期限为____个工作日。", answer: ["7|七"] });
  const essay = await createQuestion(db, { questionType: 5, content: "简述质疑与投诉的区别。", answer: ["质疑向采购人提出，投诉向财政部门提出。"] });
  const paper = await createFixedPaper(db, "法规基础卷", [single, multi, judge, fill, essay].map((q) => ({ questionId: q.id, score: 20 })));
  return { paper, single, multi, judge, fill, essay };
}

async function learner(db: Db, nick = "考生") {
  const user = await createUser(db, { nick });
  return { user, client: await signedInClient(db, user.id) };
}

afterEach(() => {
  vi.useRealTimers();
});

describeEachDb("exam walkthrough: starting needs registration and attempts left", (getDb) => {
  it("an unregistered learner cannot start or enter the hall of a one-attempt exam; the check says why", async () => {
    const db = getDb();
    const { paper } = await fivePaper(db);
    const exam = await createExam(db, { paperId: paper.id, makeupCount: 0, passScore: 100 });
    const { user, client } = await learner(db);

    const check = await client.call((c) => c.exam.check({ examId: exam.id }));
    expect(check).toMatchObject({ canStart: 0, reason: "请先报名考试", reasonType: "notRegistered", isJoined: 0 });
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("请先报名考试");
    expect((await rejection(client.call((c) => c.exam.entry({ examId: exam.id })))).message).toBe("请先报名考试");
    // Old clients get the same refusal in the envelope.
    const old = legacyClient(db);
    old.jar.cy_session = (await createSession(db, user.id)).token;
    expect((await old.post(`${T}/startExam`, { examId: exam.id })).body).toMatchObject({ success: false, message: "请先报名考试" });
    // Nothing was recorded against the learner: no registration, no paper, no attempt used.
    expect(await db.select().from(examMembers).where(eq(examMembers.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(examAttempts).where(eq(examAttempts.userId, user.id))).toHaveLength(0);

    await client.call((c) => c.exam.register({ examId: exam.id }));
    expect(await client.call((c) => c.exam.check({ examId: exam.id }))).toMatchObject({ canStart: 1, reason: "", reasonType: "" });
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.submit({ paperId }));

    // The one attempt is used: the check and the start give the same reason.
    expect(await client.call((c) => c.exam.check({ examId: exam.id }))).toMatchObject({ canStart: 0, reason: "考试次数已用完", reasonType: "noAttempts", remainCount: 0 });
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("考试次数已用完");
    expect(await db.select().from(examAttempts).where(eq(examAttempts.userId, user.id))).toHaveLength(1);
  });

  it("a passed learner with makeups left is told so; a registered learner waits in the hall until the start", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, makeupCount: 2, passScore: 20 });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.single.id, answer: ["A"] }] }));
    expect(await client.call((c) => c.exam.check({ examId: exam.id }))).toMatchObject({ canStart: 0, reason: "您已通过本次考试", reasonType: "passed" });
    expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("您已通过本次考试");

    // Before the start an unregistered learner is told to register (the waiting hall shows the register button).
    const later = await createExam(db, { paperId: q.paper.id, startTime: new Date(Date.now() + 600_000), endTime: new Date(Date.now() + 4000_000) });
    expect(await client.call((c) => c.exam.check({ examId: later.id }))).toMatchObject({ canStart: 0, reasonType: "notRegistered", reason: "请先报名考试" });
    await client.call((c) => c.exam.register({ examId: later.id }));
    const hall = await client.call((c) => c.exam.entry({ examId: later.id }));
    expect(hall.paperId).toBeGreaterThan(0);
    expect(await client.call((c) => c.exam.check({ examId: later.id }))).toMatchObject({ canStart: 0, reasonType: "notStarted", reason: "考试尚未开始，请耐心等待" });
    expect((await rejection(client.call((c) => c.exam.start({ examId: later.id })))).message).toBe("考试尚未开始，请耐心等待");
  });

  it("after the end the check, the start and the hall all say the exam has ended, and the hall records nothing", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, startTime: new Date(Date.now() - 4000_000), endTime: new Date(Date.now() - 600_000) });
    const stranger = await learner(db, "未报名");
    const member = await learner(db, "已报名");
    await db.insert(examMembers).values({ examId: exam.id, userId: member.user.id, joinType: 2 });
    for (const { client } of [stranger, member]) {
      expect(await client.call((c) => c.exam.check({ examId: exam.id }))).toMatchObject({ canStart: 0, reasonType: "ended", reason: "考试已结束" });
      expect((await rejection(client.call((c) => c.exam.start({ examId: exam.id })))).message).toBe("考试已结束");
      expect((await rejection(client.call((c) => c.exam.entry({ examId: exam.id })))).message).toBe("考试已结束");
    }
    const [m] = await db.select().from(examMembers).where(eq(examMembers.userId, member.user.id));
    expect(m!.enteredHallAt).toBeNull();
    expect(await db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id))).toHaveLength(0);
  });
});

describeEachDb("exam walkthrough: the pre-check notice is read once per exam", (getDb) => {
  it("the forced read is timed by the server, kept across reopening and later attempts", async () => {
    const db = getDb();
    const { paper } = await fivePaper(db);
    const exam = await createExam(db, { paperId: paper.id, forcedReadTime: 10, makeupCount: 1, passScore: 100 });
    const { user, client } = await learner(db);
    expect((await rejection(client.call((c) => c.exam.precheck({ examId: exam.id })))).message).toBe("请先报名考试");
    await client.call((c) => c.exam.register({ examId: exam.id }));

    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = Date.now();
    const first = await client.call((c) => c.exam.precheck({ examId: exam.id }));
    expect(first).toMatchObject({ noticeRead: 0, noticeRemainSeconds: 10, forcedReadTime: 10 });
    expect((await rejection(client.call((c) => c.exam.readNotice({ examId: exam.id })))).message).toBe("请先阅读考试须知（还需10秒）");

    // Closing and reopening the wizard (or going back a step) continues the countdown, it does not restart it.
    vi.setSystemTime(t0 + 6_000);
    expect(await client.call((c) => c.exam.precheck({ examId: exam.id }))).toMatchObject({ noticeRead: 0, noticeRemainSeconds: 4 });
    expect((await rejection(client.call((c) => c.exam.readNotice({ examId: exam.id })))).message).toBe("请先阅读考试须知（还需4秒）");

    vi.setSystemTime(t0 + 10_500);
    // Two tabs finishing at once: both are told the notice is read.
    const both = await Promise.all([1, 2].map(() => client.call((c) => c.exam.readNotice({ examId: exam.id }))));
    for (const r of both) expect(r).toMatchObject({ noticeRead: 1, noticeRemainSeconds: 0 });
    vi.useRealTimers();

    // The next attempt of the same exam does not ask for the read again.
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    await client.call((c) => c.exam.submit({ paperId }));
    expect(await client.call((c) => c.exam.precheck({ examId: exam.id }))).toMatchObject({ noticeRead: 1, noticeRemainSeconds: 0 });
    const [m] = await db.select().from(examMembers).where(and(eq(examMembers.examId, exam.id), eq(examMembers.userId, user.id)));
    expect(m!.noticeReadAt).toBeInstanceOf(Date);

    // Another learner's read is their own.
    const other = await learner(db, "乙");
    await other.client.call((c) => c.exam.register({ examId: exam.id }));
    expect(await other.client.call((c) => c.exam.precheck({ examId: exam.id }))).toMatchObject({ noticeRead: 0, noticeRemainSeconds: 10 });
  });

  it("an exam without a forced read has nothing to wait for", async () => {
    const db = getDb();
    const { paper } = await fivePaper(db);
    const exam = await createExam(db, { paperId: paper.id, forcedReadTime: 0 });
    const { client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    expect(await client.call((c) => c.exam.precheck({ examId: exam.id }))).toMatchObject({ noticeRead: 1, noticeRemainSeconds: 0 });
    expect(await client.call((c) => c.exam.readNotice({ examId: exam.id }))).toMatchObject({ noticeRead: 1 });
  });
});

describeEachDb("exam walkthrough: the result breaks the score down", (getDb) => {
  it("per-type scores, right answers, time used, pass line and attempts left; old fields kept", async () => {
    const db = getDb();
    const q = await fivePaper(db);
    const exam = await createExam(db, { paperId: q.paper.id, makeupCount: 1, passScore: 60, showAnswers: 1 });
    const { user, client } = await learner(db);
    await client.call((c) => c.exam.register({ examId: exam.id }));
    const { paperId } = await client.call((c) => c.exam.start({ examId: exam.id }));
    const answers = [
      { questionId: q.single.id, answer: ["A"] },
      { questionId: q.multi.id, answer: ["A", "B"] },
      { questionId: q.judge.id, answer: ["B"] },
      { questionId: q.fill.id, answer: ["七"] },
      { questionId: q.essay.id, answer: ["质疑向采购人提出"] },
    ];
    await client.call((c) => c.exam.submit({ paperId, answers }));
    // 25 minutes and 30 seconds between the start and the submission.
    const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, paperId));
    await db
      .update(examAttempts)
      .set({ startedAt: new Date(row!.submittedAt!.getTime() - 1530_000) })
      .where(eq(examAttempts.id, paperId));

    const result = await client.call((c) => c.exam.result({ examId: exam.id }));
    expect(result).toMatchObject({
      score: 40,
      pendingCount: 1,
      passScore: 60,
      maxScore: 100,
      remainCount: 1,
      allowedCount: 2,
      attemptNo: 1,
      usedSeconds: 1530,
      questionCount: 5,
      answeredCount: 5,
      correctCount: 2,
      totalScore: 100,
    });
    expect(result.typeScores).toEqual([
      { questionType: 1, questionTypeName: "单选题", questionCount: 1, totalScore: 20, score: 20, correctCount: 1, pendingCount: 0 },
      { questionType: 2, questionTypeName: "多选题", questionCount: 1, totalScore: 20, score: 0, correctCount: 0, pendingCount: 0 },
      { questionType: 3, questionTypeName: "判断题", questionCount: 1, totalScore: 20, score: 0, correctCount: 0, pendingCount: 0 },
      { questionType: 4, questionTypeName: "填空题", questionCount: 1, totalScore: 20, score: 20, correctCount: 1, pendingCount: 0 },
      { questionType: 5, questionTypeName: "简答题", questionCount: 1, totalScore: 20, score: 0, correctCount: 0, pendingCount: 1 },
    ]);

    // The correction of the short answer shows in its row.
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1, nick: "阅卷老师" })).id);
    await admin.call((c) => c.exam.admin.exam.correct({ paperId, scores: [{ questionId: q.essay.id, score: 15 }] }));
    const corrected = await client.call((c) => c.exam.result({ paperId }));
    expect(corrected).toMatchObject({ score: 55, pendingCount: 0, isPass: 0 });
    expect(corrected.typeScores.find((t) => t.questionType === 5)).toMatchObject({ score: 15, pendingCount: 0 });

    // Old clients read the same call through the adapter: every field they knew is still there.
    const old = legacyClient(db);
    old.jar.cy_session = (await createSession(db, user.id)).token;
    const body = (await old.post(`${T}/paperResult`, { examId: exam.id })).body;
    expect(body).toMatchObject({ success: true });
    for (const k of ["examId", "examName", "paperId", "status", "score", "isPass", "pendingCount", "passScore", "maxScore", "submitTime", "submitType", "bestScore", "hasPassed", "usedCount", "makeupCount", "remainCount", "showAnswers", "canViewAnswer"])
      expect(body.data).toHaveProperty(k);
    expect(body.data.typeScores).toHaveLength(5);
  });
});
