import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { orgGroups, orgRoles, ssoIdentities, userGroups, userRoles, users } from "@db/schema";
import { fail } from "@base/errors";
import { randomToken, type SessionUser } from "../auth/session";
import type { SsoConfig } from "./config";

/** What the platform reads of a provider account, from the ID token and userinfo or from the directory. */
export interface SsoProfile {
  subject: string;
  name: string;
  /** A phone the provider vouches for (verified claim, or the directory); null otherwise. */
  phone: string | null;
  employeeNumber: string | null;
  /** Code of the person's unit in the provider's organisation tree. */
  orgCode: string | null;
  /** Codes of the person's roles; only the directory names them (undefined: leave roles alone). */
  roleCodes?: string[];
  /** False when the directory says the person has left: the account is disabled. */
  active?: boolean;
}

const NICK_CHARS = /[^\u4e00-\u9fa5A-Za-z0-9]/g;
const LOGIN_NAME = /^[A-Za-z0-9_]{1,20}$/;
/** Accounts an organisation made (back office, Excel import, this sign-on): the only ones an employee number may claim. */
const ORG_MADE = ["admin", "import", "sso"];

export const PHONE_TAKEN = "该手机号已关联其他统一认证账号，请联系管理员";
export const EMPLOYEE_TAKEN = "该工号已关联其他统一认证账号，请联系管理员";

/** A mainland phone as stored (11 or 12 digits), without +86, spaces or dashes; null when it is not one. */
export function normalisePhone(raw: unknown): string | null {
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const digits = String(raw).replace(/[\s-]/g, "").replace(/^(\+?86)(?=1\d{10}$)/, "");
  return /^\d{11,12}$/.test(digits) ? digits : null;
}

const text = (v: unknown, max: number) => (typeof v === "string" || typeof v === "number" ? String(v).trim().slice(0, max) : "");

/** The profile in the claims, read under the configured claim names. */
export function profileFromClaims(claims: Record<string, unknown> & { sub: string }, names: SsoConfig["claims"]): SsoProfile {
  const verified = claims[`${names.phone}_verified`] === true;
  return {
    subject: claims.sub,
    name: text(claims[names.name], 64),
    phone: verified ? normalisePhone(claims[names.phone]) : null,
    employeeNumber: text(claims[names.employeeNumber], 64) || null,
    orgCode: text(claims[names.org], 64) || null,
  };
}

export const nickOf = (p: SsoProfile) => (p.name.replace(NICK_CHARS, "") || `学员${p.subject.replace(NICK_CHARS, "").slice(-4)}`).slice(0, 16);

export { assertMayLogIn } from "../auth/login.service";

async function linkedElsewhere(tx: DbOrTx, issuer: string, userId: number, subject: string) {
  const [row] = await tx
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId), ne(ssoIdentities.subject, subject)))
    .limit(1);
  return !!row;
}

async function link(tx: DbOrTx, issuer: string, userId: number, p: SsoProfile, linkedBy: string) {
  const inserted = await tx
    .insert(ssoIdentities)
    .values({ issuer, subject: p.subject, userId, linkedBy, employeeNumber: p.employeeNumber })
    .onConflictDoNothing()
    .returning({ id: ssoIdentities.id });
  // Another sign-in of the same person got there first: this one's work is rolled back.
  if (!inserted.length) throw fail("登录请求重复，请重新登录");
}

