import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { materialFolders, materialItems } from "@db/schema";
import { badInput, fail, notFound } from "../errors";

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

/** Moves a folder under another (never under itself or its own descendants). */
export async function moveFolder(db: DbOrTx, id: number, parentId: number | null | undefined, sort: number | undefined) {
  const folder = await findFolder(db, id);
  if (parentId !== undefined && parentId !== null) {
    let cursor: Folder | null = await findFolder(db, parentId);
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
  await findFolder(db, id);
  const [{ n: subs } = { n: 0 }] = await db.select({ n: count() }).from(materialFolders).where(eq(materialFolders.parentId, id));
  const [{ n: files } = { n: 0 }] = await db
    .select({ n: count() })
    .from(materialItems)
    .where(and(eq(materialItems.folderId, id), isNull(materialItems.deletedAt)));
  if (subs || files) throw fail("文件夹不为空，请先移走其中的文件夹和素材");
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
