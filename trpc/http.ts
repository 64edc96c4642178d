import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Db } from "@db/client";
import { createContext } from "./context";
import { appRouter } from "./router";

/** Answers one tRPC call over HTTP (/api/trpc/*) for the browser's tRPC client. */
export function handleTrpc(request: Request, db: Db): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: ({ req, resHeaders }) => createContext({ db, request: req, resHeaders }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`[trpc] ${path} failed:`, error);
    },
  });
}
