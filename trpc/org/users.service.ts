import { and, count, desc, eq, gt, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { sessions, users } from "@db/schema";
import { unlockUser } from "../auth/login.service";
import { invalidateUserSessions, type SessionUser } from "../auth/session";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import type { UserPageInput } from "./schemas";

export const USER_NOT_FOUND = "用户不存在或已删除";
export const SELF_DISABLE = "不能禁用当前登录的账号";

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** A user as the back office sees it: the full mobile, the lock and the login history. */
export function adminUserView(user: SessionUser, now = Date.now()) {
  return {
    userId: user.id,
    loginName: user.loginName,
    nick: user.nick,
    headPic: user.headPic ?? "",
    mobile: user.mobile ?? "",
    status: user.status,
    isAdmin: user.isAdmin,
    isTeacher: user.isTeacher,
    isPurchaser: user.isPurchaser,
    isComplete: [1, 2, 3].includes(user.identitySource),
    locked: !!user.lockedUntil && user.lockedUntil.getTime() > now,
    lockedUntil: ms(user.lockedUntil),
    failedLoginCount: user.failedLoginCount,
    registerSource: user.registerSource,
    learnHour: user.learnHour,
    learnLesson: user.learnLesson,
    learnTime: user.learnTime,
    lastLoginAt: ms(user.lastLoginAt),
    createdAt: user.createdAt.getTime(),
  };
}
export type AdminUserView = ReturnType<typeof adminUserView>;

export async function pageUsers(db: DbOrTx, input: UserPageInput) {
  const now = new Date();
  // Deleted accounts (status -1) are kept for history but never listed.
  const conds: SQL[] = [ne(users.status, -1)];
  if (input.keyword) {
    const like = likePattern(input.keyword);
    conds.push(or(ilike(users.loginName, like), ilike(users.nick, like), ilike(users.mobile, like))!);
  }
  if (input.status !== undefined) conds.push(eq(users.status, input.status));
  if (input.isAdmin !== undefined) conds.push(eq(users.isAdmin, input.isAdmin));
  if (input.locked === true) conds.push(gt(users.lockedUntil, now));
  if (input.locked === false) conds.push(or(isNull(users.lockedUntil), lte(users.lockedUntil, now))!);
  const where = conds.length ? and(...conds) : undefined;

  const page = await paginate(input, db.select({ total: count() }).from(users).where(where), db.select().from(users).where(where).orderBy(desc(users.id)));
  return { ...page, list: page.list.map((u) => adminUserView(u, now.getTime())) };
}

async function findUser(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function getUserDetail(db: DbOrTx, userId: number) {
  const user = await findUser(db, userId);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return { ...adminUserView(user), sessionCount: n };
}

/**
 * Enables or disables users in one go; every id must exist or nothing changes.
 * Disabling ends the users' sessions so they are logged out at once.
 */
export async function setUsersStatus(db: DbOrTx, actor: SessionUser, ids: number[], status: 0 | 1) {
  if (status === 0 && ids.includes(actor.id)) throw fail(SELF_DISABLE);
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    const known = new Set(found.map((r) => r.id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw notFound(ids.length === 1 ? USER_NOT_FOUND : `用户不存在：${missing.join("、")}`);
    await tx.update(users).set({ status }).where(inArray(users.id, ids));
    if (status === 0) for (const id of ids) await invalidateUserSessions(tx, id);
    return { count: ids.length, status };
  });
}

export async function unlockUserById(db: DbOrTx, userId: number) {
  await findUser(db, userId);
  await unlockUser(db, userId);
  return getUserDetail(db, userId);
}

/** Figures for the back-office home. */
export async function userStats(db: DbOrTx) {
  const now = new Date().toISOString();
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const n = (cond: SQL) => sql<number>`count(*) filter (where ${cond})`.mapWith(Number);
  const [row] = await db
    .select({
      total: count(),
      admins: n(sql`${users.isAdmin} = 1`),
      disabled: n(sql`${users.status} <> 1`),
      locked: n(sql`${users.lockedUntil} > ${now}::timestamptz`),
      activeWeek: n(sql`${users.lastLoginAt} > ${weekAgo}::timestamptz`),
      newWeek: n(sql`${users.createdAt} > ${weekAgo}::timestamptz`),
    })
    .from(users);
  return row ?? { total: 0, admins: 0, disabled: 0, locked: 0, activeWeek: 0, newWeek: 0 };
}
