import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { apps, pageElements, positions, userPositions, users } from "@db/schema";
import { notFound } from "@base/errors";

const positionView = (p: typeof positions.$inferSelect) => ({ id: p.id, positionId: p.id, name: p.name, positionName: p.name, type: p.type });

export async function userPositionIds(db: DbOrTx, userId: number) {
  const rows = await db.select({ id: userPositions.positionId }).from(userPositions).where(eq(userPositions.userId, userId));
  return rows.map((r) => r.id);
}

export async function positionsOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ p: positions })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(eq(userPositions.userId, userId))
    .orderBy(asc(positions.id));
  return rows.map((r) => positionView(r.p));
}

export async function allPositions(db: DbOrTx, type?: number) {
  const rows = await db.select().from(positions).where(type ? eq(positions.type, type) : undefined).orderBy(asc(positions.id));
  return rows.map(positionView);
}

/** Replaces the user's positions with the given list. */
export async function bindPositions(db: DbOrTx, userId: number, positionIds: number[]) {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!u) throw notFound("用户不存在或已删除");
    const ids = [...new Set(positionIds)];
    if (ids.length) {
      const found = await tx.select({ id: positions.id }).from(positions).where(inArray(positions.id, ids));
      if (found.length !== ids.length) throw notFound("岗位不存在或已删除");
    }
    await tx.delete(userPositions).where(eq(userPositions.userId, userId));
    if (ids.length) await tx.insert(userPositions).values(ids.map((positionId) => ({ userId, positionId })));
    return positionsOfUser(tx, userId);
  });
}

/** Elements of a page the user may see: the open ones plus those of the user's positions. */
export async function elementsFor(db: DbOrTx, userId: number, pageUrl: string) {
  const mine = await userPositionIds(db, userId);
  const visible = mine.length ? or(isNull(pageElements.positionId), inArray(pageElements.positionId, mine)) : isNull(pageElements.positionId);
  const rows = await db.select().from(pageElements).where(and(eq(pageElements.pageUrl, pageUrl), visible)).orderBy(asc(pageElements.id));
  return rows.map((e) => ({ id: e.id, code: e.code, name: e.name, pageUrl: e.pageUrl }));
}

const appView = (a: typeof apps.$inferSelect) => ({ id: a.id, appId: a.id, name: a.name, appName: a.name, code: a.code, url: a.url, icon: a.icon ?? "", sort: a.sort });

export async function allApps(db: DbOrTx) {
  return (await db.select().from(apps).orderBy(asc(apps.sort), asc(apps.id))).map(appView);
}

export async function appsFor(db: DbOrTx, userId: number) {
  const mine = await userPositionIds(db, userId);
  const visible = mine.length ? or(isNull(apps.positionId), inArray(apps.positionId, mine)) : isNull(apps.positionId);
  return (await db.select().from(apps).where(visible).orderBy(asc(apps.sort), asc(apps.id))).map(appView);
}
