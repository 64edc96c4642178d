import { env } from "@base/env.server";
import { fail } from "@base/errors";
import { publishUrl } from "../realtime/publish";

// The realtime process's internal endpoints as the diagnostic tools call them: the same address and service
// token as publish.ts, two seconds at most, and a clear refusal when the process does not answer.

export const REALTIME_DOWN = "实时服务未连接，请确认实时服务（realtime）已启动";
const TIMEOUT_MS = 2000;

/** An internal endpoint of the realtime process the app reaches (REALTIME_INTERNAL_URL or REALTIME_PORT). */
export function realtimeUrl(path: string): string {
  return new URL(path, publishUrl()).toString();
}

export async function callRealtime<T>(path: string, init: { method: "GET" | "POST"; body?: unknown } = { method: "GET" }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(realtimeUrl(path), {
      method: init.method,
      headers: { authorization: `Bearer ${env().SERVICE_TOKEN ?? ""}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw fail(REALTIME_DOWN);
  }
  if (res.status === 401) throw fail("实时服务拒绝了服务令牌，请检查 SERVICE_TOKEN");
  if (!res.ok) throw fail(`${REALTIME_DOWN}（HTTP ${res.status}）`);
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}
