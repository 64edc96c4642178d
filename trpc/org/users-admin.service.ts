import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { examMembers, exams, oauthBindings, orgGroups, orgRoles, tags, userGroups, userRoles, userTags, users } from "@db/schema";
import { userExists } from "../auth/login.service";
import { hashPassword } from "../auth/password";
import { invalidateUserSessions, type SessionUser } from "../auth/session";
import { fail, notFound } from "@base/errors";
import { paginate } from "@base/paging";
import { likePattern } from "@base/sql";
import type { AddUserInput, AssignInput, PagedInput, UpdateUserInput } from "./schemas";
import { descendantIds, ensureNodesExist } from "./tree.service";
import { adminUserView, USER_NOT_FOUND } from "./users.service";

/** Status of a deleted account: kept for history, never listed or logged in. */
export const DELETED_STATUS = -1;
export const SELF_DELETE = "不能删除当前登录的账号";

const notDeleted = ne(users.status, DELETED_STATUS);

async function findLiveUser(db: DbOrTx, userId: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), notDeleted))
    .limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

/** Groups, roles and tags a user holds directly. */
export async function membershipsOf(db: DbOrTx, userId: number) {
  const [groups, roles, tagRows] = await Promise.all([
    db.select({ id: orgGroups.id, name: orgGroups.name }).from(userGroups).innerJoin(orgGroups, eq(orgGroups.id, userGroups.groupId)).where(eq(userGroups.userId, userId)).orderBy(asc(orgGroups.id)),
    db.select({ id: orgRoles.id, name: orgRoles.name }).from(userRoles).innerJoin(orgRoles, eq(orgRoles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)).orderBy(asc(orgRoles.id)),
    db.select({ id: tags.id, name: tags.name }).from(userTags).innerJoin(tags, eq(tags.id, userTags.tagId)).where(eq(userTags.userId, userId)).orderBy(asc(tags.id)),
  ]);
  return { groups, roles, tags: tagRows };
}

export async function lookupUser(db: DbOrTx, input: { userId?: number; id?: number; loginName?: string; mobile?: string }) {
  const id = input.userId ?? input.id;
  const cond = id
    ? eq(users.id, id)
    : input.loginName
      ? sql`lower(${users.loginName}) = lower(${input.loginName})`
      : eq(users.mobile, input.mobile!);
  const [user] = await db.select().from(users).where(and(cond, notDeleted)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  return { ...adminUserView(user), ...(await membershipsOf(db, user.id)) };
}

/** Where accounts came from, with how many each. */
export async function registerTypes(db: DbOrTx) {
  const names: Record<string, string> = { web: "网站注册", admin: "后台添加", import: "Excel导入", third: "授权平台", sso: "单点登录", app: "移动端" };
  const rows = await db.select({ code: users.registerSource, n: count() }).from(users).where(notDeleted).groupBy(users.registerSource);
  const counts = new Map(rows.map((r) => [r.code, r.n]));
  const codes = [...new Set([...Object.keys(names), ...counts.keys()])];
  return codes.map((code) => ({ code, name: names[code] ?? code, count: counts.get(code) ?? 0 }));
}

async function pageWhere(db: DbOrTx, where: SQL | undefined, input: PagedInput) {
  const conds: SQL[] = [notDeleted];
  if (where) conds.push(where);
  if (input.keyword) {
    const like = likePattern(input.keyword);
    conds.push(or(ilike(users.loginName, like), ilike(users.nick, like), ilike(users.mobile, like))!);
  }
  const all = and(...conds);
  const page = await paginate(input, db.select({ total: count() }).from(users).where(all), db.select().from(users).where(all).orderBy(desc(users.id)));
  return { ...page, list: page.list.map((u) => adminUserView(u)) };
}

/** Short list of every account for pickers (id, names). */
export async function allCustomers(db: DbOrTx, input: PagedInput) {
  const page = await pageWhere(db, undefined, { ...input, pageSize: Math.max(input.pageSize, 100) });
  return page.list.map((u) => ({ userId: u.userId, loginName: u.loginName, nick: u.nick, mobile: u.mobile }));
}

export const pageBySource = (db: DbOrTx, source: string, input: PagedInput) => pageWhere(db, eq(users.registerSource, source), input);

/** Users of a group and of every group below it. */
export async function pageGroupMembers(db: DbOrTx, groupId: number, input: PagedInput) {
  await ensureNodesExist(db, "group", [groupId]);
  const ids = await descendantIds(db, "group", groupId);
  const inGroups = sql`exists (select 1 from ${userGroups} ug where ug.user_id = ${users.id} and ug.group_id in ${ids})`;
  return pageWhere(db, inGroups, input);
}

/** Users who have not joined an exam (for the admin's "add members" picker). */
export async function pageNotJoinedExam(db: DbOrTx, examId: number, input: PagedInput) {
  const [exam] = await db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId)).limit(1);
  if (!exam) throw notFound("考试不存在或已删除");
  const outside = sql`not exists (select 1 from ${examMembers} em where em.user_id = ${users.id} and em.exam_id = ${examId})`;
  return pageWhere(db, outside, input);
}

