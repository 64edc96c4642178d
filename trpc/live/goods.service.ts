import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { liveGoods } from "@db/schema";
import { notFound } from "@base/errors";
import { publishLive } from "./events";
import { findLive, findWatchableLive } from "./room.service";
import type { LiveRef } from "./schemas";

type Goods = typeof liveGoods.$inferSelect;
export const goodsView = (g: Goods) => ({ goodsId: g.id, id: g.id, liveId: g.liveId, name: g.name, coverUrl: g.coverUrl ?? "", price: g.price, linkUrl: g.linkUrl ?? "", status: g.status, clicks: g.clicks, sort: g.sort });

async function findGoods(db: DbOrTx, id: number) {
  const [g] = await db.select().from(liveGoods).where(eq(liveGoods.id, id));
  if (!g) throw notFound("商品不存在或已删除");
  return g;
}

/** The goods put up in the room (learners) or all of them (back office). */
export async function goodsList(db: DbOrTx, liveId: number, opts: { all?: boolean } = {}) {
  const where = opts.all ? eq(liveGoods.liveId, liveId) : and(eq(liveGoods.liveId, liveId), eq(liveGoods.status, 1));
  return (await db.select().from(liveGoods).where(where).orderBy(asc(liveGoods.sort), asc(liveGoods.id))).map(goodsView);
}

// The goods put up are shown in the room (with their links), so learners reach them where they may watch.

/** goodsList for a learner (userId) or a visitor (null). */
export async function roomGoods(db: DbOrTx, ref: LiveRef, userId: number | null) {
  return goodsList(db, (await findWatchableLive(db, ref, userId)).id);
}

export async function goodsDetail(db: DbOrTx, id: number) {
  return goodsView(await findGoods(db, id));
}

/** Counts a click on a goods card by a viewer of its room (it answers the link); goods taken down are not counted. */
export async function goodsClick(db: DbOrTx, id: number, userId: number | null) {
  const [shown] = await db.select({ liveId: liveGoods.liveId }).from(liveGoods).where(eq(liveGoods.id, id));
  if (shown) await findWatchableLive(db, { liveId: shown.liveId }, userId);
  const [g] = await db.update(liveGoods).set({ clicks: sql`${liveGoods.clicks} + 1` }).where(and(eq(liveGoods.id, id), eq(liveGoods.status, 1))).returning();
  if (!g) throw notFound("商品已下架");
  return { clicks: g.clicks, linkUrl: g.linkUrl ?? "" };
}

export async function saveGoods(db: DbOrTx, input: { id?: number; liveId: number; name: string; coverUrl?: string; price?: number; linkUrl?: string }) {
  await findLive(db, { liveId: input.liveId }, { admin: true });
  const values = { liveId: input.liveId, name: input.name, coverUrl: input.coverUrl ?? null, price: input.price ?? 0, linkUrl: input.linkUrl ?? null };
  if (input.id) {
    const before = await findGoods(db, input.id);
    const [g] = await db.update(liveGoods).set(values).where(eq(liveGoods.id, input.id)).returning();
    if (before.status === 1) await announce(db, input.liveId);
    return goodsView(g!);
  }
  const [g] = await db.insert(liveGoods).values(values).returning();
  return goodsView(g!);
}

/** Put up (1) or take down (0); the room gets the new list. */
export async function putOrDown(db: DbOrTx, id: number, status: number) {
  const g = await findGoods(db, id);
  const [u] = await db.update(liveGoods).set({ status }).where(eq(liveGoods.id, id)).returning();
  await announce(db, g.liveId, status === 1 ? goodsView(u!) : undefined);
  return goodsView(u!);
}

export async function deleteGoods(db: DbOrTx, id: number) {
  const g = await findGoods(db, id);
  await db.delete(liveGoods).where(eq(liveGoods.id, id));
  if (g.status === 1) await announce(db, g.liveId);
  return { success: true };
}

async function announce(db: DbOrTx, liveId: number, highlighted?: ReturnType<typeof goodsView>) {
  await publishLive(liveId, "goods", { list: await goodsList(db, liveId) });
  if (highlighted) await publishLive(liveId, "good", highlighted);
}
