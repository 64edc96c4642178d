import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { examAnswers, examOpenRanges, examQuestions } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";
import { NO_PHOTO_MESSAGE } from "@trpc-app/exam/proctor.service";

const T = "/api/elearning/caiyun/test";

async function signedIn(db: Db, isAdmin: 0 | 1 = 0) {
  const user = await createUser(db, { isAdmin, nick: isAdmin ? "考务管理员" : "王晓雯" });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

async function examOnPaper(db: Db, extra: Parameters<typeof createExam>[1] extends infer S ? Partial<S> : never = {}) {
  const single = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const judge = await createQuestion(db, { questionType: 3, content: "政府采购合同应当采用书面形式。", answer: ["正确"] });
  const paper = await createFixedPaper(db, "法规卷", [
    { questionId: single.id, score: 50 },
    { questionId: judge.id, score: 50 },
  ]);
  const exam = await createExam(db, { paperId: paper.id, ...extra });
  return { exam, single, judge };
}

describeEachDb("legacy caiyun/test learner calls", (getDb) => {
  it("answers the exam flow in the envelope with the spec's field names", async () => {
    const db = getDb();
    const { exam, single, judge } = await examOnPaper(db, { forcedReadTime: 15, makeupCount: 1 });
    const { client } = await signedIn(db);

    const info = await client.get(`${T}/queryTestInfoById`, { id: exam.id });
    expect(info.body).toMatchObject({ code: 200, success: true });
    for (const k of ["isOpenSoftMonitor", "winDownloadUrl", "macInterDownloadUrl", "macM1DownloadUrl", "isFaceVerify", "isEnableVideoRecording", "isSnapVerify", "forcedReadTime", "makeupCount", "limitTime", "maxScore", "passScore", "isEnableScreenCutting", "isScreenCuttingRemind", "screenCuttingTimes", "instructions", "testStartRemainTime"])
      expect(info.body.data).toHaveProperty(k);
    expect(info.body.data.forcedReadTime).toBe(15);

    const paperInfo = await client.get(`${T}/getExamPaperInfo`, { examId: exam.id });
    expect(paperInfo.body.data).toMatchObject({ makeupCount: 1, remainVerifyCount: 3 });

    const reg = await client.post(`${T}/examRegistration`, { examId: exam.id });
    expect(reg.body).toMatchObject({ success: true, data: { registered: true } });
    const remain = await client.post(`${T}/getTestStartRemainTime`, { examId: exam.id });
    expect(remain.body.data.testStartRemainTime).toBe(0);

    const start = await client.post(`${T}/startExam`, { examId: String(exam.id) });
    const paperId = start.body.data.paperId;
    expect(typeof paperId).toBe("number");
    expect((await client.post(`${T}/startExam`, { examId: exam.id })).body.data.paperId).toBe(paperId);

    const paper = await client.post(`${T}/getPaper`, { paperId });
    expect(paper.body.data.questions).toHaveLength(2);
    const content = await client.get(`${T}/queryQuestionContent`, { paperId, questionId: single.id, examId: exam.id });
    expect(content.body.data).toMatchObject({ questionId: single.id, questionType: 1, answer: [] });

    const save = await client.post(`${T}/submitQuestion`, { paperId, questionId: single.id, answer: "A", seq: 1 });
    expect(save.body).toMatchObject({ success: true, data: { saved: true } });
    await client.post(`${T}/submitQuestion`, { paperId, questionId: judge.id, answer: ["A"], seq: 2 });
    expect(await db.select().from(examAnswers).where(eq(examAnswers.attemptId, paperId))).toHaveLength(2);

    const submitted = await client.post(`${T}/submitPaper`, { paperId });
    expect(submitted.body.data).toMatchObject({ score: 100, isPass: 1, remainCount: 0 });
    const result = await client.post(`${T}/paperResult`, { examId: exam.id });
    expect(result.body.data).toMatchObject({ score: 100, isPass: 1, passScore: 60, maxScore: 100 });

    const review = await client.get(`${T}/loadViewAnswerPageData`, { examId: exam.id, paperId });
    expect(review.body.data.questions[0]).toHaveProperty("rightAnswer");
    const one = await client.get(`${T}/queryQuestionAnswer`, { paperId, questionId: judge.id });
    expect(one.body.data).toMatchObject({ rightAnswer: ["A"], userAnswer: ["A"], userScore: 50 });

    const paging = await client.get(`${T}/queryUserPagingExam`, { status: 2, pageNo: 1, pageSize: 10 });
    expect(paging.body.data).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 });
    // Face comparison itself is covered in tests/integration/exam-proctoring.test.ts; without a registered photo it is refused.
    const face = await client.post(`${T}/faceVerify`, { examId: exam.id, faceImg: "data:image/png;base64,AAAA" });
    expect(face.body).toMatchObject({ success: false, message: NO_PHOTO_MESSAGE });
    const white = await client.get("/api/elearning/caiyun/front/white/getUserWhiteInfo", { examId: exam.id, whiteBusinessType: 1 });
    expect(white.body.data).toMatchObject({ isWhite: 0 });
  });

  it("visitors get 281, closed exams 102, bad input a Chinese message", async () => {
    const db = getDb();
    const { exam } = await examOnPaper(db);
    const visitor = legacyClient(db);
    expect((await visitor.post(`${T}/startExam`, { examId: exam.id })).body).toMatchObject({ code: 281, success: false });
    await db.insert(examOpenRanges).values({ examId: exam.id, kind: "role", target: "42" });
    const { client } = await signedIn(db);
    expect((await client.post(`${T}/startExam`, { examId: exam.id })).body).toMatchObject({ code: 102, success: false, message: "您不在该考试的开放范围内" });
    const bad = await client.post(`${T}/submitQuestion`, { paperId: "abc", questionId: 1 });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: "试卷ID格式不正确" });
  });

  it("preview calls record nothing against learners", async () => {
    const db = getDb();
    const { exam, single } = await examOnPaper(db);
    const { client } = await signedIn(db, 1);
    const start = await client.post(`${T}/preview/startExam`, { examId: exam.id });
    expect(start.body.data).toMatchObject({ paperId: 0, preview: 1 });
    expect(start.body.data.questions).toHaveLength(2);
    const sub = await client.post(`${T}/preview/submitPaper`, { examId: exam.id, answers: [{ questionId: single.id, answer: ["A"] }] });
    expect(sub.body.data).toMatchObject({ correctCount: 1, preview: 1 });
    const { examAttempts } = await import("@db/schema");
    expect(await db.select().from(examAttempts)).toHaveLength(0);
  });
});

