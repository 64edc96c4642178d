// The embedded storage endpoint: checks a posted policy before writing, serves files by signed URL.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { dirname, join } from "node:path";
import { BodyTooLargeError, declaredTooLarge, limitedStream } from "../body-limit";
import { s3Settings, uploadsRoot } from "./config";
import { isSensitiveKey, PRIVATE_TTL_SECONDS, storagePath } from "./file-ref";
import { contentTypeFor, isSafeKey, MAX_FILE_BYTES, MB } from "./policy";
import { s3PresignedGet } from "./s3";
import { decodePolicy, hmac, safeEqual, verifyFileUrl, type PolicyDocument } from "./signing";

function refuse(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ code: status, message, success: false, data: null }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

function field(form: FormData, ...names: string[]) {
  for (const n of names) {
    const v = form.get(n);
    if (typeof v === "string") return v;
  }
  for (const [k, v] of form.entries()) if (typeof v === "string" && names.some((n) => n.toLowerCase() === k.toLowerCase())) return v;
  return null;
}

function conditionsOf(doc: PolicyDocument) {
  let prefix: string | null = null;
  let range: [number, number] | null = null;
  let types: string[] | null = null;
  let keys: string[] | null = null;
  for (const c of doc.conditions) {
    if (!Array.isArray(c)) continue;
    if (c[0] === "starts-with" && c[1] === "$key") prefix = String(c[2]);
    if (c[0] === "in" && c[1] === "$key") keys = (c[2] as string[]).map(String);
    if (c[0] === "content-length-range") range = [Number(c[1]), Number(c[2])];
    if (c[0] === "in" && String(c[1]).toLowerCase() === "$content-type") types = (c[2] as string[]).map(String);
  }
  return { prefix, range, types, keys };
}

/** The largest body any policy admits: its biggest file and room for the form's other fields. */
export const UPLOAD_BODY_LIMIT = MAX_FILE_BYTES + 64 * 1024;

/**
 * The multipart form, read only while it stays within `limit` (declared length first, then bytes
 * counted): the policy that sets the file's own limit sits inside the body.
 */
async function readForm(request: Request, limit: number): Promise<FormData | "too-large" | "malformed"> {
  const length = request.headers.get("content-length");
  if (declaredTooLarge(length, limit)) return "too-large";
  let over = false;
  const body = request.body
    ? limitedStream(request.body, length, limit, () => {
        over = true;
        return new BodyTooLargeError();
      })
    : null;
  try {
    return await new Request(request.url, { method: "POST", headers: request.headers, body, duplex: "half" } as RequestInit).formData();
  } catch {
    return over ? "too-large" : "malformed";
  }
}

