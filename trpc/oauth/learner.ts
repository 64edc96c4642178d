import { and, eq, isNull } from "drizzle-orm";
import { oauthAuthorizations, users } from "@db/schema";
import type { Context } from "../context";
import { learnerProcedure, publicProcedure } from "../init";
import { safeTarget } from "@base/safe-target";
import { createSession, sessionCookie, type SessionUser } from "../auth/session";
import { userView } from "../auth/user-view";
import { fail, notLoggedIn } from "@base/errors";
import {
  AUTHORIZATION_EXPIRED,
  bindExclusive,
  bindRelationResult,
  createAccountFor,
  decide,
  openAuthorization,
  providerUserOf,
  saveAuthorization,
} from "./bind.service";
import { consumeState, fetchProviderUser, startAuthorization } from "./flow.service";
import { findPlatform } from "./platform.service";
import { callbackInput, checkBindInput, jumpUrlInput, platformsInput, startInput, ticketInput, unbindInput } from "./schemas";
import { platformsFor } from "./course-limit.service";

export const AUTH_COOKIE = "cy_oauth";

const authCookie = (ctx: Context, id: string | null) =>
  [`${AUTH_COOKIE}=${id ?? ""}`, "HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${id ? 900 : 0}`, ...(ctx.secureCookies ? ["Secure"] : [])].join("; ");

async function logIn(ctx: Context, user: SessionUser) {
  if (user.status !== 1) throw fail("账号已被禁用，请联系管理员");
  const { token, session } = await createSession(ctx.db, user.id, { ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.resHeaders.append("Set-Cookie", sessionCookie(token, session.expiresAt, ctx.secureCookies));
  return userView(user);
}

const loadUser = async (ctx: Context, id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)).limit(1))[0]!;

/** Marks a pending authorisation used; a second decision on the same one is refused. */
async function consumeAuthorization(ctx: Context, id: string) {
  const done = await ctx.db
    .update(oauthAuthorizations)
    .set({ consumedAt: new Date() })
    .where(and(eq(oauthAuthorizations.id, id), isNull(oauthAuthorizations.consumedAt)))
    .returning({ id: oauthAuthorizations.id });
  if (!done.length) throw fail(AUTHORIZATION_EXPIRED);
  ctx.resHeaders.append("Set-Cookie", authCookie(ctx, null));
}

const ticketOf = (ctx: Context, input?: { ticket?: string }) => input?.ticket ?? ctx.cookies[AUTH_COOKIE];

const jump = (entry: "learner" | "agency" | "expert") =>
  publicProcedure
    .input(startInput)
    .query(({ ctx, input }) => startAuthorization(ctx.db, input, { origin: ctx.origin, user: ctx.user, entry }));

/**
 * Where a learner lands after an outside jump: a path on this site, never another host. An absolute
 * address on this site's own origin is cut to its path; anything else lands on the home page.
 */
export function jumpTarget(origin: string, wanted: string | undefined) {
  let target = wanted?.trim() ?? "";
  if (origin && target.toLowerCase().startsWith(`${origin.toLowerCase()}/`)) target = target.slice(origin.length);
  return safeTarget(target, "/");
}

/** The learner procedures, spread at the root of oauth by router.ts. */
export const oauthLearnerProcedures = {
  /** The picker's list: enabled platforms by sort. */
  platforms: publicProcedure.input(platformsInput).query(({ ctx, input }) => platformsFor(ctx.db, ctx.user?.id, input?.courseId)),
  jumpUrl: learnerProcedure.input(jumpUrlInput).mutation(({ ctx, input }) => ({ url: jumpTarget(ctx.origin, input?.returnTo ?? input?.url ?? input?.redirect) })),
  authorizeUrl: jump("learner"),
  agencyJump: jump("agency"),
  expertJump: jump("expert"),

  /** The provider sent the browser back: exchange the code, read the user, decide. */
  callback: publicProcedure.input(callbackInput).mutation(async ({ ctx, input }) => {
    const state = await consumeState(ctx.db, input.state);
    if (input.error || !input.code) throw fail("您已取消授权");
    const platform = await findPlatform(ctx.db, { platformId: state.platformId });
    const provider = await fetchProviderUser(platform, input.code, state);
    const current = state.userId && ctx.user?.id === state.userId ? ctx.user : null;
    const decision = await decide(ctx.db, platform.id, provider, current);
    if (decision.resultType === 0) {
      const user = await ctx.db.transaction(async (tx) => {
        const u = decision.create ? await createAccountFor(tx, platform, provider) : (await tx.select().from(users).where(eq(users.id, decision.userId)))[0]!;
        if (decision.bind) await bindExclusive(tx, platform.id, u.id, provider);
        return u;
      });
      const view = current ? userView(current) : await logIn(ctx, user);
      return { resultType: 0, redirect: state.returnTo, user: view, ticket: null, bindRelationUserList: [], authorizationUser: null };
    }
    const ticket = await saveAuthorization(ctx.db, platform.id, provider, current, decision.resultType, state.returnTo);
    ctx.resHeaders.append("Set-Cookie", authCookie(ctx, ticket));
    const a = await openAuthorization(ctx.db, ticket);
    return { ...(await bindRelationResult(ctx.db, a.a, decision.resultType, decision.conflictUserId)), redirect: state.returnTo, user: null, ticket };
  }),

  /** The platform user of the pending authorisation (getThirdLoginUser). */
  thirdLoginUser: publicProcedure.input(ticketInput).query(async ({ ctx, input }) => {
    const { a, platform } = await openAuthorization(ctx.db, ticketOf(ctx, input));
    const again = await decide(ctx.db, platform.id, providerUserOf(a), a.userId ? (ctx.user?.id === a.userId ? ctx.user : null) : null);
    const conflict = again.resultType === 0 ? null : again.conflictUserId;
    return { ...(await bindRelationResult(ctx.db, a, a.resultType, conflict)), cloudRegion: platform.cloudRegion, zcyUserId: a.providerUserId };
  }),

  /** Re-checks the binding for the pending authorisation; the platform user must be the one authorised. */
  checkBindRelation: publicProcedure.input(checkBindInput).mutation(async ({ ctx, input }) => {
    const { a, platform } = await openAuthorization(ctx.db, ticketOf(ctx, input));
    if ((input.zcyUserId && input.zcyUserId !== a.providerUserId) || (input.cloudRegion && input.cloudRegion !== platform.cloudRegion))
      throw fail(AUTHORIZATION_EXPIRED);
    const current = a.userId && ctx.user?.id === a.userId ? ctx.user : null;
    const d = await decide(ctx.db, platform.id, providerUserOf(a), current);
    return bindRelationResult(ctx.db, a, d.resultType, d.resultType === 0 ? null : d.conflictUserId);
  }),

  /** "重新绑定": the platform account is bound to this account, replacing older bindings on both sides. */
  unBindRelation: publicProcedure.input(unbindInput).mutation(async ({ ctx, input }) => {
    const id = ticketOf(ctx, input);
    const { a, platform } = await openAuthorization(ctx.db, id);
    if (input.cloudRegion && input.cloudRegion !== platform.cloudRegion) throw fail(AUTHORIZATION_EXPIRED);
    if (a.userId && ctx.user?.id !== a.userId) throw notLoggedIn();
    const provider = providerUserOf(a);
    const user = await ctx.db.transaction(async (tx) => {
      let target: SessionUser | undefined;
      if (a.userId) target = (await tx.select().from(users).where(eq(users.id, a.userId)))[0];
      else if (provider.mobile) target = (await tx.select().from(users).where(eq(users.mobile, provider.mobile)))[0];
      target ??= await createAccountFor(tx, platform, provider);
      await bindExclusive(tx, platform.id, target.id, provider);
      return target;
    });
    await consumeAuthorization(ctx, id!);
    const view = a.userId ? userView(await loadUser(ctx, user.id)) : await logIn(ctx, user);
    return { url: a.returnTo, redirect: a.returnTo, user: view };
  }),

  /** "继续": keeps the current account as it is and closes the pending authorisation. */
  continueLogin: publicProcedure.input(ticketInput).mutation(async ({ ctx, input }) => {
    const id = ticketOf(ctx, input);
    const { a } = await openAuthorization(ctx.db, id);
    if (a.resultType !== 1) throw fail("该账号已被其他平台绑定，请重新绑定或联系客服");
    await consumeAuthorization(ctx, id!);
    return { url: a.returnTo, redirect: a.returnTo };
  }),

};
