import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { createProcurementBank, createQuestion } from "../factories/exam";
import { addMembership, createGroup, createRole } from "../factories/org";
import { createPractice, createQuestionFolder } from "../factories/practice";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

/** The procurement bank in a folder with a sub-folder, and a learner signed in. */
async function setup(db: Db, modes?: [1 | 2 | 3, number][]) {
  const root = await createQuestionFolder(db, "政府采购题库");
  const sub = await createQuestionFolder(db, "质疑与投诉", root.id);
  const bank = await createProcurementBank(db, root.id);
  // A question in the sub-folder belongs to the practice on the parent folder.
  const extra = await createQuestion(db, { questionType: 1, content: "质疑答复的期限是？", options: ["3个工作日", "7个工作日"], answer: ["B"], folderId: sub.id, analysis: "应在收到质疑函后七个工作日内答复。" });
  // Outside the practice's folders: never drawn.
  await createQuestion(db, { questionType: 1, content: "无关题目", options: ["甲", "乙"], answer: ["A"] });
  const practice = await createPractice(db, { name: "政府采购法规练习", folderIds: [root.id], modes });
  const learner = await createUser(db, { nick: "钱思远" });
  const lc = await signedInClient(db, learner.id);
  const pool = [...bank, extra].filter((q) => q.questionType !== 5).sort((a, b) => a.id - b.id);
  return { root, sub, bank, extra, practice, learner, lc, pool };
}

const right = (q: { questionType: number; answer: string[] }) => (q.questionType === 4 ? q.answer.map((a) => a.split("|")[0]!) : q.answer);
const wrong = (q: { questionType: number; answer: string[]; options: { key: string }[] }) =>
  q.questionType === 4 ? ["不知道"] : q.questionType === 3 ? [q.answer[0] === "A" ? "B" : "A"] : [q.options.find((o) => !q.answer.includes(o.key))!.key];