/** Accounts that log in from an authorised platform (bound at least once). */
export const pageThirdUsers = (db: DbOrTx, input: PagedInput) =>
  pageWhere(db, sql`(${users.registerSource} = 'third' or exists (select 1 from ${oauthBindings} ob where ob.user_id = ${users.id}))`, input);

const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
/** 12 characters meeting the password rule (upper, lower, digit and one of !@#$). */
export function generatePassword(): string {
  const pick = (s: string) => s[randomInt(s.length)]!;
  const chars = [pick("ABCDEFGHJKLMNPQRSTUVWXYZ"), pick("abcdefghijkmnopqrstuvwxyz"), pick("23456789"), pick("!@#$")];
  while (chars.length < 12) chars.push(pick(PASSWORD_ALPHABET));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

/** Admin creates an account; a generated password is answered once so the admin can hand it over. */
export async function addUser(db: DbOrTx, input: AddUserInput) {
  if (await userExists(db, "loginName", input.loginName)) throw fail("该用户名已被使用");
  if (input.mobile && (await userExists(db, "mobile", input.mobile))) throw fail("该手机号已被注册");
  const password = input.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await ensureNodesExist(tx, "group", input.groupIds ?? []);
    await ensureNodesExist(tx, "role", input.roleIds ?? []);
    const [row] = await tx
      .insert(users)
      .values({
        loginName: input.loginName,
        nick: input.nick,
        mobile: input.mobile ?? null,
        passwordHash,
        isAdmin: input.isAdmin ?? 0,
        isTeacher: input.isTeacher ?? 0,
        registerSource: "admin",
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fail("该用户名或手机号已被注册");
    await assign(tx, { userIds: [row.id], groupIds: input.groupIds ?? [], roleIds: input.roleIds ?? [], tagIds: [] }, "add");
    return { ...adminUserView(row), generatedPassword: input.password ? null : password };
  });
}

export async function updateUser(db: DbOrTx, actor: SessionUser, input: UpdateUserInput) {
  const user = await findLiveUser(db, input.userId);
  if (input.isAdmin === 0 && actor.id === user.id) throw fail("不能取消当前登录账号的管理员身份");
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.loginName !== undefined && input.loginName.toLowerCase() !== user.loginName.toLowerCase()) {
    if (await userExists(db, "loginName", input.loginName)) throw fail("该用户名已被使用");
    set.loginName = input.loginName;
  }
  if (input.mobile !== undefined && (input.mobile || null) !== user.mobile) {
    if (input.mobile && (await userExists(db, "mobile", input.mobile))) throw fail("该手机号已被注册");
    set.mobile = input.mobile || null;
  }
  if (input.nick !== undefined) set.nick = input.nick;
  if (input.isAdmin !== undefined) set.isAdmin = input.isAdmin;
  if (input.isTeacher !== undefined) set.isTeacher = input.isTeacher;
  if (input.password) set.passwordHash = await hashPassword(input.password);
  if (Object.keys(set).length) {
    await db.transaction(async (tx) => {
      await tx.update(users).set(set).where(eq(users.id, user.id));
      // A new password ends every session of that user.
      if (set.passwordHash) await invalidateUserSessions(tx, user.id);
    });
  }
  return lookupUser(db, { userId: user.id });
}

