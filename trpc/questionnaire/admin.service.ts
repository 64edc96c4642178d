import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { QUESTION_TYPE, QUESTIONNAIRE_BUSINESS, QUESTIONNAIRE_STATUS, lives, questionnaireAnswers, questionnaireBindings, questionnaireQuestions, questionnaires, users } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { dateText, toXlsx } from "@base/xlsx";
import { copyName } from "@base/copy-name";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { TITLE_MAX, type SaveInput } from "./schemas";
import { announceBound } from "../live/questionnaire.service";
import { STATUS_TEXT, findQuestionnaire, questionsOf } from "./questionnaire.service";

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
// Written out with aliases: inside a subquery an unqualified "id" would name the inner table's column.
const answerCount = sql<number>`(select count(*)::int from "questionnaire_answers" qa where qa."questionnaire_id" = "questionnaires"."id")`;
const bindCount = sql<number>`(select count(*)::int from "questionnaire_bindings" qb where qb."questionnaire_id" = "questionnaires"."id")`;

export async function pageQuestionnaires(db: DbOrTx, input: { keyword?: string; status?: number; pageNo: number; pageSize: number }) {
  const parts: (SQL | undefined)[] = [];
  if (input.keyword) parts.push(ilike(questionnaires.title, likePattern(input.keyword)));
  if (input.status !== undefined) parts.push(eq(questionnaires.status, input.status));
  const where = and(...parts);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(questionnaires).where(where),
    db.select({ q: questionnaires, answerCount, bindCount }).from(questionnaires).where(where).orderBy(desc(questionnaires.updatedAt), desc(questionnaires.id)),
  );
  const list = page.list.map(({ q, answerCount, bindCount }) => ({
    id: q.id,
    title: q.title,
    status: q.status,
    statusText: STATUS_TEXT[q.status] ?? "",
    anonymous: q.anonymous,
    remark: q.remark,
    answerCount,
    bindCount,
    createTime: ms(q.createdAt),
    updateTime: ms(q.updatedAt),
  }));
  return { ...page, list };
}

export async function getQuestionnaire(db: DbOrTx, id: number) {
  const q = await findQuestionnaire(db, id);
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(questionnaireAnswers).where(eq(questionnaireAnswers.questionnaireId, id))) as [{ n: number }];
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    status: q.status,
    statusText: STATUS_TEXT[q.status] ?? "",
    anonymous: q.anonymous,
    remark: q.remark,
    answerCount: n,
    questions: await questionsOf(db, id),
    createTime: ms(q.createdAt),
    updateTime: ms(q.updatedAt),
  };
}

const questionRows = (questionnaireId: number, input: SaveInput) =>
  input.questions.map((q, i) => ({ questionnaireId, type: q.type, title: q.title, required: q.required, options: q.options, sort: i + 1 }));

export async function createQuestionnaire(db: DbOrTx, adminId: number, input: SaveInput) {
  return db.transaction(async (tx) => {
    const [q] = await tx
      .insert(questionnaires)
      .values({ title: input.title, description: input.description ?? "", anonymous: input.anonymous ?? 0, createdBy: adminId })
      .returning();
    await tx.insert(questionnaireQuestions).values(questionRows(q!.id, input));
    return { id: q!.id };
  });
}

/**
 * A draft 「…（副本）」 with the same description, anonymity and questions, and no answers or bindings:
 * the way to revise a questionnaire once it has been published.
 */
export async function copyQuestionnaire(db: DbOrTx, adminId: number, id: number) {
  const q = await findQuestionnaire(db, id);
  const questions = await questionsOf(db, id);
  return db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(questionnaires)
      .values({ title: copyName(q.title, TITLE_MAX), description: q.description, anonymous: q.anonymous, createdBy: adminId })
      .returning({ id: questionnaires.id });
    if (questions.length) await tx.insert(questionnaireQuestions).values(questions.map((x, i) => ({ questionnaireId: copy!.id, type: x.type, title: x.title, required: x.required, options: x.options, sort: i + 1 })));
    return { id: copy!.id };
  });
}

/** Questions change only while the questionnaire is a draft, so every stored answer matches its questions. */
export async function modifyQuestionnaire(db: DbOrTx, input: SaveInput & { id: number }) {
  const q = await findQuestionnaire(db, input.id);
  if (q.status !== QUESTIONNAIRE_STATUS.draft) throw fail("只有草稿状态的问卷可以编辑");
  return db.transaction(async (tx) => {
    await tx.update(questionnaires).set({ title: input.title, description: input.description ?? "", anonymous: input.anonymous ?? q.anonymous }).where(eq(questionnaires.id, q.id));
    await tx.delete(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, q.id));
    await tx.insert(questionnaireQuestions).values(questionRows(q.id, input));
    return { id: q.id };
  });
}

