import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DbOrTx } from "@db/client";
import { recordUploads } from "@trpc-app/upload/access.service";
import { putObject } from "@trpc-app/upload/object.service";
import { objectKey, uploadDir } from "@trpc-app/upload/policy";

const dir = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..", "fixtures", "face");

/** Bytes of a face fixture: registered (the identity photo), capture (same person), no-face. */
export function faceFixture(name: "registered" | "capture" | "no-face") {
  return readFileSync(join(dir, `${name}.jpg`));
}

export const asDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

/** Stores the registered face photo as the upload flow would (unguessable key, owner recorded when db is given) and answers its file URL. */
export async function storeRegisteredPhoto(userId: number, db?: DbOrTx) {
  const key = objectKey(uploadDir("1133", "identity", userId), "registered-face.jpg");
  const url = await putObject(key, faceFixture("registered"), "image/jpeg");
  if (db) await recordUploads(db, [{ key, ownerId: userId, bizCode: "1133", purpose: "identity" }]);
  return url;
}
