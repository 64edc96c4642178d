import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { QUESTION_TYPE, QUESTIONNAIRE_BUSINESS, QUESTIONNAIRE_STATUS, lives, questionnaireAnswers, questionnaireBindings, questionnaireQuestions, questionnaires, type QuestionnaireAnswerItem } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import { assertMayWatch, mayWatch } from "../live/room.service";
import { TEXT_ANSWER_MAX, type SubmitInput } from "./schemas";

export const GONE = "问卷不存在或已删除";
export const ALREADY = "您已提交过该问卷，感谢参与";
export const NOT_OPEN = "该问卷未发布或已停止收集";
export const STATUS_TEXT: Record<number, string> = { 0: "草稿", 1: "已发布", 2: "已停止" };
export const TYPE_TEXT: Record<number, string> = { 1: "单选", 2: "多选", 3: "填空" };

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

export async function questionsOf(db: DbOrTx, questionnaireId: number) {
  const rows = await db.select().from(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, questionnaireId)).orderBy(asc(questionnaireQuestions.sort), asc(questionnaireQuestions.id));
  return rows.map((q) => ({ id: q.id, type: q.type, typeText: TYPE_TEXT[q.type] ?? "", title: q.title, required: q.required, options: q.options }));
}

export async function findQuestionnaire(db: DbOrTx, id: number) {
  const [row] = await db.select().from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
  if (!row) throw notFound(GONE);
  return row;
}

/**
 * A questionnaire bound to lives belongs to their rooms, whose card for it only viewers who may watch
 * see: reading it (title and questions) or answering it then takes the right to watch one of those lives,
 * refused as the room is (281, 102, 106), so an outsider neither reads a restricted live's survey nor adds
 * answers to it. Decision 016's "visitors may read" stands for a questionnaire of no live, and for one
 * bound to a live open to everyone and free.
 */
async function assertRoomAllows(db: DbOrTx, questionnaireId: number, userId: number | null) {
  const bound = await db
    .select({ live: lives })
    .from(questionnaireBindings)
    .innerJoin(lives, eq(lives.id, questionnaireBindings.businessId))
    .where(and(eq(questionnaireBindings.businessType, QUESTIONNAIRE_BUSINESS.live), eq(questionnaireBindings.questionnaireId, questionnaireId), isNull(lives.deletedAt)))
    .orderBy(asc(lives.id));
  for (const { live } of bound) if (await mayWatch(db, live, userId)) return;
  if (bound[0]) await assertMayWatch(db, bound[0].live, userId);
}

/** What a learner sees: published or stopped questionnaires only (drafts do not exist for learners). */
export async function getInfo(db: DbOrTx, viewer: { id: number } | null, id: number) {
  const q = await findQuestionnaire(db, id);
  if (q.status === QUESTIONNAIRE_STATUS.draft) throw notFound(GONE);
  await assertRoomAllows(db, q.id, viewer?.id ?? null);
  const [mine] = viewer
    ? await db.select().from(questionnaireAnswers).where(and(eq(questionnaireAnswers.questionnaireId, id), eq(questionnaireAnswers.userId, viewer.id))).limit(1)
    : [];
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    status: q.status,
    statusText: STATUS_TEXT[q.status] ?? "",
    anonymous: q.anonymous,
    questions: await questionsOf(db, id),
    isSubmit: mine ? 1 : 0,
    submitTime: ms(mine?.submittedAt),
  };
}

/** Checks every answer against its question; the message names the question by its number. */
export function checkAnswers(questions: Awaited<ReturnType<typeof questionsOf>>, answers: SubmitInput["answers"]): QuestionnaireAnswerItem[] {
  const byId = new Map(answers.map((a) => [a.questionId, a]));
  if (byId.size !== answers.length) throw badInput("同一题目只能回答一次");
  const known = new Set(questions.map((q) => q.id));
  if (answers.some((a) => !known.has(a.questionId))) throw badInput("回答中包含不属于该问卷的题目");
  const out: QuestionnaireAnswerItem[] = [];
  questions.forEach((q, i) => {
    const label = `第${i + 1}题「${q.title}」`;
    const a = byId.get(q.id);
    if (q.type === QUESTION_TYPE.text) {
      const text = (a?.text ?? "").trim();
      if (!text) {
        if (q.required) throw badInput(`${label}为必答题，请填写`);
        return;
      }
      if (text.length > TEXT_ANSWER_MAX) throw badInput(`${label}的回答不能超过${TEXT_ANSWER_MAX}字`);
      out.push({ questionId: q.id, text });
      return;
    }
    const choices = [...new Set(a?.choices ?? [])].sort((x, y) => x - y);
    if (!choices.length) {
      if (q.required) throw badInput(`${label}为必答题，请选择`);
      return;
    }
    if (choices.some((c) => c >= q.options.length)) throw badInput(`${label}的选项不存在`);
    if (q.type === QUESTION_TYPE.single && choices.length !== 1) throw badInput(`${label}为单选题，只能选择一项`);
    out.push({ questionId: q.id, choices });
  });
  return out;
}

/** One submission per user, only while published; a second one is refused and the first is kept. */
export async function submit(db: DbOrTx, viewer: { id: number }, input: SubmitInput) {
  const q = await findQuestionnaire(db, input.id);
  if (q.status === QUESTIONNAIRE_STATUS.draft) throw notFound(GONE);
  await assertRoomAllows(db, q.id, viewer.id);
  if (q.status !== QUESTIONNAIRE_STATUS.published) throw fail(NOT_OPEN);
  const answers = checkAnswers(await questionsOf(db, q.id), input.answers);
  const rows = await db.insert(questionnaireAnswers).values({ questionnaireId: q.id, userId: viewer.id, answers }).onConflictDoNothing().returning();
  if (!rows.length) throw fail(ALREADY);
  return { id: rows[0]!.id, submitTime: ms(rows[0]!.submittedAt) };
}
