import { learnerProcedure, publicProcedure } from "../init";
import { beginSession } from "../auth/learner";
import { safeTarget } from "@base/safe-target";
import { notFound } from "@base/errors";
import { backchannelLogout } from "./logout.service";
import { backchannelInput, callbackInput, logoutUrlInput, startInput } from "./schemas";
import { schoolCenter } from "./school.service";
import { ssoConfig } from "./config";
import {
  SSO_STATE_COOKIE,
  appBase,
  consumeState,
  providerLogin,
  providerLogoutUrl,
  rememberSession,
  requireSso,
  returnPath,
  signInUser,
  startSignIn,
  stateCookie,
} from "./signin.service";

/** Single sign-on of the internal-network variant (docs/decisions/032-single-sign-on.md). */
export const ssoLearnerProcedures = {
  /** Starts a sign-in at the provider; someone already logged in goes straight to the target. */
  start: publicProcedure.input(startInput).mutation(async ({ ctx, input }) => {
    const c = requireSso();
    const base = appBase(c, ctx.origin);
    const returnTo = returnPath(input.redirect, base);
    if (ctx.user) return { url: returnTo };
    const { url, state } = await startSignIn(ctx.db, c, { base, returnTo });
    ctx.resHeaders.append("Set-Cookie", stateCookie(state, ctx.secureCookies));
    return { url };
  }),

  /** The provider sent the browser back: check, exchange, find the user, log in as every login does. */
  callback: publicProcedure.input(callbackInput).mutation(async ({ ctx, input }) => {
    const c = requireSso();
    // The state cookie is spent whatever happens next.
    ctx.resHeaders.append("Set-Cookie", stateCookie(null, ctx.secureCookies));
    const row = await consumeState(ctx.db, input.state, ctx.cookies[SSO_STATE_COOKIE]);
    const login = await providerLogin(c, row, input);
    const user = await signInUser(ctx.db, c, login, ctx.ip);
    const session = await beginSession(ctx, user);
    await rememberSession(ctx.db, session.id, login);
    return { redirect: row.returnTo };
  }),

  /** Front-channel logout: the provider's logout address for this session, or null (read before logging out). */
  logoutUrl: publicProcedure
    .input(logoutUrlInput)
    .query(({ ctx, input }) => providerLogoutUrl(ctx.db, ctx.session?.id, { origin: ctx.origin, target: safeTarget(input.target) })),

  /** Back-channel logout: the provider's signed logout token ends the sessions it names. */
  backchannelLogout: publicProcedure.input(backchannelInput).mutation(({ ctx, input }) => backchannelLogout(ctx.db, requireSso(), input.logout_token)),

  /** /school/center: the learner's own unit and the courses opened to it (internal-network variant only). */
  school: learnerProcedure.query(({ ctx }) => {
    if (!ssoConfig()) throw notFound("页面不存在");
    return schoolCenter(ctx.db, ctx.user.id);
  }),
};
