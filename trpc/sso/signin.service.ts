import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "@db/client";
import { ssoIdentities, ssoLoginStates, ssoSessions, users } from "@db/schema";
import { AppError, LegacyCode, fail } from "@base/errors";
import { safeTarget } from "@base/safe-target";
import { randomToken, type SessionUser } from "../auth/session";
import { recordLoginAttempt } from "../auth/login.service";
import { SSO_CALLBACK_PATH, SSO_LOGGED_OUT_PATH, ssoConfig, type SsoConfig } from "./config";
import { assertMayLogIn, profileFromClaims, resolveUser, syncMemberships } from "./identity.service";
import { authorizationUrl, endSessionUrl, exchangeCode, type ProviderLogin } from "./provider.service";

export const STATE_TTL_MS = 10 * 60 * 1000;
export const SSO_STATE_COOKIE = "cy_sso_state";
export const SSO_OFF = "本站未启用统一身份认证登录，请使用账号或手机号登录";
export const STATE_INVALID = "登录状态已失效，请重新登录";
export const CONSENT_REFUSED = "您已取消统一身份认证授权，未能登录";
export const PROVIDER_ERROR = "统一身份认证未完成登录，请重新登录";

export function requireSso(): SsoConfig {
  const c = ssoConfig();
  if (!c) throw new AppError(LegacyCode.notFound, SSO_OFF);
  return c;
}

/** The app's own address as the provider must see it: PUBLIC_URL when set, else the request's origin. */
export const appBase = (c: SsoConfig, origin: string) => c.publicUrl ?? origin;

/** A same-site path to come back to; a full address of this site is reduced to its path. */
export function returnPath(redirect: unknown, base: string): string {
  if (typeof redirect === "string" && /^https?:\/\//i.test(redirect)) {
    try {
      const u = new URL(redirect);
      if (u.origin === new URL(base).origin) return safeTarget(u.pathname + u.search + u.hash);
    } catch {
      // not an address: the home page below
    }
    return "/";
  }
  return safeTarget(redirect);
}

export function stateCookie(state: string | null, secure: boolean) {
  const parts = [`${SSO_STATE_COOKIE}=${state ?? ""}`, "HttpOnly", "SameSite=Lax", "Path=/api/login/caiyun/sso", `Max-Age=${state ? STATE_TTL_MS / 1000 : 0}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** Stores a single-use state with its nonce and PKCE verifier and answers the provider's authorisation address. */
export async function startSignIn(db: DbOrTx, c: SsoConfig, p: { base: string; returnTo: string }) {
  const state = randomToken(20);
  const nonce = randomToken(20);
  const codeVerifier = randomToken(40);
  const redirectUri = `${p.base}${SSO_CALLBACK_PATH}`;
  const url = await authorizationUrl(c, { redirectUri, state, nonce, codeVerifier });
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, new Date()));
  await db.insert(ssoLoginStates).values({ state, nonce, codeVerifier, redirectUri, returnTo: p.returnTo, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
  return { url, state };
}

/**
 * The state comes back in the query and in the cookie of the browser that started the sign-in: both must
 * agree (another browser's callback cannot log this one in), and it works once, within its time.
 */
export async function consumeState(db: DbOrTx, state: string | undefined, cookieState: string | undefined) {
  if (!state || !cookieState || state !== cookieState) throw fail(STATE_INVALID);
  const [row] = await db
    .update(ssoLoginStates)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoLoginStates.state, state), isNull(ssoLoginStates.usedAt), gt(ssoLoginStates.expiresAt, new Date())))
    .returning();
  if (!row) throw fail(STATE_INVALID);
  return row;
}

export interface CallbackParams {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
  session_state?: string;
}

/** What the provider answered, checked: an error it reports, else the code exchanged for tokens. */
export async function providerLogin(c: SsoConfig, row: typeof ssoLoginStates.$inferSelect, q: CallbackParams): Promise<ProviderLogin> {
  if (q.error) throw fail(q.error === "access_denied" ? CONSENT_REFUSED : PROVIDER_ERROR);
  if (!q.code) throw fail(PROVIDER_ERROR);
  const url = new URL(row.redirectUri);
  for (const [k, v] of Object.entries(q)) if (typeof v === "string") url.searchParams.set(k, v);
  return exchangeCode(c, url, { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier });
}

const record = (db: DbOrTx, a: { subject: string; userId?: number; name?: string; success: boolean; reason?: string; ip: string }) =>
  recordLoginAttempt(db, { account: a.subject, userId: a.userId, name: a.name, method: "sso", success: a.success, reason: a.reason, ip: a.ip });

/** The platform user of the provider's login: found, linked or created, in the provider's unit, allowed to log in. */
export async function signInUser(db: Db, c: SsoConfig, login: ProviderLogin, ip: string): Promise<SessionUser> {
  const profile = profileFromClaims(login.claims, c.claims);
  const issuer = login.claims.iss;
  const user = await db.transaction(async (tx) => {
    const { user } = await resolveUser(tx, issuer, profile);
    await syncMemberships(tx, user.id, profile);
    return user;
  });
  try {
    assertMayLogIn(user);
  } catch (e) {
    await record(db, { subject: profile.subject, userId: user.id, success: false, reason: user.status !== 1 ? "disabled" : "locked", ip });
    throw e;
  }
  const now = new Date();
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await db
    .update(ssoIdentities)
    .set({ lastLoginAt: now })
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, profile.subject)));
  await record(db, { subject: profile.subject, userId: user.id, name: user.nick, success: true, ip });
  return user;
}

/** Remembers that a platform session was begun at the provider, for both kinds of logout. */
export async function rememberSession(db: DbOrTx, sessionId: string, login: ProviderLogin) {
  const sid = typeof login.claims.sid === "string" ? login.claims.sid.slice(0, 255) : null;
  await db.insert(ssoSessions).values({ sessionId, issuer: login.claims.iss, subject: login.claims.sub, sid, idToken: login.idToken ?? null });
}

/**
 * Front-channel logout: for a session begun at the provider, the provider's logout address, which
 * comes back to `target` afterwards; null for any other session (the platform logs out alone).
 */
export async function providerLogoutUrl(db: DbOrTx, sessionId: string | undefined, p: { origin: string; target: string }) {
  const c = ssoConfig();
  if (!c || !sessionId) return null;
  const [row] = await db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId)).limit(1);
  if (!row) return null;
  try {
    return await endSessionUrl(c, { idToken: row.idToken, postLogoutRedirectUri: `${appBase(c, p.origin)}${SSO_LOGGED_OUT_PATH}`, state: p.target });
  } catch {
    // The provider is unreachable: logging out of the platform must still work.
    return null;
  }
}
