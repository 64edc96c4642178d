import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { loginAttempts, users } from "@db/schema";
import { AppError, LegacyCode, fail } from "@base/errors";
import type { LoginInput } from "./schemas";
import { timingGuardHash, verifyPassword } from "./password";
import { consumeQrTicket } from "./qr.service";
import type { SessionUser, User } from "./session";
import { giveBack, LOGIN_FAILURES_PER_IP, take, type Hit } from "./rate-limit.service";
import { consumeSmsCode } from "./sms.service";
import { recordSecurityEvent } from "../tool/audit.service";

export const MAX_PASSWORD_FAILURES = 5;
export const LOCK_MINUTES = 30;

export const LOCKED_MESSAGE = `密码错误次数过多，账号已锁定${LOCK_MINUTES}分钟，可通过找回密码或联系管理员解锁`;
const WRONG_CREDENTIALS = "账号或密码错误";

/** What a failed try's reason code means, as the audit log shows it. */
const REASON_TEXT: Record<string, string> = {
  "no-account": "账号不存在",
  "wrong-password": "密码错误",
  locked: "账号已锁定",
  "too-frequent": "尝试过于频繁",
  "bad-code": "验证码错误",
};

/**
 * One login try, whatever the way (password, SMS, QR, single sign-on, face): a row of login_attempts and
 * the same try as a security event of the audit log (decision 034).
 */
export async function recordLoginAttempt(
  db: DbOrTx,
  a: { account: string; userId?: number; name?: string; method: string; success: boolean; reason?: string; ip?: string },
) {
  await db.insert(loginAttempts).values({
    account: a.account.slice(0, 32),
    userId: a.userId,
    method: a.method,
    success: a.success ? 1 : 0,
    reason: a.reason,
    ip: a.ip,
  });
  const actor = { id: a.userId ?? null, name: (a.name || a.account).slice(0, 32), ip: a.ip ?? "" };
  const detail = { entityId: a.userId ?? a.account.slice(0, 32), changes: { method: a.method, account: a.account.slice(0, 32), ...(a.reason ? { reason: a.reason } : {}) } };
  if (a.success) await recordSecurityEvent(db, actor, "auth.login.success", detail);
  else await recordSecurityEvent(db, actor, "auth.login.failed", { ...detail, outcome: 0, message: a.reason ? (REASON_TEXT[a.reason] ?? a.reason) : "" });
}
const record = recordLoginAttempt;

export function isLocked(user: SessionUser, now = Date.now()) {
  return !!user.lockedUntil && user.lockedUntil.getTime() > now;
}

export function assertEnabled(user: SessionUser) {
  if (user.status !== 1) throw fail("账号已被禁用，请联系管理员");
}

/** The usual refusals of a login that checks no password (single sign-on, face): a disabled account, or one locked after wrong passwords. */
export function assertMayLogIn(user: SessionUser) {
  assertEnabled(user);
  if (isLocked(user)) throw new AppError(LegacyCode.locked, LOCKED_MESSAGE);
}