async function createUser(tx: DbOrTx, p: SsoProfile) {
  const phoneFree = p.phone ? !(await tx.select({ id: users.id }).from(users).where(eq(users.mobile, p.phone)).limit(1))[0] : false;
  const names = p.employeeNumber && LOGIN_NAME.test(p.employeeNumber) ? [p.employeeNumber] : [];
  for (let i = 0; i < 5; i++) names.push(`sso_${randomToken(8).slice(0, 12)}`);
  for (const loginName of names) {
    const [row] = await tx
      .insert(users)
      .values({ loginName, nick: nickOf(p), mobile: phoneFree ? p.phone : null, registerSource: "sso" })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw fail("创建账号失败，请重试");
}

export type Outcome = "existing" | "linked" | "created";

/**
 * The platform user of a provider account: the linked one; else an existing account with the same
 * verified phone, or made by the organisation under the employee number as login name, now linked;
 * else a new account. An account already linked to another person of the same provider is never taken.
 */
export async function resolveUser(tx: DbOrTx, issuer: string, p: SsoProfile): Promise<{ user: SessionUser; outcome: Outcome }> {
  const [known] = await tx
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, p.subject)))
    .limit(1);
  if (known) return { user: known.user, outcome: "existing" };

  if (p.phone) {
    const [byPhone] = await tx.select().from(users).where(eq(users.mobile, p.phone)).limit(1);
    if (byPhone) {
      if (await linkedElsewhere(tx, issuer, byPhone.id, p.subject)) throw fail(PHONE_TAKEN);
      await link(tx, issuer, byPhone.id, p, "phone");
      return { user: byPhone, outcome: "linked" };
    }
  }
  if (p.employeeNumber && LOGIN_NAME.test(p.employeeNumber)) {
    const [byNumber] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.loginName}) = lower(${p.employeeNumber})`, inArray(users.registerSource, ORG_MADE)))
      .limit(1);
    if (byNumber) {
      if (await linkedElsewhere(tx, issuer, byNumber.id, p.subject)) throw fail(EMPLOYEE_TAKEN);
      await link(tx, issuer, byNumber.id, p, "employee");
      return { user: byNumber, outcome: "linked" };
    }
  }
  const user = await createUser(tx, p);
  await link(tx, issuer, user.id, p, "created");
  return { user, outcome: "created" };
}

/**
 * Puts the user in the provider's unit (an SSO group with that code) and, when roles are named, in
 * exactly those SSO roles. Memberships the back office gave by hand stay. True when anything changed.
 */
export async function syncMemberships(tx: DbOrTx, userId: number, p: SsoProfile): Promise<boolean> {
  let changed = false;
  if (p.orgCode) {
    const [group] = await tx
      .select({ id: orgGroups.id })
      .from(orgGroups)
      .where(and(eq(orgGroups.source, "sso"), eq(orgGroups.code, p.orgCode)))
      .limit(1);
    // A unit the tree does not have yet (initSSOOrg not run) leaves the memberships as they are.
    if (group) changed = (await setSsoMemberships(tx, "group", userId, [group.id])) || changed;
  }
  if (p.roleCodes) {
    const roles = p.roleCodes.length
      ? await tx
          .select({ id: orgRoles.id })
          .from(orgRoles)
          .where(and(eq(orgRoles.source, "sso"), inArray(orgRoles.code, p.roleCodes)))
      : [];
    changed = (await setSsoMemberships(tx, "role", userId, roles.map((r) => r.id))) || changed;
  }
  return changed;
}

async function setSsoMemberships(tx: DbOrTx, kind: "group" | "role", userId: number, wanted: number[]) {
  const tree = kind === "group" ? orgGroups : orgRoles;
  const link = kind === "group" ? { table: userGroups, node: userGroups.groupId, user: userGroups.userId } : { table: userRoles, node: userRoles.roleId, user: userRoles.userId };
  const ssoNodes = tx.select({ id: tree.id }).from(tree).where(eq(tree.source, "sso"));
  const stale = await tx
    .delete(link.table)
    .where(and(eq(link.user, userId), inArray(link.node, ssoNodes), ...(wanted.length ? [notInArray(link.node, wanted)] : [])))
    .returning({ userId: link.user });
  let added = 0;
  for (const nodeId of wanted) {
    const values = kind === "group" ? { userId, groupId: nodeId } : { userId, roleId: nodeId };
    const rows = await tx
      .insert(link.table)
      .values(values as never)
      .onConflictDoNothing()
      .returning({ userId: link.user });
    added += rows.length;
  }
  return stale.length + added > 0;
}

/**
 * What the directory says of a linked person, applied: name, phone (when no one else has it), leaving
 * (disables; coming back is the back office's call). True when anything changed.
 */
export async function applyDirectoryProfile(tx: DbOrTx, user: SessionUser, p: SsoProfile): Promise<boolean> {
  const set: Partial<typeof users.$inferInsert> = {};
  const nick = nickOf(p);
  if (p.name && nick !== user.nick) set.nick = nick;
  if (p.phone && p.phone !== user.mobile) {
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, p.phone)).limit(1);
    if (!holder) set.mobile = p.phone;
  }
  if (p.active === false && user.status === 1) set.status = 0;
  if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, user.id));
  return Object.keys(set).length > 0;
}
