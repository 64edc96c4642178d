// Upload policies (oss/getUploadToken) and file URLs (oss/getDownLoadUrl), in either storage mode.
import type { DbOrTx } from "@db/client";
import { badInput, forbidden } from "@base/errors";
import { FILE_REFUSED, readAccess, recordUploads, type Viewer } from "./access.service";
import { LOCAL_ACCESS_ID, s3Settings } from "./config";
import { contentTypeFor, isSafeKey, objectKey, POLICY_TTL_SECONDS, purposeOf, ruleFor, uploadDir } from "./policy";
import { s3PostPolicy } from "./s3";
import { PRIVATE_TTL_SECONDS } from "./file-ref";
import { keyOfFileUrl } from "./object.service";
import { encodePolicy, hmac, signFileUrl } from "./signing";
import { cleanFileName } from "@base/file-name";
import type { TokenInput, DownloadInput } from "./schemas";

export const LOCAL_UPLOAD_PATH = "/storage/upload";
export const LOCAL_BUCKET = "caiyun";

/** Public site pictures (1133) are shown on pages for years; other public files get a day by default. */
export const LONG_LIVED_SECONDS = 10 * 365 * 24 * 3600;
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

/**
 * A policy for one upload. Each key handed out is recorded with its owner and purpose: an admin's
 * ordinary upload is a site asset anyone may read, everything else stays private to its owner (an
 * e-invoice, midPath `invoice`, also to the learner it is issued to).
 */
export async function createUploadToken(db: DbOrTx, user: { id: number; isAdmin: number }, input: TokenInput, now = new Date()): Promise<UploadToken> {
  const userId = user.id;
  const fileName = cleanFileName(input.fileName);
  if (!fileName) throw badInput("文件名不能为空");
  const rule = ruleFor(fileName);
  if (!rule) throw badInput("不支持上传该类型的文件");
  if (input.fileSize !== undefined && input.fileSize > rule.maxBytes) throw badInput(`文件大小不能超过${rule.maxBytes / 1048576}Mb`);
  const contentType = input.contentType && rule.contentTypes.includes(input.contentType) ? input.contentType : rule.contentTypes[0]!;
  if (input.contentType && !rule.contentTypes.includes(input.contentType)) throw badInput("文件类型与扩展名不符");
  const purpose = purposeOf(input.midPath);
  // E-invoices are issued by the back office, as PDF only.
  if (purpose === "invoice" && user.isAdmin !== 1) throw forbidden("只有管理员可以上传电子发票");
  if (purpose === "invoice" && contentTypeFor(fileName) !== "application/pdf") throw badInput("电子发票须为PDF格式");
  const dir = uploadDir(input.bizCode, input.midPath, userId, now);
  const data = Array.from({ length: input.fileNum ?? 1 }, () => objectKey(dir, fileName));
  const expire = Math.floor(now.getTime() / 1000) + POLICY_TTL_SECONDS;
  await recordUploads(
    db,
    data.map((key) => ({ key, ownerId: userId, bizCode: input.bizCode, purpose, isPublic: user.isAdmin === 1 && purpose === "file" })),
  );

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
      // Only the keys recorded above, as the S3 policy binds its one key.
      ["in", "$key", data],
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

/**
 * A URL the app serves for the key (in S3 mode redirected to a presigned GET), signed only for a
 * caller who may read the object: public assets for long, anything else for an hour at most.
 */
export async function downloadUrl(db: DbOrTx, viewer: Viewer, input: DownloadInput, now = Date.now()) {
  const key = input.fileId.replace(/^\/+/, "");
  if (!isSafeKey(key)) throw badInput("文件ID不正确");
  const access = await readAccess(db, viewer, key);
  if (!access) throw forbidden(FILE_REFUSED);
  const longest = access === "public" ? LONG_LIVED_SECONDS : PRIVATE_TTL_SECONDS;
  const wanted = input.expiresIn ?? (access === "public" && input.bizCode !== "1133" ? SHORT_LIVED_SECONDS : longest);
  return { url: signFileUrl(key, Math.floor(now / 1000) + Math.min(wanted, longest)), fileId: key };
}

/** Re-signs a stored app file URL for a page that shows it to whoever may see it; other URLs pass unchanged. */
export function freshFileUrl(stored: string | null | undefined, ttlSeconds = SHORT_LIVED_SECONDS) {
  if (!stored) return stored ?? "";
  const key = keyOfFileUrl(stored);
  return key ? signFileUrl(key, Math.floor(Date.now() / 1000) + ttlSeconds) : stored;
}
