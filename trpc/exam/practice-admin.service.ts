import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examPractices, examQuestions, materialFolders, users } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { pageOfArray, paginate } from "@base/paging";
import { likePattern } from "@base/sql";
// Practices draw only from the question bank's folders (kind 3, QUESTION_FOLDER_KIND).
import { folderTree, QUESTION_FOLDER_KIND, type FolderNode } from "../material/folder.service";
import { EMPTY_STATS, practisedUserIds, statsOfUsers } from "./practice-stats.service";
import { MODE_NAMES, PRACTICE_TYPES, typeCounts } from "./practice.service";
import { pageOf } from "@base/legacy-input";

// The back office's side of practices (back/practice/*): base info, modes, listed users, status.
// How learners practise is in practice.service.ts (docs/decisions/009-learner-practice.md).

type Practice = typeof examPractices.$inferSelect;
type Mode = Practice["modes"][number];
type Paging = { pageNo?: number; pageSize?: number; page?: number; element?: number; keyword?: string; name?: string; status?: number };

const practiceView = (p: Practice, folderNames: Map<number, string>) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  folderIds: p.folderIds,
  /** A folder deleted from the library since reads as 「已删除的文件夹」. */
  folders: p.folderIds.map((id) => ({ id, name: folderNames.get(id) ?? "已删除的文件夹" })),
  modes: p.modes,
  status: p.status,
  userCount: p.userIds.length,
  openRange: p.openRange,
  createdAt: p.createdAt.getTime(),
});

