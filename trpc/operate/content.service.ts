import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@db/client";
import { banners, marketingSlots, notices } from "@db/schema";
import { notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import { findSite } from "../site/site.service";
import { freshFileUrl } from "../upload/upload.service";
import { PICTURE_TTL } from "./recommend.service";
import { closeGaps, moveRow, nextSort, sameAs, type Ordered } from "./order.service";
import type { BannerInput, MarketingInput, MoveInput, NoticeInput, PageInput } from "./schemas";

// Banners, notices and marketing slots: lists an operator orders, shown to learners inside a time window.

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const dateOf = (v: number | undefined) => (v === undefined ? null : new Date(v));

/** Shown to learners: enabled, started (or no start) and not yet ended (or no end). */
export function liveWindow(t: { status: PgColumn; startTime: PgColumn; endTime: PgColumn }, now: Date) {
  return and(eq(t.status, 1), or(isNull(t.startTime), lte(t.startTime, now)), or(isNull(t.endTime), gt(t.endTime, now)));
}

export const bannerOrder: Ordered = {
  table: banners,
  id: banners.id,
  sort: banners.sort,
  scopeOf: (r) => and(eq(banners.platform, Number(r.platform)), sameAs(banners.siteId, r.siteId)),
  missing: "轮播图不存在或已删除",
};
export const noticeOrder: Ordered = { table: notices, id: notices.id, sort: notices.sort, scopeOf: (r) => sameAs(notices.siteId, r.siteId), missing: "公告不存在或已删除" };
export const marketingOrder: Ordered = { table: marketingSlots, id: marketingSlots.id, sort: marketingSlots.sort, scopeOf: () => undefined, missing: "营销位不存在或已删除" };

export function bannerView(b: typeof banners.$inferSelect) {
  return {
    id: b.id,
    title: b.title,
    picUrl: freshFileUrl(b.picUrl, PICTURE_TTL),
    linkUrl: b.linkUrl,
    platform: b.platform,
    siteId: b.siteId,
    sort: b.sort,
    status: b.status,
    startTime: ms(b.startTime),
    endTime: ms(b.endTime),
    createdAt: b.createdAt.getTime(),
  };
}
export type BannerView = ReturnType<typeof bannerView>;

export function noticeView(n: typeof notices.$inferSelect) {
  return { id: n.id, title: n.title, content: n.content, linkUrl: n.linkUrl, siteId: n.siteId, sort: n.sort, status: n.status, startTime: ms(n.startTime), endTime: ms(n.endTime), createdAt: n.createdAt.getTime() };
}
export type NoticeView = ReturnType<typeof noticeView>;

export function marketingView(m: typeof marketingSlots.$inferSelect) {
  return { id: m.id, title: m.title, picUrl: m.picUrl, linkUrl: m.linkUrl, description: m.description, sort: m.sort, status: m.status, startTime: ms(m.startTime), endTime: ms(m.endTime), createdAt: m.createdAt.getTime() };
}
export type MarketingView = ReturnType<typeof marketingView>;

async function paged<T>(db: DbOrTx, table: typeof banners | typeof notices | typeof marketingSlots, where: SQL | undefined, orderBy: SQL[], input: PageInput, view: (r: never) => T) {
  const page = await paginate(input, db.select({ total: count() }).from(table).where(where), db.select().from(table).where(where).orderBy(...orderBy));
  return { ...page, list: page.list.map((r) => view(r as never)) };
}

// ---- banners

export async function pageBanners(db: DbOrTx, input: PageInput) {
  const conds: SQL[] = [];
  if (input.keyword) conds.push(ilike(banners.title, likePattern(input.keyword)));
  if (input.platform) conds.push(eq(banners.platform, input.platform));
  if (input.siteId !== undefined) conds.push(input.siteId === 0 ? isNull(banners.siteId) : eq(banners.siteId, input.siteId));
  return paged(db, banners, conds.length ? and(...conds) : undefined, [asc(banners.platform), asc(banners.sort), asc(banners.id)], input, bannerView);
}

function bannerValues(input: BannerInput) {
  return {
    title: input.title,
    picUrl: input.picUrl,
    linkUrl: input.linkUrl ?? "",
    platform: input.platform ?? 1,
    siteId: input.siteId ?? null,
    status: input.status ?? 1,
    startTime: dateOf(input.startTime),
    endTime: dateOf(input.endTime),
  };
}

export async function addBanner(db: DbOrTx, input: BannerInput) {
  return db.transaction(async (tx) => {
    const values = bannerValues(input);
    const sort = await nextSort(tx, bannerOrder, bannerOrder.scopeOf(values));
    const [row] = await tx.insert(banners).values({ ...values, sort }).returning();
    return bannerView(row!);
  });
}

export async function updateBanner(db: DbOrTx, input: BannerInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(banners).where(eq(banners.id, input.id)).limit(1);
    if (!old) throw notFound(bannerOrder.missing);
    const values = bannerValues(input);
    const moved = values.platform !== old.platform || (values.siteId ?? null) !== (old.siteId ?? null);
    // A banner moved to another platform or site goes to the end of its new list.
    const sort = moved ? await nextSort(tx, bannerOrder, bannerOrder.scopeOf(values)) : old.sort;
    const [row] = await tx.update(banners).set({ ...values, sort }).where(eq(banners.id, input.id)).returning();
    if (moved) await closeGaps(tx, bannerOrder, bannerOrder.scopeOf(old));
    return bannerView(row!);
  });
}