describeEachDb("exam practice: learners practise with immediate feedback", (getDb) => {
  it("a learner sees the practices open to them: enabled, in the open range or listed", async () => {
    const db = getDb();
    const folder = await createQuestionFolder(db, "题库");
    await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"], folderId: folder.id });
    const group = await createGroup(db, "市财政局");
    const role = await createRole(db, "采购经办人");
    const inGroup = await createUser(db, { nick: "林晓" });
    const listed = await createUser(db, { nick: "周敏" });
    await addMembership(db, inGroup.id, { groupIds: [group.id] });
    const toAll = await createPractice(db, { name: "人人可练", folderIds: [folder.id] });
    const toGroup = await createPractice(db, { name: "市财政局专练", folderIds: [folder.id], openRange: [{ kind: "group", target: String(group.id) }] });
    const toRoleOrListed = await createPractice(db, { name: "经办人专练", folderIds: [folder.id], openRange: [{ kind: "role", target: String(role.id) }], userIds: [listed.id] });
    const disabled = await createPractice(db, { name: "已停用练习", folderIds: [folder.id], status: 0 });

    const a = await signedInClient(db, inGroup.id);
    const b = await signedInClient(db, listed.id);
    expect((await a.call((c) => c.exam.practice.list())).list.map((p) => p.name)).toEqual(["市财政局专练", "人人可练"]);
    expect((await b.call((c) => c.exam.practice.list())).list.map((p) => p.name)).toEqual(["经办人专练", "人人可练"]);
    expect((await a.call((c) => c.exam.practice.list())).list[0]).toMatchObject({ questionCount: 1, stats: { answeredCount: 0, correctRate: 0, lastPracticeTime: null } });

    const outside = await rejection(b.call((c) => c.exam.practice.detail({ id: toGroup.id })));
    expect(outside).toMatchObject({ legacyCode: "102", message: "您不在该练习的开放范围内" });
    expect(await rejection(b.call((c) => c.exam.practice.start({ id: toGroup.id, modeId: 1 })))).toMatchObject({ legacyCode: "102" });
    expect(await rejection(a.call((c) => c.exam.practice.detail({ id: toRoleOrListed.id })))).toMatchObject({ legacyCode: "102" });
    expect((await rejection(a.call((c) => c.exam.practice.detail({ id: disabled.id })))).message).toBe("练习不存在或已停用");
    expect((await b.call((c) => c.exam.practice.detail({ id: toAll.id }))).modes.map((m) => m.modeTypeName)).toEqual(["顺序练习", "随机练习", "题型练习"]);
    // Visitors are asked to log in; bad input reads in Chinese.
    const { testClient } = await import("../helpers/caller");
    expect(await rejection(testClient(db).call((c) => c.exam.practice.list()))).toMatchObject({ legacyCode: "281" });
    expect((await rejection(a.call((c) => c.exam.practice.detail({ id: "abc" as never })))).message).toBe("练习ID格式不正确");
  });

  it("sequential rounds resume where the learner stopped, in the round and across rounds", async () => {
    const db = getDb();
    const { practice, lc, pool } = await setup(db, [[1, 5]]);
    const first = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    expect(first.resumed).toBe(false);
    const s1 = await lc.call((c) => c.exam.practice.session({ sessionId: first.sessionId }));
    expect(s1.questions.map((q) => q.questionId)).toEqual(pool.slice(0, 5).map((q) => q.id));
    expect(s1.questions.every((q) => q.questionType !== 5)).toBe(true);
    await lc.call((c) => c.exam.practice.answer({ sessionId: first.sessionId, questionId: pool[0]!.id, answer: right(pool[0]!) }));
    await lc.call((c) => c.exam.practice.answer({ sessionId: first.sessionId, questionId: pool[1]!.id, answer: wrong(pool[1]!) }));
    await lc.call((c) => c.exam.practice.position({ sessionId: first.sessionId, position: 2 }));

    // Starting the mode again (or reloading) opens the same round at the same question.
    const again = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    expect(again).toEqual({ sessionId: first.sessionId, resumed: true });
    const resumed = await lc.call((c) => c.exam.practice.session({ sessionId: first.sessionId }));
    expect(resumed).toMatchObject({ position: 2, status: 0, summary: { answeredCount: 2, correctCount: 1, total: 5 } });
    expect(resumed.answers.map((a) => a.questionId)).toEqual([pool[0]!.id, pool[1]!.id]);
    const detail = await lc.call((c) => c.exam.practice.detail({ id: practice.id }));
    expect(detail.modes[0]!.unfinished).toMatchObject([{ sessionId: first.sessionId, answeredCount: 2, total: 5 }]);

    // Finished early: the next round carries on after the last answered question.
    const done = await lc.call((c) => c.exam.practice.finish({ sessionId: first.sessionId }));
    expect(done).toMatchObject({ status: 1, summary: { answeredCount: 2, correctCount: 1, wrongCount: 1, correctRate: 50 } });
    expect((await rejection(lc.call((c) => c.exam.practice.answer({ sessionId: first.sessionId, questionId: pool[2]!.id, answer: right(pool[2]!) })))).message).toBe("本次练习已结束，请重新开始练习");
    const next = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    expect(next.resumed).toBe(false);
    const s2 = await lc.call((c) => c.exam.practice.session({ sessionId: next.sessionId }));
    expect(s2.questions.map((q) => q.questionId)).toEqual(pool.slice(2, 7).map((q) => q.id));

    // restart gives up the unfinished round and begins a fresh one from the same place.
    const fresh = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1, restart: true }));
    expect(fresh.sessionId).not.toBe(next.sessionId);
    expect((await lc.call((c) => c.exam.practice.session({ sessionId: next.sessionId }))).status).toBe(1);
    expect((await lc.call((c) => c.exam.practice.session({ sessionId: fresh.sessionId }))).questions[0]!.questionId).toBe(pool[2]!.id);
  });

  it("random rounds draw questionCount questions; by-type rounds keep to one type", async () => {
    const db = getDb();
    const { practice, lc, pool } = await setup(db, [[2, 7], [3, 4]]);
    const ids = new Set(pool.map((q) => q.id));
    const r = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    const round = await lc.call((c) => c.exam.practice.session({ sessionId: r.sessionId }));
    expect(round.questions).toHaveLength(7);
    expect(new Set(round.questions.map((q) => q.questionId)).size).toBe(7);
    expect(round.questions.every((q) => ids.has(q.questionId))).toBe(true);
    expect(round).toMatchObject({ modeType: 2, modeName: "随机练习" });

    expect((await rejection(lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 2 })))).message).toBe("请选择要练习的题型");
    expect((await rejection(lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 2, questionType: 5 })))).message).toBe("题型不能大于4");
    expect((await rejection(lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 9 })))).message).toBe("练习模式不存在");
    const judge = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 2, questionType: 3 }));
    const judgeRound = await lc.call((c) => c.exam.practice.session({ sessionId: judge.sessionId }));
    expect(judgeRound.questions.map((q) => q.questionId)).toEqual(pool.filter((q) => q.questionType === 3).slice(0, 4).map((q) => q.id));
    expect(judgeRound.questions[0]!.options.map((o) => o.content)).toEqual(["正确", "错误"]);
    // Each type keeps its own round: fill-ins start a second unfinished round beside the judge one.
    const fill = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 2, questionType: 4 }));
    expect(fill.sessionId).not.toBe(judge.sessionId);
    expect((await lc.call((c) => c.exam.practice.detail({ id: practice.id }))).types.find((t) => t.questionType === 3)!.count).toBe(pool.filter((q) => q.questionType === 3).length);
  });

  it("each answer is graded at once with the right answer and the analysis; rounds are private", async () => {
    const db = getDb();
    const { practice, lc, pool } = await setup(db, [[1, 200]]);
    const { sessionId } = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    const before = await lc.call((c) => c.exam.practice.session({ sessionId }));
    expect(before.answers).toEqual([]);
    expect(JSON.stringify(before.questions)).not.toContain("analysis");
    const single = pool.find((q) => q.questionType === 1)!;
    const ok = await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: single.id, answer: right(single) }));
    expect(ok).toMatchObject({ isCorrect: 1, rightAnswer: single.answer, analysis: single.analysis, repeated: false, summary: { answeredCount: 1, correctCount: 1 } });

    const multi = pool.find((q) => q.questionType === 2)!;
    const bad = await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: multi.id, answer: [multi.answer[0]!] }));
    expect(bad).toMatchObject({ isCorrect: 0, answerText: multi.answer[0], rightAnswerText: multi.answer.join("、") });
    // An answer is final: sending another returns the first result.
    const again = await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: multi.id, answer: multi.answer }));
    expect(again).toMatchObject({ isCorrect: 0, repeated: true, summary: { answeredCount: 2 } });

    const judge = pool.find((q) => q.questionType === 3)!;
    expect(await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: judge.id, answer: judge.answer }))).toMatchObject({ isCorrect: 1, rightAnswerText: judge.answer[0] === "A" ? "正确" : "错误" });
    const fill = pool.find((q) => q.questionType === 4 && q.answer[0]!.includes("|"))!;
    const alt = fill.answer[0]!.split("|")[1]!;
    expect(await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: fill.id, answer: [` ${alt} `] }))).toMatchObject({ isCorrect: 1 });

    const view = await lc.call((c) => c.exam.practice.session({ sessionId }));
    expect(view.answers.map((a) => [a.questionId, a.isCorrect])).toEqual([[single.id, 1], [multi.id, 0], [judge.id, 1], [fill.id, 1]]);

    const other = await db.select().from((await import("@db/schema")).examQuestions);
    const outside = other.find((q) => q.content === "无关题目")!;
    expect((await rejection(lc.call((c) => c.exam.practice.answer({ sessionId, questionId: outside.id, answer: ["A"] })))).message).toBe("该题不在本次练习中");
    const another = pool.find((q) => q.questionType === 1 && q.id !== single.id)!;
    expect((await rejection(lc.call((c) => c.exam.practice.answer({ sessionId, questionId: another.id, answer: ["Z"] })))).message).toBe("答案须为本题的选项");
    expect((await rejection(lc.call((c) => c.exam.practice.answer({ sessionId, questionId: another.id, answer: [] })))).message).toBe("请先作答");
    expect((await rejection(lc.call((c) => c.exam.practice.answer({ sessionId, questionId: another.id, answer: "A" as never })))).message).toBe("答案格式不正确");

    // Another learner can neither read nor answer this round.
    const stranger = await signedInClient(db, (await createUser(db)).id);
    expect(await rejection(stranger.call((c) => c.exam.practice.session({ sessionId })))).toMatchObject({ legacyCode: "404", message: "练习记录不存在" });
    expect((await rejection(stranger.call((c) => c.exam.practice.answer({ sessionId, questionId: another.id, answer: right(another) })))).message).toBe("练习记录不存在");
    expect((await rejection(stranger.call((c) => c.exam.practice.finish({ sessionId })))).message).toBe("练习记录不存在");
  });

  it("wrong answers go into the wrong-question book; answering them right clears them", async () => {
    const db = getDb();
    const { practice, lc, pool } = await setup(db, [[1, 4]]);
    const { sessionId } = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    const [q0, q1, q2, q3] = pool;
    await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: q0!.id, answer: wrong(q0!) }));
    await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: q1!.id, answer: wrong(q1!) }));
    await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: q2!.id, answer: right(q2!) }));
    const last = await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: q3!.id, answer: right(q3!) }));
    expect(last.finished).toBe(true);

    const book = await lc.call((c) => c.exam.practice.wrong.page({ id: practice.id }));
    expect(book.total).toBe(2);
    expect(book.list.map((w) => w.questionId).sort()).toEqual([q0!.id, q1!.id].sort());
    expect(book.list.find((w) => w.questionId === q0!.id)).toMatchObject({ wrongCount: 1, lastAnswer: wrong(q0!), rightAnswerText: q0!.answer.join("、"), analysis: q0!.analysis });
    expect((await lc.call((c) => c.exam.practice.list())).list[0]!.stats).toMatchObject({ answeredCount: 4, correctCount: 2, correctRate: 50, wrongCount: 2 });

    // Re-practise the book: wrong again counts up, right takes it out.
    const w = await lc.call((c) => c.exam.practice.wrong.start({ id: practice.id }));
    const round = await lc.call((c) => c.exam.practice.session({ sessionId: w.sessionId }));
    expect(round).toMatchObject({ source: 2, modeName: "错题练习" });
    expect(round.questions.map((q) => q.questionId).sort()).toEqual([q0!.id, q1!.id].sort());
    const cleared = await lc.call((c) => c.exam.practice.answer({ sessionId: w.sessionId, questionId: q0!.id, answer: right(q0!) }));
    expect(cleared).toMatchObject({ isCorrect: 1, cleared: true, wrongBookCount: 1 });
    await lc.call((c) => c.exam.practice.answer({ sessionId: w.sessionId, questionId: q1!.id, answer: wrong(q1!) }));
    const after = await lc.call((c) => c.exam.practice.wrong.page({ id: practice.id }));
    expect(after.list.map((x) => [x.questionId, x.wrongCount])).toEqual([[q1!.id, 2]]);

    // Removed by hand, the book is empty and a new wrong round is refused.
    await lc.call((c) => c.exam.practice.wrong.remove({ id: practice.id, questionId: q1!.id }));
    expect((await lc.call((c) => c.exam.practice.wrong.page({ id: practice.id }))).total).toBe(0);
    expect((await rejection(lc.call((c) => c.exam.practice.wrong.start({ id: practice.id })))).message).toBe("错题本暂无题目");
    expect((await rejection(lc.call((c) => c.exam.practice.wrong.remove({ id: practice.id, questionId: q1!.id })))).message).toBe("错题本中没有这道题");
  });

  it("the back office's user list and export carry each learner's figures", async () => {
    const db = getDb();
    const { practice, lc, learner, pool } = await setup(db, [[1, 10]]);
    const admin = await createUser(db, { isAdmin: 1, nick: "考务管理员" });
    const listed = await createUser(db, { nick: "吴婷" });
    const ac = await signedInClient(db, admin.id);
    await ac.call((c) => c.exam.admin.practice.addUser({ id: practice.id, userIds: [listed.id] }));
    const { sessionId } = await lc.call((c) => c.exam.practice.start({ id: practice.id, modeId: 1 }));
    for (const [i, q] of pool.slice(0, 3).entries()) await lc.call((c) => c.exam.practice.answer({ sessionId, questionId: q.id, answer: i === 1 ? wrong(q) : right(q) }));

    const page = await ac.call((c) => c.exam.admin.practice.userPage({ id: practice.id }));
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({ userId: listed.id, name: "吴婷", source: 1, answeredCount: 0, correctRate: 0, lastPracticeTime: null });
    expect(page.list[1]).toMatchObject({ userId: learner.id, name: "钱思远", userName: learner.loginName, source: 2, answeredCount: 3, correctCount: 2, correctRate: 66.7, doneQuestionCount: 3, wrongCount: 1 });
    expect(page.list[1]!.lastPracticeTime).toBeGreaterThan(Date.now() - 60_000);

    const file = await ac.call((c) => c.exam.admin.practice.userExport({ id: practice.id }));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 8)).toEqual(["姓名", "用户名", "手机号", "来源", "答题数", "答对数", "正确率"]);
    expect(rows[2]!.slice(1, 10)).toEqual(["钱思远", learner.loginName, learner.mobile, "开放范围", 3, 2, "66.7%", 3, 1]);

    // The legacy row answers the same figures in the envelope.
    const client = legacyClient(db);
    client.jar.cy_session = (await createSession(db, admin.id)).token;
    const legacy = await client.post("/api/elearning/back/practice/userPageList", { id: practice.id, pageNo: 1, pageSize: 10 });
    expect(legacy.body).toMatchObject({ success: true, data: { total: 2 } });
    expect(legacy.body.data.list[1]).toMatchObject({ userId: learner.id, answeredCount: 3, correctCount: 2, correctRate: 66.7 });
  });
});
