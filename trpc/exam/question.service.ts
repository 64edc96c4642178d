import { and, count, desc, eq, ilike, inArray, isNull, notInArray, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examPaperQuestions, examQuestions, type QuestionOption, type QuestionType } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { folderSubtreeIds, folderTree, QUESTION_FOLDER_KIND, requireQuestionFolder, type FolderNode } from "../material/folder.service";
import { DIFFICULTY_NAMES, QUESTION_TYPE_NAMES } from "./grading";
import { pageOf } from "@base/legacy-input";
import { type QuestionInput, type QuestionPageInput } from "./schemas";

export const QUESTION_NOT_FOUND = "试题不存在或已删除";
const KEYS = "ABCDEFGHIJ";
export const JUDGE_OPTIONS: QuestionOption[] = [
  { key: "A", content: "正确" },
  { key: "B", content: "错误" },
];


/** Checks a question is complete for its type and returns the values to store. */
export function normaliseQuestion(input: QuestionInput) {
  const type = input.questionType as QuestionType;
  let options: QuestionOption[] = [];
  let answer = input.answer.map((a) => a.trim()).filter(Boolean);
  if (type === 1 || type === 2) {
    options = (input.options ?? []).map((o, i) => ({ key: KEYS[i]!, content: o.content }));
    if (options.length < 2) throw badInput("选择题至少需要2个选项");
    answer = [...new Set(answer.map((a) => a.toUpperCase()))].sort();
    if (!answer.length) throw badInput("请设置正确答案");
    if (answer.some((a) => !options.some((o) => o.key === a))) throw badInput("正确答案须是已有选项");
    if (type === 1 && answer.length !== 1) throw badInput("单选题只能有一个正确答案");
    if (type === 2 && answer.length < 2) throw badInput("多选题至少需要两个正确答案");
  } else if (type === 3) {
    options = JUDGE_OPTIONS;
    const a = answer[0] ?? "";
    const key = ["A", "正确", "对", "T", "TRUE", "√", "1"].includes(a.toUpperCase()) ? "A" : ["B", "错误", "错", "F", "FALSE", "×", "0"].includes(a.toUpperCase()) ? "B" : "";
    if (!key) throw badInput("判断题答案须为正确或错误");
    answer = [key];
  } else if (type === 4) {
    if (!answer.length) throw badInput("请填写填空题答案");
  }
  return {
    questionType: type,
    difficultyType: input.difficultyType ?? 2,
    folderId: input.folderId ?? input.materialLibFolderId ?? null,
    content: input.content,
    options,
    answer,
    analysis: input.analysis ?? "",
    status: input.status ?? 1,
  };
}

export function questionView(q: typeof examQuestions.$inferSelect) {
  return {
    id: q.id,
    questionType: q.questionType,
    questionTypeName: QUESTION_TYPE_NAMES[q.questionType],
    difficultyType: q.difficultyType,
    difficultyName: DIFFICULTY_NAMES[q.difficultyType] ?? "",
    folderId: q.folderId,
    materialLibFolderId: q.folderId,
    content: q.content,
    options: q.options,
    answer: q.answer,
    analysis: q.analysis,
    status: q.status,
    createdAt: q.createdAt.getTime(),
    updatedAt: q.updatedAt.getTime(),
  };
}
export type QuestionView = ReturnType<typeof questionView>;

export async function createQuestion(db: DbOrTx, input: QuestionInput, userId: number | null) {
  const values = normaliseQuestion(input);
  if (values.folderId) await requireQuestionFolder(db, values.folderId);
  const [row] = await db.insert(examQuestions).values({ ...values, createdBy: userId }).returning();
  return questionView(row!);
}

export async function getQuestion(db: DbOrTx, id: number) {
  const [row] = await db.select().from(examQuestions).where(and(eq(examQuestions.id, id), isNull(examQuestions.deletedAt)));
  if (!row) throw notFound(QUESTION_NOT_FOUND);
  return questionView(row);
}

/** An update that names no folder leaves the question where it is; null takes it out of its folder. */
export async function updateQuestion(db: DbOrTx, id: number, input: QuestionInput) {
  const before = await getQuestion(db, id);
  const values = normaliseQuestion(input);
  if (input.folderId === undefined && input.materialLibFolderId === undefined) values.folderId = before.folderId;
  else if (values.folderId && values.folderId !== before.folderId) await requireQuestionFolder(db, values.folderId);
  const [row] = await db.update(examQuestions).set(values).where(eq(examQuestions.id, id)).returning();
  return questionView(row!);
}

