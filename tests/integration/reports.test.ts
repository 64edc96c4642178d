import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAnswers, examAttempts, liveMessages, liveWatchRecords, userCourses } from "@db/schema";
import { createCourse } from "../factories/course";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createLive } from "../factories/live";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function people(db: Db, n: number) {
  return Promise.all(Array.from({ length: n }, (_, i) => createUser(db, { nick: `学员${i + 1}` })));
}

describeEachDb("per-content reports", (getDb) => {
  it("a course's funnel and progress bands count its learners' records", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const { course } = await createCourse(db, { name: "政府采购法实施条例解读" });
    const [a, b, c, d, e] = await people(db, 5);
    await db.insert(userCourses).values([
      { userId: a!.id, courseId: course.id, progress: 0 },
      { userId: b!.id, courseId: course.id, progress: 10, learnSeconds: 600 },
      { userId: c!.id, courseId: course.id, progress: 55, learnSeconds: 1800 },
      { userId: d!.id, courseId: course.id, progress: 100, completed: 1, completedAt: new Date(), learnSeconds: 3600 },
      { userId: e!.id, courseId: course.id, progress: 100, completed: 1, completedAt: new Date(), learnSeconds: 3600 },
    ]);
    const r = await admin.call((x) => x.tool.admin.reports.course({ id: course.id }));
    expect(r.steps.map((s) => [s.step, s.count, s.rate])).toEqual([
      ["加入课程", 5, 100],
      ["开始学习", 4, 80],
      ["学过一半", 3, 60],
      ["完成课程", 2, 40],
    ]);
    expect(r.learnHours).toBe(2.7);
    expect(r.progressBands.map((x) => x.count)).toEqual([2, 0, 1, 0, 0, 2]);
  });

  it("an exam's score bands take each learner's best sitting; questions are listed hardest first", async () => {
    const db = getDb();
    const admin = await signedInClient(db, (await createUser(db, { isAdmin: 1 })).id);
    const q1 = await createQuestion(db, { questionType: 1, content: "<p>政府采购的主要方式是？</p>", options: ["公开招标", "询价"], answer: ["A"] });
    const q2 = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
    const paper = await createFixedPaper(db, "报告测试卷", [
      { questionId: q1.id, score: 50 },
      { questionId: q2.id, score: 50 },
    ]);
    const exam = await createExam(db, { name: "政府采购从业人员考试", paperId: paper.id });
    const [a, b, c] = await people(db, 3);
    const sit = async (userId: number, attemptNo: number, score: number, right: [number, number]) => {
      const [t] = await db.insert(examAttempts).values({ examId: exam.id, userId, attemptNo, items: [], status: 2, score, isPass: score >= 60 ? 1 : 0, submittedAt: new Date() }).returning();
      await db.insert(examAnswers).values([
        { attemptId: t!.id, questionId: q1.id, answer: ["A"], seq: 1, isCorrect: right[0] },
        { attemptId: t!.id, questionId: q2.id, answer: ["正确"], seq: 2, isCorrect: right[1] },
      ]);
    };
    await sit(a!.id, 1, 50, [0, 1]);
    await sit(a!.id, 2, 100, [1, 1]); // a's best: 100
    await sit(b!.id, 1, 50, [0, 1]);
    await sit(c!.id, 1, 0, [0, 0]);
    // A sitting in progress counts nowhere.
    await db.insert(examAttempts).values({ examId: exam.id, userId: c!.id, attemptNo: 2, items: [], status: 1 });
    const r = await admin.call((x) => x.tool.admin.reports.exam({ id: exam.id }));
    expect(r).toMatchObject({ learners: 3, passed: 1, average: 50, highest: 100, totalScore: 100 });
    expect(r.bands.map((x) => x.count)).toEqual([2, 0, 0, 0, 1]);
    expect(r.questions.map((q) => [q.content, q.answered, q.correct, q.rate])).toEqual([
      ["政府采购的主要方式是？", 4, 1, 25],
      ["政府采购合同应当采用书面形式。", 4, 3, 75],
    ]);
  });

  it("a live's arrivals and comments are counted per minute; refusals and bad input", async () => {
    const db = getDb();
    const adminUser = await createUser(db, { isAdmin: 1 });
    const admin = await signedInClient(db, adminUser.id);
    const live = await createLive(db, { name: "政府采购评审专家履职要点" });
    const [a, b] = await people(db, 2);
    const t0 = new Date("2026-11-20T02:00:10Z"); // 10:00 China time
    await db.insert(liveWatchRecords).values([
      { liveId: live.id, userId: a!.id, watchSeconds: 1800, createdAt: t0 },
      { liveId: live.id, userId: b!.id, watchSeconds: 1800, createdAt: new Date(t0.getTime() + 60_000) },
    ] as never);
    await db.insert(liveMessages).values([
      { msgId: "m1", liveId: live.id, userId: a!.id, content: "老师好", sentAt: new Date(t0.getTime() + 65_000) },
      { msgId: "m2", liveId: live.id, userId: b!.id, content: "请问评审报告如何签字？", sentAt: new Date(t0.getTime() + 70_000) },
      { msgId: "m3", liveId: live.id, userId: b!.id, content: "已隐藏的评论", hidden: 1, sentAt: new Date(t0.getTime() + 75_000) },
    ]);
    const r = await admin.call((x) => x.tool.admin.reports.live({ id: live.id }));
    expect(r).toMatchObject({ viewers: 2, watchHours: 1, comments: 2, unit: "minute" });
    expect(r.points.map((p) => [p.time, p.arrivals, p.comments])).toEqual([
      ["10:00", 1, 0],
      ["10:01", 1, 2],
    ]);

    // Viewers watching at once: each realtime process reports its count with the presence calls; a minute
    // keeps each process's largest, and the processes of a minute add up.
    const service = testClient(db, { headers: { authorization: `Bearer ${process.env.SERVICE_TOKEN}` } });
    const presence = (source: string, online: number) => service.call((x) => x.live.service.presence({ liveId: live.id, present: [a!.id], left: [], online, source }));
    await presence("rt-one", 40);
    await presence("rt-one", 25);
    await presence("rt-two", 30);
    expect((await rejection(service.call((x) => x.live.service.presence({ liveId: live.id, present: [], left: [], online: 1, source: "bad source!" })))).code).toBe("BAD_REQUEST");
    const withSamples = await admin.call((x) => x.tool.admin.reports.live({ id: live.id }));
    expect(withSamples.peakOnline).toBe(70);
    expect(withSamples.points.at(-1)).toMatchObject({ online: 70 });
    const today = await admin.call((x) => x.tool.admin.dashboard.figures({ period: "today" }));
    expect(today.totals.liveConcurrentPeak.value).toBe(70);
    expect((await rejection(admin.call((x) => x.live.service.presence({ liveId: live.id, present: [], left: [], online: 5, source: "rt-x" })))).code).toBe("FORBIDDEN");

    const learner = await signedInClient(db, a!.id);
    expect((await rejection(learner.call((x) => x.tool.admin.reports.live({ id: live.id })))).code).toBe("FORBIDDEN");
    expect((await rejection(admin.call((x) => x.tool.admin.reports.course({ id: 999999 })))).message).toBe("课程不存在或已删除");
    expect((await rejection(admin.call((x) => x.tool.admin.reports.exam({ id: "abc" as never })))).message).toBe("请选择要查看的内容");
  });
});
