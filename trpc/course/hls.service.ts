import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { isSafeKey } from "../upload/policy";
import { uploadsRoot } from "../upload/config";
import { signedFileRefusal, signFileUrl, verifyFileUrl } from "../upload/signing";

const refuse = signedFileRefusal;

/**
 * Serves a stored HLS stream: the playlist with each segment link signed until the playlist's own
 * expiry, and the segments themselves. Local storage only.
 */
export async function serveHls(request: Request, rawKey: string): Promise<Response> {
  const key = rawKey.replace(/^\/+/, "");
  const url = new URL(request.url);
  const exp = url.searchParams.get("exp");
  if (!isSafeKey(key) || !/\.(m3u8|ts)$/.test(key)) return refuse(404);
  if (!verifyFileUrl(key, exp, url.searchParams.get("sig"))) return refuse(403);
  let body: Buffer;
  try {
    body = await readFile(join(uploadsRoot(), key));
  } catch {
    return refuse(404);
  }
  if (key.endsWith(".ts")) {
    return new Response(new Uint8Array(body), { headers: { "content-type": "video/mp2t", "content-length": String(body.length), "cache-control": "private, max-age=3600" } });
  }
  const dir = posix.dirname(key);
  const playlist = body
    .toString("utf8")
    .split("\n")
    .map((line) => {
      const t = line.trim();
      if (!t || t.startsWith("#") || t.includes("/") || t.includes("..")) return line;
      return signFileUrl(`${dir}/${t}`, Number(exp)).replace(/^\/storage\/file\//, "/course/hls/");
    })
    .join("\n");
  return new Response(playlist, { headers: { "content-type": "application/vnd.apple.mpegurl", "cache-control": "private, max-age=300" } });
}
