import { and, asc, eq, ne, or } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { oauthPlatforms } from "@db/schema";
import { fail, notFound } from "@base/errors";
import { freshFileUrl } from "../upload/upload.service";
import type { PlatformSaveInput } from "./schemas";

export type Platform = typeof oauthPlatforms.$inferSelect;

/** What the login dialog lists (learner-front-end.md 2). */
export const publicPlatform = (p: Platform) => ({
  id: p.id,
  name: p.name,
  platformName: p.name,
  url: p.url,
  // Uploaded logos are stored signed; hand out a fresh signature each time.
  picUrl: freshFileUrl(p.picUrl, 24 * 3600),
  sort: p.sort,
  cloudRegion: p.cloudRegion,
  source: p.source,
});

export async function listPlatforms(db: DbOrTx) {
  const rows = await db.select().from(oauthPlatforms).where(eq(oauthPlatforms.enabled, 1)).orderBy(asc(oauthPlatforms.sort), asc(oauthPlatforms.id));
  return rows.map(publicPlatform);
}

/** Admin view: endpoints too, and whether the secret variable is set (never its value). */
export async function adminPlatforms(db: DbOrTx) {
  const rows = await db.select().from(oauthPlatforms).orderBy(asc(oauthPlatforms.sort), asc(oauthPlatforms.id));
  return rows.map((p) => ({
    ...publicPlatform(p),
    clientId: p.clientId,
    authorizeUrl: p.authorizeUrl,
    tokenUrl: p.tokenUrl,
    userinfoUrl: p.userinfoUrl,
    scope: p.scope,
    secretEnv: p.secretEnv ?? "",
    secretConfigured: !!(p.secretEnv && process.env[p.secretEnv]),
    enabled: p.enabled,
  }));
}

export async function savePlatform(db: DbOrTx, input: PlatformSaveInput) {
  const clash = await db
    .select({ id: oauthPlatforms.id })
    .from(oauthPlatforms)
    .where(
      and(
        or(eq(oauthPlatforms.cloudRegion, input.cloudRegion), eq(oauthPlatforms.source, input.source)),
        input.id ? ne(oauthPlatforms.id, input.id) : undefined,
      ),
    )
    .limit(1);
  if (clash.length) throw fail("云区域或来源标识已被其他平台使用");
  const values = {
    name: input.name,
    url: input.url ?? "",
    picUrl: input.picUrl ?? "",
    sort: input.sort ?? 0,
    cloudRegion: input.cloudRegion,
    source: input.source,
    clientId: input.clientId,
    authorizeUrl: input.authorizeUrl,
    tokenUrl: input.tokenUrl,
    userinfoUrl: input.userinfoUrl,
    scope: input.scope ?? "",
    secretEnv: input.secretEnv ?? null,
    enabled: input.enabled ?? 1,
  };
  if (input.id) {
    const [row] = await db.update(oauthPlatforms).set(values).where(eq(oauthPlatforms.id, input.id)).returning();
    if (!row) throw notFound("授权平台不存在");
    return publicPlatform(row);
  }
  const [row] = await db.insert(oauthPlatforms).values(values).returning();
  return publicPlatform(row!);
}

export async function removePlatform(db: DbOrTx, id: number) {
  const gone = await db.delete(oauthPlatforms).where(eq(oauthPlatforms.id, id)).returning({ id: oauthPlatforms.id });
  if (!gone.length) throw notFound("授权平台不存在");
  return { id };
}

/** Puts a platform at a 1-based position of the admin list and renumbers sort 1..n to match. */
export async function movePlatform(db: DbOrTx, id: number, position: number) {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: oauthPlatforms.id }).from(oauthPlatforms).orderBy(asc(oauthPlatforms.sort), asc(oauthPlatforms.id));
    const from = rows.findIndex((r) => r.id === id);
    if (from < 0) throw notFound("授权平台不存在");
    const [moved] = rows.splice(from, 1);
    rows.splice(Math.min(position, rows.length + 1) - 1, 0, moved!);
    for (const [i, r] of rows.entries()) await tx.update(oauthPlatforms).set({ sort: i + 1 }).where(eq(oauthPlatforms.id, r.id));
    return { id, position: rows.findIndex((r) => r.id === id) + 1 };
  });
}

export async function enablePlatform(db: DbOrTx, id: number, enabled: 0 | 1) {
  const [row] = await db.update(oauthPlatforms).set({ enabled }).where(eq(oauthPlatforms.id, id)).returning({ id: oauthPlatforms.id });
  if (!row) throw notFound("授权平台不存在");
  return { id, enabled };
}

/** The platform a call names by id, cloud region or source; with none given, the first enabled one. */
export async function findPlatform(db: DbOrTx, by: { platformId?: number; cloudRegion?: string; source?: string }) {
  const cond = by.platformId
    ? eq(oauthPlatforms.id, by.platformId)
    : by.cloudRegion
      ? eq(oauthPlatforms.cloudRegion, by.cloudRegion)
      : by.source
        ? eq(oauthPlatforms.source, by.source)
        : undefined;
  const [p] = await db
    .select()
    .from(oauthPlatforms)
    .where(and(eq(oauthPlatforms.enabled, 1), cond))
    .orderBy(asc(oauthPlatforms.sort), asc(oauthPlatforms.id))
    .limit(1);
  if (!p) throw notFound("授权平台不存在或未启用");
  return p;
}
