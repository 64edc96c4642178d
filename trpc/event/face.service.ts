import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { faceTickets, users } from "@db/schema";
import { AppError, fail, forbidden, LegacyCode } from "@base/errors";
import { env } from "@base/env.server";
import { safeTarget } from "@base/safe-target";
import { assertMayLogIn, recordLoginAttempt } from "../auth/login.service";
import type { SessionUser } from "../auth/session";

// Face checks through an outside provider (learner-calls.md "Events (face and errors)"): the platform
// hands out a ticket and the provider's page address; the provider checks the face and calls back with
// a signed result. FaceProvider is the seam; the local simulator stands in for the provider here.

const TICKET_MINUTES = 10;

/** Where the browser goes once the provider has passed a login ticket: it signs the learner in. */
export const FACE_LOGIN_FINISH_PATH = "/api/event/hunan/face/login/finish";
/** Holds the login ticket in the browser that asked for it: only that browser can finish the login. */
export const FACE_LOGIN_COOKIE = "cy_face_login";

export function faceLoginCookie(ticket: string | null, secure: boolean) {
  const parts = [`${FACE_LOGIN_COOKIE}=${ticket ?? ""}`, "HttpOnly", "SameSite=Lax", "Path=/api/event/hunan/face/login", `Max-Age=${ticket ? TICKET_MINUTES * 60 : 0}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export interface FaceProvider {
  /** The provider's page that checks the face of a ticket. */
  pageUrl(ticket: string, origin: string): string;
  /** The key the provider signs its callbacks with. */
  secret(): string;
}

/** The development stand-in: its "page" is the simulator call, and it signs with a development key. */
export const localSimulator: FaceProvider = {
  pageUrl: (ticket, origin) => `${origin}/api/event/hunan/face/simulator?ticket=${ticket}`,
  secret: () => {
    const e = env();
    if (e.EVENT_FACE_SECRET) return e.EVENT_FACE_SECRET;
    if (e.isProduction) throw new AppError(LegacyCode.fail, "人脸核验服务未配置，请联系管理员");
    return "caiyun-dev-face-provider-key";
  },
};

let provider: FaceProvider = localSimulator;
/** Tests and a real provider's adapter put theirs in place. */
export function useFaceProvider(p: FaceProvider) {
  provider = p;
}

/** The callback's signature: HMAC-SHA256 over "ticket|thirdUserId|result|timestamp". */
export function signFaceCallback(secret: string, v: { ticket: string; thirdUserId: string; result: number; timestamp: number }) {
  return createHmac("sha256", secret).update(`${v.ticket}|${v.thirdUserId}|${v.result}|${v.timestamp}`).digest("hex");
}

export async function startFaceCheck(db: DbOrTx, input: { purpose: "auth" | "login"; userId: number | null; redirect?: string; thirdUserId?: string }, origin: string) {
  const ticket = randomBytes(16).toString("hex");
  await db.insert(faceTickets).values({
    ticket,
    purpose: input.purpose,
    userId: input.userId,
    thirdUserId: input.thirdUserId ?? "",
    redirect: safeTarget(input.redirect ?? "/", "/"),
    expiresAt: new Date(Date.now() + TICKET_MINUTES * 60_000),
  });
  const finishUrl = input.purpose === "login" ? { finishUrl: `${origin}${FACE_LOGIN_FINISH_PATH}?ticket=${ticket}` } : {};
  return { ticket, url: provider.pageUrl(ticket, origin), expiresIn: TICKET_MINUTES * 60, ...finishUrl };
}

const CALLBACK_WINDOW_S = 5 * 60;

/** The provider's signed result; a ticket is settled once (a replay changes nothing and says so). */
export async function faceCallback(db: DbOrTx, input: { ticket: string; thirdUserId: string; result: 0 | 1; cause?: string; timestamp: number; sign: string }) {
  const expected = Buffer.from(signFaceCallback(provider.secret(), input), "hex");
  const given = Buffer.from(input.sign, "hex");
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden("签名校验失败");
  if (Math.abs(Date.now() / 1000 - input.timestamp) > CALLBACK_WINDOW_S) throw fail("回调已过期，请重新发起核验");
  const [settled] = await db
    .update(faceTickets)
    .set({ status: input.result === 0 ? 1 : 2, thirdUserId: input.thirdUserId, cause: input.result === 0 ? "" : (input.cause ?? "face_mismatch") })
    .where(and(eq(faceTickets.ticket, input.ticket), eq(faceTickets.status, 0), gt(faceTickets.expiresAt, new Date())))
    .returning();
  if (!settled) {
    const [t] = await db.select().from(faceTickets).where(eq(faceTickets.ticket, input.ticket));
    if (!t) throw fail("核验票据不存在");
    if (t.status === 0) throw fail("核验票据已过期，请重新发起核验");
    return { ticket: t.ticket, verifyResult: t.status === 1 ? 0 : 1, redirect: t.redirect, repeated: 1 };
  }
  return { ticket: settled.ticket, verifyResult: settled.status === 1 ? 0 : 1, redirect: settled.redirect, repeated: 0 };
}

/** The local simulator's page: it passes (or, with result=1, fails) the face and calls back as the provider would. */
export async function simulateProvider(db: DbOrTx, input: { ticket: string; result?: 0 | 1 }) {
  if (env().isProduction) throw fail("人脸核验模拟器仅用于开发环境");
  const [t] = await db.select().from(faceTickets).where(eq(faceTickets.ticket, input.ticket));
  if (!t) throw fail("核验票据不存在");
  const v = { ticket: t.ticket, thirdUserId: t.thirdUserId || `sim-${t.userId ?? "visitor"}`, result: input.result ?? 0, timestamp: Math.floor(Date.now() / 1000) };
  return faceCallback(db, { ...v, cause: v.result ? "face_mismatch" : undefined, sign: signFaceCallback(provider.secret(), v) });
}

export const FACE_LOGIN_STALE = "人脸登录已失效，请在发起登录的浏览器中重新进行人脸核验";
export const FACE_LOGIN_USED = "该人脸登录已使用，请重新进行人脸核验";
export const FACE_NOT_LINKED = "该人脸身份尚未绑定平台账号，请先登录后完成人脸认证";

/** Why a login ticket cannot sign anyone in (read after the claim found nothing to claim). */
async function refusal(db: DbOrTx, ticket: string) {
  const [t] = await db.select().from(faceTickets).where(eq(faceTickets.ticket, ticket));
  if (!t || t.purpose !== "login") return fail("核验票据不存在");
  if (t.consumedAt) return fail(FACE_LOGIN_USED);
  if (t.status === 2) return fail(errorMessage(t.cause).message);
  if (t.expiresAt.getTime() <= Date.now()) return fail("核验票据已过期，请重新发起核验");
  return fail("人脸核验尚未完成，请先完成核验");
}

/**
 * The learners a third user was checked as while signed in (passed auth tickets): the platform accounts
 * that face identity is linked to.
 */
async function linkedUsers(db: DbOrTx, thirdUserId: string) {
  const rows = await db
    .selectDistinct({ userId: faceTickets.userId })
    .from(faceTickets)
    .where(and(eq(faceTickets.thirdUserId, thirdUserId), eq(faceTickets.purpose, "auth"), eq(faceTickets.status, 1), isNotNull(faceTickets.userId)))
    .limit(2);
  return rows.map((r) => r.userId!);
}

const record = (db: DbOrTx, a: { thirdUserId: string; userId?: number; name?: string; success: boolean; reason?: string; ip: string }) =>
  recordLoginAttempt(db, { account: a.thirdUserId, userId: a.userId, name: a.name, method: "face", success: a.success, reason: a.reason, ip: a.ip });

/**
 * Face login: a passed login ticket of this browser signs in the one learner its face identity is linked
 * to. The ticket is claimed in one conditional update, so it signs in once however often it is sent.
 * Answers the user (the caller begins the session as every login does) and where to go next.
 */
export async function finishFaceLogin(db: DbOrTx, input: { ticket: string; cookieTicket: string | undefined; ip: string }): Promise<{ user: SessionUser; redirect: string }> {
  if (!input.cookieTicket || input.cookieTicket !== input.ticket) throw fail(FACE_LOGIN_STALE);
  const [t] = await db
    .update(faceTickets)
    .set({ consumedAt: new Date() })
    .where(and(eq(faceTickets.ticket, input.ticket), eq(faceTickets.purpose, "login"), eq(faceTickets.status, 1), isNull(faceTickets.consumedAt), gt(faceTickets.expiresAt, new Date())))
    .returning();
  if (!t) throw await refusal(db, input.ticket);
  const linked = await linkedUsers(db, t.thirdUserId);
  if (linked.length !== 1) {
    await record(db, { thirdUserId: t.thirdUserId, success: false, reason: linked.length ? "ambiguous" : "not-linked", ip: input.ip });
    throw fail(linked.length ? "该人脸身份关联了多个平台账号，请使用账号或手机号登录" : FACE_NOT_LINKED);
  }
  const [user] = await db.select().from(users).where(eq(users.id, linked[0]!)).limit(1);
  if (!user) throw fail(FACE_NOT_LINKED);
  try {
    assertMayLogIn(user);
  } catch (e) {
    await record(db, { thirdUserId: t.thirdUserId, userId: user.id, success: false, reason: user.status !== 1 ? "disabled" : "locked", ip: input.ip });
    throw e;
  }
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await record(db, { thirdUserId: t.thirdUserId, userId: user.id, name: user.nick, success: true, ip: input.ip });
  return { user, redirect: t.redirect };
}

/**
 * The provider's photo of a third user. Only the learner that user was checked as may ask; the simulator
 * keeps no photos, so it says so instead of inventing one.
 */
export async function thirdPicture(db: DbOrTx, userId: number, thirdUserId: string) {
  const [mine] = await db.select().from(faceTickets).where(and(eq(faceTickets.userId, userId), eq(faceTickets.thirdUserId, thirdUserId), eq(faceTickets.status, 1))).limit(1);
  if (!mine) throw forbidden("无权获取该用户的照片");
  return { thirdUserId, picUrl: "", message: "第三方平台未提供该用户的照片" };
}

/** What a cause code from the provider means to a learner. */
const CAUSES: Record<string, string> = {
  face_mismatch: "人脸比对不一致，请本人重新核验",
  face_timeout: "人脸核验超时，请重新发起",
  liveness_failed: "活体检测未通过，请正对摄像头并保持光线充足",
  camera_denied: "未获得摄像头权限，请在浏览器中允许使用摄像头",
  ticket_expired: "核验已过期，请重新发起",
  user_not_found: "第三方平台未找到您的实名信息，请先在该平台完成实名认证",
  provider_busy: "人脸核验服务繁忙，请稍后再试",
};
export function errorMessage(cause: string) {
  return { cause, message: CAUSES[cause] ?? "人脸核验失败，请稍后重试或联系管理员" };
}
