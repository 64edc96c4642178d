import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { questionnaireAnswers } from "@db/schema";
import { createSession } from "@trpc-app/auth/session";
import { createLive } from "../factories/live";
import { createQuestionnaire } from "../factories/questionnaire";
import { createUser } from "../factories/user";
import { describeEachDb } from "../helpers/db";
import { legacyClient } from "../helpers/legacy";

const F = "/api/elearning/front/questionnaire";
const B = "/api/elearning/back/questionnaire";

async function signedIn(db: Db, input: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, input);
  const client = legacyClient(db);
  client.jar.cy_session = (await createSession(db, user.id)).token;
  return { user, client };
}

describeEachDb("legacy questionnaire calls", (getDb) => {
  it("reads and submits through the learner paths; visitors get 281", async () => {
    const db = getDb();
    const { questionnaire: q, questions } = await createQuestionnaire(db);
    const { client } = await signedIn(db);
    const info = await client.post(`${F}/getQuestionnaireInfo`, { id: String(q.id) });
    expect(info.body).toMatchObject({ code: 200, success: true, data: { id: q.id, isSubmit: 0, questions: [{ id: questions[0]!.id, type: 1 }, {}, {}] } });
    const answers = [{ questionId: questions[0]!.id, choices: [1] }, { questionId: questions[1]!.id, choices: [0, 3] }];
    expect((await legacyClient(db).post(`${F}/submitQuestionnaire`, { id: q.id, answers })).body).toMatchObject({ success: false, code: 281 });
    expect((await client.post(`${F}/submitQuestionnaire`, { id: q.id, answers: answers.slice(1) })).body).toMatchObject({ success: false, message: "第1题「您所在的单位类型」为必答题，请选择" });
    expect((await client.post(`${F}/submitQuestionnaire`, { id: q.id, answers })).body).toMatchObject({ success: true });
    expect((await client.post(`${F}/submitQuestionnaire`, { id: q.id, answers })).body).toMatchObject({ success: false, message: "您已提交过该问卷，感谢参与" });
    expect(await db.select().from(questionnaireAnswers)).toHaveLength(1);
  });

  it("runs the back-office paths and exports a workbook", async () => {
    const db = getDb();
    const { client: admin } = await signedIn(db, { isAdmin: 1 });
    const { client: learner } = await signedIn(db);
    const live = await createLive(db, { name: "年度采购直播" });
    const made = await admin.post(`${B}/createrQuestionnaire`, { title: "课程满意度", questions: [{ type: 3, title: "您的建议" }] });
    expect(made.body).toMatchObject({ success: true });
    const id = made.body.data.id as number;
    expect((await admin.get(`${B}/getQuestionnaireById`, { id })).body.data).toMatchObject({ id, title: "课程满意度", status: 0, questions: [{ type: 3, title: "您的建议" }] });
    expect((await admin.post(`${B}/modifyQuestionnaire`, { id, title: "课程满意度调查", questions: [{ type: 3, title: "您的建议" }] })).body.success).toBe(true);
    expect((await admin.get(`${B}/getApplicationScene`, { templateCode: "live" })).body.data).toEqual([{ businessType: 1, templateCode: "live", name: "直播" }]);
    expect((await admin.post(`${B}/modifyQuestionnaireStatusBatch`, { ids: `${id}`, status: 1 })).body.data).toEqual({ count: 1 });
    expect((await admin.post(`${B}/getQuestionnairePage`, { keyword: "满意度", pageNo: 1, pageSize: 10 })).body.data).toMatchObject({ total: 1, list: [{ id, status: 1, statusText: "已发布" }] });
    expect((await admin.post(`${B}/getUnBindQuestionnaireBusiness`, {})).body.data).toMatchObject({ total: 1, list: [{ businessId: live.id, name: "年度采购直播" }] });
    expect((await admin.post(`${B}/bindQuestionnaire`, { questionnaireId: id, businessId: live.id })).body.success).toBe(true);
    expect((await admin.post(`${B}/bindQuestionnaireInfo`, { businessId: live.id })).body.data).toMatchObject([{ questionnaireId: id, businessId: live.id }]);
    expect((await admin.post(`${B}/delBindQuestionnaire`, { businessId: live.id })).body.success).toBe(true);
    expect((await admin.post(`${B}/remark`, { id, remark: "季度回访" })).body.data).toEqual({ id, remark: "季度回访" });
    const file = await admin.post(`${B}/exportQuestionnaireResult`, { id });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    expect((await admin.post(`${B}/delQuestionnaireBatch`, { ids: [id] })).body).toMatchObject({ success: false, message: "「课程满意度调查」正在收集中，请先停止再删除" });
    expect((await admin.post(`${B}/createrQuestionnaire`, { title: "", questions: [] })).body).toMatchObject({ success: false, message: expect.stringContaining("请输入问卷标题") });
    expect((await learner.post(`${B}/getQuestionnairePage`, {})).body).toMatchObject({ success: false, message: "您没有权限访问管理后台" });
  });
});