describeEachDb("legacy materialLibQuestion and exam/back", (getDb) => {
  it("question CRUD, template download and multipart import", async () => {
    const db = getDb();
    const { client } = await signedIn(db, 1);
    const Q = "/api/elearning/materialLibQuestion";
    const add = await client.post(`${Q}/add`, { questionType: 4, content: "政府采购合同应当采用____形式。", answer: ["书面|书面形式"], difficultyType: 1 });
    expect(add.body).toMatchObject({ success: true, data: { questionType: 4, questionTypeName: "填空题" } });
    const id = add.body.data.id;
    expect((await client.get(`${Q}/${id}`)).body.data.answer).toEqual(["书面|书面形式"]);
    const tpl = await client.post(`${Q}/download`, {});
    expect(tpl.headers.get("content-type")).toContain("spreadsheetml");
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("试题");
    ws.addRow(["题型", "难度", "题干", "选项", "正确答案", "解析"]);
    ws.addRow(["单选题", "简单", "政府采购信息在哪公告？", "A.指定媒体\nB.任意网站", "A", ""]);
    const buf = await wb.xlsx.writeBuffer();
    const imp = await client.call("POST", `${Q}/importQuestionExcelV2`, { multipart: { file: new File([buf as ArrayBuffer], "v2.xlsx") } });
    expect(imp.body).toMatchObject({ success: true, data: { imported: 1, failed: 0 } });
    const del = await client.call("DELETE", `${Q}/${id}`);
    expect(del.body).toMatchObject({ success: true, data: { deleted: 1 } });
    expect((await db.select().from(examQuestions)).filter((q) => !q.deletedAt)).toHaveLength(1);
  });

  it("exam/back editor calls and testPaper save", async () => {
    const db = getDb();
    const { client } = await signedIn(db, 1);
    const q = await createQuestion(db, { questionType: 3, answer: ["正确"] });
    const paper = await client.post("/api/elearning/back/testPaper/save", { name: "判断题卷", paperType: 1, questions: [{ questionId: q.id, score: 100 }] });
    expect(paper.body.data).toMatchObject({ totalScore: 100, questionCount: 1 });
    const base = await client.post("/api/elearning/exam/back/saveBase", { name: "政府采购法规考试", startTime: Date.now(), endTime: Date.now() + 3600_000 });
    const examId = base.body.data.id;
    await client.post("/api/elearning/exam/back/saveQuestionInfo", { examId, paperId: paper.body.data.id });
    await client.post("/api/elearning/exam/back/saveAdvanced", { examId, limitTime: 30, passScore: 60 });
    expect((await client.post("/api/elearning/exam/back/enable", { id: examId })).body.data).toEqual({ updated: 1 });
    const rel = await client.get("/api/elearning/back/testPaper/relationList", { id: paper.body.data.id });
    expect(rel.body.data[0]).toMatchObject({ examId, name: "政府采购法规考试", status: 1 });
    const group = await client.post("/api/elearning/exam/group/addRole", { examId, roleId: 3 });
    expect(group.body.data.roleIds).toEqual(["3"]);
  });
});
