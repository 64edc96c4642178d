// The local invigilation helper (learner-front-end.md 7, 9): POST 127.0.0.1:{52338..52342}/local/api/violating/app.

export const HELPER_PORTS = [52338, 52339, 52340, 52341, 52342];
export const HELPER_PATH = "/local/api/violating/app";

export type HelperState =
  | { kind: "ok" }
  | { kind: "absent" }
  | { kind: "apps"; apps: string[] }
  | { kind: "displays"; count: number }
  | { kind: "error" };

export const HELPER_MESSAGES: Record<Exclude<HelperState["kind"], "ok">, string> = {
  absent: "监考助手未开启，无法继续考试",
  apps: "检测到违规应用，无法继续考试",
  displays: "检测到多个显示器，无法继续考试",
  error: "监考助手运行异常，无法继续考试",
};

interface HelperAnswer {
  code?: number | string;
  data?: HelperAnswer;
  processInfo?: { pass?: boolean | number; appList?: { name?: string }[] };
  displays?: unknown[];
}

/** Reads the helper's answer: code 500 is a helper exception, then violating apps, then extra displays. */
export function readHelperAnswer(status: number, body: HelperAnswer | null): HelperState {
  if (status >= 500 || Number(body?.code) === 500 || !body) return { kind: "error" };
  const data = body.data && typeof body.data === "object" ? body.data : body;
  const info = data.processInfo;
  if (info && (info.pass === false || info.pass === 0)) {
    return { kind: "apps", apps: (info.appList ?? []).map((a) => String(a?.name ?? "")).filter(Boolean) };
  }
  if (Array.isArray(data.displays) && data.displays.length > 1) return { kind: "displays", count: data.displays.length };
  return { kind: "ok" };
}

/**
 * Asks the helper on the first port that answers. A plain-text POST (no custom headers) is a simple
 * cross-origin request, so the helper needs only Access-Control-Allow-Origin, no preflight.
 */
export async function probeHelper(ports = HELPER_PORTS, timeoutMs = 2000): Promise<HelperState> {
  for (const port of ports) {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${port}${HELPER_PATH}`, { method: "POST", body: "{}", cache: "no-store", signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      continue; // nothing listens on this port (or it timed out): try the next one
    }
    let body: HelperAnswer | null = null;
    try {
      body = (await res.json()) as HelperAnswer;
    } catch {
      body = null;
    }
    return readHelperAnswer(res.status, body);
  }
  return { kind: "absent" };
}
