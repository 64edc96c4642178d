import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAttempts, examFraudChecks, examVerifications, stationMessages, userCerts } from "@db/schema";
import { APPEALED_ALREADY, APPEAL_CLOSED, evaluate, FRAUD_MESSAGE_TYPE, FRAUD_NOT_FOUND, raiseForAttempt } from "@trpc-app/exam/fraud.service";
import { loadExam } from "@trpc-app/exam/access";
import { closeSubmitted, SubmitType } from "@trpc-app/exam/attempt.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { asDataUrl, faceFixture } from "../factories/proctoring";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";

type Client = Awaited<ReturnType<typeof signedInClient>>;
type ExamSpec = Parameters<typeof createExam>[1];

/** A one-question exam (100 points for answering A), an admin and a learner. */
async function setup(db: Db, spec: Partial<ExamSpec> = {}, loginName = "fraud_learner") {
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "防作弊单题卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "政府采购法规考试", paperId: paper.id, passScore: 60, ...spec });
  const adminRow = await createUser(db, { isAdmin: 1, nick: "考务管理员" });
  const learner = await createUser(db, { loginName, nick: "刘洋" });
  return { q, exam, learner, admin: await signedInClient(db, adminRow.id), lc: await signedInClient(db, learner.id) };
}

async function begin(client: Client, examId: number) {
  await client.call((c) => c.exam.register({ examId }));
  return (await client.call((c) => c.exam.start({ examId }))).paperId;
}

const recordsOf = (db: Db, paperId: number) => db.select().from(examFraudChecks).where(eq(examFraudChecks.attemptId, paperId));

/** A face check as the face service stores it (the comparison itself is covered by exam-proctoring). */
const faceCheck = (db: Db, examId: number, userId: number, pass: boolean) =>
  db.insert(examVerifications).values({ examId, userId, kind: "face", image: "", verifyResult: pass ? 0 : 1, similarity: pass ? 97 : 60, reason: pass ? "" : "与实名认证照片不一致" });

