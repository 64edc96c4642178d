import type { Db } from "@db/client";
import { env } from "~/lib/env.server";
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
}

/** What a context reads of a request: a Fetch Request, or the legacy adapter's lighter stand-in (LegacyRequest). */
export interface ContextRequest {
  url: string;
  headers: Pick<Headers, "get">;
}

export function clientIp(request: ContextRequest): string {
  const fwd = request.headers.get("x-forwarded-for");
  if (fwd) return fwd.split(",")[0]!.trim().slice(0, 64);
  return request.headers.get("x-real-ip") ?? "127.0.0.1";
}

export async function createContext(opts: { db: Db; request: ContextRequest; resHeaders?: Headers }): Promise<Context> {
  const { db, request } = opts;
  const resHeaders = opts.resHeaders ?? new Headers();
  const cookies = parseCookies(request.headers.get("cookie"));
  const url = new URL(request.url);
  const secureCookies = url.protocol === "https:";
  let user: SessionUser | null = null;
  let session: SessionInfo | null = null;
  const token = cookies[SESSION_COOKIE];
  if (token) {
    const found = await validateSessionToken(db, token);
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
  };
}
