import { z } from "zod";
import { learnerProcedure, publicProcedure } from "../init";
import type { Context } from "../context";
import * as account from "./account.service";
import { CAPTCHA_COOKIE, captchaCookie, consumeCaptcha, createCaptcha } from "./captcha.service";
import { authenticate } from "./login.service";
import { cancelQr, confirmQr, createQr, qrStatus, scanQr } from "./qr.service";
import {
  bindNewPhoneInput,
  captchaOnlyInput,
  checkCodeInput,
  checkMobileOrLoginNameInput,
  loginInput,
  qrTokenInput,
  registerInput,
  resetPasswordInput,
  sendSmsInput,
  updatePasswordInput,
} from "./schemas";
import { blankSessionCookie, createSession, invalidateSession, sessionCookie, type SessionUser } from "./session";
import { userView, visitorView } from "./user-view";
import type { SmsPurpose } from "./sms.service";
import { auditActor, recordSecurityEvent } from "../tool/audit.service";
import { maskMobile } from "@base/format";
import { creditSignup } from "../org/channel.service";

/** Creates the session and sets its cookie: every way of logging in ends here (single sign-on too). */
export async function beginSession(ctx: Context, user: SessionUser) {
  const { token, session } = await createSession(ctx.db, user.id, { ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.resHeaders.append("Set-Cookie", sessionCookie(token, session.expiresAt, ctx.secureCookies));
  return session;
}

async function startSession(ctx: Context, user: SessionUser) {
  await beginSession(ctx, user);
  return userView(user);
}

const sendCode = (purpose: SmsPurpose) =>
  publicProcedure.input(sendSmsInput).mutation(async ({ ctx, input }) => {
    await consumeCaptcha(ctx.db, ctx.cookies[CAPTCHA_COOKIE], input.captcha);
    return account.sendCodeFor(ctx.db, purpose, input.mobile, ctx.ip);
  });

/** The learner procedures, spread at the root of auth by router.ts. */
export const authLearnerProcedures = {
  /** The current user, or the visitor shape (isLogin 0). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? userView(ctx.user) : visitorView)),
  getUser: learnerProcedure.query(({ ctx }) => userView(ctx.user)),

  captcha: publicProcedure.mutation(async ({ ctx }) => {
    const { id, svg } = await createCaptcha(ctx.db);
    ctx.resHeaders.append("Set-Cookie", captchaCookie(id, ctx.secureCookies));
    return { svg };
  }),

  sendLoginCode: sendCode("login"),
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const user = await authenticate(ctx.db, input, ctx.ip);
    return startSession(ctx, user);
  }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    ctx.resHeaders.append("Set-Cookie", blankSessionCookie(ctx.secureCookies));
    return { ok: true };
  }),

  qrContent: publicProcedure.query(({ ctx }) => createQr(ctx.db, ctx.origin)),
  qrStatus: publicProcedure.input(qrTokenInput).query(({ ctx, input }) => qrStatus(ctx.db, input.qrCodeToken)),
  qrScan: learnerProcedure.input(qrTokenInput).mutation(({ ctx, input }) => scanQr(ctx.db, input.qrCodeToken, ctx.user.id)),
  qrConfirm: learnerProcedure.input(qrTokenInput).mutation(({ ctx, input }) => confirmQr(ctx.db, input.qrCodeToken, ctx.user.id)),
  qrCancel: learnerProcedure.input(qrTokenInput).mutation(({ ctx, input }) => cancelQr(ctx.db, input.qrCodeToken, ctx.user.id)),

  checkMobileOrLoginName: publicProcedure
    .input(checkMobileOrLoginNameInput)
    .query(({ ctx, input }) => account.checkMobileOrLoginName(ctx.db, input)),
  sendRegisterCode: sendCode("register"),
  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const user = await account.register(ctx.db, input);
    // The channel the visitor came through (within 30 days) gets the sign-up; the account stands either way.
    await creditSignup(ctx.db, user.id, ctx).catch((e: unknown) => console.warn("channel sign-up not credited:", e));
    return startSession(ctx, user);
  }),

  sendPasswordCode: sendCode("password"),
  checkPasswordCode: publicProcedure.input(checkCodeInput).mutation(async ({ ctx, input }) => {
    const result = await account.checkPasswordCode(ctx.db, input.mobile, input.code, ctx.ip);
    ctx.resHeaders.append("Set-Cookie", account.resetCookie(result.resetToken, ctx.secureCookies));
    return result;
  }),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    const result = await account.resetPassword(ctx.db, input, ctx.cookies[account.RESET_COOKIE], ctx.ip);
    await recordSecurityEvent(ctx.db, { id: result.userId, name: `手机${input.mobile.slice(-4)}`, ip: ctx.ip }, "auth.password.reset", { entityId: result.userId, changes: { by: "sms" } });
    ctx.resHeaders.append("Set-Cookie", account.resetCookie(null, ctx.secureCookies));
    return result;
  }),
  updatePassword: learnerProcedure
    .input(updatePasswordInput)
    .mutation(async ({ ctx, input }) => {
      const result = await account.updatePassword(ctx.db, ctx.user, input.oldPassword, input.password, ctx.session.id);
      await recordSecurityEvent(ctx.db, auditActor(ctx), "auth.password.changed", { entityId: ctx.user.id });
      return result;
    }),

  sendOldPhoneCode: learnerProcedure.input(captchaOnlyInput).mutation(async ({ ctx, input }) => {
    await consumeCaptcha(ctx.db, ctx.cookies[CAPTCHA_COOKIE], input.captcha);
    return account.sendOldPhoneCode(ctx.db, ctx.user, ctx.ip);
  }),
  checkOldPhone: learnerProcedure
    .input(checkCodeInput)
    .mutation(({ ctx, input }) => account.checkOldPhone(ctx.db, ctx.user, input.mobile, input.code)),
  sendNewPhoneCode: learnerProcedure.input(sendSmsInput).mutation(async ({ ctx, input }) => {
    await consumeCaptcha(ctx.db, ctx.cookies[CAPTCHA_COOKIE], input.captcha);
    return account.sendCodeFor(ctx.db, "phone-new", input.mobile, ctx.ip);
  }),
  bindNewPhone: learnerProcedure
    .input(bindNewPhoneInput)
    .mutation(async ({ ctx, input }) => {
      const result = await account.bindNewPhone(ctx.db, ctx.user, input.mobile, input.code);
      await recordSecurityEvent(ctx.db, auditActor(ctx), "auth.phone.changed", { entityId: ctx.user.id, changes: { from: maskMobile(ctx.user.mobile), to: maskMobile(input.mobile) } });
      return result;
    }),
};


export const noInput = z.object({}).passthrough();
