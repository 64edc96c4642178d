import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { createSession } from "@trpc-app/auth/session";
import { APPEALED_ALREADY, FRAUD_NOT_FOUND } from "@trpc-app/exam/fraud.service";
import { createExam, createFixedPaper, createQuestion } from "../factories/exam";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const T = "/api/elearning/caiyun/test";
const B = "/api/elearning/exam/back";

async function signedIn(db: Db, nick: string, isAdmin: 0 | 1 = 0) {
  const user = await createUser(db, { isAdmin, nick });
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

/** A learner who switched screens past the limit of one: the paper is handed in and a record raised. */
async function raised(db: Db) {
  const q = await createQuestion(db, { questionType: 1, content: "政府采购的主要采购方式是？", options: ["公开招标", "询价"], answer: ["A"] });
  const paper = await createFixedPaper(db, "切屏卷", [{ questionId: q.id, score: 100 }]);
  const exam = await createExam(db, { name: "政府采购实务考试", paperId: paper.id, isEnableScreenCutting: 1, screenCuttingTimes: 1 });
  const learner = await signedIn(db, "王晓雯");
  await learner.client.post(`${T}/examRegistration`, { examId: exam.id });
  const paperId = (await learner.client.post(`${T}/startExam`, { examId: exam.id })).body.data.paperId as number;
  await learner.client.post(`${T}/submitQuestion`, { paperId, questionId: q.id, answer: ["A"], seq: 1 });
  for (let i = 0; i < 2; i++) await learner.client.post(`${T}/recordScreenCutting`, { paperId });
  return { exam, paperId, learner };
}

describeEachDb("legacy fraud check rows", (getDb) => {
  it("the learner reads and appeals once; the back office searches, remarks, checks and reads the evidence", async () => {
    const db = getDb();
    const { exam, paperId, learner } = await raised(db);
    const admin = await signedIn(db, "考务管理员", 1);

    const search = await admin.client.post(`${B}/fraudCheck/search`, { examId: exam.id, pageNo: 1, pageSize: 10 });
    expect(search.body).toMatchObject({ success: true, data: { total: 1 } });
    const row = search.body.data.list[0];
    expect(row).toMatchObject({ paperId, name: "王晓雯", status: 0, reason: "切屏2次，超过允许的1次" });

    const mine = await learner.client.get(`${T}/front/fraudCheck/getDetailToUser`, { paperId: String(paperId) });
    expect(mine.body).toMatchObject({ success: true, data: { id: row.id, status: 0, canAppeal: 1 } });
    const list = await learner.client.post(`${T}/front/fraudCheck/getDetailToUserList`, {});
    expect(list.body.data).toHaveLength(1);
    expect((await learner.client.post(`${T}/front/fraudCheck/appeal`, { id: row.id, appeal: "短" })).body).toMatchObject({ success: false, message: "申诉理由不少于5个字符" });
    expect((await learner.client.post(`${T}/front/fraudCheck/appeal`, { id: row.id, appeal: "考试时弹出了系统更新提示" })).body).toMatchObject({ success: true, data: { canAppeal: 0 } });
    expect((await learner.client.post(`${T}/front/fraudCheck/appeal`, { id: row.id, appeal: "考试时弹出了系统更新提示" })).body).toMatchObject({ success: false, message: APPEALED_ALREADY });

    const stranger = await signedIn(db, "旁人");
    expect((await stranger.client.get(`${T}/front/fraudCheck/getDetailToUser`, { paperId })).body).toMatchObject({ success: true, data: null });
    expect((await stranger.client.post(`${T}/front/fraudCheck/appeal`, { id: row.id, appeal: "替别人申诉一下试试" })).body).toMatchObject({ success: false, message: FRAUD_NOT_FOUND });
    expect((await learner.client.post(`${B}/fraudCheck/search`, {})).body).toMatchObject({ success: false });

    expect((await admin.client.post(`${B}/fraudCheck/remark`, { id: row.id, remark: "已调取录像" })).body).toMatchObject({ success: true, data: { remark: "已调取录像" } });
    const behavior = await admin.client.get(`${B}/fraudCheck/getBehavior`, { id: row.id });
    expect(behavior.body.data).toMatchObject({ screenCutCount: 2, rules: ["screenCut"] });
    expect(behavior.body.data.events.map((e: { kind: string }) => e.kind)).toEqual(["start", "screenCut", "screenCut", "submit"]);
    const detail = await admin.client.get(`${B}/fraudCheck/getDetail`, { id: row.id });
    expect(detail.body.data).toMatchObject({ id: row.id, appeal: "考试时弹出了系统更新提示", examName: "政府采购实务考试" });

    expect((await admin.client.post(`${B}/fraudCheck/check`, { id: row.id, status: 1 })).body).toMatchObject({ success: true, data: { status: 1, voided: 1, isPass: 0 } });
    expect((await admin.client.post(`${B}/fraudCheck/check`, { id: row.id, status: 9 })).body).toMatchObject({ success: false, message: "核查结果只能为1（确认作弊）或2（排除作弊）" });
    expect((await admin.client.post(`${B}/fraudCheck/check`, { id: row.id, status: "2" })).body).toMatchObject({ success: true, data: { status: 2, voided: 0, isPass: 1 } });
  });
});