/** POST /storage/upload: multipart with key, policy, signature and file; 200 when stored. */
export async function handleStorageUpload(request: Request, now = Date.now(), bodyLimit = UPLOAD_BODY_LIMIT): Promise<Response> {
  if (request.method !== "POST") return refuse(405, "请使用POST上传文件");
  if (s3Settings()) return refuse(404, "当前使用对象存储，请向返回的地址上传");
  const form = await readForm(request, bodyLimit);
  // The rest of a refused body stays unread: closing the connection drops it.
  if (form === "too-large") return refuse(413, `文件大小超出限制（最大${MAX_FILE_BYTES / MB}Mb）`, { connection: "close" });
  if (form === "malformed") return refuse(400, "上传内容格式不正确");
  const policy = field(form, "policy", "Policy");
  const signature = field(form, "signature", "Signature");
  const key = field(form, "key");
  const file = form.get("file");
  if (!policy || !signature) return refuse(403, "缺少上传凭证");
  if (!safeEqual(hmac(policy), signature)) return refuse(403, "上传凭证签名无效");
  const doc = decodePolicy(policy);
  if (!doc) return refuse(403, "上传凭证格式不正确");
  const expires = Date.parse(doc.expiration);
  if (!Number.isFinite(expires) || expires < now) return refuse(403, "上传凭证已过期，请重新上传");
  const { prefix, range, types, keys } = conditionsOf(doc);
  if (!key || !prefix || !key.startsWith(prefix) || !isSafeKey(key) || (keys && !keys.includes(key))) return refuse(403, "文件路径不在授权目录内");
  if (!(file instanceof Blob)) return refuse(400, "缺少上传文件");
  if (range && (file.size < range[0] || file.size > range[1])) return refuse(400, `文件大小超出限制（最大${Math.floor(range[1] / 1048576)}Mb）`);
  const type = (field(form, "Content-Type", "content-type") ?? file.type ?? "").split(";")[0]!.trim().toLowerCase();
  if (types && !types.includes(type)) return refuse(400, "文件类型不被允许");

  const bytes = Buffer.from(await file.arrayBuffer());
  const path = join(uploadsRoot(), key);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.part`;
  await writeFile(tmp, bytes);
  await rename(tmp, path);
  const etag = `"${createHash("md5").update(bytes).digest("hex")}"`;
  const status = field(form, "success_action_status") === "201" ? 201 : 200;
  return new Response(JSON.stringify({ code: 200, message: "上传成功", success: true, data: { key } }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", etag, location: storagePath(key) },
  });
}

/** Real-name photos and exam pictures are never signed for longer than this; a longer link predates the rule. */
const SENSITIVE_LINK_MAX_SECONDS = PRIVATE_TTL_SECONDS + 300;

/**
 * GET /storage/file/<key>?exp=&sig=: 403 when the link is tampered with or expired. Links are
 * signed only for those who may read the object (access.service.ts), so the link is the permission.
 */
export async function handleStorageFile(request: Request, rawKey: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<Response> {
  const key = rawKey.replace(/^\/+/, "");
  const url = new URL(request.url);
  if (!isSafeKey(key)) return refuse(404, "文件不存在");
  const exp = url.searchParams.get("exp");
  if (!verifyFileUrl(key, exp, url.searchParams.get("sig"), nowSeconds)) {
    return refuse(403, "链接无效或已过期");
  }
  if (isSensitiveKey(key) && Number(exp) - nowSeconds > SENSITIVE_LINK_MAX_SECONDS) return refuse(403, "链接无效或已过期");
  const s3 = s3Settings();
  if (s3) {
    // The bucket's link never outlives the app's link.
    const ttl = Math.max(1, Math.min(900, Number(exp) - nowSeconds));
    return new Response(null, { status: 302, headers: { location: await s3PresignedGet(s3, key, ttl), "cache-control": "no-store" } });
  }
  const path = join(uploadsRoot(), key);
  try {
    const info = await stat(path);
    if (!info.isFile()) return refuse(404, "文件不存在");
    const headers: Record<string, string> = {
      "content-type": contentTypeFor(key) ?? "application/octet-stream",
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
    };
    // Video players seek with byte ranges; one range per request is what they send.
    const wanted = byteRange(request.headers.get("range"), info.size);
    if (wanted === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${info.size}` } });
    }
    const [start, end] = wanted ?? [0, info.size - 1];
    const body = info.size === 0 ? null : (Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>);
    return new Response(body, {
      status: wanted ? 206 : 200,
      headers: {
        ...headers,
        "content-length": String(info.size === 0 ? 0 : end - start + 1),
        ...(wanted ? { "content-range": `bytes ${start}-${end}/${info.size}` } : {}),
      },
    });
  } catch {
    return refuse(404, "文件不存在");
  }
}

/** The first range of a Range header as [start, end] inclusive; null when absent or not bytes. */
export function byteRange(header: string | null, size: number): [number, number] | null | "unsatisfiable" {
  const m = header ? /^bytes=(\d*)-(\d*)/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    // "bytes=-N": the last N bytes.
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return [start, end];
}
