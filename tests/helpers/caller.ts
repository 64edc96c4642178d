import type { Db } from "@db/client";
import { createAppCaller } from "@trpc-app/caller";
import { createContext, PEER_ADDRESS_HEADER } from "@trpc-app/context";
import { parseCookies } from "@trpc-app/auth/session";

/**
 * A client of the procedures that keeps cookies between calls like a browser does.
 * `as` gives it the session of an existing token.
 */
export function testClient(db: Db, opts: { ip?: string; cookies?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const jar: Record<string, string> = { ...(opts.cookies ?? {}) };
  async function caller() {
    const cookie = Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    const request = new Request("http://127.0.0.1:3000/api/trpc", {
      headers: { cookie, [PEER_ADDRESS_HEADER]: opts.ip ?? "10.0.0.1", ...(opts.headers ?? {}) },
    });
    const resHeaders = new Headers();
    const ctx = await createContext({ db, request, resHeaders });
    return { caller: createAppCaller(ctx), ctx, resHeaders };
  }
  /** Runs one call and keeps any Set-Cookie it answered with. */
  async function call<T>(fn: (c: ReturnType<typeof createAppCaller>) => Promise<T>): Promise<T> {
    const { caller: c, resHeaders } = await caller();
    try {
      return await fn(c);
    } finally {
      for (const header of resHeaders.getSetCookie()) {
        const [pair] = header.split(";");
        const parsed = parseCookies(pair);
        for (const [k, v] of Object.entries(parsed)) {
          if (/Max-Age=0/i.test(header) || v === "") delete jar[k];
          else jar[k] = v;
        }
      }
    }
  }
  return { call, jar, caller };
}