async function folderNamesOf(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, string>();
  const rows = await db.select({ id: materialFolders.id, name: materialFolders.name }).from(materialFolders).where(inArray(materialFolders.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const viewOf = async (db: DbOrTx, p: Practice) => practiceView(p, await folderNamesOf(db, p.folderIds));

async function findPractice(db: DbOrTx, id: number) {
  const [p] = await db.select().from(examPractices).where(and(eq(examPractices.id, id), isNull(examPractices.deletedAt)));
  if (!p) throw notFound("练习不存在或已删除");
  return p;
}

export async function pagePractices(db: DbOrTx, input: Paging) {
  const conds: SQL[] = [isNull(examPractices.deletedAt)];
  const kw = input.keyword ?? input.name;
  if (kw) conds.push(ilike(examPractices.name, likePattern(kw)));
  if (input.status !== undefined) conds.push(eq(examPractices.status, input.status));
  const where = and(...conds);
  const page = await paginate(pageOf(input, 20), db.select({ total: count() }).from(examPractices).where(where), db.select().from(examPractices).where(where).orderBy(desc(examPractices.id)));
  const names = await folderNamesOf(db, page.list.flatMap((r) => r.folderIds));
  return { ...page, list: page.list.map((r) => practiceView(r, names)) };
}

/**
 * The practice's question pool: how many usable questions its folders offer, in all and per type, and
 * the most one round of each mode type may hold (the whole pool; for the by-type mode, the largest type).
 */
export async function practicePool(db: DbOrTx, folderIds: number[]) {
  const types = await typeCounts(db, { folderIds });
  const questionCount = types.reduce((s, t) => s + t.count, 0);
  const byType = Math.max(0, ...types.map((t) => t.count));
  return { questionCount, types, modeLimits: { 1: questionCount, 2: questionCount, 3: byType } as Record<number, number> };
}

export async function savePracticeBase(db: DbOrTx, input: { id?: number; name: string; description?: string; folderIds: number[] }) {
  const folderIds = [...new Set(input.folderIds)];
  const found = await db.select({ id: materialFolders.id }).from(materialFolders).where(and(inArray(materialFolders.id, folderIds), eq(materialFolders.kind, QUESTION_FOLDER_KIND)));
  if (found.length !== folderIds.length) throw badInput("所选题目文件夹不存在或已删除，请重新选择");
  const values = { name: input.name, description: input.description ?? "", folderIds };
  if (input.id) {
    await findPractice(db, input.id);
    const [row] = await db.update(examPractices).set(values).where(eq(examPractices.id, input.id)).returning();
    return viewOf(db, row!);
  }
  const [row] = await db.insert(examPractices).values(values).returning();
  return viewOf(db, row!);
}

/** Base info for the editor: the view, the listed users and the question pool of its folders. */
export async function getPractice(db: DbOrTx, id: number) {
  const p = await findPractice(db, id);
  return { ...(await viewOf(db, p)), userIds: p.userIds, pool: await practicePool(db, p.folderIds) };
}

export const practiceModes = async (db: DbOrTx, id: number) => (await findPractice(db, id)).modes;

export async function updatePractice(db: DbOrTx, id: number, patch: (p: Practice) => Partial<typeof examPractices.$inferInsert>) {
  const p = await findPractice(db, id);
  const [row] = await db.update(examPractices).set(patch(p)).where(eq(examPractices.id, id)).returning();
  return viewOf(db, row!);
}

/**
 * Adds or edits a mode. One mode per type: without modeId a mode of the same type is edited in place
 * (old clients save by type). A mode keeps its id when edited, so learners' rounds stay linked to it;
 * a new id is never one a removed mode had.
 */
export async function saveMode(db: DbOrTx, input: { id: number; modeId?: number; modeType: number; name: string; questionCount: number }) {
  const p = await findPractice(db, input.id);
  const typeName = MODE_NAMES[input.modeType]!;
  const editing = input.modeId ? p.modes.find((m) => m.id === input.modeId) : p.modes.find((m) => m.modeType === input.modeType);
  if (input.modeId && !editing) throw notFound("练习模式不存在或已删除");
  if (p.modes.some((m) => m.modeType === input.modeType && m.id !== editing?.id)) throw badInput(`该练习已有${typeName}模式，请直接编辑`);
  if (!p.folderIds.length) throw badInput("请先在基础信息中选择题目文件夹");
  const pool = await practicePool(db, p.folderIds);
  if (!pool.questionCount) throw badInput("所选题目文件夹中暂无可练习的试题（简答题不参与练习）");
  const limit = pool.modeLimits[input.modeType] ?? 0;
  if (input.questionCount > limit) {
    throw badInput(input.modeType === 3 ? `每轮题数不能超过题量最多的题型的可用试题数（${limit}道）` : `每轮题数不能超过可用试题数（${limit}道）`);
  }
  const mode: Mode = { id: editing?.id ?? Math.max(Date.now(), ...p.modes.map((m) => m.id + 1)), modeType: input.modeType, name: input.name, questionCount: input.questionCount };
  const modes = editing ? p.modes.map((m) => (m.id === editing.id ? mode : m)) : [...p.modes, mode];
  await db.update(examPractices).set({ modes: modes.sort((a, b) => a.modeType - b.modeType) }).where(eq(examPractices.id, p.id));
  return mode;
}

export async function removeMode(db: DbOrTx, id: number, modeId: number) {
  const p = await findPractice(db, id);
  if (!p.modes.some((m) => m.id === modeId)) throw notFound("练习模式不存在或已删除");
  const modes = p.modes.filter((m) => m.id !== modeId);
  if (!modes.length && p.status === 1) throw badInput("练习已启用，至少保留一种练习模式；如需删除请先停用练习");
  await db.update(examPractices).set({ modes }).where(eq(examPractices.id, p.id));
  return { id, modeId, removed: true };
}

/** Enabling needs a mode to practise in; learners would otherwise see an empty practice. */
export async function setPracticeStatus(db: DbOrTx, id: number, status: 0 | 1) {
  const p = await findPractice(db, id);
  if (status === 1 && !p.modes.length) throw badInput("请先添加练习模式再启用");
  return updatePractice(db, p.id, () => ({ status }));
}

export async function addUsers(db: DbOrTx, id: number, userIds: number[]) {
  const p = await findPractice(db, id);
  const wanted = [...new Set(userIds)];
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
  if (found.length !== wanted.length) throw badInput("所选用户不存在，请刷新后重试");
  const listed = new Set(p.userIds);
  const added = wanted.filter((u) => !listed.has(u));
  await db.update(examPractices).set({ userIds: [...p.userIds, ...added] }).where(eq(examPractices.id, p.id));
  return { id, added: added.length, userCount: p.userIds.length + added.length };
}

export async function removeUsers(db: DbOrTx, id: number, userIds: number[]) {
  const p = await findPractice(db, id);
  const gone = new Set(userIds);
  const userIdsLeft = p.userIds.filter((u) => !gone.has(u));
  await db.update(examPractices).set({ userIds: userIdsLeft }).where(eq(examPractices.id, p.id));
  return { id, removed: p.userIds.length - userIdsLeft.length, userCount: userIdsLeft.length };
}

/**
 * The practice's learners: the listed users (source 1) first, then those who practised through the open
 * range (source 2), the most recent first; each with their figures (docs/decisions/009-learner-practice.md).
 * keyword matches name, login name or mobile; source keeps one of the two kinds.
 */
export async function practiceUsers(db: DbOrTx, id: number, input: Paging & { source?: number }) {
  const p = await findPractice(db, id);
  const listed = new Set(p.userIds);
  let all = [...(input.source === 2 ? [] : p.userIds), ...(input.source === 1 ? [] : (await practisedUserIds(db, p.id)).filter((u) => !listed.has(u)))];
  const kw = input.keyword?.trim();
  if (kw && all.length) {
    const hits = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, all), or(ilike(users.nick, likePattern(kw)), ilike(users.loginName, likePattern(kw)), ilike(users.mobile, likePattern(kw)))));
    const hit = new Set(hits.map((h) => h.id));
    all = all.filter((u) => hit.has(u));
  }
  const { list: ids, total, pageNo, pageSize } = pageOfArray(all, pageOf(input, 20));
  const [rows, stats] = ids.length ? await Promise.all([db.select().from(users).where(inArray(users.id, ids)), statsOfUsers(db, p.id, ids)]) : [[], new Map()];
  return {
    practiceName: p.name,
    list: ids.flatMap((uid) => {
      const u = rows.find((r) => r.id === uid);
      return u ? [{ userId: u.id, userName: u.loginName, name: u.nick, mobile: u.mobile ?? "", source: listed.has(uid) ? 1 : 2, ...(stats.get(uid) ?? EMPTY_STATS) }] : [];
    }),
    total,
    pageNo,
    pageSize,
  };
}

