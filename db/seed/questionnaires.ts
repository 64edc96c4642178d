import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@db/client";
import { QUESTIONNAIRE_BUSINESS, lives, questionnaireBindings, users } from "@db/schema";
import { addAnswer, createQuestionnaire } from "../../tests/factories/questionnaire";

const HOUR = 3600 * 1000;

/** One published needs survey with a few learners' answers (never the accounts the e2e tests sign in as). */
export async function seedQuestionnaires(db: Db) {
  const { questionnaire: q, questions } = await createQuestionnaire(db, {
    title: "2026年度政府采购培训需求调查",
    description: "为更好地安排2026年度培训课程，请您花两分钟填写本问卷。问卷结果仅用于培训规划。",
    status: 1,
    questions: [
      { type: 1, title: "您所在的单位类型", options: ["采购人", "采购代理机构", "供应商", "监管部门"] },
      { type: 1, title: "您从事政府采购工作的年限", options: ["1年以内", "1-3年", "3-5年", "5年以上"] },
      { type: 2, title: "您最希望学习的内容（可多选）", options: ["政府采购法律法规", "采购需求与采购文件编制", "评审与质疑投诉处理", "合同履约与验收", "电子化采购操作"] },
      { type: 1, title: "您更喜欢的培训形式", options: ["直播授课", "录播课程", "线下集中培训"] },
      { type: 3, title: "您对年度培训还有哪些建议？", required: 0 },
    ],
  });
  const people = await db.select({ id: users.id, loginName: users.loginName }).from(users).where(inArray(users.loginName, ["chenjing88", "zhaolei_dl", "huangli_cw", "xuhao2024", "sunyue_cg"]));
  const by = (name: string) => people.find((p) => p.loginName === name)?.id;
  const [unit, years, topics, form, advice] = questions.map((x) => x.id) as [number, number, number, number, number];
  const rows: [string, number, number, number[], number, string | null, number][] = [
    ["chenjing88", 0, 2, [0, 1], 0, "希望多安排采购需求管理的案例课。", 60],
    ["zhaolei_dl", 1, 3, [1, 2], 0, "建议增加质疑投诉处理的实务演练。", 40],
    ["huangli_cw", 0, 1, [0, 3], 1, null, 26],
    ["xuhao2024", 2, 0, [4], 2, "供应商视角的课程偏少，希望补充。", 10],
    ["sunyue_cg", 0, 3, [0, 2, 3], 0, null, 3],
  ];
  for (const [who, u, y, t, f, text, hoursAgo] of rows) {
    const userId = by(who);
    if (!userId) continue;
    const answers = [
      { questionId: unit, choices: [u] },
      { questionId: years, choices: [y] },
      { questionId: topics, choices: t },
      { questionId: form, choices: [f] },
      ...(text ? [{ questionId: advice, text }] : []),
    ];
    await addAnswer(db, q.id, userId, answers, new Date(Date.now() - hoursAgo * HOUR));
  }
  // Bound to the replay, so its room offers the survey to those who watch it afterwards.
  const [replay] = await db.select({ id: lives.id }).from(lives).where(and(eq(lives.name, "框架协议采购实务操作"), eq(lives.liveStatus, 2)));
  if (replay) await db.insert(questionnaireBindings).values({ businessType: QUESTIONNAIRE_BUSINESS.live, businessId: replay.id, questionnaireId: q.id });
}
