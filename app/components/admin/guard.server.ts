import { data, redirect } from "@remix-run/node";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { LegacyCode, legacyCodeOf } from "@base/errors";
import { zodMessage } from "@base/zod-message";
import { serverCaller } from "~/lib/caller.server";

/** The home page with the login dialog open, returning to the page that asked once logged in. */
export function loginUrl(request: Request) {
  const url = new URL(request.url);
  return `/?login=1&redirect=${encodeURIComponent(url.pathname + url.search)}`;
}
export const FORBIDDEN_MESSAGE = "您没有权限访问管理后台";
const SERVER_BUSY = "服务器开小差了，请稍后再试";

/** The message a person should read for a failed procedure call. */
export function readableError(error: unknown): string {
  if (error instanceof TRPCError && error.cause instanceof ZodError) return zodMessage(error.cause);
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error.message;
  return SERVER_BUSY;
}

/**
 * Runs a loader's procedure calls. The procedures decide; this only turns their refusal into a page:
 * a visitor goes to the login, a non-admin gets 403, other refusals become an error page with the reason.
 */
export async function adminLoad<T>(request: Request, load: (caller: Awaited<ReturnType<typeof serverCaller>>["caller"]) => Promise<T>) {
  const { caller } = await serverCaller(request);
  try {
    return await load(caller);
  } catch (error) {
    const code = legacyCodeOf(error);
    if (code === LegacyCode.notLoggedIn) throw redirect(loginUrl(request));
    if (code === LegacyCode.forbidden) throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
    if (code === LegacyCode.notFound) throw data({ message: readableError(error) }, { status: 404 });
    if (code === LegacyCode.badInput) throw data({ message: readableError(error) }, { status: 400 });
    throw error;
  }
}

export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** Runs an action's procedure call and answers a message for the toast; a lost session goes to the login. */
export async function adminAction(
  request: Request,
  run: (caller: Awaited<ReturnType<typeof serverCaller>>["caller"]) => Promise<string>
): Promise<ActionResult> {
  const { caller } = await serverCaller(request);
  try {
    return { ok: true, message: await run(caller) };
  } catch (error) {
    if (legacyCodeOf(error) === LegacyCode.notLoggedIn) throw redirect(loginUrl(request));
    const message = readableError(error);
    if (message === SERVER_BUSY) console.error("[admin] action failed:", error);
    return { ok: false, message };
  }
}
