// HMAC signatures of upload policies and of file URLs served by the app.
import { createHmac, timingSafeEqual } from "node:crypto";
import { storageSecret } from "./config";
import { storagePath } from "./file-ref";

export function hmac(value: string, encoding: "base64" | "base64url" = "base64") {
  return createHmac("sha256", storageSecret()).update(value).digest(encoding);
}

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type PolicyCondition =
  | Record<string, string>
  | ["starts-with", string, string]
  | ["content-length-range", number, number]
  | ["in", string, string[]];

export interface PolicyDocument {
  expiration: string;
  conditions: PolicyCondition[];
}

export function encodePolicy(doc: PolicyDocument) {
  return Buffer.from(JSON.stringify(doc)).toString("base64");
}

export function decodePolicy(policy: string): PolicyDocument | null {
  try {
    const doc = JSON.parse(Buffer.from(policy, "base64").toString("utf8")) as PolicyDocument;
    return typeof doc?.expiration === "string" && Array.isArray(doc.conditions) ? doc : null;
  } catch {
    return null;
  }
}

export function signFileUrl(key: string, expiresAtSeconds: number) {
  const sig = hmac(`${key}\n${expiresAtSeconds}`, "base64url");
  return `${storagePath(key)}?exp=${expiresAtSeconds}&sig=${sig}`;
}

export function verifyFileUrl(key: string, exp: string | null, sig: string | null, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  if (!safeEqual(hmac(`${key}\n${exp}`, "base64url"), sig)) return false;
  return Number(exp) >= nowSeconds;
}

/** What a signed-file route answers a link that does not hold (403) or a file that is not there (404). */
export const signedFileRefusal = (status: 403 | 404) =>
  new Response(status === 403 ? "链接无效或已过期" : "文件不存在", { status, headers: { "content-type": "text/plain; charset=utf-8" } });
