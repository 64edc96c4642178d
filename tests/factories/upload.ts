import type { DbOrTx } from "@db/client";
import { recordUploads } from "@trpc-app/upload/access.service";
import { putObject } from "@trpc-app/upload/object.service";
import { objectKey, purposeOf, uploadDir } from "@trpc-app/upload/policy";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A file this user uploaded, stored and recorded as the upload flow does; answers the object key. */
export async function storeUpload(
  db: DbOrTx,
  userId: number,
  fileName = "photo.png",
  opts: { midPath?: string; bytes?: Uint8Array; contentType?: string } = {},
) {
  const key = objectKey(uploadDir("1133", opts.midPath, userId), fileName);
  await putObject(key, opts.bytes ?? PNG, opts.contentType ?? "image/png");
  await recordUploads(db, [{ key, ownerId: userId, bizCode: "1133", purpose: purposeOf(opts.midPath) }]);
  return key;
}