export interface QuestionFolderNode {
  id: number;
  name: string;
  /** Usable questions in this folder itself. */
  ownCount: number;
  /** Usable questions in this folder and every folder under it (what a practice on it draws from). */
  questionCount: number;
  children: QuestionFolderNode[];
}

/** The question folders of the library as a tree, each with the usable questions a practice would draw from it. */
export async function questionFolders(db: DbOrTx): Promise<QuestionFolderNode[]> {
  const [tree, counts] = await Promise.all([
    folderTree(db, QUESTION_FOLDER_KIND),
    db
      .select({ folderId: examQuestions.folderId, n: count() })
      .from(examQuestions)
      .where(and(eq(examQuestions.status, 1), isNull(examQuestions.deletedAt), inArray(examQuestions.questionType, PRACTICE_TYPES)))
      .groupBy(examQuestions.folderId),
  ]);
  const own = new Map(counts.map((c) => [Number(c.folderId), c.n]));
  const walk = (n: FolderNode): QuestionFolderNode => {
    const children = n.children.map(walk);
    const ownCount = own.get(n.id) ?? 0;
    return { id: n.id, name: n.name, ownCount, questionCount: ownCount + children.reduce((s, c) => s + c.questionCount, 0), children };
  };
  return tree.map(walk);
}
