import type { LegacyInput } from "./types";

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

/** Sets a[]=1, a[0]=1 and a[b]=1 style keys into nested arrays and objects. */
function assign(target: LegacyInput, key: string, value: unknown) {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key);
  if (!m) {
    const prev = target[key];
    if (prev === undefined) target[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else target[key] = [prev, value];
    return;
  }
  const parts = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
  let node: Record<string, unknown> | unknown[] = target;
  let name: string = m[1]!;
  for (const part of parts) {
    const container = node as Record<string, unknown>;
    const isIndex = part === "" || /^\d+$/.test(part);
    if (container[name] === undefined) container[name] = isIndex ? [] : {};
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

export class BadBodyError extends Error {}

/** Reads a request body as JSON, form, or multipart; an empty body is an empty object. */
export async function decodeBody(request: Request): Promise<LegacyInput> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new BadBodyError("表单内容无法解析");
    }
    const out: LegacyInput = {};
    for (const [k, v] of form) assign(out, k, typeof v === "string" ? jsonish(v) : v);
    return out;
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as LegacyInput;
    return { body: parsed };
  } catch {
    throw new BadBodyError("请求内容不是有效的 JSON");
  }
}
