import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Db } from "@db/client";
import { BODY_LIMIT, declaredTooLarge, limitedStream, TOO_LARGE_MESSAGE } from "./body-limit";
import { createContext } from "./context";
import { appRouter } from "./router";

/** The request with its body cut off past BODY_LIMIT; tRPC answers that error as 413 in its own shape. */
function withBodyLimit(request: Request): Request {
  if (!request.body) return request;
  const body = limitedStream(request.body, request.headers.get("content-length"), BODY_LIMIT, () => new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: TOO_LARGE_MESSAGE }));
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit);
}

/** A declared size past the limit, answered unread in tRPC's error shape (one error stands for a whole batch). */
function tooLarge(): Response {
  const error = { message: TOO_LARGE_MESSAGE, code: -32013, data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, legacyCode: "-1" } };
  return new Response(JSON.stringify({ error }), { status: 413, headers: { "content-type": "application/json", connection: "close" } });
}

/** Answers one tRPC call over HTTP (/api/trpc/*) for the browser's tRPC client. */
export async function handleTrpc(request: Request, db: Db): Promise<Response> {
  if (declaredTooLarge(request.headers.get("content-length"), BODY_LIMIT)) return tooLarge();
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: withBodyLimit(request),
    router: appRouter,
    createContext: ({ req, resHeaders }) => createContext({ db, request: req, resHeaders, method: req.method }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path} failed:`, error);
    },
  });
  // The rest of a refused body stays unread: closing the connection drops it.
  if (res.status === 413) res.headers.set("connection", "close");
  return res;
}