/** Soft delete: the row stays for history; the login name and phone are freed for reuse. */
export async function deleteUsers(db: DbOrTx, actor: SessionUser, ids: number[]) {
  if (ids.includes(actor.id)) throw fail(SELF_DELETE);
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), notDeleted));
    const known = new Set(found.map((r) => r.id));
    const missing = ids.filter((i) => !known.has(i));
    if (missing.length) throw notFound(ids.length === 1 ? USER_NOT_FOUND : `用户不存在：${missing.join("、")}`);
    for (const id of ids) {
      await tx
        .update(users)
        .set({ status: DELETED_STATUS, loginName: `del_${id}_${randomInt(36 ** 3).toString(36)}`.slice(0, 20), mobile: null, passwordHash: null })
        .where(eq(users.id, id));
      await invalidateUserSessions(tx, id);
    }
    return { count: ids.length };
  });
}

export async function checkNames(db: DbOrTx, input: { mobile?: string; loginName?: string; userId?: number }) {
  const taken = async (field: "mobile" | "loginName", value?: string) => {
    if (!value) return false;
    const cond = field === "mobile" ? eq(users.mobile, value) : sql`lower(${users.loginName}) = lower(${value})`;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(input.userId ? and(cond, ne(users.id, input.userId)) : cond)
      .limit(1);
    return rows.length > 0;
  };
  const mobileExists = await taken("mobile", input.mobile);
  const loginNameExists = await taken("loginName", input.loginName);
  return { mobileExists, loginNameExists, available: !mobileExists && !loginNameExists };
}

/** Adds or removes group, role and tag memberships for users; unknown ids refuse the whole call. */
export async function assign(db: DbOrTx, input: AssignInput, op: "add" | "remove") {
  const run = async (tx: DbOrTx) => {
    const found = await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, input.userIds), notDeleted));
    if (found.length !== input.userIds.length) {
      const known = new Set(found.map((r) => r.id));
      throw notFound(`用户不存在：${input.userIds.filter((i) => !known.has(i)).join("、")}`);
    }
    if (op === "add") {
      await ensureNodesExist(tx, "group", input.groupIds);
      await ensureNodesExist(tx, "role", input.roleIds);
      if (input.tagIds.length) {
        const t = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tagIds));
        if (t.length !== input.tagIds.length) throw notFound("标签不存在或已删除");
      }
      for (const userId of input.userIds) {
        if (input.groupIds.length) await tx.insert(userGroups).values(input.groupIds.map((groupId) => ({ userId, groupId }))).onConflictDoNothing();
        if (input.roleIds.length) await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId, roleId }))).onConflictDoNothing();
        if (input.tagIds.length) await tx.insert(userTags).values(input.tagIds.map((tagId) => ({ userId, tagId }))).onConflictDoNothing();
      }
    } else {
      if (input.groupIds.length) await tx.delete(userGroups).where(and(inArray(userGroups.userId, input.userIds), inArray(userGroups.groupId, input.groupIds)));
      if (input.roleIds.length) await tx.delete(userRoles).where(and(inArray(userRoles.userId, input.userIds), inArray(userRoles.roleId, input.roleIds)));
      if (input.tagIds.length) await tx.delete(userTags).where(and(inArray(userTags.userId, input.userIds), inArray(userTags.tagId, input.tagIds)));
    }
    return { count: input.userIds.length };
  };
  return db.transaction(run);
}

export function requireTargets(input: AssignInput, need: "group" | "role" | "tag" | "any") {
  const has = { group: input.groupIds.length > 0, role: input.roleIds.length > 0, tag: input.tagIds.length > 0 };
  if (need === "any" ? !has.group && !has.role && !has.tag : !has[need])
    throw fail(need === "group" ? "请选择组织" : need === "role" ? "请选择角色" : need === "tag" ? "请选择标签" : "请选择组织或角色");
  return input;
}