describeEachDb("exam fraud checks: rules, evidence, review, appeal", (getDb) => {
  it("too many screen switches raise one record with the switches on the timeline", async () => {
    const db = getDb();
    const { exam, q, lc, admin } = await setup(db, { isEnableScreenCutting: 1, screenCuttingTimes: 3 });
    const paperId = await begin(lc, exam.id);
    await lc.call((c) => c.exam.saveAnswer({ paperId, questionId: q.id, answer: ["A"] }));
    const cuts = [];
    for (let i = 0; i < 5; i++) cuts.push(await lc.call((c) => c.exam.screenCut({ paperId })));
    expect(cuts[3]).toMatchObject({ screenCutCount: 4, forcedSubmit: true });

    const [f] = await recordsOf(db, paperId);
    expect(f).toMatchObject({ status: 0, examId: exam.id, reason: "切屏4次，超过允许的3次" });
    expect(f!.behavior).toMatchObject({ rules: ["screenCut"], screenCutCount: 4, screenCuttingTimes: 3, submitType: 3 });

    const list = await admin.call((c) => c.exam.admin.fraud.search({ status: 0, name: "刘洋" }));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: f!.id, examName: "政府采购法规考试", score: 100, statusName: "待核查", name: "刘洋", userName: "fraud_learner" });
    expect((await admin.call((c) => c.exam.admin.fraud.search({ name: "无此人" }))).total).toBe(0);
    expect((await admin.call((c) => c.exam.admin.fraud.search({ examName: "法规" }))).total).toBe(1);

    const detail = await admin.call((c) => c.exam.admin.fraud.detail({ id: f!.id }));
    const kinds = detail.behavior.events.map((e) => e.kind);
    expect(kinds).toEqual(["start", "screenCut", "screenCut", "screenCut", "screenCut", "submit"]);
    const times = detail.behavior.events.map((e) => e.time);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(detail.behavior.events.at(-1)).toMatchObject({ title: "交卷", detail: "切屏超限强制交卷", alert: true });
  });

  it("failed face checks raise a record; a clean attempt raises none", async () => {
    const db = getDb();
    const { exam, q, lc, learner } = await setup(db, { isFaceVerify: 1 });
    await faceCheck(db, exam.id, learner.id, false);
    await faceCheck(db, exam.id, learner.id, false);
    await faceCheck(db, exam.id, learner.id, true);
    const paperId = await begin(lc, exam.id);
    await lc.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.id, answer: ["A"] }] }));
    const [f] = await recordsOf(db, paperId);
    expect(f).toMatchObject({ reason: "人脸核验未通过2次", status: 0 });
    expect(f!.behavior).toMatchObject({ faceFailedCount: 2, facePassedCount: 1 });

    const clean = await setup(db, { name: "无监考的考试", isEnableScreenCutting: 1, screenCuttingTimes: 3 }, "clean_learner");
    const other = await signedInClient(db, (await createUser(db, { nick: "守规考生" })).id);
    const cleanPaper = await begin(other, clean.exam.id);
    await other.call((c) => c.exam.screenCut({ paperId: cleanPaper }));
    await other.call((c) => c.exam.submit({ paperId: cleanPaper, answers: [{ questionId: clean.q.id, answer: ["A"] }] }));
    expect(await recordsOf(db, cleanPaper)).toHaveLength(0);
    expect(await other.call((c) => c.exam.fraudDetail({ paperId: cleanPaper }))).toBeNull();
  });

  it("papers closed together in one turn are each counted on their own face checks", async () => {
    const db = getDb();
    const { exam, q, learner, lc } = await setup(db, { isFaceVerify: 1 }, "fraud_together");
    const others = await Promise.all(["周敏", "陈静", "赵磊"].map((nick) => createUser(db, { nick })));
    // 刘洋 failed twice then passed, 周敏 passed, 陈静 failed once then passed, 赵磊 passed twice.
    for (const [user, checks] of [[learner, [false, false, true]], [others[0]!, [true]], [others[1]!, [false, true]], [others[2]!, [true, true]]] as const)
      for (const pass of checks) await faceCheck(db, exam.id, user.id, pass);
    const clients = [lc, ...(await Promise.all(others.map((o) => signedInClient(db, o.id))))];
    const papers: number[] = [];
    for (const c of clients) {
      const paperId = await begin(c, exam.id);
      await c.call((x) => x.exam.saveAnswer({ paperId, questionId: q.id, answer: ["A"], seq: 1 }));
      papers.push(paperId);
    }
    const attempts = await db.select().from(examAttempts).where(inArray(examAttempts.id, papers));
    const loaded = await loadExam(db, exam.id);
    await Promise.all(papers.map((id) => closeSubmitted(db, loaded, attempts.find((a) => a.id === id)!, SubmitType.learner)));
    const found = await Promise.all(papers.map(async (id) => (await recordsOf(db, id))[0]?.behavior ?? null));
    expect(found[0]).toMatchObject({ rules: ["faceFailed"], faceFailedCount: 2, facePassedCount: 1 });
    expect(found[1]).toBeNull();
    expect(found[2]).toMatchObject({ rules: ["faceFailed"], faceFailedCount: 1, facePassedCount: 1 });
    expect(found[3]).toBeNull();
  });

  it("every rule that holds is named; a face-verified exam without a passed check is one of them", () => {
    const exam = { isEnableScreenCutting: 1, screenCuttingTimes: 2, isFaceVerify: 1 } as Parameters<typeof evaluate>[0];
    const a = { screenCutCount: 5, submitType: 1, score: 80 } as Parameters<typeof evaluate>[1];
    const found = evaluate(exam, a, { facePassed: 0, faceFailed: 3, flagged: 2 });
    expect(found.rules).toEqual(["screenCut", "faceMissing", "faceFailed", "snapFlagged"]);
    expect(found.reasons.join("；")).toBe("切屏5次，超过允许的2次；考试要求人脸核验，但没有通过的人脸核验记录；人脸核验未通过3次；监考人员标记可疑抓拍2张");
    expect(evaluate({ ...exam, isEnableScreenCutting: 0, isFaceVerify: 0 }, a, { facePassed: 0, faceFailed: 0, flagged: 0 }).rules).toEqual([]);
  });

  it("a snapshot flagged after the submit raises the record; parallel raises give one row; evidence links are signed", async () => {
    const db = getDb();
    const { exam, q, lc, admin } = await setup(db, { proctoring: { isSnapVerify: 1 } });
    const paperId = await begin(lc, exam.id);
    const snap = await lc.call((c) => c.exam.snapVerify({ examId: exam.id, paperId, img: asDataUrl(faceFixture("capture")) }));
    await lc.call((c) => c.exam.submit({ paperId, answers: [{ questionId: q.id, answer: ["A"] }] }));
    expect(await recordsOf(db, paperId)).toHaveLength(0);

    const flagged = await admin.call((c) => c.exam.admin.proctor.flag({ snapId: snap.snapId, note: "画面中出现第二人" }));
    expect(flagged).toMatchObject({ flagged: 1, paperId });
    expect(flagged.fraudId).toBeGreaterThan(0);
    const again = await Promise.all([1, 2, 3, 4, 5].map(() => raiseForAttempt(db, paperId)));
    expect(new Set(again.map((r) => r?.id))).toEqual(new Set([flagged.fraudId]));
    await Promise.all([1, 2, 3].map(() => admin.call((c) => c.exam.admin.proctor.flag({ snapId: snap.snapId }))));
    const rows = await recordsOf(db, paperId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe("监考人员标记可疑抓拍1张");

    const detail = await admin.call((c) => c.exam.admin.fraud.detail({ id: rows[0]!.id }));
    expect(detail.behavior.snapshots).toHaveLength(1);
    expect(detail.behavior.snapshots[0]).toMatchObject({ flagged: 1, flagNote: "" });
    expect(detail.behavior.snapshots[0]!.url).toMatch(/^\/storage\/file\/exam\/snap\/.+\?exp=\d+&sig=/);
    expect(detail.behavior.events.map((e) => e.kind)).toEqual(["start", "snap", "submit"]);
    const console = await admin.call((c) => c.exam.admin.proctor.attempt({ paperId }));
    expect(console.snapshots[0]).toMatchObject({ flagged: 1 });
    expect((await rejection(admin.call((c) => c.exam.admin.proctor.flag({ snapId: 999999 })))).message).toBe("抓拍记录不存在");
    expect((await rejection(lc.call((c) => c.exam.admin.proctor.flag({ snapId: snap.snapId })))).message).toBe("您没有权限访问管理后台");
  });

  it("confirming voids the result and revokes the certificate; clearing restores both; the learner is told each time", async () => {
    const db = getDb();
    const { exam, q, lc, admin, learner } = await setup(db, { isEnableScreenCutting: 1, screenCuttingTimes: 1 });
    const t = await admin.call((c) => c.cert.admin.add({ name: "防作弊证书模板", certName: "政府采购业务考核合格证书", prefix: "CYFZ", issuerName: "财云学院" }));
    await admin.call((c) => c.cert.admin.bind({ templateId: t.id, businessType: 3, businessId: exam.id }));
    const paperId = await begin(lc, exam.id);
    await lc.call((c) => c.exam.saveAnswer({ paperId, questionId: q.id, answer: ["A"] }));
    await lc.call((c) => c.exam.screenCut({ paperId }));
    expect(await lc.call((c) => c.exam.screenCut({ paperId }))).toMatchObject({ forcedSubmit: true });
    const attempt = async () => (await db.select().from(examAttempts).where(eq(examAttempts.id, paperId)))[0]!;
    const cert = async () => (await db.select().from(userCerts).where(eq(userCerts.userId, learner.id)))[0]!;
    expect(await attempt()).toMatchObject({ isPass: 1, voidedByFraud: 0 });
    expect((await cert()).revokedAt).toBeNull();
    const [f] = await recordsOf(db, paperId);

    const confirmed = await admin.call((c) => c.exam.admin.fraud.check({ id: f!.id, status: 1, remark: "录像显示多次离开座位" }));
    expect(confirmed).toMatchObject({ status: 1, statusName: "确认作弊", isPass: 0, voided: 1, remark: "录像显示多次离开座位" });
    expect(await attempt()).toMatchObject({ isPass: 0, voidedByFraud: 1, score: 100 });
    expect(await cert()).toMatchObject({ revokedByFraudId: f!.id });
    expect((await cert()).revokedAt).not.toBeNull();
    expect(await lc.call((c) => c.exam.fraudDetail({ paperId }))).toMatchObject({ status: 1, voided: 1, canAppeal: 1 });
    expect((await lc.call((c) => c.exam.result({ paperId }))).isPass).toBe(0);
    expect((await rejection(admin.call((c) => c.exam.admin.fraud.check({ id: f!.id, status: 1 })))).message).toBe("该记录已确认作弊");
    // Recalculating the exam's scores keeps the voided result failed and issues no new certificate.
    await admin.call((c) => c.exam.admin.exam.calculate({ examId: exam.id }));
    expect(await attempt()).toMatchObject({ isPass: 0, voidedByFraud: 1 });
    expect(await db.select().from(userCerts).where(eq(userCerts.userId, learner.id))).toHaveLength(1);
    expect((await cert()).revokedAt).not.toBeNull();

    const cleared = await admin.call((c) => c.exam.admin.fraud.check({ id: f!.id, status: 2 }));
    expect(cleared).toMatchObject({ status: 2, isPass: 1, voided: 0, remark: "录像显示多次离开座位" });
    expect(await attempt()).toMatchObject({ isPass: 1, voidedByFraud: 0 });
    expect(await cert()).toMatchObject({ revokedAt: null, revokedByFraudId: null });
    expect((await rejection(admin.call((c) => c.exam.admin.fraud.check({ id: f!.id, status: 2 })))).message).toBe("该记录已排除作弊");

    const msgs = await db.select().from(stationMessages).where(and(eq(stationMessages.userId, learner.id), eq(stationMessages.businessType, FRAUD_MESSAGE_TYPE)));
    expect(msgs.map((m) => m.title).sort()).toEqual(["考试作弊核查结果：排除作弊", "考试作弊核查结果：确认作弊"]);
    expect(msgs.find((m) => m.title.endsWith("确认作弊"))!.content).toContain("成绩已作废");
  });

  it("the learner appeals once, only while the record is pending or confirmed, only their own", async () => {
    const db = getDb();
    const { exam, lc, admin } = await setup(db, { isEnableScreenCutting: 1, screenCuttingTimes: 0 });
    const paperId = await begin(lc, exam.id);
    await lc.call((c) => c.exam.screenCut({ paperId }));
    const mine = await lc.call((c) => c.exam.fraudDetail({ paperId }));
    expect(mine).toMatchObject({ status: 0, statusName: "待核查", reason: "切屏1次，超过允许的0次", canAppeal: 1, appeal: null });
    const id = mine!.id;
    expect(await lc.call((c) => c.exam.fraudList())).toHaveLength(1);

    const stranger = await signedInClient(db, (await createUser(db, { nick: "旁人" })).id);
    expect(await stranger.call((c) => c.exam.fraudDetail({ paperId }))).toBeNull();
    expect(await stranger.call((c) => c.exam.fraudList())).toEqual([]);
    expect((await rejection(stranger.call((c) => c.exam.fraudAppeal({ id, appeal: "这不是我的记录但我想申诉" })))).message).toBe(FRAUD_NOT_FOUND);
    expect((await rejection(lc.call((c) => c.exam.admin.fraud.detail({ id })))).message).toBe("您没有权限访问管理后台");

    expect((await rejection(lc.call((c) => c.exam.fraudAppeal({ id, appeal: "太短" })))).message).toBe("申诉理由不少于5个字符");
    expect((await rejection(lc.call((c) => c.exam.fraudAppeal({ id, appeal: "  " })))).message).toBe("请输入申诉理由");
    expect((await rejection(lc.call((c) => c.exam.fraudAppeal({ id, appeal: "长".repeat(501) })))).message).toBe("申诉理由不超过500个字符");
    const appealed = await lc.call((c) => c.exam.fraudAppeal({ id, appeal: "网络波动导致页面刷新，并非切屏" }));
    expect(appealed).toMatchObject({ appeal: "网络波动导致页面刷新，并非切屏", canAppeal: 0 });
    expect(appealed!.appealTime).toBeGreaterThan(0);
    expect((await rejection(lc.call((c) => c.exam.fraudAppeal({ id, appeal: "再次申诉，请重新核查" })))).message).toBe(APPEALED_ALREADY);
    expect((await admin.call((c) => c.exam.admin.fraud.search({}))).list[0]).toMatchObject({ appeal: "网络波动导致页面刷新，并非切屏" });

    // A cleared record takes no appeal.
    await db.update(examFraudChecks).set({ appeal: null, appealedAt: null }).where(eq(examFraudChecks.id, id));
    await admin.call((c) => c.exam.admin.fraud.check({ id, status: 2 }));
    expect(await lc.call((c) => c.exam.fraudDetail({ paperId }))).toMatchObject({ canAppeal: 0, voided: 0 });
    expect((await rejection(lc.call((c) => c.exam.fraudAppeal({ id, appeal: "排除之后还想申诉一下" })))).message).toBe(APPEAL_CLOSED);
  });

  it("bad input answers clear messages", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const msg = async (p: Promise<unknown>) => (await rejection(p)).message;
    expect(await msg(admin.call((c) => c.exam.admin.fraud.check({ id: 1, status: 3 })))).toBe("核查结果只能为1（确认作弊）或2（排除作弊）");
    expect(await msg(admin.call((c) => c.exam.admin.fraud.check({ id: 1 } as never)))).toBe("请选择核查结果");
    expect(await msg(admin.call((c) => c.exam.admin.fraud.check({ id: 424242, status: 1 })))).toBe(FRAUD_NOT_FOUND);
    expect(await msg(admin.call((c) => c.exam.admin.fraud.detail({ id: 424242 })))).toBe(FRAUD_NOT_FOUND);
    expect(await msg(admin.call((c) => c.exam.admin.fraud.remark({ id: 424242, remark: "备注" })))).toBe(FRAUD_NOT_FOUND);
    expect(await msg(admin.call((c) => c.exam.admin.fraud.remark({ id: 1, remark: " " })))).toBe("请输入备注");
    expect(await msg(admin.call((c) => c.exam.admin.fraud.search({ status: 5 })))).toMatch(/^状态/);
  });
});
