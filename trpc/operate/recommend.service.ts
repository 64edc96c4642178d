import { and, asc, count, eq, ilike, inArray, isNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { recommendItems, recommends } from "@db/schema";
import { badInput, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { findSite } from "../site/site.service";
import { freshFileUrl } from "../upload/upload.service";
import { closeGaps, moveRow, nextSort, sameAs, type Ordered } from "./order.service";
import type { ItemInput, MoveInput, PageInput, RecommendInput } from "./schemas";
import { detailLink, readSnapshots, type Snapshot } from "./snapshot.service";

// Recommendation blocks (a tree: categories and their sub-tabs) and the items each block shows.

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
/** Stored app file paths are re-signed on read; a day outlives any page view. */
export const PICTURE_TTL = 24 * 3600;

export const recommendOrder: Ordered = {
  table: recommends,
  id: recommends.id,
  sort: recommends.sort,
  scopeOf: (r) => and(sameAs(recommends.parentId, r.parentId), sameAs(recommends.siteId, r.siteId)),
  missing: "推荐位不存在或已删除",
};
export const itemOrder: Ordered = {
  table: recommendItems,
  id: recommendItems.id,
  sort: recommendItems.sort,
  scopeOf: (r) => eq(recommendItems.recommendId, Number(r.recommendId)),
  missing: "推荐内容不存在或已删除",
};

type Block = typeof recommends.$inferSelect;
type Item = typeof recommendItems.$inferSelect;

export function blockView(b: Block) {
  return { id: b.id, parentId: b.parentId, name: b.name, picUrl: b.picUrl, isOpenJump: b.isOpenJump, jumpUrl: b.jumpUrl, siteId: b.siteId, sort: b.sort, status: b.status };
}
export interface TreeNode {
  id: number;
  name: string;
  picUrl: string;
  isOpenJump: number;
  jumpUrl: string;
  sort: number;
  children: TreeNode[];
}

/** Builds the tree from flat rows; rows whose parent is missing are dropped with their branch. */
export function buildTree(rows: Block[]): TreeNode[] {
  const byParent = new Map<number | null, Block[]>();
  for (const r of rows) byParent.set(r.parentId ?? null, [...(byParent.get(r.parentId ?? null) ?? []), r]);
  const build = (parent: number | null): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((b) => ({ id: b.id, name: b.name, picUrl: freshFileUrl(b.picUrl, PICTURE_TTL), isOpenJump: b.isOpenJump, jumpUrl: b.jumpUrl, sort: b.sort, children: build(b.id) }));
  return build(null);
}

/** An item as learners and the spec read it, with the live snapshot overlaid when the content is readable. */
export function itemView(i: Item, fresh?: Snapshot) {
  const s = { ...i, ...stripUndefined(fresh ?? {}) } as Item & Snapshot;
  const linkUrl = i.linkUrl || detailLink(i.type, i.recommendObjectId, { roomId: fresh?.roomId, channelCode: s.channelCode });
  return {
    id: i.id,
    recommendId: i.recommendId,
    type: i.type,
    recommendObjectId: i.recommendObjectId,
    linkUrl,
    name: s.name,
    picUrl: freshFileUrl(s.picUrl, PICTURE_TTL),
    teacher: s.teacher,
    isFree: s.isFree,
    realPrice: s.isFree ? 0 : s.realPrice,
    scribingPrice: s.scribingPrice,
    liveStatus: i.type === 2 ? s.liveStatus ?? 0 : null,
    isPause: i.type === 2 ? fresh?.isPause ?? 0 : 0,
    isPlayback: s.isPlayback,
    startTime: ms(s.startTime),
    channelCode: s.channelCode,
    sort: i.sort,
  };
}
export type ItemView = ReturnType<typeof itemView>;

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== "hidden" && k !== "roomId")) as Partial<T>;
}

// ---- blocks (admin)

