import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { isUniqueViolation } from "@base/sql";
import type { DbOrTx } from "@db/client";
import { smsCodes, users, verificationGrants } from "@db/schema";
import { fail } from "@base/errors";
import { unlockUser, userExists } from "./login.service";
import { hashPassword, verifyPassword } from "./password";
import { countingFailures, RESET_FAILURES_PER_IP, SMS_SENDS_PER_IP, take } from "./rate-limit.service";
import { hashToken, invalidateUserSessions, randomToken, type SessionUser } from "./session";
import { consumeSmsCode, sendSmsCode, type SmsPurpose } from "./sms.service";

const GRANT_TTL_MS = 10 * 60 * 1000;

async function grant(db: DbOrTx, purpose: string, mobile: string, userId?: number) {
  await db.insert(verificationGrants).values({
    id: randomToken(16),
    purpose,
    mobile,
    userId,
    expiresAt: new Date(Date.now() + GRANT_TTL_MS),
  });
}

type GrantOwner = { mobile?: string; userId?: number };

/** The newest live grant from the first step of a two-step flow, if any. */
async function findGrant(db: DbOrTx, purpose: string, where: GrantOwner) {
  const conds = [eq(verificationGrants.purpose, purpose), isNull(verificationGrants.usedAt), gt(verificationGrants.expiresAt, new Date())];
  if (where.mobile) conds.push(eq(verificationGrants.mobile, where.mobile));
  if (where.userId) conds.push(eq(verificationGrants.userId, where.userId));
  const rows = await db.select().from(verificationGrants).where(and(...conds)).orderBy(desc(verificationGrants.createdAt)).limit(1);
  return rows[0];
}

/** Spends a grant from the first step of a two-step flow; false when there is none. */
async function spendGrant(db: DbOrTx, purpose: string, where: GrantOwner) {
  const found = await findGrant(db, purpose, where);
  if (!found) return false;
  // Only the call that marks it used may go on; a parallel call that found the same grant gets nothing.
  const spent = await db
    .update(verificationGrants)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationGrants.id, found.id), isNull(verificationGrants.usedAt)))
    .returning({ id: verificationGrants.id });
  return spent.length > 0;
}

export async function checkMobileOrLoginName(db: DbOrTx, input: { mobile?: string; loginName?: string }) {
  return {
    mobileExists: input.mobile ? await userExists(db, "mobile", input.mobile) : false,
    loginNameExists: input.loginName ? await userExists(db, "loginName", input.loginName) : false,
  };
}

/** Every SMS code a client asks for: one unit of the asking address's allowance, then the phone's rules. */
export async function sendCodeFor(db: DbOrTx, purpose: SmsPurpose, mobile: string, ip: string) {
  // Counted first, so asking for codes cannot probe which phones are registered beyond the address's allowance.
  await take(db, SMS_SENDS_PER_IP, ip);
  if (purpose === "register" || purpose === "phone-new") {
    if (await userExists(db, "mobile", mobile)) throw fail("该手机号已被注册");
  }
  if (purpose === "password" && !(await userExists(db, "mobile", mobile))) throw fail("该手机号未注册");
  return sendSmsCode(db, mobile, purpose, ip);
}

export async function register(
  db: DbOrTx,
  input: { loginName: string; nick: string; mobile: string; code: string; password: string },
) {
  if (await userExists(db, "loginName", input.loginName)) throw fail("该用户名已被使用");
  if (await userExists(db, "mobile", input.mobile)) throw fail("该手机号已被注册");
  await consumeSmsCode(db, input.mobile, "register", input.code);
  const rows = await db
    .insert(users)
    .values({
      loginName: input.loginName,
      nick: input.nick,
      mobile: input.mobile,
      passwordHash: await hashPassword(input.password),
      registerSource: "web",
    })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw fail("该用户名或手机号已被注册");
  return rows[0];
}

/** The browser's (or old web client's) copy of the reset token, for the step that sets the new password. */
export const RESET_COOKIE = "cy_pwd_reset";