export async function delBanner(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!old) throw notFound(bannerOrder.missing);
    await closeGaps(tx, bannerOrder, bannerOrder.scopeOf(old));
    return true;
  });
}

export const moveBanner = (db: DbOrTx, input: MoveInput) => moveRow(db, bannerOrder, input);

/** What learners see on a site and platform right now. */
export async function learnerBanners(db: DbOrTx, pathName: string, platform: number, now = new Date()) {
  const site = pathName ? await findSite(db, pathName) : null;
  const rows = await db
    .select()
    .from(banners)
    .where(and(liveWindow(banners, now), eq(banners.platform, platform), site ? eq(banners.siteId, site.id) : isNull(banners.siteId)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({ id: b.id, title: b.title, picUrl: freshFileUrl(b.picUrl, PICTURE_TTL), linkUrl: b.linkUrl, sort: b.sort }));
}

// ---- notices

export async function pageNotices(db: DbOrTx, input: PageInput) {
  const where = input.keyword ? ilike(notices.title, likePattern(input.keyword)) : undefined;
  return paged(db, notices, where, [asc(notices.sort), asc(notices.id)], input, noticeView);
}

function noticeValues(input: NoticeInput) {
  return { title: input.title, content: input.content ?? "", linkUrl: input.linkUrl ?? "", siteId: input.siteId ?? null, status: input.status ?? 1, startTime: dateOf(input.startTime), endTime: dateOf(input.endTime) };
}

export async function addNotice(db: DbOrTx, input: NoticeInput) {
  return db.transaction(async (tx) => {
    const values = noticeValues(input);
    const sort = await nextSort(tx, noticeOrder, noticeOrder.scopeOf(values));
    const [row] = await tx.insert(notices).values({ ...values, sort }).returning();
    return noticeView(row!);
  });
}

export async function updateNotice(db: DbOrTx, input: NoticeInput & { id: number }) {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(notices).where(eq(notices.id, input.id)).limit(1);
    if (!old) throw notFound(noticeOrder.missing);
    const values = noticeValues(input);
    const moved = (values.siteId ?? null) !== (old.siteId ?? null);
    const sort = moved ? await nextSort(tx, noticeOrder, noticeOrder.scopeOf(values)) : old.sort;
    const [row] = await tx.update(notices).set({ ...values, sort }).where(eq(notices.id, input.id)).returning();
    if (moved) await closeGaps(tx, noticeOrder, noticeOrder.scopeOf(old));
    return noticeView(row!);
  });
}

export async function delNotice(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(notices).where(eq(notices.id, id)).returning();
    if (!old) throw notFound(noticeOrder.missing);
    await closeGaps(tx, noticeOrder, noticeOrder.scopeOf(old));
    return true;
  });
}

export const moveNotice = (db: DbOrTx, input: MoveInput) => moveRow(db, noticeOrder, input);

export async function learnerNotices(db: DbOrTx, pathName: string, now = new Date()) {
  const site = pathName ? await findSite(db, pathName) : null;
  const rows = await db
    .select()
    .from(notices)
    .where(and(liveWindow(notices, now), site ? eq(notices.siteId, site.id) : isNull(notices.siteId)))
    .orderBy(asc(notices.sort), asc(notices.id))
    .limit(10);
  return rows.map((n) => ({ id: n.id, title: n.title, content: n.content, linkUrl: n.linkUrl, startTime: ms(n.startTime ?? n.createdAt) }));
}

// ---- marketing slots

export async function pageMarketing(db: DbOrTx, input: PageInput) {
  const where = input.keyword ? ilike(marketingSlots.title, likePattern(input.keyword)) : undefined;
  return paged(db, marketingSlots, where, [asc(marketingSlots.sort), asc(marketingSlots.id)], input, marketingView);
}

function marketingValues(input: MarketingInput) {
  return { title: input.title, picUrl: input.picUrl ?? "", linkUrl: input.linkUrl ?? "", description: input.description ?? "", status: input.status ?? 1, startTime: dateOf(input.startTime), endTime: dateOf(input.endTime) };
}

export async function addMarketing(db: DbOrTx, input: MarketingInput) {
  return db.transaction(async (tx) => {
    const sort = await nextSort(tx, marketingOrder, undefined);
    const [row] = await tx.insert(marketingSlots).values({ ...marketingValues(input), sort }).returning();
    return marketingView(row!);
  });
}

export async function updateMarketing(db: DbOrTx, input: MarketingInput & { id: number }) {
  const [row] = await db.update(marketingSlots).set(marketingValues(input)).where(eq(marketingSlots.id, input.id)).returning();
  if (!row) throw notFound(marketingOrder.missing);
  return marketingView(row);
}

export async function delMarketing(db: DbOrTx, id: number) {
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(marketingSlots).where(eq(marketingSlots.id, id)).returning();
    if (!old) throw notFound(marketingOrder.missing);
    await closeGaps(tx, marketingOrder, undefined);
    return true;
  });
}

export const moveMarketing = (db: DbOrTx, input: MoveInput) => moveRow(db, marketingOrder, input);

/** Marketing slots running at a moment (now by default). */
export async function marketingAt(db: DbOrTx, at?: number) {
  const rows = await db
    .select()
    .from(marketingSlots)
    .where(liveWindow(marketingSlots, at === undefined ? new Date() : new Date(at)))
    .orderBy(asc(marketingSlots.sort), desc(marketingSlots.id));
  return rows.map((m) => ({ id: m.id, title: m.title, picUrl: m.picUrl, linkUrl: m.linkUrl, description: m.description, startTime: ms(m.startTime), endTime: ms(m.endTime) }));
}
