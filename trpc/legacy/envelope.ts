import type { LegacyCode } from "@base/errors";

export const SUCCESS_CODE = 200;

/** Numeric legacy codes travel as numbers; word codes (user.status.locked) as strings. */
export function wireCode(code: LegacyCode | number): number | string {
  if (typeof code === "number") return code;
  return /^-?\d+$/.test(code) ? Number(code) : code;
}

export function okEnvelope(data: unknown, kind: "elearning" | "login") {
  return kind === "login"
    ? { success: true, result: data ?? null, message: "成功", code: SUCCESS_CODE }
    : { code: SUCCESS_CODE, message: "成功", success: true, data: data ?? null };
}

export function errorEnvelope(code: LegacyCode | number, message: string, kind: "elearning" | "login") {
  return kind === "login"
    ? { success: false, result: null, message, code: wireCode(code) }
    : { code: wireCode(code), message, success: false, data: null };
}

export function jsonResponse(body: unknown, status = 200, headers?: Headers) {
  const h = new Headers(headers);
  h.set("content-type", "application/json; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}
