import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import type { Db } from "@db/client";
import { questionnaireAnswers, questionnaireBindings, questionnaireQuestions, questionnaires } from "@db/schema";
import { createLive } from "../factories/live";
import { addAnswer, createQuestionnaire } from "../factories/questionnaire";
import { createUser } from "../factories/user";
import { rejection, signedInClient } from "../helpers/auth";
import { testClient } from "../helpers/caller";
import { describeEachDb } from "../helpers/db";

async function setup(db: Db) {
  const adminRow = await createUser(db, { loginName: "qn_admin", nick: "李建国", isAdmin: 1 });
  const admin = await signedInClient(db, adminRow.id);
  const zhangRow = await createUser(db, { loginName: "qn_zhang", nick: "张晓敏" });
  const liuRow = await createUser(db, { loginName: "qn_liu", nick: "刘洋" });
  return { admin, zhangRow, liuRow, zhang: await signedInClient(db, zhangRow.id), liu: await signedInClient(db, liuRow.id) };
}

const draft = {
  title: "  采购人员培训需求调查 ",
  description: "请根据实际情况填写",
  questions: [
    { type: 1, title: "您的岗位", options: ["采购经办", "采购管理", "财务"] },
    { type: 2, title: "关注的主题", options: ["法规", "实务", "案例"] },
    { type: 3, title: "其他建议", required: 0 },
  ],
} as const;

