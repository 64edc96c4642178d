import { data } from "@remix-run/node";
import { TRPCError } from "@trpc/server";
import { getDb } from "@db/index.server";
import { createAppCaller } from "@trpc-app/caller";
import { createContext } from "@trpc-app/context";

/** A server-side caller for loaders and actions: same procedures, same rules as every other client. */
export async function serverCaller(request: Request) {
  const db = await getDb();
  const resHeaders = new Headers();
  const ctx = await createContext({ db, request, resHeaders });
  return { caller: createAppCaller(ctx), ctx, resHeaders };
}

/**
 * For a page loader whose procedure refused: a refusal of the request (unknown id, offline content,
 * bad input) is the page's 404 with `message`; a fault of the server is rethrown so the page shows it
 * as one and it is logged, instead of telling the learner the content does not exist.
 */
export function notFoundUnlessFault(e: unknown, message: string): never {
  if (e instanceof TRPCError && e.code !== "INTERNAL_SERVER_ERROR") throw data(message, { status: 404 });
  throw e;
}
