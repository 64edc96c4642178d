import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DbOrTx } from "@db/client";
import { storagePath } from "@trpc-app/upload/file-ref";
import { storeUpload } from "./upload";

const dir = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..", "fixtures", "face");

/** Bytes of a face fixture: registered (the identity photo), capture (same person), no-face. */
export function faceFixture(name: "registered" | "capture" | "no-face") {
  return readFileSync(join(dir, `${name}.jpg`));
}

export const asDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

/** Stores the registered face photo as the upload flow would and answers its file path. */
export async function storeRegisteredPhoto(db: DbOrTx, userId: number) {
  return storagePath(await storeUpload(db, userId, "registered-face.jpg", { midPath: "identity", bytes: faceFixture("registered"), contentType: "image/jpeg" }));
}
