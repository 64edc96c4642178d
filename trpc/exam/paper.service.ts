import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examPaperQuestions, examPapers, examQuestions, exams, materialFolders, type PaperItem, type PaperRule, type QuestionType } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { requireQuestionFolder } from "../material/folder.service";
import { QUESTION_TYPE_NAMES } from "./grading";
import { questionView } from "./question.service";
import { pageOf } from "@base/legacy-input";
import { type PaperSaveInput } from "./schemas";

export const PAPER_NOT_FOUND = "试卷不存在或已删除";

function ruleWhere(rule: PaperRule, exclude: number[] = []): SQL {
  const conds: SQL[] = [isNull(examQuestions.deletedAt), eq(examQuestions.status, 1), eq(examQuestions.questionType, rule.questionType)];
  if (rule.difficultyType) conds.push(eq(examQuestions.difficultyType, rule.difficultyType));
  // A folder rule draws from the folder and its sub-folders, as the question bank lists and practices draw.
  if (rule.folderId)
    conds.push(sql`${examQuestions.folderId} in (
      with recursive down as (
        select id from ${materialFolders} where id = ${rule.folderId}
        union select c.id from ${materialFolders} c join down on c.parent_id = down.id
      ) select id from down)`);
  if (exclude.length) conds.push(sql`${examQuestions.id} not in (${sql.join(exclude.map((id) => sql`${id}`), sql`, `)})`);
  return and(...conds)!;
}

const ruleLabel = (r: PaperRule) => `${QUESTION_TYPE_NAMES[r.questionType]}${r.difficultyType ? `（难度${r.difficultyType}）` : ""}`;

/** Refuses rules the bank cannot satisfy, so no learner meets a short paper at the start. */
async function checkRules(db: DbOrTx, rules: PaperRule[]) {
  for (const rule of rules) {
    if (rule.folderId) await requireQuestionFolder(db, rule.folderId);
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(examQuestions).where(ruleWhere(rule));
    if (n < rule.count) throw fail(`${ruleLabel(rule)}符合条件的题目只有${n}道，不足${rule.count}道`);
  }
}

export async function savePaper(db: DbOrTx, input: PaperSaveInput, userId: number | null) {
  return db.transaction(async (tx) => {
    let totalScore = 0;
    let questionCount = 0;
    const rules: PaperRule[] = input.paperType === 2 ? (input.rules ?? []).map((r) => ({ ...r, questionType: r.questionType as QuestionType })) : [];
    const items = input.paperType === 1 ? (input.questions ?? []) : [];
    if (input.paperType === 2) {
      await checkRules(tx, rules);
      for (const r of rules) {
        totalScore += r.count * r.score;
        questionCount += r.count;
      }
    } else {
      const ids = [...new Set(items.map((q) => q.questionId))];
      if (ids.length !== items.length) throw fail("试卷中有重复的试题");
      const found = await tx.select({ id: examQuestions.id }).from(examQuestions).where(and(inArray(examQuestions.id, ids), isNull(examQuestions.deletedAt)));
      if (found.length !== ids.length) throw fail("有试题不存在或已删除");
      for (const q of items) totalScore += q.score;
      questionCount = items.length;
    }
    const values = { name: input.name, paperType: input.paperType, rules, totalScore, questionCount };
    let paperId = input.id;
    if (paperId) {
      const updated = await tx.update(examPapers).set(values).where(and(eq(examPapers.id, paperId), isNull(examPapers.deletedAt))).returning({ id: examPapers.id });
      if (!updated.length) throw notFound(PAPER_NOT_FOUND);
      await tx.delete(examPaperQuestions).where(eq(examPaperQuestions.paperId, paperId));
    } else {
      const [row] = await tx.insert(examPapers).values({ ...values, createdBy: userId }).returning({ id: examPapers.id });
      paperId = row!.id;
    }
    if (items.length) await tx.insert(examPaperQuestions).values(items.map((q, i) => ({ paperId: paperId!, questionId: q.questionId, score: q.score, sort: i + 1 })));
    // Exams on this paper take its total as their maximum score.
    await tx.update(exams).set({ maxScore: totalScore }).where(eq(exams.paperId, paperId));
    return { id: paperId, totalScore, questionCount };
  });
}

