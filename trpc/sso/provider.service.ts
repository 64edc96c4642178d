import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { fail } from "@base/errors";
import type { SsoConfig } from "./config";
import { registerCache } from "@base/cache-registry";

export const PROVIDER_DOWN = "统一认证服务暂时无法连接，请稍后重试";
export const LOGIN_REJECTED = "统一认证登录校验未通过，请重新登录";
const BACKCHANNEL_EVENT = "http://schemas.openid.net/event/backchannel-logout";

let cached: { key: string; config: Promise<oidc.Configuration> } | undefined;

async function discover(c: SsoConfig): Promise<oidc.Configuration> {
  const plain = new URL(c.issuer).protocol === "http:";
  const config = await oidc.discovery(new URL(c.issuer), c.clientId, undefined, c.clientSecret ? oidc.ClientSecretBasic(c.clientSecret) : oidc.None(), {
    execute: plain ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
  // The ID token's signature is checked against the provider's keys too, not only its claims: on an
  // internal network the token endpoint may be reached without TLS.
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** The provider's metadata and client, discovered once per process; a failed discovery is tried again next time. */
export async function providerConfig(c: SsoConfig): Promise<oidc.Configuration> {
  const key = [c.issuer, c.clientId, c.clientSecret ?? ""].join("\n");
  if (cached?.key !== key) {
    const config = discover(c);
    cached = { key, config };
    config.catch(() => {
      if (cached?.config === config) cached = undefined;
    });
  }
  try {
    return await cached.config;
  } catch (e) {
    console.warn("[sso] provider discovery failed:", e instanceof Error ? e.message : e);
    throw fail(PROVIDER_DOWN);
  }
}

/** The provider's issuer as its tokens name it (the iss stored with identities and sessions). */
export async function providerIssuer(c: SsoConfig) {
  return (await providerConfig(c)).serverMetadata().issuer;
}

registerCache({
  name: "sso-provider",
  title: "单点登录身份源",
  description: "身份源的发现元数据（每个进程发现一次）与签名公钥集；删除后下次登录重新发现",
  keys: () => [...(cached ? ["provider"] : []), ...[...jwksByUri.keys()].map((uri) => `jwks:${uri}`)],
  get: (key) => {
    if (key === "provider" && cached) return { key, value: { issuer: cached.key.split("\n")[0], clientId: cached.key.split("\n")[1] } };
    if (key.startsWith("jwks:") && jwksByUri.has(key.slice(5))) return { key, value: { jwksUri: key.slice(5) } };
    return null;
  },
  delete: (key) => {
    if (key === "*") {
      const n = (cached ? 1 : 0) + jwksByUri.size;
      forgetProvider();
      return n;
    }
    if (key === "provider" && cached) {
      cached = undefined;
      return 1;
    }
    return key.startsWith("jwks:") && jwksByUri.delete(key.slice(5)) ? 1 : 0;
  },
});

/** For tests that restart the provider on the same issuer. */
export function forgetProvider() {
  cached = undefined;
  jwksByUri.clear();
}

export async function authorizationUrl(c: SsoConfig, p: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
  const config = await providerConfig(c);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    scope: c.scopes,
    state: p.state,
    nonce: p.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
    code_challenge_method: "S256",
  }).href;
}

/** A refusal by the provider or a token that does not check out, as opposed to the provider being unreachable. */
function isRejection(e: unknown) {
  if (e instanceof oidc.ResponseBodyError) return e.status < 500;
  if (e instanceof oidc.AuthorizationResponseError) return true;
  return e instanceof oidc.ClientError && /JWT|JWS|CLAIM|ATTRIBUTE|INVALID_RESPONSE|SIGNATURE|PARSE/.test(e.code ?? "");
}

export interface ProviderLogin {
  claims: Record<string, unknown> & { iss: string; sub: string };
  idToken?: string;
}

/**
 * Exchanges the code of `callbackUrl` (the redirect URI plus the provider's query) with the PKCE verifier,
 * checks state, nonce and the ID token, and adds the userinfo claims to the ID token's.
 */
export async function exchangeCode(c: SsoConfig, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ProviderLogin> {
  const config = await providerConfig(c);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw fail(LOGIN_REJECTED);
    let info: Record<string, unknown> = {};
    if (tokens.access_token && config.serverMetadata().userinfo_endpoint) {
      info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    }
    return { claims: { ...info, ...idClaims }, idToken: tokens.id_token };
  } catch (e) {
    if (e instanceof Error && e.message === LOGIN_REJECTED) throw e;
    const rejected = isRejection(e);
    console.warn(`[sso] code exchange ${rejected ? "refused" : "failed"}:`, e instanceof Error ? `${e.name} ${e.message}` : e);
    throw fail(rejected ? LOGIN_REJECTED : PROVIDER_DOWN);
  }
}

/** The provider's logout address for this session, or null when it has none (then only the platform logs out). */
export async function endSessionUrl(c: SsoConfig, p: { idToken?: string | null; postLogoutRedirectUri: string; state: string }) {
  const config = await providerConfig(c);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, {
    post_logout_redirect_uri: p.postLogoutRedirectUri,
    state: p.state,
    ...(p.idToken ? { id_token_hint: p.idToken } : {}),
  }).href;
}

/** How old a logout token may be (by its iat), and the clock skew allowed. */
const LOGOUT_TOKEN_MAX_AGE_S = 5 * 60;
const LOGOUT_TOKEN_TOLERANCE_S = 30;

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * A back-channel logout token (OpenID Connect Back-Channel Logout 1.0, 2.6): signed by the provider's
 * keys, for this client, recent, carrying the logout event and no nonce; names a subject, a session or both.
 */
export async function verifyLogoutToken(c: SsoConfig, token: string): Promise<{ issuer: string; sub?: string; sid?: string; jti: string; acceptableUntil: Date }> {
  const meta = (await providerConfig(c)).serverMetadata();
  if (!meta.jwks_uri) throw fail(LOGIN_REJECTED);
  let jwks = jwksByUri.get(meta.jwks_uri);
  if (!jwks) jwksByUri.set(meta.jwks_uri, (jwks = createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: 10_000 })));
  const { payload } = await jwtVerify(token, jwks, { issuer: meta.issuer, audience: c.clientId, maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S, clockTolerance: LOGOUT_TOKEN_TOLERANCE_S });
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events[BACKCHANNEL_EVENT] !== "object" || "nonce" in payload) throw fail("注销令牌格式不正确");
  const sub = typeof payload.sub === "string" ? payload.sub : undefined;
  const sid = typeof payload.sid === "string" ? payload.sid : undefined;
  if (!sub && !sid) throw fail("注销令牌格式不正确");
  // 2.4: a logout token carries a jti, by which a replay is recognised.
  if (typeof payload.jti !== "string" || !payload.jti || payload.jti.length > 255) throw fail("注销令牌格式不正确");
  // Past this moment jwtVerify refuses the token for its age, so its jti need not be remembered longer.
  const acceptableUntil = new Date((payload.iat! + LOGOUT_TOKEN_MAX_AGE_S + LOGOUT_TOKEN_TOLERANCE_S) * 1000);
  return { issuer: meta.issuer, sub, sid, jti: payload.jti, acceptableUntil };
}
