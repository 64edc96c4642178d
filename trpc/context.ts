import { isIP } from "node:net";
import type { Db } from "@db/client";
import { env, trustProxyRule, type TrustProxyRule } from "@base/env.server";
import { databaseUnavailable, isDatabaseUnavailable } from "@base/errors";
import { parseCookies, SESSION_COOKIE, sessionCookie, validateSessionToken, type SessionInfo, type SessionUser } from "./auth/session";

export interface Context {
  db: Db;
  user: SessionUser | null;
  session: SessionInfo | null;
  /** Site path prefix of the request ("" for the main site). */
  sitePath: string;
  ip: string;
  userAgent: string;
  origin: string;
  cookies: Record<string, string>;
  /** Headers to add to the response (Set-Cookie from login, logout, captcha, sliding renewal). */
  resHeaders: Headers;
  /** True when the caller presented the service token (the realtime process). */
  isService: boolean;
  secureCookies: boolean;
  /** HTTP method of a client's call over the API (mutations refuse GET); null for server-side callers such as page loaders. */
  method: string | null;
}

/** What a context reads of a request: a Fetch Request, or the legacy adapter's lighter stand-in (LegacyRequest). */
export interface ContextRequest {
  url: string;
  headers: Pick<Headers, "get">;
}

/**
 * The socket's remote address, set by the web server itself (server.mjs, and the dev server in
 * vite.config.ts) after dropping any value a client sent under this name.
 */
export const PEER_ADDRESS_HEADER = "x-cy-peer-address";

/** An address in its plain form (IPv4 without the ::ffff: mapping), or null when it is not one. */
function plainAddress(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? "";
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text)?.[1];
  const address = v4 ?? text;
  return isIP(address) ? address.slice(0, 64) : null;
}

let trusted: { source: string | undefined; rule: TrustProxyRule | null } | undefined;

function trustedProxies() {
  const source = env().TRUST_PROXY;
  if (!trusted || trusted.source !== source) trusted = { source, rule: source ? trustProxyRule(source) : null };
  return trusted.rule;
}

/**
 * Who sent the request: the socket's address, or, when that is a trusted proxy (TRUST_PROXY), the
 * X-Forwarded-For entries walked from the nearest hop outwards while they are trusted proxies too.
 */
export function clientIp(request: ContextRequest): string {
  const peer = plainAddress(request.headers.get(PEER_ADDRESS_HEADER)) ?? "127.0.0.1";
  const rule = trustedProxies();
  if (!rule) return peer;
  const chain = [peer, ...(request.headers.get("x-forwarded-for") ?? "").split(",").reverse()];
  let client = peer;
  for (let hop = 0; hop + 1 < chain.length; hop++) {
    const isProxy = "hops" in rule ? hop < rule.hops : rule.proxies.check(client, isIP(client) === 4 ? "ipv4" : "ipv6");
    if (!isProxy) break;
    const next = plainAddress(chain[hop + 1]);
    // A malformed entry ends the walk: the last proxy's view is all that can be believed.
    if (!next) break;
    client = next;
  }
  return client;
}

export async function createContext(opts: { db: Db; request: ContextRequest; resHeaders?: Headers; method?: string | null }): Promise<Context> {
  const { db, request } = opts;
  const resHeaders = opts.resHeaders ?? new Headers();
  const cookies = parseCookies(request.headers.get("cookie"));
  const url = new URL(request.url);
  const secureCookies = url.protocol === "https:";
  let user: SessionUser | null = null;
  let session: SessionInfo | null = null;
  const token = cookies[SESSION_COOKIE];
  if (token) {
    // The session is read before any procedure runs: a database outage here gets the same retryable refusal.
    const found = await validateSessionToken(db, token).catch((e: unknown) => {
      throw isDatabaseUnavailable(e) ? databaseUnavailable() : e;
    });
    if (found) {
      user = found.user;
      session = found.session;
      if (found.session.fresh) resHeaders.append("Set-Cookie", sessionCookie(token, found.session.expiresAt, secureCookies));
    }
  }
  const serviceToken = env().SERVICE_TOKEN;
  const auth = request.headers.get("authorization");
  const isService = !!serviceToken && auth === `Bearer ${serviceToken}`;
  return {
    db,
    user,
    session,
    sitePath: request.headers.get("x-site-path") ?? url.searchParams.get("pathName") ?? "",
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent") ?? "",
    origin: url.origin,
    cookies,
    resHeaders,
    isService,
    secureCookies,
    method: opts.method?.toUpperCase() ?? null,
  };
}