export async function findPaper(db: DbOrTx, id: number) {
  const [paper] = await db.select().from(examPapers).where(and(eq(examPapers.id, id), isNull(examPapers.deletedAt)));
  if (!paper) throw notFound(PAPER_NOT_FOUND);
  return paper;
}

export async function getPaperDetail(db: DbOrTx, id: number) {
  const paper = await findPaper(db, id);
  const rows = await db
    .select({ link: examPaperQuestions, q: examQuestions })
    .from(examPaperQuestions)
    .innerJoin(examQuestions, eq(examQuestions.id, examPaperQuestions.questionId))
    .where(eq(examPaperQuestions.paperId, id))
    .orderBy(asc(examPaperQuestions.sort));
  const folderIds = [...new Set(paper.rules.map((r) => r.folderId).filter((f): f is number => !!f))];
  const folders = folderIds.length ? await db.select({ id: materialFolders.id, name: materialFolders.name }).from(materialFolders).where(inArray(materialFolders.id, folderIds)) : [];
  return {
    id: paper.id,
    name: paper.name,
    paperType: paper.paperType,
    // Each rule names its folder, for the back office; a folder deleted since reads "已删除的文件夹".
    rules: paper.rules.map((r) => ({ ...r, folderName: r.folderId ? (folders.find((f) => f.id === r.folderId)?.name ?? "已删除的文件夹") : "" })),
    totalScore: paper.totalScore,
    questionCount: paper.questionCount,
    questions: rows.map((r) => ({ ...questionView(r.q), score: r.link.score, sort: r.link.sort })),
    createdAt: paper.createdAt.getTime(),
  };
}

export async function pagePapers(db: DbOrTx, input: { pageNo?: number; pageSize?: number; page?: number; element?: number; keyword?: string; paperType?: number }) {
  const conds: SQL[] = [isNull(examPapers.deletedAt)];
  if (input.keyword) conds.push(ilike(examPapers.name, likePattern(input.keyword)));
  if (input.paperType) conds.push(eq(examPapers.paperType, input.paperType));
  const where = and(...conds);
  const page = await paginate(pageOf(input, 20), db.select({ total: count() }).from(examPapers).where(where), db.select().from(examPapers).where(where).orderBy(desc(examPapers.id)));
  return {
    ...page,
    list: page.list.map((p) => ({ id: p.id, name: p.name, paperType: p.paperType, totalScore: p.totalScore, questionCount: p.questionCount, createdAt: p.createdAt.getTime() })),
  };
}

/** Exams that use a paper (back/testPaper/relationList). */
export async function paperRelations(db: DbOrTx, id: number) {
  await findPaper(db, id);
  const rows = await db.select().from(exams).where(and(eq(exams.paperId, id), isNull(exams.deletedAt))).orderBy(desc(exams.id));
  return rows.map((e) => ({ examId: e.id, name: e.name, startTime: e.startTime.getTime(), endTime: e.endTime.getTime(), status: e.status }));
}

/**
 * A learner's questions: the fixed list, or a fresh draw per rule (no question twice). Called at
 * registration or in the waiting hall, so the start of an exam only reads.
 */
export async function buildPaperItems(db: DbOrTx, paperId: number): Promise<PaperItem[]> {
  const paper = await findPaper(db, paperId);
  if (paper.paperType === 1) {
    const rows = await db
      .select({ questionId: examPaperQuestions.questionId, score: examPaperQuestions.score })
      .from(examPaperQuestions)
      .where(eq(examPaperQuestions.paperId, paperId))
      .orderBy(asc(examPaperQuestions.sort));
    if (!rows.length) throw fail("试卷中还没有试题");
    return rows;
  }
  const items: PaperItem[] = [];
  for (const rule of paper.rules) {
    const picked = await db
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(ruleWhere(rule, items.map((i) => i.questionId)))
      .orderBy(sql`random()`)
      .limit(rule.count);
    if (picked.length < rule.count) throw fail(`题库中${ruleLabel(rule)}不足，无法组卷`);
    items.push(...picked.map((p) => ({ questionId: p.id, score: rule.score })));
  }
  return items;
}