async function passwordLogin(db: DbOrTx, account: string, password: string, ip: string) {
  const found = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.loginName}) = lower(${account})`, eq(users.mobile, account)))
    // When the account is someone's phone, that phone's owner is meant.
    .orderBy(sql`(${users.mobile} = ${account}) desc nulls last`)
    .limit(1);
  const user = found[0];
  if (!user) {
    // Spend the same effort as a real check so timing does not reveal which accounts exist.
    await verifyPassword(await timingGuardHash(), password);
    await record(db, { account, method: "password", success: false, reason: "no-account", ip });
    throw fail(WRONG_CREDENTIALS);
  }
  if (isLocked(user)) {
    await record(db, { account, userId: user.id, method: "password", success: false, reason: "locked", ip });
    throw new AppError(LegacyCode.locked, LOCKED_MESSAGE);
  }
  assertEnabled(user);
  // A try is claimed before the slow hash, in one conditional update: parallel guesses cannot all pass
  // the count, and the claim that reaches the limit sets the lock (lifted again if its password is right).
  const now = new Date();
  const reaches = sql`${users.failedLoginCount} + 1 >= ${MAX_PASSWORD_FAILURES}`;
  const [claim] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${reaches} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(users.id, user.id), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ failures: users.failedLoginCount, lockedUntil: users.lockedUntil });
  if (!claim) {
    await record(db, { account, userId: user.id, method: "password", success: false, reason: "locked", ip });
    throw new AppError(LegacyCode.locked, LOCKED_MESSAGE);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await record(db, { account, userId: user.id, method: "password", success: false, reason: "wrong-password", ip });
    if (claim.lockedUntil)
      await recordSecurityEvent(db, { id: user.id, name: user.nick || user.loginName, ip }, "auth.lockout", { entityId: user.id, changes: { lockedUntil: claim.lockedUntil.toISOString(), minutes: LOCK_MINUTES } });
    if (claim.lockedUntil) throw new AppError(LegacyCode.locked, LOCKED_MESSAGE);
    const left = MAX_PASSWORD_FAILURES - claim.failures;
    throw fail(left <= 2 ? `${WRONG_CREDENTIALS}，再错${left}次账号将被锁定` : WRONG_CREDENTIALS);
  }
  return user;
}

/** A phone that has no account yet gets one on its first SMS login (quick login registers). */
async function smsLogin(db: DbOrTx, mobile: string, code: string, ip: string) {
  await consumeSmsCode(db, mobile, "login", code);
  const found = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  let user = found[0];
  if (!user) {
    const inserted = await db
      .insert(users)
      .values({ loginName: `m${mobile}`, mobile, nick: `学员${mobile.slice(-4)}`, registerSource: "sms" })
      .onConflictDoNothing()
      .returning();
    user = inserted[0] ?? (await db.select().from(users).where(eq(users.mobile, mobile)).limit(1))[0];
    if (!user) throw fail("登录失败，请稍后再试");
  }
  assertEnabled(user);
  return user;
}

/** Checks the credentials of any login way and returns the user; records every try. */
export async function authenticate(db: DbOrTx, input: LoginInput, ip: string): Promise<User> {
  let user: User;
  let account: string;
  // Every password or code try from this address takes a unit; a login that succeeds hands it back.
  let hit: Hit | undefined;
  if (input.authentication_type !== "qr_code") {
    const tried = input.authentication_type === "password" ? input.account : input.mobile_number;
    try {
      hit = await take(db, LOGIN_FAILURES_PER_IP, ip);
    } catch (e) {
      await record(db, { account: tried, method: input.authentication_type, success: false, reason: "too-frequent", ip });
      throw e;
    }
  }
  if (input.authentication_type === "password") {
    account = input.account;
    user = await passwordLogin(db, input.account, input.password, ip);
  } else if (input.authentication_type === "sms") {
    account = input.mobile_number;
    try {
      user = await smsLogin(db, input.mobile_number, input.captcha_code, ip);
    } catch (e) {
      await record(db, { account, method: "sms", success: false, reason: "bad-code", ip });
      throw e;
    }
  } else {
    account = "qr";
    const userId = await consumeQrTicket(db, input.qrCodeToken, input.qrCodeTicket);
    const found = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!found[0]) throw fail("二维码已失效，请刷新");
    user = found[0];
    assertEnabled(user);
  }
  await db
    .update(users)
    .set({ failedLoginCount: 0, lastLoginAt: new Date(), ...(input.authentication_type === "password" ? { lockedUntil: null } : {}) })
    .where(eq(users.id, user.id));
  await record(db, { account, userId: user.id, name: user.nick, method: input.authentication_type, success: true, ip });
  if (hit) await giveBack(db, hit);
  return user;
}

/** Clears a lock: an admin's unlock, or a password reset proven by SMS. */
export async function unlockUser(db: DbOrTx, userId: number) {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export const userExists = (db: DbOrTx, field: "mobile" | "loginName", value: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(field === "mobile" ? eq(users.mobile, value) : sql`lower(${users.loginName}) = lower(${value})`)
    .limit(1)
    .then((r) => r.length > 0);
