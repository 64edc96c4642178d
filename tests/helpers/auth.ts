import { TRPCError } from "@trpc/server";
import type { Db } from "@db/client";
import { createSession, SESSION_COOKIE } from "@trpc-app/auth/session";
import { AppError } from "@base/errors";
import { testClient } from "./caller";

/** The error a call threw; fails the test when it answered instead. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError & Partial<Pick<AppError, "legacyCode">>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error as TRPCError & Partial<Pick<AppError, "legacyCode">>;
    throw error;
  }
  throw new Error("expected the call to be refused, but it answered");
}

/** A client already holding a session of this user (no password check, so no argon2 cost). */
export async function signedInClient(db: Db, userId: number, opts: { ip?: string } = {}) {
  const { token } = await createSession(db, userId);
  return testClient(db, { ...opts, cookies: { [SESSION_COOKIE]: token } });
}

export interface TrpcHttpAnswer {
  status: number;
  body: any;
  /** Errors the server logged as internal while answering. */
  internal: unknown[];
}

/** Calls a procedure the way the browser's tRPC client does (HTTP, no batching), to read what it receives. */
export async function trpcHttp(
  db: Db,
  path: string,
  input: unknown,
  opts: { type: "query" | "mutation"; cookie?: string },
): Promise<TrpcHttpAnswer> {
  const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
  const { appRouter } = await import("@trpc-app/router");
  const { createContext, PEER_ADDRESS_HEADER } = await import("@trpc-app/context");
  const url = new URL(`http://127.0.0.1:3000/api/trpc/${path}`);
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: "10.0.0.3", ...(opts.cookie ? { cookie: opts.cookie } : {}) };
  let req: Request;
  if (opts.type === "query") {
    if (input !== undefined) url.searchParams.set("input", JSON.stringify(input));
    req = new Request(url, { headers });
  } else {
    req = new Request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: input === undefined ? undefined : JSON.stringify(input),
    });
  }
  const internal: unknown[] = [];
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: ({ req: r, resHeaders }) => createContext({ db, request: r, resHeaders }),
    onError({ error }) {
      if (error.code === "INTERNAL_SERVER_ERROR") internal.push(error);
    },
  });
  return { status: res.status, body: await res.json(), internal };
}
