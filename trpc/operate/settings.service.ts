import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { operateElements, recommendManages, settings } from "@db/schema";
import { notFound } from "@base/errors";
import { pageOfArray, paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { setSetting } from "../site/site.service";
import { freshFileUrl } from "../upload/upload.service";
import type { LayoutInput, ManageInput, PopupInput } from "./schemas";
import { detailLink, readSnapshots } from "./snapshot.service";

// Single-row operations settings (page layout, popup banner, channel promotions), the element tree and the recommendation manager.

const LAYOUT_KEY = "operate.pageLayout";
const POPUP_KEY = "operate.popupBanner";
const PROMOTE_KEY = "operate.channelPromote";

/** Every switch on: the header, search, notifications and footer show until an operator turns them off. */
export const DEFAULT_LAYOUT = {
  globalHeader: 1,
  globalFooter: 1,
  headerTabs: 1,
  headerSearch: 1,
  headerNotice: 1,
  loginUrl: "",
  permissionDenied: 0,
  confirmStartExam: 1,
  confirmStartExamText: "我已阅读并同意《考试须知》，承诺独立完成考试，遵守考试纪律。",
  courseDetailLayout: 1,
  examResultLayout: 1,
  examTestLayout: 1,
};
export type PageLayout = typeof DEFAULT_LAYOUT;

async function readSetting(db: DbOrTx, key: string) {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as Record<string, unknown> | undefined;
}

export async function pageLayout(db: DbOrTx): Promise<PageLayout> {
  return { ...DEFAULT_LAYOUT, ...((await readSetting(db, LAYOUT_KEY)) ?? {}) } as PageLayout;
}

export async function updateLayout(db: DbOrTx, input: LayoutInput) {
  const next = { ...(await pageLayout(db)), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  await setSetting(db, LAYOUT_KEY, next);
  return next as PageLayout;
}

export const EMPTY_POPUP = { title: "", picUrl: "", linkUrl: "", status: 0, updatedAt: 0 };
export type PopupBanner = typeof EMPTY_POPUP;

export async function popupBanner(db: DbOrTx): Promise<PopupBanner> {
  return { ...EMPTY_POPUP, ...((await readSetting(db, POPUP_KEY)) ?? {}) } as PopupBanner;
}

export async function updatePopup(db: DbOrTx, input: PopupInput) {
  const next = { ...(await popupBanner(db)), ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)), updatedAt: Date.now() } as PopupBanner;
  await setSetting(db, POPUP_KEY, next);
  return next;
}

/** Learners get the popup only while it is switched on and has a picture. */
export async function learnerPopup(db: DbOrTx) {
  const p = await popupBanner(db);
  return p.status === 1 && p.picUrl ? { ...p, picUrl: freshFileUrl(p.picUrl, 24 * 3600) } : null;
}

/** channel/promote: the promotion an operator set for a channel (and optionally one piece of content), or null. */
export async function channelPromote(db: DbOrTx, input: { channel: string; type?: number; objectId?: number }) {
  const all = ((await readSetting(db, PROMOTE_KEY)) ?? {}) as Record<string, Record<string, unknown>>;
  const hit = all[`${input.channel}:${input.type ?? ""}:${input.objectId ?? ""}`] ?? all[input.channel];
  return hit ? { channel: input.channel, type: input.type ?? null, objectId: input.objectId ?? null, ...hit } : null;
}

export async function setChannelPromote(db: DbOrTx, key: string, value: Record<string, unknown> | null) {
  const all = { ...((await readSetting(db, PROMOTE_KEY)) ?? {}) } as Record<string, unknown>;
  if (value) all[key] = value;
  else delete all[key];
  await setSetting(db, PROMOTE_KEY, all);
}

// ---- element tree

type ElementRow = typeof operateElements.$inferSelect;
export interface ElementNode {
  id: number;
  name: string;
  code: string;
  key: string;
  sort: number;
  status: number;
  children: ElementNode[];
}

export async function elementTree(db: DbOrTx, input: { key: string; platform?: number; siteId?: number }) {
  const rows = await db
    .select()
    .from(operateElements)
    .where(and(eq(operateElements.key, input.key), eq(operateElements.platform, input.platform ?? 1), input.siteId ? eq(operateElements.siteId, input.siteId) : undefined));
  const build = (parent: number | null): ElementNode[] =>
    rows
      .filter((r: ElementRow) => (r.parentId ?? null) === parent)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((r) => ({ id: r.id, name: r.name, code: r.code, key: r.key, sort: r.sort, status: r.status, children: build(r.id) }));
  return build(null);
}

