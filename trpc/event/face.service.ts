import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { DbOrTx } from "@db/client";
import { faceTickets } from "@db/schema";
import { AppError, fail, forbidden, LegacyCode } from "@base/errors";
import { env } from "@base/env.server";
import { safeTarget } from "@base/safe-target";

// Face checks through an outside provider (learner-calls.md "Events (face and errors)"): the platform
// hands out a ticket and the provider's page address; the provider checks the face and calls back with
// a signed result. FaceProvider is the seam; the local simulator stands in for the provider here.

const TICKET_MINUTES = 10;

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
  return { ticket, url: provider.pageUrl(ticket, origin), expiresIn: TICKET_MINUTES * 60 };
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
