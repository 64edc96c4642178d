import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { oauthAuthorizations, oauthBindings, oauthPlatforms, users } from "@db/schema";
import { maskMobile } from "@base/format";
import { randomToken, type SessionUser } from "../auth/session";
import { fail } from "@base/errors";
import type { ProviderUser } from "./flow.service";

export const AUTHORIZATION_TTL_MS = 15 * 60 * 1000;
export const AUTHORIZATION_EXPIRED = "授权已失效，请重新发起授权";

/**
 * The decision after the provider answered:
 * 0 log in or continue (a binding exists, or was made now),
 * 1 the logged-in account's phone differs from the platform's phone (rebind or continue),
 * 2 the other side is already bound to a different account (rebind or feedback).
 */
export type Decision =
  | { resultType: 0; userId: number; bind: boolean; create: boolean }
  | { resultType: 1 | 2; conflictUserId: number | null };

export async function bindingOfProvider(db: DbOrTx, platformId: number, providerUserId: string) {
  const [b] = await db
    .select()
    .from(oauthBindings)
    .where(and(eq(oauthBindings.platformId, platformId), eq(oauthBindings.providerUserId, providerUserId)))
    .limit(1);
  return b ?? null;
}

async function bindingOfUser(db: DbOrTx, platformId: number, userId: number) {
  const [b] = await db
    .select()
    .from(oauthBindings)
    .where(and(eq(oauthBindings.platformId, platformId), eq(oauthBindings.userId, userId)))
    .limit(1);
  return b ?? null;
}

async function liveUserByMobile(db: DbOrTx, mobile: string) {
  if (!mobile) return null;
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), ne(users.status, -1)))
    .limit(1);
  return u ?? null;
}

export async function decide(db: DbOrTx, platformId: number, p: ProviderUser, current: SessionUser | null): Promise<Decision> {
  const existing = await bindingOfProvider(db, platformId, p.id);
  if (current) {
    if (existing) return existing.userId === current.id ? { resultType: 0, userId: current.id, bind: false, create: false } : { resultType: 2, conflictUserId: existing.userId };
    if (p.mobile && current.mobile && p.mobile !== current.mobile) return { resultType: 1, conflictUserId: null };
    const mine = await bindingOfUser(db, platformId, current.id);
    if (mine) return { resultType: 2, conflictUserId: current.id };
    return { resultType: 0, userId: current.id, bind: true, create: false };
  }
  if (existing) return { resultType: 0, userId: existing.userId, bind: false, create: false };
  const byPhone = await liveUserByMobile(db, p.mobile);
  if (byPhone) {
    const other = await bindingOfUser(db, platformId, byPhone.id);
    if (other) return { resultType: 2, conflictUserId: byPhone.id };
    return { resultType: 0, userId: byPhone.id, bind: true, create: false };
  }
  return { resultType: 0, userId: 0, bind: true, create: true };
}

const NICK_CHARS = /[^\u4e00-\u9fa5A-Za-z0-9]/g;

/** A local account for a platform user seen for the first time. */
export async function createAccountFor(db: DbOrTx, platform: { cloudRegion: string }, p: ProviderUser) {
  const nick = (p.name.replace(NICK_CHARS, "") || `学员${p.id.slice(-4)}`).slice(0, 16);
  for (let i = 0; i < 5; i++) {
    const loginName = `t_${platform.cloudRegion.replace(/[^A-Za-z0-9_]/g, "").slice(0, 6)}_${randomToken(5).slice(0, 8)}`.slice(0, 20);
    const [row] = await db
      .insert(users)
      .values({ loginName, nick, mobile: p.mobile && /^\d{11,12}$/.test(p.mobile) ? p.mobile : null, headPic: p.avatar || null, registerSource: "third" })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw fail("创建账号失败，请重试");
}

/** Binds, replacing whatever either side was bound to on this platform. */
export async function bindExclusive(db: DbOrTx, platformId: number, userId: number, p: ProviderUser) {
  await db.delete(oauthBindings).where(and(eq(oauthBindings.platformId, platformId), eq(oauthBindings.providerUserId, p.id)));
  await db.delete(oauthBindings).where(and(eq(oauthBindings.platformId, platformId), eq(oauthBindings.userId, userId)));
  await db.insert(oauthBindings).values({ platformId, userId, providerUserId: p.id, providerName: p.name || null, providerMobile: p.mobile || null });
}

export async function saveAuthorization(
  db: DbOrTx,
  platformId: number,
  p: ProviderUser,
  current: SessionUser | null,
  resultType: 1 | 2,
  returnTo: string,
) {
  const id = randomToken(20);
  await db.insert(oauthAuthorizations).values({
    id,
    platformId,
    providerUserId: p.id,
    name: p.name || null,
    userName: p.userName || null,
    mobile: p.mobile || null,
    picUrl: p.avatar || null,
    userId: current?.id ?? null,
    resultType,
    returnTo,
    expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
  });
  return id;
}

export async function openAuthorization(db: DbOrTx, id: string | undefined) {
  if (!id) throw fail(AUTHORIZATION_EXPIRED);
  const [row] = await db
    .select({ a: oauthAuthorizations, platform: oauthPlatforms })
    .from(oauthAuthorizations)
    .innerJoin(oauthPlatforms, eq(oauthPlatforms.id, oauthAuthorizations.platformId))
    .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.consumedAt), gt(oauthAuthorizations.expiresAt, new Date())))
    .limit(1);
  if (!row) throw fail(AUTHORIZATION_EXPIRED);
  return row;
}

export const providerUserOf = (a: typeof oauthAuthorizations.$inferSelect): ProviderUser => ({
  id: a.providerUserId,
  name: a.name ?? "",
  userName: a.userName ?? "",
  mobile: a.mobile ?? "",
  avatar: a.picUrl ?? "",
});

/** The Bind-relation result of learner-front-end.md 3. */
export async function bindRelationResult(db: DbOrTx, a: typeof oauthAuthorizations.$inferSelect, resultType: number, conflictUserId: number | null) {
  const list: Array<{ name: string; mobile: string; platformType: 0 | 1 }> = [];
  const localId = conflictUserId ?? a.userId;
  if (localId) {
    const [u] = await db.select().from(users).where(eq(users.id, localId)).limit(1);
    if (u) list.push({ name: u.nick, mobile: maskMobile(u.mobile), platformType: 0 });
  }
  if (a.mobile) list.push({ name: a.name ?? "", mobile: maskMobile(a.mobile), platformType: 1 });
  return {
    resultType,
    bindRelationUserList: list,
    authorizationUser: { name: a.name ?? "", userName: a.userName ?? "", picUrl: a.picUrl ?? "", authorizationUserMobile: maskMobile(a.mobile) },
  };
}
