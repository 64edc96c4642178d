import { readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { uploadsRoot } from "./config";
import { isSafeKey } from "./file-ref";
import { signedFileRefusal, signFileUrl, verifyFileUrl } from "./signing";

/** One HLS route over stored files: where it answers, which folder of the uploads it reads, and what each file kind is sent as. */
export interface HlsRoute {
  /** The route's address prefix, such as "/course/hls/". */
  route: string;
  /** The folder under the uploads its addresses start in ("" when an address is the whole key). */
  folder: string;
  /** Content type and cache rule by file extension; other extensions are not served. */
  files: Record<string, { type: string; cache: string }>;
}

const keyOf = (r: HlsRoute, rest: string) => (r.folder ? `${r.folder}/${rest}` : rest);

/** The route's signed address of a file (`rest` under the route's folder), valid until exp (epoch seconds). */
export function signedHlsPath(r: HlsRoute, rest: string, exp: number) {
  return signFileUrl(keyOf(r, rest), exp).replace(`/storage/file/${r.folder ? `${r.folder}/` : ""}`, r.route);
}

/**
 * GET <route><rest>?exp=&sig=: a playlist, segment or subtitle file, only through a link signed for its key
 * (403 otherwise, 404 for a file that is not there); a playlist comes back with the files it names inside
 * its own folder (segments, renditions, subtitle playlists, URI="…" attributes) signed until its own
 * expiry, so one signed playlist plays through. Local storage only.
 */
export async function serveSignedHls(r: HlsRoute, request: Request, rawRest: string): Promise<Response> {
  const rest = rawRest.replace(/^\/+/, "");
  const ext = rest.split(".").pop() ?? "";
  const kind = r.files[ext];
  const key = keyOf(r, rest);
  if (!kind || !isSafeKey(rest) || !isSafeKey(key)) return signedFileRefusal(404);
  const url = new URL(request.url);
  const exp = url.searchParams.get("exp");
  if (!verifyFileUrl(key, exp, url.searchParams.get("sig"))) return signedFileRefusal(403);
  let body: Buffer;
  try {
    body = await readFile(join(uploadsRoot(), key));
  } catch {
    return signedFileRefusal(404);
  }
  const headers = { "content-type": kind.type, "cache-control": kind.cache };
  if (ext !== "m3u8") return new Response(new Uint8Array(body), { headers: { ...headers, "content-length": String(body.length) } });
  return new Response(signPlaylist(r, body.toString("utf8"), posix.dirname(rest), Number(exp)), { headers });
}

function signPlaylist(r: HlsRoute, text: string, dir: string, exp: number) {
  const sign = (uri: string): string | null => {
    // Absolute addresses and files outside the folder stay as written: the link opens only this stream.
    if (/^[a-z][\w+.-]*:/i.test(uri) || uri.startsWith("/") || /[?#]/.test(uri)) return null;
    const target = posix.normalize(dir === "." ? uri : posix.join(dir, uri));
    const inside = dir === "." ? !target.startsWith("..") : target.startsWith(`${dir}/`);
    return inside && isSafeKey(target) && r.files[target.split(".").pop() ?? ""] ? signedHlsPath(r, target, exp) : null;
  };
  return text
    .split("\n")
    .map((line) => {
      const t = line.trim();
      if (!t) return line;
      if (t.startsWith("#")) {
        return line.replace(/URI="([^"]*)"/g, (all, uri: string) => {
          const signed = sign(uri);
          return signed ? `URI="${signed}"` : all;
        });
      }
      return sign(t) ?? line;
    })
    .join("\n");
}
