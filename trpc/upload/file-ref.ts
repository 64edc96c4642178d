// References to stored objects, without Node imports: the form schemas that validate them run in the browser too.

/** Links to anything but public site assets last an hour. */
export const PRIVATE_TTL_SECONDS = 3600;

/** Keys never climb out of the upload folder, and always make a path (no lone surrogate, which no URL can encode). */
export function isSafeKey(key: string) {
  return key.length > 0 && key.length <= 400 && !key.startsWith("/") && !key.split("/").some((s) => s === ".." || s === "." || s === "") && !/[\\\0]|\p{Cs}/u.test(key);
}

/** Path of a served file; each segment encoded so Chinese names survive. */
export function storagePath(key: string) {
  return `/storage/file/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The object key a learner's reference names: this site's file path (`/storage/file/<key>`, any
 * signature ignored) or a bare key. Addresses on other hosts are never keys of this storage.
 */
export function storageKeyOf(ref: string): string | null {
  const v = ref.trim();
  if (!v || v.length > 1000 || /\s/.test(v)) return null;
  let raw: string;
  if (v.startsWith("/storage/file/")) raw = v.slice("/storage/file/".length).split(/[?#]/)[0]!;
  else if (/^[\w-]+\//.test(v) && !/[?#:]/.test(v)) raw = v;
  else return null;
  let key: string;
  try {
    key = raw.split("/").map(decodeURIComponent).join("/");
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}

/** The owner written into a key by the upload flow (`<biz>/<mid…>/<yyyymmdd>/<userId>/<file>`) or by the server. */
export function ownerInKey(key: string): number | null {
  const m =
    /^exam\/(?:face|snap)\/\d+\/(\d+)\/[^/]+$/.exec(key) ??
    /^[\w-]+(?:\/[\w-]+){0,3}\/\d{8}\/(\d+)\/[^/]+$/.exec(key) ??
    /^[\w-]+\/identity\/(\d+)\/[^/]+$/.exec(key);
  return m ? Number(m[1]) : null;
}

/** Where the certificates domain keeps a drawn certificate image: a cache behind its own route, not an upload. */
export const certImageKey = (credentialId: string, version: number) => `cert/${credentialId}/${version}.png`;
// The exact shape, so an upload under a "cert" business code is not mistaken for one.
export const isCertImageKey = (key: string) => /^cert\/[0-9a-f-]{36}\/\d+\.png$/i.test(key);

/** Real-name photos, face checks, snapshots and recordings: only their owner and admins read them. */
export function isSensitiveKey(key: string) {
  return /^[\w-]+\/identity\//.test(key) || /^exam\/(?:face|snap)\//.test(key) || /^[\w-]+\/exam-recording\//.test(key);
}