export async function pageRecommends(db: DbOrTx, input: PageInput) {
  const conds: SQL[] = [];
  if (input.keyword) conds.push(ilike(recommends.name, likePattern(input.keyword)));
  if (input.parentId !== undefined) conds.push(eq(recommends.parentId, input.parentId));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(
    input,
    db.select({ total: count() }).from(recommends).where(where),
    db.select().from(recommends).where(where).orderBy(asc(recommends.parentId), asc(recommends.sort), asc(recommends.id)),
  );
  return { ...page, list: page.list.map(blockView) };
}

/** The whole tree for the back office, hidden blocks included. */
export async function adminTree(db: DbOrTx, siteId?: number) {
  const rows = await db
    .select()
    .from(recommends)
    .where(siteId === undefined ? undefined : siteId === 0 ? isNull(recommends.siteId) : eq(recommends.siteId, siteId));
  const status = new Map(rows.map((r) => [r.id, r.status]));
  type AdminNode = Omit<TreeNode, "children"> & { status: number; children: AdminNode[] };
  const attach = (nodes: TreeNode[]): AdminNode[] => nodes.map((n) => ({ ...n, status: status.get(n.id) ?? 1, children: attach(n.children) }));
  return attach(buildTree(rows));
}

export async function getRecommend(db: DbOrTx, id: number) {
  const [row] = await db.select().from(recommends).where(eq(recommends.id, id)).limit(1);
  if (!row) throw notFound(recommendOrder.missing);
  const children = await db.select().from(recommends).where(eq(recommends.parentId, id)).orderBy(asc(recommends.sort));
  return { ...blockView(row), children: children.map(blockView), dataList: await itemsOf(db, id, { refresh: false, all: true }) };
}

function blockValues(input: RecommendInput) {
  return { name: input.name, parentId: input.parentId ?? null, picUrl: input.picUrl ?? "", isOpenJump: input.isOpenJump ?? 0, jumpUrl: input.jumpUrl ?? "", siteId: input.siteId ?? null, status: input.status ?? 1 };
}

async function checkParent(db: DbOrTx, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  const [parent] = await db.select().from(recommends).where(eq(recommends.id, parentId)).limit(1);
  if (!parent) throw notFound("上级推荐位不存在");
  // Categories hold sub-tabs, and sub-tabs hold items: two levels only.
  if (parent.parentId !== null) throw badInput("推荐位最多两级：分类下只能添加子标签");
  if (selfId !== undefined && parent.id === selfId) throw badInput("不能把推荐位移到自己下面");
}

export async function addRecommend(db: DbOrTx, input: RecommendInput) {
  return db.transaction(async (tx) => {
    const values = blockValues(input);
    await checkParent(tx, values.parentId);
    const sort = await nextSort(tx, recommendOrder, recommendOrder.scopeOf(values));
    const [row] = await tx.insert(recommends).values({ ...values, sort }).returning();
    return blockView(row!);
  });
}

export async function updateRecommend(db: DbOrTx, input: RecommendInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(recommends).where(eq(recommends.id, input.id)).limit(1);
    if (!old) throw notFound(recommendOrder.missing);
    const values = blockValues(input);
    await checkParent(tx, values.parentId, input.id);
    if (values.parentId !== null) {
      const [kids] = await tx.select({ n: count() }).from(recommends).where(eq(recommends.parentId, input.id));
      if ((kids?.n ?? 0) > 0) throw badInput("该推荐位下有子标签，不能移到其他推荐位下");
    }
    const moved = (values.parentId ?? null) !== (old.parentId ?? null) || (values.siteId ?? null) !== (old.siteId ?? null);
    const sort = moved ? await nextSort(tx, recommendOrder, recommendOrder.scopeOf(values)) : old.sort;
    const [row] = await tx.update(recommends).set({ ...values, sort }).where(eq(recommends.id, input.id)).returning();
    if (moved) await closeGaps(tx, recommendOrder, recommendOrder.scopeOf(old));
    return blockView(row!);
  });
}

