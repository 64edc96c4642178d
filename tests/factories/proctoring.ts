import { readFileSync } from "node:fs";
import { join } from "node:path";
import { putObject } from "@trpc-app/upload/object.service";

const dir = join(import.meta.dirname ?? new URL(".", import.meta.url).pathname, "..", "fixtures", "face");

/** Bytes of a face fixture: registered (the identity photo), capture (same person), no-face. */
export function faceFixture(name: "registered" | "capture" | "no-face") {
  return readFileSync(join(dir, `${name}.jpg`));
}

export const asDataUrl = (bytes: Buffer) => `data:image/jpeg;base64,${bytes.toString("base64")}`;

/** Stores the registered face photo as the upload flow would and answers its file URL. */
export async function storeRegisteredPhoto(userId: number) {
  return putObject(`1133/identity/${userId}/registered-face.jpg`, faceFixture("registered"), "image/jpeg");
}