// ---- recommendation manager and the workbench lists built from it

type Manage = typeof recommendManages.$inferSelect;
export function manageView(m: Manage) {
  return { id: m.id, name: m.name, scene: m.scene, status: m.status, items: m.items, itemCount: m.items.length, createdAt: m.createdAt.getTime(), updatedAt: m.updatedAt.getTime() };
}

/** Items with their display snapshot: read from the content when it exists, else what the admin entered. */
async function snapshotItems(db: DbOrTx, items: ManageInput["items"]) {
  const list = items ?? [];
  const fresh = await readSnapshots(db, list);
  return list.map((i) => {
    const s = fresh.get(`${i.type}:${i.recommendObjectId}`);
    const isFree = (s?.isFree ?? i.isFree ?? 1) as number;
    return {
      type: i.type,
      recommendObjectId: i.recommendObjectId,
      linkUrl: (i.linkUrl as string | undefined) || detailLink(i.type, i.recommendObjectId, { roomId: s?.roomId, channelCode: s?.channelCode }),
      name: s?.name ?? i.name ?? "",
      picUrl: s?.picUrl ?? i.picUrl ?? "",
      teacher: s?.teacher ?? i.teacher ?? "",
      isFree,
      realPrice: isFree ? 0 : s?.realPrice ?? i.realPrice ?? 0,
      scribingPrice: s?.scribingPrice ?? i.scribingPrice ?? 0,
      liveStatus: i.type === 2 ? s?.liveStatus ?? i.liveStatus ?? 0 : null,
      isPlayback: s?.isPlayback ?? i.isPlayback ?? 0,
      startTime: s?.startTime ? s.startTime.getTime() : (i.startTime as number | undefined) ?? null,
    };
  });
}

export async function saveManage(db: DbOrTx, input: ManageInput) {
  const items = await snapshotItems(db, input.items);
  const [row] = await db.insert(recommendManages).values({ name: input.name, scene: input.scene || "workbench", status: input.status ?? 1, items }).returning();
  return manageView(row!);
}

export async function updateManage(db: DbOrTx, input: ManageInput & { id: number }) {
  const items = input.items ? await snapshotItems(db, input.items) : undefined;
  const [row] = await db
    .update(recommendManages)
    .set({ name: input.name, ...(input.scene ? { scene: input.scene } : {}), ...(input.status !== undefined ? { status: input.status } : {}), ...(items ? { items } : {}) })
    .where(eq(recommendManages.id, input.id))
    .returning();
  if (!row) throw notFound("推荐配置不存在或已删除");
  return manageView(row);
}

export async function delManage(db: DbOrTx, id: number) {
  const [row] = await db.delete(recommendManages).where(eq(recommendManages.id, id)).returning({ id: recommendManages.id });
  if (!row) throw notFound("推荐配置不存在或已删除");
  return true;
}

export async function manageDetail(db: DbOrTx, id: number) {
  const [row] = await db.select().from(recommendManages).where(eq(recommendManages.id, id)).limit(1);
  if (!row) throw notFound("推荐配置不存在或已删除");
  return manageView(row);
}

export async function pageManage(db: DbOrTx, input: { pageNo: number; pageSize: number; scene?: string; keyword?: string }) {
  const conds: SQL[] = [];
  if (input.scene) conds.push(eq(recommendManages.scene, input.scene));
  if (input.keyword) conds.push(ilike(recommendManages.name, likePattern(input.keyword)));
  const where = conds.length ? and(...conds) : undefined;
  const page = await paginate(input, db.select({ total: count() }).from(recommendManages).where(where), db.select().from(recommendManages).where(where).orderBy(desc(recommendManages.id)));
  return { ...page, list: page.list.map(manageView) };
}

/** Workbench items: every enabled "workbench" entry's items, refreshed from their content. */
export async function workbenchItems(db: DbOrTx) {
  const rows = await db
    .select()
    .from(recommendManages)
    .where(and(eq(recommendManages.scene, "workbench"), eq(recommendManages.status, 1)))
    .orderBy(asc(recommendManages.id));
  return snapshotItems(db, rows.flatMap((r) => r.items) as ManageInput["items"]);
}

export async function workbenchPage(db: DbOrTx, input: { pageNo: number; pageSize: number }) {
  return pageOfArray(await workbenchItems(db), input);
}
