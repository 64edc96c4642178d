import { and, count, desc, eq, ilike, inArray, isNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { materialFolders, materialItems } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { likePattern } from "@base/sql";
import { mediaUrl } from "../course/view";
import { dateText, toXlsx } from "@base/xlsx";
import { paginate } from "@base/paging";
import { fileTypeOf, mediaDuration } from "./media";
import { FILE_TYPES, type ItemAddInput, type ItemPageInput, type ItemUpdateInput } from "./schemas";

/** 1 courseAndData (courseware and documents), 2 photoAndVideo. */
export type Library = 1 | 2;
type Item = typeof materialItems.$inferSelect;

const typeLabel = (t: number) => FILE_TYPES.find((f) => f.value === t)?.label ?? "其他";

export function itemView(i: Item) {
  return {
    id: i.id,
    name: i.name,
    materialLibFolderId: i.folderId,
    folderId: i.folderId,
    fileType: i.fileType,
    fileTypeName: typeLabel(i.fileType),
    url: mediaUrl(i.url),
    storedUrl: i.url,
    hlsUrl: i.hlsUrl ? mediaUrl(i.hlsUrl) : "",
    coverUrl: mediaUrl(i.coverUrl),
    fileName: i.fileName ?? "",
    fileSize: i.fileSize,
    duration: i.duration,
    status: i.status,
    remark: i.remark ?? "",
    createTime: i.createdAt.getTime(),
    updateTime: i.updatedAt.getTime(),
  };
}

async function findItem(db: DbOrTx, library: Library, id: number) {
  const [i] = await db
    .select()
    .from(materialItems)
    .where(and(eq(materialItems.id, id), eq(materialItems.library, library), isNull(materialItems.deletedAt)))
    .limit(1);
  if (!i) throw notFound("素材不存在或已删除");
  return i;
}

/** A file is filed only into a folder of its own library (courseware and photo/video trees are apart from the question bank). */
async function requireLibraryFolder(db: DbOrTx, library: Library, folderId: number | null | undefined) {
  if (!folderId) return;
  const [f] = await db.select({ kind: materialFolders.kind }).from(materialFolders).where(eq(materialFolders.id, folderId)).limit(1);
  if (!f) throw notFound("文件夹不存在或已删除，请重新选择");
  if (f.kind !== library) throw badInput(library === 1 ? "所选文件夹不属于课件资料，请重新选择" : "所选文件夹不属于图片视频，请重新选择");
}

export async function addItem(db: DbOrTx, library: Library, adminId: number, input: ItemAddInput) {
  await requireLibraryFolder(db, library, input.folderId);
  const fileType = input.fileType ?? fileTypeOf(input.fileName ?? input.url);
  const duration = fileType === 1 || fileType === 4 ? await mediaDuration(input.url, input.duration) : 0;
  const [row] = await db
    .insert(materialItems)
    .values({
      library,
      folderId: input.folderId ?? null,
      name: input.name,
      fileType,
      url: input.url,
      hlsUrl: input.hlsUrl ?? null,
      coverUrl: input.coverUrl ?? null,
      fileName: input.fileName ?? null,
      fileSize: input.fileSize ?? 0,
      duration,
      remark: input.remark ?? null,
      createdBy: adminId,
    })
    .returning();
  return itemView(row!);
}

export async function updateItem(db: DbOrTx, library: Library, input: ItemUpdateInput) {
  const before = await findItem(db, library, input.id);
  await requireLibraryFolder(db, library, input.folderId);
  const url = input.url ?? before.url;
  const fileType = input.fileType ?? before.fileType;
  const duration = input.url && input.url !== before.url && (fileType === 1 || fileType === 4) ? await mediaDuration(url, input.duration) : input.duration ?? before.duration;
  const [row] = await db
    .update(materialItems)
    .set({
      name: input.name ?? before.name,
      folderId: input.folderId === undefined ? before.folderId : input.folderId,
      fileType,
      url,
      hlsUrl: input.hlsUrl ?? before.hlsUrl,
      coverUrl: input.coverUrl ?? before.coverUrl,
      fileName: input.fileName ?? before.fileName,
      fileSize: input.fileSize ?? before.fileSize,
      duration,
      status: input.status ?? before.status,
      remark: input.remark ?? before.remark,
    })
    .where(eq(materialItems.id, input.id))
    .returning();
  return itemView(row!);
}

export async function deleteItems(db: DbOrTx, library: Library, ids: number[]) {
  const rows = await db
    .update(materialItems)
    .set({ deletedAt: new Date() })
    .where(and(inArray(materialItems.id, ids), eq(materialItems.library, library), isNull(materialItems.deletedAt)))
    .returning({ id: materialItems.id });
  if (!rows.length) throw notFound("素材不存在或已删除");
  return { ids: rows.map((r) => r.id) };
}

export async function batchUpdateItems(db: DbOrTx, library: Library, ids: number[], change: { folderId?: number | null; status?: number }) {
  await requireLibraryFolder(db, library, change.folderId);
  const rows = await db
    .update(materialItems)
    .set({ ...(change.folderId !== undefined ? { folderId: change.folderId } : {}), ...(change.status !== undefined ? { status: change.status } : {}) })
    .where(and(inArray(materialItems.id, ids), eq(materialItems.library, library), isNull(materialItems.deletedAt)))
    .returning({ id: materialItems.id });
  return { ids: rows.map((r) => r.id) };
}

function pageWhere(library: Library, input: ItemPageInput) {
  const conds: SQL[] = [eq(materialItems.library, library), isNull(materialItems.deletedAt)];
  if (input.folderId) conds.push(eq(materialItems.folderId, input.folderId));
  if (input.fileType) conds.push(eq(materialItems.fileType, input.fileType));
  if (input.keyword) conds.push(ilike(materialItems.name, likePattern(input.keyword)));
  return and(...conds);
}

export async function pageItems(db: DbOrTx, library: Library, input: ItemPageInput) {
  const where = pageWhere(library, input);
  const page = await paginate(
    input,
    db.select({ total: count() }).from(materialItems).where(where),
    db.select().from(materialItems).where(where).orderBy(desc(materialItems.createdAt), desc(materialItems.id)),
  );
  return { ...page, list: page.list.map(itemView) };
}

export function coursewareTypes(library: Library) {
  return FILE_TYPES.filter((t) => (library === 1 ? t.value === 1 || t.value === 2 : t.value === 1 || t.value === 3)).map((t) => ({ ...t }));
}

const duration = (s: number) => (s ? `${Math.floor(s / 60)}分${s % 60}秒` : "");

export async function exportItems(db: DbOrTx, library: Library, input: ItemPageInput) {
  const rows = await db.select().from(materialItems).where(pageWhere(library, input)).orderBy(desc(materialItems.id)).limit(20_000);
  return toXlsx(
    library === 1 ? "课件资料.xlsx" : "图片视频.xlsx",
    library === 1 ? "课件资料" : "图片视频",
    [
      { header: "ID", key: "id", width: 8 },
      { header: "名称", key: "name", width: 36 },
      { header: "类型", key: "type", width: 8 },
      { header: "文件名", key: "fileName", width: 30 },
      { header: "大小(KB)", key: "size", width: 10 },
      { header: "时长", key: "duration", width: 12 },
      { header: "上传时间", key: "created", width: 20 },
    ],
    rows.map((i) => ({
      id: i.id,
      name: i.name,
      type: typeLabel(i.fileType),
      fileName: i.fileName ?? "",
      size: Math.round(i.fileSize / 1024),
      duration: duration(i.duration),
      created: dateText(i.createdAt),
    })),
  );
}
