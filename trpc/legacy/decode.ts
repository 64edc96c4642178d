import { BodyTooLargeError, declaredTooLarge, readLimited } from "../body-limit";
import type { LegacyInput, LegacyRequest } from "./types";

/** Values that look like JSON objects, arrays, booleans or null become those; numbers stay strings. */
function jsonish(value: string): unknown {
  const v = value.trim();
  if (v === "true") return true;
  if (v === "false") return false;
  if (v === "null") return null;
  if ((v.startsWith("{") && v.endsWith("}")) || (v.startsWith("[") && v.endsWith("]"))) {
    try {
      return JSON.parse(v);
    } catch {
      return value;
    }
  }
  return value;
}

export class BadBodyError extends Error {}

/** Names that would reach Object.prototype through keys like __proto__[x]=1. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
/** Old clients send short lists; a bigger index would let one key build an array of billions of holes. */
const MAX_INDEX = 1000;

const own = (node: object, name: string): unknown => (Object.hasOwn(node, name) ? (node as Record<string, unknown>)[name] : undefined);

/** Sets a[]=1, a[0]=1 and a[b]=1 style keys into nested arrays and objects. */
function assign(target: LegacyInput, key: string, value: unknown) {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) {
    if (UNSAFE_KEYS.has(key)) return;
    const prev = own(target, key);
    if (prev === undefined) target[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else target[key] = [prev, value];
    return;
  }
  const parts = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
  if (UNSAFE_KEYS.has(m[1]!) || parts.some((p) => UNSAFE_KEYS.has(p))) return;
  if (parts.some((p) => /^\d+$/.test(p) && Number(p) > MAX_INDEX)) throw new BadBodyError("参数格式不正确");
  let node: Record<string, unknown> | unknown[] = target;
  let name: string = m[1]!;
  for (const part of parts) {
    const container = node as Record<string, unknown>;
    const isIndex = part === "" || /^\d+$/.test(part);
    const child = own(container, name);
    // A plain value met by a nested key (a=1&a[b]=2) gives way to the container.
    if (child === null || typeof child !== "object") container[name] = isIndex ? [] : {};
    node = container[name] as Record<string, unknown> | unknown[];
    if (part === "" && Array.isArray(node)) {
      name = String(node.length);
    } else {
      name = part;
    }
  }
  (node as Record<string, unknown>)[name] = value;
}

export function decodeSearchParams(params: URLSearchParams): LegacyInput {
  const out: LegacyInput = {};
  for (const [k, v] of params) assign(out, k, jsonish(v));
  return out;
}

const utf8 = new TextDecoder();

/** The body's bytes, at most `limit` of them (BodyTooLargeError past that). */
async function bodyBytes(request: LegacyRequest, limit: number): Promise<Uint8Array> {
  if (request.readBody) {
    if (declaredTooLarge(request.headers.get("content-length"), limit)) throw new BodyTooLargeError();
    const bytes = await request.readBody(limit);
    if (bytes === "too-large") throw new BodyTooLargeError();
    return bytes ?? new Uint8Array(0);
  }
  return readLimited(request.body, request.headers.get("content-length"), limit);
}

/** Reads a request body (at most `limit` bytes) as JSON, form, or multipart; an empty body is an empty object. */
export async function decodeBody(request: LegacyRequest, limit: number): Promise<LegacyInput> {
  const type = request.headers.get("content-type") ?? "";
  const bytes = await bodyBytes(request, limit);
  const lower = type.toLowerCase();
  if (lower.includes("multipart/form-data") || lower.includes("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      // The bytes sit in a plain ArrayBuffer (never a shared one), which is what a body may be.
      form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } }).formData();
    } catch {
      throw new BadBodyError("表单内容无法解析");
    }
    const out: LegacyInput = {};
    for (const [k, v] of form) assign(out, k, typeof v === "string" ? jsonish(v) : v);
    return out;
  }
  const text = utf8.decode(bytes);
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as LegacyInput;
    return { body: parsed };
  } catch {
    throw new BadBodyError("请求内容不是有效的 JSON");
  }
}
