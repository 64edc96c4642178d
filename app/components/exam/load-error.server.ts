import { redirect } from "@remix-run/node";
import { notFoundUnlessFault } from "~/lib/caller.server";

/**
 * What a learner exam page does when its procedure refuses: visitors are sent to log in (281), the
 * open-range refusal (102) is shown on the page, any other refusal is a 404 with the server's message
 * and a fault of the server stays one.
 */
export function examLoadError(e: unknown, request: Request): { noPermission: string } {
  const code = (e as { legacyCode?: string }).legacyCode;
  const url = new URL(request.url);
  if (code === "281") throw redirect(`/?login=1&redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (code === "102") return { noPermission: (e as Error).message };
  notFoundUnlessFault(e, e instanceof Error && e.message ? e.message : "考试不存在或已下架");
}
