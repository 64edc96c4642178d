// Upload policies (oss/getUploadToken) and file URLs (oss/getDownLoadUrl), in either storage mode.
import { badInput } from "../errors";
import { LOCAL_ACCESS_ID, s3Settings } from "./config";
import { isSafeKey, objectKey, POLICY_TTL_SECONDS, ruleFor, uploadDir } from "./policy";
import { s3PostPolicy } from "./s3";
import { encodePolicy, hmac, signFileUrl } from "./signing";
import { cleanFileName } from "~/components/upload/file-name";
import type { TokenInput, DownloadInput } from "./schemas";

export const LOCAL_UPLOAD_PATH = "/storage/upload";
export const LOCAL_BUCKET = "caiyun";

/** Site files and images (1133) are shown on pages for years; other codes get short-lived links by default. */
const LONG_LIVED_SECONDS = 10 * 365 * 24 * 3600;
const SHORT_LIVED_SECONDS = 24 * 3600;

export interface UploadToken {
  host: string;
  policy: string;
  dir: string;
  accessId: string;
  signature: string;
  expire: number;
  data: string[];
  /** The exact form fields to post before the file. */
  fields: Record<string, string>;
}

export async function createUploadToken(userId: number, input: TokenInput, now = new Date()): Promise<UploadToken> {
  const fileName = cleanFileName(input.fileName);
  if (!fileName) throw badInput("文件名不能为空");
  const rule = ruleFor(fileName);
  if (!rule) throw badInput("不支持上传该类型的文件");
  if (input.fileSize !== undefined && input.fileSize > rule.maxBytes) throw badInput(`文件大小不能超过${rule.maxBytes / 1048576}Mb`);
  const contentType = input.contentType && rule.contentTypes.includes(input.contentType) ? input.contentType : rule.contentTypes[0]!;
  if (input.contentType && !rule.contentTypes.includes(input.contentType)) throw badInput("文件类型与扩展名不符");
  const dir = uploadDir(input.bizCode, input.midPath, userId, now);
  const data = Array.from({ length: input.fileNum ?? 1 }, () => objectKey(dir, fileName));
  const expire = Math.floor(now.getTime() / 1000) + POLICY_TTL_SECONDS;

  const s3 = s3Settings();
  if (s3) {
    const post = await s3PostPolicy(s3, { key: data[0]!, dir, contentType, maxBytes: rule.maxBytes, expiresSeconds: POLICY_TTL_SECONDS });
    return {
      host: post.url,
      policy: post.fields.Policy ?? "",
      dir,
      accessId: s3.accessKey,
      signature: post.fields["X-Amz-Signature"] ?? "",
      expire,
      data,
      fields: post.fields,
    };
  }

  const policy = encodePolicy({
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      { bucket: LOCAL_BUCKET },
      ["starts-with", "$key", dir],
      ["content-length-range", 0, rule.maxBytes],
      ["in", "$content-type", rule.contentTypes],
    ],
  });
  const signature = hmac(policy);
  return {
    host: LOCAL_UPLOAD_PATH,
    policy,
    dir,
    accessId: LOCAL_ACCESS_ID,
    signature,
    expire,
    data,
    fields: { key: data[0]!, policy, OSSAccessKeyId: LOCAL_ACCESS_ID, signature, success_action_status: "200" },
  };
}

/** A URL the app serves for the key (checked and, in S3 mode, redirected to a presigned GET). */
export function downloadUrl(input: DownloadInput, now = Date.now()) {
  const key = input.fileId.replace(/^\/+/, "");
  if (!isSafeKey(key)) throw badInput("文件ID不正确");
  const ttl = input.expiresIn ?? (input.bizCode === "1133" ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS);
  return { url: signFileUrl(key, Math.floor(now / 1000) + ttl), fileId: key };
}

/** Re-signs a stored app file URL (for pages that show old links); other URLs pass unchanged. */
export function freshFileUrl(stored: string | null | undefined, ttlSeconds = SHORT_LIVED_SECONDS) {
  if (!stored) return stored ?? "";
  const m = /^\/storage\/file\/([^?]+)/.exec(stored);
  if (!m) return stored;
  const key = m[1]!.split("/").map(decodeURIComponent).join("/");
  return signFileUrl(key, Math.floor(Date.now() / 1000) + ttlSeconds);
}