/** Published questionnaires must be stopped first; answers and bindings go with the questionnaire. */
export async function deleteQuestionnaires(db: DbOrTx, ids: number[]) {
  const published = await db.select({ title: questionnaires.title }).from(questionnaires).where(and(inArray(questionnaires.id, ids), eq(questionnaires.status, QUESTIONNAIRE_STATUS.published)));
  if (published.length) throw fail(`「${published[0]!.title}」正在收集中，请先停止再删除`);
  const rows = await db.delete(questionnaires).where(inArray(questionnaires.id, ids)).returning({ id: questionnaires.id });
  return { count: rows.length };
}

/** Publish (1) from draft or stopped; stop (2) from published. Rows already in the target state are left alone. */
export async function setStatus(db: DbOrTx, ids: number[], status: 1 | 2) {
  const from = status === 1 ? [QUESTIONNAIRE_STATUS.draft, QUESTIONNAIRE_STATUS.stopped] : [QUESTIONNAIRE_STATUS.published];
  const rows = await db
    .update(questionnaires)
    .set({ status })
    .where(and(inArray(questionnaires.id, ids), inArray(questionnaires.status, from)))
    .returning({ id: questionnaires.id });
  // Lives they are bound to show or drop the card at once.
  if (rows.length) await announceBound(db, await boundLives(db, rows.map((r) => r.id)));
  return { count: rows.length };
}

const boundLives = async (db: DbOrTx, questionnaireIds: number[]) =>
  (
    await db
      .select({ id: questionnaireBindings.businessId })
      .from(questionnaireBindings)
      .where(and(eq(questionnaireBindings.businessType, QUESTIONNAIRE_BUSINESS.live), inArray(questionnaireBindings.questionnaireId, questionnaireIds)))
  ).map((r) => r.id);

export async function setRemark(db: DbOrTx, id: number, remark: string) {
  await findQuestionnaire(db, id);
  await db.update(questionnaires).set({ remark }).where(eq(questionnaires.id, id));
  return { id, remark };
}

async function answersOf(db: DbOrTx, id: number) {
  return db
    .select({ a: questionnaireAnswers, nick: users.nick, loginName: users.loginName })
    .from(questionnaireAnswers)
    .innerJoin(users, eq(users.id, questionnaireAnswers.userId))
    .where(eq(questionnaireAnswers.questionnaireId, id))
    .orderBy(asc(questionnaireAnswers.submittedAt), asc(questionnaireAnswers.id));
}

const pct = (n: number, of: number) => (of ? Math.round((n * 1000) / of) / 10 : 0);

/** The figures: per option the count and its share of those who answered the question; text answers listed. */
export async function results(db: DbOrTx, id: number) {
  const q = await findQuestionnaire(db, id);
  const questions = await questionsOf(db, id);
  const rows = await answersOf(db, id);
  const hidden = q.anonymous === 1;
  return {
    id: q.id,
    title: q.title,
    anonymous: q.anonymous,
    total: rows.length,
    questions: questions.map((question) => {
      const mine = rows.flatMap(({ a, nick }) => a.answers.filter((x) => x.questionId === question.id).map((x) => ({ x, nick, at: a.submittedAt })));
      const answered = mine.length;
      if (question.type === QUESTION_TYPE.text)
        return { ...question, answered, options: [], texts: mine.map(({ x, nick, at }) => ({ text: x.text ?? "", nick: hidden ? "匿名" : nick, submitTime: ms(at) })) };
      const options = question.options.map((text, i) => {
        const count = mine.filter(({ x }) => x.choices?.includes(i)).length;
        return { index: i, text, count, percent: pct(count, answered) };
      });
      return { ...question, answered, options, texts: [] };
    }),
  };
}

/** Every answer as one row per submission, one column per question. */
export async function exportResults(db: DbOrTx, id: number) {
  const q = await findQuestionnaire(db, id);
  const questions = await questionsOf(db, id);
  const rows = await answersOf(db, id);
  const hidden = q.anonymous === 1;
  const columns = [
    { header: "序号", key: "no", width: 8 },
    ...(hidden ? [] : [{ header: "账号", key: "loginName" }, { header: "姓名", key: "nick" }]),
    { header: "提交时间", key: "time", width: 20 },
    ...questions.map((x, i) => ({ header: `${i + 1}. ${x.title}`, key: `q${x.id}`, width: 30 })),
  ];
  const data = rows.map(({ a, nick, loginName }, i) => {
    const row: Record<string, unknown> = { no: i + 1, loginName, nick, time: dateText(a.submittedAt) };
    for (const x of questions) {
      const ans = a.answers.find((y) => y.questionId === x.id);
      row[`q${x.id}`] = !ans ? "" : x.type === QUESTION_TYPE.text ? (ans.text ?? "") : (ans.choices ?? []).map((c) => x.options[c] ?? "").join("；");
    }
    return row;
  });
  return toXlsx(`${q.title}-答卷.xlsx`, "答卷", columns, data);
}