/** Deletes a block with its sub-tabs and their items. */
export async function delRecommend(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(recommends).where(eq(recommends.id, id)).limit(1);
    if (!old) throw notFound(recommendOrder.missing);
    const kids = await tx.select({ id: recommends.id }).from(recommends).where(eq(recommends.parentId, id));
    const ids = [id, ...kids.map((k) => k.id)];
    await tx.delete(recommendItems).where(inArray(recommendItems.recommendId, ids));
    await tx.delete(recommends).where(inArray(recommends.id, ids));
    await closeGaps(tx, recommendOrder, recommendOrder.scopeOf(old));
    return true;
  });
}

export const moveRecommend = (db: DbOrTx, input: MoveInput) => moveRow(db, recommendOrder, input);

/** move/v2: a drag that may also change the parent (a sub-tab dropped under another category). */
export async function moveRecommendV2(db: DbOrTx, input: MoveInput & { parentId?: number | null }) {
  if (input.parentId !== undefined) {
    const [row] = await db.select().from(recommends).where(eq(recommends.id, input.id)).limit(1);
    if (!row) throw notFound(recommendOrder.missing);
    if ((row.parentId ?? null) !== (input.parentId ?? null)) {
      const { id: _id, sort: _sort, createdAt: _c, updatedAt: _u, ...rest } = row;
      await updateRecommend(db, { ...rest, parentId: input.parentId ?? undefined, siteId: rest.siteId ?? undefined, id: row.id });
    }
  }
  return moveRow(db, recommendOrder, input);
}

// ---- items

async function itemsOf(db: DbOrTx, recommendId: number, opts: { refresh: boolean; all?: boolean; limit?: number }) {
  const rows = await db.select().from(recommendItems).where(eq(recommendItems.recommendId, recommendId)).orderBy(asc(recommendItems.sort), asc(recommendItems.id)).limit(opts.limit ?? 500);
  return viewItems(db, rows, opts);
}

async function viewItems(db: DbOrTx, rows: Item[], opts: { refresh: boolean; all?: boolean }) {
  const fresh = opts.refresh ? await readSnapshots(db, rows) : new Map<string, Snapshot>();
  return rows
    .filter((r) => opts.all || !fresh.get(`${r.type}:${r.recommendObjectId}`)?.hidden)
    .map((r) => itemView(r, fresh.get(`${r.type}:${r.recommendObjectId}`)));
}

export async function listItems(db: DbOrTx, recommendId: number) {
  return itemsOf(db, recommendId, { refresh: true, all: true });
}

async function itemValues(db: DbOrTx, input: ItemInput) {
  const fresh = (await readSnapshots(db, [input])).get(`${input.type}:${input.recommendObjectId}`);
  const name = fresh?.name ?? input.name;
  if (!name) throw badInput("未找到该内容，请填写名称");
  const isFree = fresh?.isFree ?? input.isFree ?? 1;
  return {
    recommendId: input.recommendId,
    type: input.type,
    recommendObjectId: input.recommendObjectId,
    linkUrl: input.linkUrl ?? "",
    name,
    picUrl: fresh?.picUrl ?? input.picUrl ?? "",
    teacher: fresh?.teacher ?? input.teacher ?? "",
    isFree,
    realPrice: isFree ? 0 : fresh?.realPrice ?? input.realPrice ?? 0,
    scribingPrice: fresh?.scribingPrice ?? input.scribingPrice ?? 0,
    liveStatus: input.type === 2 ? fresh?.liveStatus ?? input.liveStatus ?? 0 : null,
    isPlayback: fresh?.isPlayback ?? input.isPlayback ?? 0,
    startTime: fresh?.startTime ?? (input.startTime === undefined ? null : new Date(input.startTime)),
    channelCode: fresh?.channelCode ?? input.channelCode ?? "",
  };
}

