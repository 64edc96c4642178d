// Server-side reads and writes of stored files (the same keys the upload flow hands out).
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { s3Settings, uploadsRoot } from "./config";
import { isSafeKey, storageKeyOf, storagePath } from "./file-ref";
import { s3Client } from "./s3";

/** The object key of this site's file path (`/storage/file/<key>?exp=&sig=`); null for anything else, other hosts included. */
export function keyOfFileUrl(url: string): string | null {
  const v = url.trim();
  return v.startsWith("/storage/file/") ? storageKeyOf(v) : null;
}

export async function putObject(key: string, bytes: Uint8Array, contentType: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe object key: ${key}`);
  const s3 = s3Settings();
  if (s3) {
    await s3Client(s3).send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType }));
  } else {
    const path = join(uploadsRoot(), key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.part`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  }
  return storagePath(key);
}

export async function readObject(key: string): Promise<Buffer | null> {
  if (!isSafeKey(key)) return null;
  const s3 = s3Settings();
  try {
    if (s3) {
      const out = await s3Client(s3).send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    }
    return await readFile(join(uploadsRoot(), key));
  } catch {
    return null;
  }
}

/** Size in bytes, or null when the object does not exist. */
export async function objectSize(key: string): Promise<number | null> {
  if (!isSafeKey(key)) return null;
  const s3 = s3Settings();
  try {
    if (s3) return (await s3Client(s3).send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentLength ?? 0;
    const info = await stat(join(uploadsRoot(), key));
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}
