import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examFraudChecks } from "@db/schema";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

async function setup(db: Db) {
  const q = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const paper = await createFixedPaper(db, "判断题卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { paperId: paper.id });
  const admin = await createUser(db, { isAdmin: 1, nick: "考务管理员" });
  const learner = await createUser(db, { nick: "刘洋" });
  return { q, exam, ac: await signedInClient(db, admin.id), lc: await signedInClient(db, learner.id), learner };
}

describeEachDb("exam: reminders, series, practice, fraud checks, sealed papers", (getDb) => {
  it("reminder set and get; a prepared paper stays sealed until the start", async () => {
    const db = getDb();
    const { exam, lc, q } = await setup(db);
    const r = await lc.call((c) => c.exam.remind({ examId: exam.id }));
    expect(r.remind).toBe(1);
    await lc.call((c) => c.exam.setRemindResult({ examId: exam.id, remindResult: 2 }));
    expect(await lc.call((c) => c.exam.getRemindResult({ examId: exam.id }))).toMatchObject({ remindResult: 2, remind: 1 });
    expect((await lc.call((c) => c.exam.reminded())).map((e) => e.examId)).toEqual([exam.id]);
    const detail = await lc.call((c) => c.exam.detail({ examId: exam.id }));
    expect(detail.isJoined).toBe(1);
    const { examAttempts } = await import("@db/schema");
    const [prepared] = await db.select().from(examAttempts);
    expect((await rejection(lc.call((c) => c.exam.question({ paperId: prepared!.id, questionId: q.id })))).message).toBe("请先开始考试");
    expect((await rejection(lc.call((c) => c.exam.paper({ paperId: prepared!.id })))).message).toBe("请先开始考试");
  });

  it("exam series and practice keep their settings", async () => {
    const db = getDb();
    const { exam, ac, learner } = await setup(db);
    const s = await ac.call((c) => c.exam.admin.series.save({ name: "政府采购能力认证系列", examIds: [exam.id] }));
    expect((await ac.call((c) => c.exam.admin.series.get({ examSeriesId: s.id }))).exams.map((e) => e.examId)).toEqual([exam.id]);
    await ac.call((c) => c.exam.admin.series.status({ id: s.id, status: 0 }));
    expect((await ac.call((c) => c.exam.admin.series.search({ status: 0 }))).total).toBe(1);
    const folder = await createQuestionFolder(db, "法规题库");
    await createQuestion(db, { questionType: 3, content: "采购文件应当保存十五年。", answer: ["正确"], folderId: folder.id });
    const p = await ac.call((c) => c.exam.admin.practice.saveBase({ name: "法规每日一练", folderIds: [folder.id] }));
    await ac.call((c) => c.exam.admin.practice.saveMode({ id: p.id, modeType: 1, name: "顺序练习", questionCount: 1 }));
    await ac.call((c) => c.exam.admin.practice.addUser({ id: p.id, userIds: [learner.id] }));
    await ac.call((c) => c.exam.admin.practice.enable({ id: p.id }));
    const got = await ac.call((c) => c.exam.admin.practice.getBase({ id: p.id }));
    expect(got).toMatchObject({ status: 1, userCount: 1 });
    expect(got.modes).toHaveLength(1);
    expect((await ac.call((c) => c.exam.admin.practice.userPage({ id: p.id }))).list[0]).toMatchObject({ userId: learner.id });
  });

  it("a learner sees and appeals a fraud check; the admin checks it", async () => {
    const db = getDb();
    const { exam, ac, lc, learner } = await setup(db);
    await lc.call((c) => c.exam.register({ examId: exam.id }));
    const start = await lc.call((c) => c.exam.start({ examId: exam.id }));
    const [f] = await db.insert(examFraudChecks).values({ examId: exam.id, attemptId: start.paperId, userId: learner.id, reason: "考试期间多次切换屏幕" }).returning();
    expect(await lc.call((c) => c.exam.fraudDetail({ paperId: start.paperId }))).toMatchObject({ id: f!.id, status: 0 });
    await lc.call((c) => c.exam.fraudAppeal({ id: f!.id, appeal: "网络波动导致页面刷新，并非切屏" }));
    const list = await ac.call((c) => c.exam.admin.fraud.search({ examId: exam.id }));
    expect(list.list[0]).toMatchObject({ appeal: "网络波动导致页面刷新，并非切屏", name: "刘洋" });
    expect(await ac.call((c) => c.exam.admin.fraud.check({ id: f!.id, status: 2 }))).toMatchObject({ status: 2 });
  });
});