/** Sets the reset token's cookie for the grant's lifetime; null clears it. */
export function resetCookie(token: string | null, secure: boolean): string {
  const parts = [`${RESET_COOKIE}=${token ?? ""}`, "HttpOnly", "SameSite=Strict", "Path=/api", `Max-Age=${token ? GRANT_TTL_MS / 1000 : 0}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Forgotten password, step two: the code proves the phone, and the proof goes to this client only, as a
 * random token (answered and set as a cookie) whose hash is the grant's id.
 */
export async function checkPasswordCode(db: DbOrTx, mobile: string, code: string, ip: string) {
  return countingFailures(db, RESET_FAILURES_PER_IP, ip, async () => {
    await consumeSmsCode(db, mobile, "password", code);
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
    const resetToken = randomToken(20);
    await db.insert(verificationGrants).values({
      id: hashToken(resetToken),
      purpose: "password",
      mobile,
      userId: owner?.id,
      expiresAt: new Date(Date.now() + GRANT_TTL_MS),
    });
    return { verified: true, resetToken };
  });
}

/** Spends the reset grant this token stands for, once; false when it is unknown, spent, expired or another phone's. */
async function spendResetGrant(db: DbOrTx, token: string, mobile: string) {
  const spent = await db
    .update(verificationGrants)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(verificationGrants.id, hashToken(token)),
        eq(verificationGrants.purpose, "password"),
        eq(verificationGrants.mobile, mobile),
        isNull(verificationGrants.usedAt),
        gt(verificationGrants.expiresAt, new Date()),
      ),
    )
    .returning({ id: verificationGrants.id });
  return spent.length > 0;
}

/**
 * Forgotten password: proven by the reset token of the check step (sent back or in its cookie), or by
 * an SMS code given here; also lifts a lock and ends every session of the account.
 */
export async function resetPassword(
  db: DbOrTx,
  input: { mobile: string; code?: string; password: string; resetToken?: string },
  cookieToken: string | undefined,
  ip: string,
) {
  return countingFailures(db, RESET_FAILURES_PER_IP, ip, async () => {
    const found = await db.select().from(users).where(eq(users.mobile, input.mobile)).limit(1);
    const user = found[0];
    if (!user) throw fail("该手机号未注册");
    const token = input.resetToken || cookieToken;
    const granted = !!token && (await spendResetGrant(db, token, input.mobile));
    if (!granted) {
      if (!input.code) throw fail(token ? "验证已失效，请重新验证手机号" : "请先验证手机号");
      await consumeSmsCode(db, input.mobile, "password", input.code);
    }
    const now = new Date();
    await db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
    await unlockUser(db, user.id);
    // Whatever else could still prove this phone for a reset is void now.
    await db
      .update(verificationGrants)
      .set({ usedAt: now })
      .where(and(eq(verificationGrants.purpose, "password"), eq(verificationGrants.mobile, input.mobile), isNull(verificationGrants.usedAt)));
    await db
      .update(smsCodes)
      .set({ usedAt: now })
      .where(and(eq(smsCodes.mobile, input.mobile), eq(smsCodes.purpose, "password"), isNull(smsCodes.usedAt)));
    await invalidateUserSessions(db, user.id);
    return { userId: user.id };
  });
}

export async function updatePassword(db: DbOrTx, user: SessionUser, oldPassword: string, password: string, keepSessionId: string) {
  // The hash is never in a request's context: read here, for this check only.
  const [stored] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!(await verifyPassword(stored?.passwordHash ?? null, oldPassword))) throw fail("原密码错误");
  if (oldPassword === password) throw fail("新密码不能与原密码相同");
  await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id));
  // Other devices must log in again with the new password.
  await invalidateUserSessions(db, user.id, { except: keepSessionId });
  return { ok: true };
}

export async function sendOldPhoneCode(db: DbOrTx, user: SessionUser, ip: string) {
  if (!user.mobile) throw fail("当前账号未绑定手机号");
  return sendCodeFor(db, "phone-old", user.mobile, ip);
}

export async function checkOldPhone(db: DbOrTx, user: SessionUser, mobile: string, code: string) {
  if (!user.mobile || user.mobile !== mobile) throw fail("请输入当前绑定的手机号");
  await consumeSmsCode(db, mobile, "phone-old", code);
  await grant(db, "phone-change", mobile, user.id);
  return { verified: true };
}

/** Binds a new phone; an account that already has one must have verified it first. */
export async function bindNewPhone(db: DbOrTx, user: SessionUser, mobile: string, code: string) {
  if (user.mobile === mobile) throw fail("新手机号不能与当前手机号相同");
  if (await userExists(db, "mobile", mobile)) throw fail("该手机号已被注册");
  if (user.mobile && !(await findGrant(db, "phone-change", { userId: user.id }))) throw fail("请先验证当前手机号");
  await consumeSmsCode(db, mobile, "phone-new", code);
  // Spent only after the new code proved right, so a mistyped code does not send the user back to step one.
  if (user.mobile && !(await spendGrant(db, "phone-change", { userId: user.id }))) throw fail("请先验证当前手机号");
  try {
    await db.update(users).set({ mobile }).where(eq(users.id, user.id));
  } catch (e) {
    // Another account took this phone between the check and the update.
    if (isUniqueViolation(e)) {
      throw fail("该手机号已被注册");
    }
    throw e;
  }
  return { mobile };
}
