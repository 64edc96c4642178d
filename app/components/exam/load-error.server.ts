import { data, redirect } from "@remix-run/node";

/**
 * What a learner exam page does when its procedure refuses: visitors are sent to log in (281), the
 * open-range refusal (102) is shown on the page, anything else is a 404 with the server's message.
 */
export function examLoadError(e: unknown, request: Request): { noPermission: string } {
  const code = (e as { legacyCode?: string }).legacyCode;
  const url = new URL(request.url);
  if (code === "281") throw redirect(`/?login=1&redirect=${encodeURIComponent(url.pathname + url.search)}`);
  if (code === "102") return { noPermission: (e as Error).message };
  throw data(e instanceof Error && e.message ? e.message : "考试不存在或已下架", { status: 404 });
}
