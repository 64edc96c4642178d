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