export function applicationScenes(templateCode?: string) {
  const all = [{ businessType: QUESTIONNAIRE_BUSINESS.live, templateCode: "live", name: "直播" }];
  return templateCode ? all.filter((s) => s.templateCode === templateCode) : all;
}

async function liveOf(db: DbOrTx, id: number) {
  const [live] = await db.select({ id: lives.id, name: lives.name }).from(lives).where(and(eq(lives.id, id), isNull(lives.deletedAt))).limit(1);
  if (!live) throw notFound("直播不存在或已删除");
  return live;
}

/** Binds a questionnaire to a live; a live holds one questionnaire, so binding again replaces it. Drafts cannot be bound. */
export async function bind(db: DbOrTx, input: { questionnaireId: number; businessId: number; businessType: number }) {
  const q = await findQuestionnaire(db, input.questionnaireId);
  if (q.status === QUESTIONNAIRE_STATUS.draft) throw fail("草稿问卷不能绑定，请先发布");
  await liveOf(db, input.businessId);
  await db
    .insert(questionnaireBindings)
    .values({ businessType: input.businessType, businessId: input.businessId, questionnaireId: q.id })
    .onConflictDoUpdate({ target: [questionnaireBindings.businessType, questionnaireBindings.businessId], set: { questionnaireId: q.id, createdAt: new Date() } });
  await announceBound(db, [input.businessId]);
  return { questionnaireId: q.id, businessId: input.businessId };
}

export async function unbind(db: DbOrTx, input: { businessId: number; businessType: number }) {
  const rows = await db
    .delete(questionnaireBindings)
    .where(and(eq(questionnaireBindings.businessType, input.businessType), eq(questionnaireBindings.businessId, input.businessId)))
    .returning();
  if (!rows.length) throw notFound("该直播未绑定问卷");
  await announceBound(db, [input.businessId]);
  return { businessId: input.businessId };
}

/** Bindings of a questionnaire, or the binding of one business. */
export async function bindInfo(db: DbOrTx, input: { questionnaireId?: number; businessId?: number; businessType: number }) {
  const where = and(
    eq(questionnaireBindings.businessType, input.businessType),
    input.questionnaireId ? eq(questionnaireBindings.questionnaireId, input.questionnaireId) : undefined,
    input.businessId ? eq(questionnaireBindings.businessId, input.businessId) : undefined,
  );
  const rows = await db
    .select({ b: questionnaireBindings, title: questionnaires.title, status: questionnaires.status, liveName: lives.name })
    .from(questionnaireBindings)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireBindings.questionnaireId))
    .leftJoin(lives, eq(lives.id, questionnaireBindings.businessId))
    .where(where)
    .orderBy(desc(questionnaireBindings.createdAt));
  return rows.map(({ b, title, status, liveName }) => ({
    questionnaireId: b.questionnaireId,
    title,
    status,
    businessType: b.businessType,
    businessId: b.businessId,
    businessName: liveName ?? "",
    bindTime: ms(b.createdAt),
  }));
}

/** Lives with no questionnaire bound yet. */
export async function unboundBusinesses(db: DbOrTx, input: { keyword?: string; businessType: number; pageNo: number; pageSize: number }) {
  const bound = db.select({ id: questionnaireBindings.businessId }).from(questionnaireBindings).where(eq(questionnaireBindings.businessType, input.businessType));
  const where = and(isNull(lives.deletedAt), notInArray(lives.id, bound), input.keyword ? ilike(lives.name, likePattern(input.keyword)) : undefined);
  const page = await paginate(
    input,
    db.select({ total: sql<number>`count(*)::int` }).from(lives).where(where),
    db.select({ id: lives.id, name: lives.name, startTime: lives.startTime }).from(lives).where(where).orderBy(desc(lives.startTime), desc(lives.id)),
  );
  return { ...page, list: page.list.map((r) => ({ businessId: r.id, businessType: input.businessType, name: r.name, startTime: ms(r.startTime) })) };
}

/** Published questionnaires for the live console's picker. */
export async function publishedOptions(db: DbOrTx) {
  return db
    .select({ id: questionnaires.id, title: questionnaires.title })
    .from(questionnaires)
    .where(eq(questionnaires.status, QUESTIONNAIRE_STATUS.published))
    .orderBy(desc(questionnaires.updatedAt), desc(questionnaires.id))
    .limit(100);
}
