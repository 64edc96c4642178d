import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examPapers, examPractices, examQuestions, materialFolders, materialItems } from "@db/schema";
import { badInput, fail, notFound } from "@base/errors";

/** Folder kinds: the courseware library, photos and videos, and the question bank; each is a tree of its own. */
export const FOLDER_KINDS = { courseware: 1, media: 2, question: 3 } as const;
export const QUESTION_FOLDER_KIND = FOLDER_KINDS.question;

type Folder = typeof materialFolders.$inferSelect;
export interface FolderNode {
  id: number;
  name: string;
  parentId: number | null;
  kind: number;
  sort: number;
  setting: Record<string, unknown>;
  children: FolderNode[];
}

async function findFolder(db: DbOrTx, id: number) {
  const [f] = await db.select().from(materialFolders).where(eq(materialFolders.id, id)).limit(1);
  if (!f) throw notFound("文件夹不存在或已删除");
  return f;
}

export async function createFolder(db: DbOrTx, input: { name: string; parentId?: number | null; kind?: number }) {
  const parent = input.parentId ? await findFolder(db, input.parentId) : null;
  const [row] = await db
    .insert(materialFolders)
    .values({ name: input.name, parentId: parent?.id ?? null, kind: parent?.kind ?? input.kind ?? 1 })
    .returning();
  return { id: row!.id };
}

export async function renameFolder(db: DbOrTx, id: number, name: string) {
  await findFolder(db, id);
  await db.update(materialFolders).set({ name }).where(eq(materialFolders.id, id));
  return { id };
}

/** Moves a folder under another of its kind (never under itself or its own descendants). */
export async function moveFolder(db: DbOrTx, id: number, parentId: number | null | undefined, sort: number | undefined) {
  const folder = await findFolder(db, id);
  if (parentId !== undefined && parentId !== null) {
    let cursor: Folder | null = await findFolder(db, parentId);
    if (cursor.kind !== folder.kind) throw badInput("只能移动到同一类的文件夹下");
    while (cursor) {
      if (cursor.id === id) throw badInput("不能移动到自身或其子文件夹下");
      cursor = cursor.parentId ? await findFolder(db, cursor.parentId) : null;
    }
  }
  await db
    .update(materialFolders)
    .set({ ...(parentId !== undefined ? { parentId } : {}), ...(sort !== undefined ? { sort } : {}) })
    .where(eq(materialFolders.id, folder.id));
  return { id };
}

export async function deleteFolder(db: DbOrTx, id: number) {
  const folder = await findFolder(db, id);
  const [{ n: subs } = { n: 0 }] = await db.select({ n: count() }).from(materialFolders).where(eq(materialFolders.parentId, id));
  const [{ n: files } = { n: 0 }] = await db
    .select({ n: count() })
    .from(materialItems)
    .where(and(eq(materialItems.folderId, id), isNull(materialItems.deletedAt)));
  const [{ n: questions } = { n: 0 }] = await db
    .select({ n: count() })
    .from(examQuestions)
    .where(and(eq(examQuestions.folderId, id), isNull(examQuestions.deletedAt)));
  if (folder.kind === QUESTION_FOLDER_KIND) {
    if (subs) throw fail("文件夹不为空，请先删除或移走其中的子文件夹");
    if (questions) throw fail(`文件夹中还有${questions}道试题，请先移到其他文件夹或删除`);
  }
  if (subs || files || questions) throw fail("文件夹不为空，请先移走其中的文件夹、素材和试题");
  // A practice draws its questions from folders: one still pointing here keeps the folder.
  const [practice] = await db
    .select({ name: examPractices.name })
    .from(examPractices)
    .where(and(isNull(examPractices.deletedAt), sql`${examPractices.folderIds} @> ${JSON.stringify([id])}::jsonb`))
    .limit(1);
  if (practice) throw fail(`练习「${practice.name}」正在使用该文件夹，请先在练习中移除`);
  // So does a random paper's rule.
  const [paper] = await db
    .select({ name: examPapers.name })
    .from(examPapers)
    .where(and(isNull(examPapers.deletedAt), sql`${examPapers.rules} @> ${JSON.stringify([{ folderId: id }])}::jsonb`))
    .limit(1);
  if (paper) throw fail(`试卷「${paper.name}」的抽题规则正在使用该文件夹，请先修改试卷`);
  await db.delete(materialFolders).where(eq(materialFolders.id, id));
  return { id };
}

export async function folderSetting(db: DbOrTx, id: number, setting: Record<string, unknown>) {
  await findFolder(db, id);
  await db.update(materialFolders).set({ setting }).where(eq(materialFolders.id, id));
  return { id, setting };
}

export async function folderTree(db: DbOrTx, kind?: number): Promise<FolderNode[]> {
  const rows = await db
    .select()
    .from(materialFolders)
    .where(kind ? eq(materialFolders.kind, kind) : undefined)
    .orderBy(asc(materialFolders.sort), asc(materialFolders.id));
  const nodes = new Map<number, FolderNode>(rows.map((r) => [r.id, { id: r.id, name: r.name, parentId: r.parentId, kind: r.kind, sort: r.sort, setting: r.setting, children: [] }]));
  const roots: FolderNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** The folder and every folder under it. */
export async function folderSubtreeIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.execute<{ id: number | string }>(sql`
    with recursive down as (
      select id from ${materialFolders} where id = ${id}
      union select c.id from ${materialFolders} c join down on c.parent_id = down.id
    ) select id from down`);
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { id: number | string }[] }).rows;
  return [...new Set([id, ...list.map((r) => Number(r.id))])];
}

/** A folder questions may be filed into: it exists and belongs to the question bank. */
export async function requireQuestionFolder(db: DbOrTx, id: number) {
  const [f] = await db.select({ id: materialFolders.id, kind: materialFolders.kind }).from(materialFolders).where(eq(materialFolders.id, id)).limit(1);
  if (!f) throw notFound("文件夹不存在或已删除，请重新选择");
  if (f.kind !== QUESTION_FOLDER_KIND) throw badInput("所选文件夹不是题库文件夹，试题只能放入题库中的文件夹");
  return f;
}