/** Soft delete: submitted papers keep pointing at the question; a question on a fixed paper cannot go. */
export async function deleteQuestions(db: DbOrTx, ids: number[]) {
  const used = await db.selectDistinct({ id: examPaperQuestions.questionId }).from(examPaperQuestions).where(inArray(examPaperQuestions.questionId, ids));
  if (used.length) throw fail(`有${used.length}道试题已被试卷使用，请先从试卷中移除`);
  const rows = await db.update(examQuestions).set({ deletedAt: new Date() }).where(and(inArray(examQuestions.id, ids), isNull(examQuestions.deletedAt))).returning({ id: examQuestions.id });
  return { deleted: rows.length };
}

/** Changes difficulty, status or folder (null: out of any folder) of many questions at once. */
export async function batchUpdateQuestions(db: DbOrTx, input: { ids: number[]; difficultyType?: number; folderId?: number | null; materialLibFolderId?: number; status?: number }) {
  const set: Partial<typeof examQuestions.$inferInsert> = {};
  if (input.difficultyType !== undefined) set.difficultyType = input.difficultyType;
  const folder = input.folderId !== undefined ? input.folderId : input.materialLibFolderId;
  if (folder) await requireQuestionFolder(db, folder);
  if (folder !== undefined) set.folderId = folder;
  if (input.status !== undefined) set.status = input.status;
  if (!Object.keys(set).length) throw badInput("请选择要修改的内容");
  const rows = await db.update(examQuestions).set(set).where(and(inArray(examQuestions.id, input.ids), isNull(examQuestions.deletedAt))).returning({ id: examQuestions.id });
  return { updated: rows.length };
}

/**
 * A folder lists its own questions and those of every folder under it: the count beside a folder in the
 * bank's tree is that total, and a practice on the folder draws from the same questions.
 */
async function questionWhere(db: DbOrTx, input: QuestionPageInput, usableOnly = false) {
  const conds: SQL[] = [isNull(examQuestions.deletedAt)];
  if (input.keyword) conds.push(ilike(examQuestions.content, likePattern(input.keyword)));
  if (input.questionType) conds.push(eq(examQuestions.questionType, input.questionType as QuestionType));
  if (input.difficultyType) conds.push(eq(examQuestions.difficultyType, input.difficultyType));
  const folder = input.folderId ?? input.materialLibFolderId;
  if (folder) conds.push(inArray(examQuestions.folderId, await folderSubtreeIds(db, folder)));
  else if (input.noFolder === 1) conds.push(isNull(examQuestions.folderId));
  if (usableOnly) conds.push(eq(examQuestions.status, 1));
  else if (input.status !== undefined) conds.push(eq(examQuestions.status, input.status));
  if (input.excludeIds?.length) conds.push(notInArray(examQuestions.id, input.excludeIds));
  return and(...conds);
}

export async function pageQuestions(db: DbOrTx, input: QuestionPageInput, usableOnly = false) {
  const where = await questionWhere(db, input, usableOnly);
  const page = await paginate(pageOf(input, 20), db.select({ total: count() }).from(examQuestions).where(where), db.select().from(examQuestions).where(where).orderBy(desc(examQuestions.id)));
  return { ...page, list: page.list.map(questionView) };
}

/** Every question matching the filters, for export. */
export async function listQuestions(db: DbOrTx, input: QuestionPageInput) {
  const rows = await db.select().from(examQuestions).where(await questionWhere(db, input)).orderBy(desc(examQuestions.id)).limit(20_000);
  return rows.map(questionView);
}

export interface QuestionFolderCount {
  id: number;
  name: string;
  parentId: number | null;
  /** Questions filed in this folder itself. */
  ownCount: number;
  /** Questions in this folder and every folder under it (what the list shows when it is opened). */
  questionCount: number;
  children: QuestionFolderCount[];
}

/** The question bank's folder tree with question counts, plus all questions and those in no folder. */
export async function questionFolderTree(db: DbOrTx) {
  const [tree, counts] = await Promise.all([
    folderTree(db, QUESTION_FOLDER_KIND),
    db.select({ folderId: examQuestions.folderId, n: count() }).from(examQuestions).where(isNull(examQuestions.deletedAt)).groupBy(examQuestions.folderId),
  ]);
  const own = new Map(counts.map((c) => [c.folderId === null ? null : Number(c.folderId), c.n]));
  const walk = (n: FolderNode): QuestionFolderCount => {
    const children = n.children.map(walk);
    const ownCount = own.get(n.id) ?? 0;
    return { id: n.id, name: n.name, parentId: n.parentId, ownCount, questionCount: ownCount + children.reduce((s, c) => s + c.questionCount, 0), children };
  };
  return { total: counts.reduce((s, c) => s + c.n, 0), unfiled: own.get(null) ?? 0, folders: tree.map(walk) };
}