export async function addItem(db: DbOrTx, input: ItemInput) {
  const values = await itemValues(db, input);
  return db.transaction(async (tx) => {
    const [block] = await tx.select().from(recommends).where(eq(recommends.id, input.recommendId)).limit(1);
    if (!block) throw notFound(recommendOrder.missing);
    const [dup] = await tx
      .select({ id: recommendItems.id })
      .from(recommendItems)
      .where(and(eq(recommendItems.recommendId, input.recommendId), eq(recommendItems.type, input.type), eq(recommendItems.recommendObjectId, input.recommendObjectId)))
      .limit(1);
    if (dup) throw badInput("该内容已在此推荐位中");
    const sort = await nextSort(tx, itemOrder, itemOrder.scopeOf(values));
    const [row] = await tx.insert(recommendItems).values({ ...values, sort }).returning();
    return itemView(row!);
  });
}

export async function updateItem(db: DbOrTx, input: Omit<ItemInput, "recommendId"> & { id: number; recommendId?: number }) {
  const [old] = await db.select().from(recommendItems).where(eq(recommendItems.id, input.id)).limit(1);
  if (!old) throw notFound(itemOrder.missing);
  const values = await itemValues(db, { ...input, recommendId: old.recommendId });
  const [row] = await db.update(recommendItems).set(values).where(eq(recommendItems.id, input.id)).returning();
  return itemView(row!);
}

export async function delItem(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(recommendItems).where(eq(recommendItems.id, id)).returning();
    if (!old) throw notFound(itemOrder.missing);
    await closeGaps(tx, itemOrder, itemOrder.scopeOf(old));
    return true;
  });
}

export const moveItem = (db: DbOrTx, input: MoveInput) => moveRow(db, itemOrder, input);

/** initRecommendDetail: re-reads every item's content and stores the fresh snapshot. */
export async function refreshSnapshots(db: DbOrTx, recommendId?: number) {
  const rows = await db.select().from(recommendItems).where(recommendId ? eq(recommendItems.recommendId, recommendId) : undefined);
  const fresh = await readSnapshots(db, rows);
  let updated = 0;
  for (const r of rows) {
    const s = fresh.get(`${r.type}:${r.recommendObjectId}`);
    if (!s) continue;
    const { hidden: _h, roomId: _r, ...fields } = s;
    await db.update(recommendItems).set(stripUndefined(fields)).where(eq(recommendItems.id, r.id));
    updated += 1;
  }
  return { total: rows.length, updated };
}

// ---- learner side

async function siteBlocks(db: DbOrTx, pathName: string) {
  const site = pathName ? await findSite(db, pathName) : null;
  return db.select().from(recommends).where(and(eq(recommends.status, 1), site ? eq(recommends.siteId, site.id) : isNull(recommends.siteId)));
}

/** The learner tree: enabled blocks of the site, categories with their sub-tabs. */
export async function learnerTree(db: DbOrTx, pathName: string) {
  return buildTree(await siteBlocks(db, pathName));
}

/** Items of one block as learners see them (content taken offline drops out). */
export async function learnerData(db: DbOrTx, recommendId: number, limit: number) {
  const [block] = await db.select().from(recommends).where(and(eq(recommends.id, recommendId), eq(recommends.status, 1))).limit(1);
  if (!block) return [];
  return itemsOf(db, recommendId, { refresh: true, limit });
}

/** The whole tree with every node's items under `dataList`, in one call (the home page). */
export async function learnerDataAll(db: DbOrTx, pathName: string, limit = 50) {
  const blocks = await siteBlocks(db, pathName);
  const ids = blocks.map((b) => b.id);
  const rows = ids.length ? await db.select().from(recommendItems).where(inArray(recommendItems.recommendId, ids)).orderBy(asc(recommendItems.sort), asc(recommendItems.id)) : [];
  const views = await viewItems(db, rows, { refresh: true });
  const byBlock = new Map<number, ItemView[]>();
  for (const v of views) byBlock.set(v.recommendId, [...(byBlock.get(v.recommendId) ?? []), v].slice(0, limit));
  type WithData = TreeNode & { dataList: ItemView[]; children: WithData[] };
  const attach = (nodes: TreeNode[]): WithData[] => nodes.map((n) => ({ ...n, dataList: byBlock.get(n.id) ?? [], children: attach(n.children) }));
  return attach(buildTree(blocks));
}
