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

/**
 * A JSON answer before it is made a Fetch Response: the production server (server.mjs) writes it to the
 * socket as it is; a Response and its body stream cost about a tenth of a small call's CPU there.
 * `headers` are the extra ones (Set-Cookie, Allow, Connection); the content type is always JSON.
 */
export interface JsonAnswer {
  kind: "json";
  status: number;
  headers: [string, string][];
  body: string;
}

export const JSON_ANSWER_HEADERS: readonly [string, string][] = [
  ["content-type", "application/json; charset=utf-8"],
  ["cache-control", "no-store"],
];

export function jsonAnswer(body: unknown, status = 200, headers: Iterable<[string, string]> = []): JsonAnswer {
  return { kind: "json", status, headers: [...headers], body: JSON.stringify(body) };
}

/** The same answer as a Fetch Response (the resource routes under `npm run dev`, tests). */
export function answerResponse(answer: JsonAnswer | Response): Response {
  if (answer instanceof Response) return answer;
  const h = new Headers(answer.headers);
  for (const [k, v] of JSON_ANSWER_HEADERS) h.set(k, v);
  return new Response(answer.body, { status: answer.status, headers: h });
}

export function jsonResponse(body: unknown, status = 200, headers?: Headers) {
  return answerResponse(jsonAnswer(body, status, headers));
}