describeEachDb("questionnaires", (getDb) => {
  it("builds a draft, edits it only while draft, publishes and lets learners answer once", async () => {
    const db = getDb();
    const { admin, zhang, liu, zhangRow } = await setup(db);
    const { id } = await admin.call((c) => c.questionnaire.admin.create({ ...draft, questions: [...draft.questions] as never }));
    const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id));
    expect(row).toMatchObject({ title: "采购人员培训需求调查", status: 0, anonymous: 0 });
    const qs = await db.select().from(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, id)).orderBy(questionnaireQuestions.sort);
    expect(qs.map((q) => [q.type, q.title, q.required, q.options, q.sort])).toEqual([
      [1, "您的岗位", 1, ["采购经办", "采购管理", "财务"], 1],
      [2, "关注的主题", 1, ["法规", "实务", "案例"], 2],
      [3, "其他建议", 0, [], 3],
    ]);
    // Drafts are invisible to learners.
    expect((await rejection(zhang.call((c) => c.questionnaire.info({ id })))).message).toBe("问卷不存在或已删除");
    await admin.call((c) => c.questionnaire.admin.modify({ id, ...draft, title: "培训需求调查", questions: [...draft.questions].reverse() as never }));
    expect((await admin.call((c) => c.questionnaire.admin.get({ id }))).questions.map((q) => q.title)).toEqual(["其他建议", "关注的主题", "您的岗位"]);
    expect(await admin.call((c) => c.questionnaire.admin.setStatus({ ids: [id], status: 1 }))).toEqual({ count: 1 });
    expect((await rejection(admin.call((c) => c.questionnaire.admin.modify({ id, ...draft, questions: [...draft.questions] as never })))).message).toBe("只有草稿状态的问卷可以编辑");

    const info = await zhang.call((c) => c.questionnaire.info({ id }));
    expect(info).toMatchObject({ title: "培训需求调查", status: 1, isSubmit: 0 });
    const [text, multi, single] = info.questions;
    await zhang.call((c) => c.questionnaire.submit({ id, answers: [{ questionId: single!.id, choices: [1] }, { questionId: multi!.id, choices: [2, 0, 2] }, { questionId: text!.id, text: "  多讲案例 " }] }));
    const [stored] = await db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.userId, zhangRow.id));
    expect(stored!.answers).toEqual([{ questionId: text!.id, text: "多讲案例" }, { questionId: multi!.id, choices: [0, 2] }, { questionId: single!.id, choices: [1] }]);
    expect((await zhang.call((c) => c.questionnaire.info({ id }))).isSubmit).toBe(1);
    // A second submission is refused and the first one is kept.
    expect((await rejection(zhang.call((c) => c.questionnaire.submit({ id, answers: [{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0] }] })))).message).toBe("您已提交过该问卷，感谢参与");
    expect(await db.select().from(questionnaireAnswers)).toHaveLength(1);
    // Optional text may be left out.
    await liu.call((c) => c.questionnaire.submit({ id, answers: [{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0] }] }));
    expect(await db.select().from(questionnaireAnswers)).toHaveLength(2);
  });

  it("refuses missing, unknown, extra and over-long answers, visitors and closed questionnaires", async () => {
    const db = getDb();
    const { zhang, admin } = await setup(db);
    const { questionnaire: q, questions } = await createQuestionnaire(db);
    const [single, multi, text] = questions;
    const submit = (answers: { questionId: number; choices?: number[]; text?: string }[]) => rejection(zhang.call((c) => c.questionnaire.submit({ id: q.id, answers })));
    expect((await submit([{ questionId: multi!.id, choices: [0] }])).message).toBe("第1题「您所在的单位类型」为必答题，请选择");
    expect((await submit([{ questionId: single!.id, choices: [0, 1] }, { questionId: multi!.id, choices: [0] }])).message).toBe("第1题「您所在的单位类型」为单选题，只能选择一项");
    expect((await submit([{ questionId: single!.id, choices: [4] }, { questionId: multi!.id, choices: [0] }])).message).toBe("第1题「您所在的单位类型」的选项不存在");
    expect((await submit([{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0] }, { questionId: text!.id, text: "长".repeat(501) }])).message).toBe("第3题「您对培训的其他建议」的回答不能超过500字");
    expect((await submit([{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0] }, { questionId: 999999, choices: [0] }])).message).toBe("回答中包含不属于该问卷的题目");
    const bad = await rejection(zhang.call((c) => c.questionnaire.submit({ id: "abc" as never, answers: [] })));
    expect(bad.legacyCode).toBe("400");
    expect(bad.message).toContain("问卷ID格式不正确");
    expect((await rejection(testClient(db).call((c) => c.questionnaire.submit({ id: q.id, answers: [] })))).legacyCode).toBe("281");
    expect(await db.select().from(questionnaireAnswers)).toHaveLength(0);

    await admin.call((c) => c.questionnaire.admin.setStatus({ ids: [q.id], status: 2 }));
    expect((await submit([{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0] }])).message).toBe("该问卷未发布或已停止收集");
    // Input rules on the editor.
    const noOptions = await rejection(admin.call((c) => c.questionnaire.admin.create({ title: "测试", questions: [{ type: 1, title: "单选", options: ["唯一"] }] as never })));
    expect(noOptions.message).toContain("选择题「单选」至少需要2个选项");
    expect((await rejection(admin.call((c) => c.questionnaire.admin.create({ title: "长".repeat(101), questions: [{ type: 3, title: "说说" }] as never })))).message).toContain("问卷标题不能超过100字");
    expect((await rejection(admin.call((c) => c.questionnaire.admin.create({ title: "空问卷", questions: [] })))).message).toContain("请至少添加一道题目");
    expect((await rejection(zhang.call((c) => c.questionnaire.admin.page({})))).message).toBe("您没有权限访问管理后台");
  });

  it("counts options, lists text answers, exports every answer and hides names when anonymous", async () => {
    const db = getDb();
    const { admin, zhangRow, liuRow } = await setup(db);
    const wang = await createUser(db, { loginName: "qn_wang", nick: "王芳" });
    const { questionnaire: q, questions } = await createQuestionnaire(db);
    const [single, multi, text] = questions;
    await addAnswer(db, q.id, zhangRow.id, [{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [0, 1] }, { questionId: text!.id, text: "希望多些案例" }]);
    await addAnswer(db, q.id, liuRow.id, [{ questionId: single!.id, choices: [0] }, { questionId: multi!.id, choices: [1] }]);
    await addAnswer(db, q.id, wang.id, [{ questionId: single!.id, choices: [2] }, { questionId: multi!.id, choices: [1, 3] }]);
    const r = await admin.call((c) => c.questionnaire.admin.results({ id: q.id }));
    expect((await admin.call((c) => c.questionnaire.admin.page({}))).list).toMatchObject([{ id: q.id, answerCount: 3 }]);
    expect(r.total).toBe(3);
    expect(r.questions[0]!.options.map((o) => [o.text, o.count, o.percent])).toEqual([["采购人", 2, 66.7], ["采购代理机构", 0, 0], ["供应商", 1, 33.3], ["监管部门", 0, 0]]);
    expect(r.questions[1]!.options.map((o) => o.count)).toEqual([1, 3, 0, 1]);
    expect(r.questions[1]!.options[1]!.percent).toBe(100);
    expect(r.questions[2]).toMatchObject({ answered: 1, texts: [{ text: "希望多些案例", nick: "张晓敏" }] });

    const file = await admin.call((c) => c.questionnaire.admin.exportResults({ id: q.id }));
    expect(file.fileName).toBe("政府采购培训满意度调查-答卷.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, "base64") as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).values).toEqual([undefined, "序号", "账号", "姓名", "提交时间", "1. 您所在的单位类型", "2. 您希望学习的内容", "3. 您对培训的其他建议"]);
    expect([2, 3, 4, 5, 6, 7].map((c) => ws.getRow(2).getCell(c).value)).toEqual(["qn_zhang", "张晓敏", expect.any(String), "采购人", "政府采购法规；采购文件编制", "希望多些案例"]);

    await db.update(questionnaires).set({ anonymous: 1 }).where(eq(questionnaires.id, q.id));
    expect((await admin.call((c) => c.questionnaire.admin.results({ id: q.id }))).questions[2]!.texts[0]!.nick).toBe("匿名");
    const anon = await admin.call((c) => c.questionnaire.admin.exportResults({ id: q.id }));
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(anon.base64, "base64") as never);
    expect(wb2.worksheets[0]!.getRow(1).values).not.toContain("姓名");
  });

  it("binds to lives, lists unbound lives, deletes only stopped or draft questionnaires", async () => {
    const db = getDb();
    const { admin } = await setup(db);
    const a = await createLive(db, { name: "采购法解读直播" });
    const b = await createLive(db, { name: "评审专家培训直播" });
    const { questionnaire: q } = await createQuestionnaire(db);
    const { questionnaire: d } = await createQuestionnaire(db, { title: "草稿问卷", status: 0 });
    expect((await rejection(admin.call((c) => c.questionnaire.admin.bind({ questionnaireId: d.id, businessId: a.id })))).message).toBe("草稿问卷不能绑定，请先发布");
    await admin.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: a.id }));
    expect(await admin.call((c) => c.questionnaire.admin.bindInfo({ questionnaireId: q.id }))).toMatchObject([{ businessId: a.id, businessName: "采购法解读直播", title: q.title }]);
    const unbound = await admin.call((c) => c.questionnaire.admin.unbound({}));
    expect(unbound.list.map((l) => l.businessId)).toEqual([b.id]);
    await admin.call((c) => c.questionnaire.admin.remark({ id: q.id, remark: "年度调查" }));
    expect((await admin.call((c) => c.questionnaire.admin.page({ keyword: "满意度", status: 1 }))).list).toMatchObject([{ id: q.id, remark: "年度调查", bindCount: 1, answerCount: 0 }]);
    expect((await rejection(admin.call((c) => c.questionnaire.admin.del({ ids: [q.id, d.id] })))).message).toBe(`「${q.title}」正在收集中，请先停止再删除`);
    await admin.call((c) => c.questionnaire.admin.unbind({ businessId: a.id }));
    expect(await db.select().from(questionnaireBindings)).toHaveLength(0);
    await admin.call((c) => c.questionnaire.admin.setStatus({ ids: [q.id, d.id], status: 2 }));
    expect(await admin.call((c) => c.questionnaire.admin.del({ ids: [q.id, d.id] }))).toEqual({ count: 2 });
    expect(await db.select().from(questionnaires)).toHaveLength(0);
  });

  it("a live room shows the bound questionnaire while nothing is pushed and it is collecting", async () => {
    const db = getDb();
    const { admin, zhang } = await setup(db);
    const live = await createLive(db, { name: "采购法解读直播", liveStatus: 1 });
    const { questionnaire: q } = await createQuestionnaire(db, { title: "直播满意度调查" });
    const hook = () => zhang.call((c) => c.live.questionnaire({ liveId: live.id }));
    expect(await hook()).toBeNull();
    await admin.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: live.id }));
    expect(await hook()).toMatchObject({ liveId: live.id, title: "直播满意度调查", url: `/questionnaire?id=${q.id}`, source: "bound" });
    // A push takes the room over; withdrawing it brings the bound one back.
    await admin.call((c) => c.live.admin.pushQuestionnaire({ liveId: live.id, title: "课后小调查", url: "https://example.cn/s/1" }));
    expect(await hook()).toMatchObject({ title: "课后小调查", source: "pushed" });
    await admin.call((c) => c.live.admin.withdrawQuestionnaire({ liveId: live.id }));
    expect(await hook()).toMatchObject({ title: "直播满意度调查", source: "bound" });
    // Stopped, it no longer collects answers and leaves the room; the console sees the same.
    await admin.call((c) => c.questionnaire.admin.setStatus({ ids: [q.id], status: 2 }));
    expect(await hook()).toBeNull();
    expect(await admin.call((c) => c.live.admin.questionnaire({ liveId: live.id }))).toBeNull();
  });

  it("copies a published questionnaire into an editable draft without its answers or bindings", async () => {
    const db = getDb();
    const { admin, zhangRow } = await setup(db);
    const live = await createLive(db, { name: "采购法解读直播" });
    const { questionnaire: q } = await createQuestionnaire(db, { title: "长".repeat(98), anonymous: 1 });
    await addAnswer(db, q.id, zhangRow.id, []);
    await admin.call((c) => c.questionnaire.admin.bind({ questionnaireId: q.id, businessId: live.id }));

    const { id } = await admin.call((c) => c.questionnaire.admin.copy({ id: q.id }));
    const copy = await admin.call((c) => c.questionnaire.admin.get({ id }));
    const original = await admin.call((c) => c.questionnaire.admin.get({ id: q.id }));
    // The suffix always fits: the title is shortened to stay within 100 characters.
    expect(copy).toMatchObject({ title: `${"长".repeat(96)}（副本）`, status: 0, anonymous: 1, answerCount: 0, description: original.description });
    expect(copy.questions.map(({ id: _id, ...rest }) => rest)).toEqual(original.questions.map(({ id: _id, ...rest }) => rest));
    expect(await admin.call((c) => c.questionnaire.admin.bindInfo({ questionnaireId: id }))).toEqual([]);
    // The copy is a draft, so its questions can be revised; the original keeps its answer.
    await admin.call((c) => c.questionnaire.admin.modify({ id, title: "修订版", questions: [{ type: 3, title: "您的建议" }] as never }));
    expect((await admin.call((c) => c.questionnaire.admin.get({ id: q.id }))).answerCount).toBe(1);
    expect((await rejection(admin.call((c) => c.questionnaire.admin.copy({ id: 999999 })))).message).toBe("问卷不存在或已删除");
    expect((await rejection(admin.call((c) => c.questionnaire.admin.copy({ id: "abc" as never })))).code).toBe("BAD_REQUEST");
  });
});
