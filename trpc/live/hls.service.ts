import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, posix, resolve } from "node:path";
import { env } from "@base/env.server";
import { isSafeKey } from "../upload/file-ref";
import { signedFileRefusal, signFileUrl, verifyFileUrl } from "../upload/signing";

const TYPES: Record<string, string> = { m3u8: "application/vnd.apple.mpegurl", ts: "video/mp2t", vtt: "text/vtt; charset=utf-8" };
const CACHE: Record<string, string> = { m3u8: "private, no-cache", ts: "private, max-age=86400", vtt: "private, no-cache" };

export const liveHlsDir = () => resolve(env().DATA_DIR, "uploads", "live");

// Links are signed like stored files (upload/signing), by the file's key under the uploads folder.
const KEY_FOLDER = "live";
const ROUTE = "/live/hls/";

/**
 * A player re-reads a live playlist every few seconds for as long as it plays, always at the address
 * live.info gave it, so that address is signed for 12 hours: a long live, or a replay, watched in one
 * sitting. The expiry is rounded up to the hour so the room page and the room's broadcasts hand out the
 * same address for a while (a new one would restart the player). Each playlist read signs its segments
 * and sub-playlists until the playlist's own expiry, as course video does: a replay playlist is read
 * once and its segments for as long as it plays.
 */
export const LIVE_HLS_LINK_SECONDS = 12 * 3600;
export const liveHlsExpiry = (now = Date.now()) => Math.ceil((now / 1000 + LIVE_HLS_LINK_SECONDS) / 3600) * 3600;

const signedPath = (rest: string, exp: number) => signFileUrl(`${KEY_FOLDER}/${rest}`, exp).replace(`/storage/file/${KEY_FOLDER}/`, ROUTE);

/**
 * The address a viewer plays: one of this site's live HLS files (`/live/hls/…`, with or without the
 * origin the push address was made on, any old signature dropped) signed; any other address, such as a
 * CDN's pull address, as stored.
 */
export function playableLiveUrl(address: string | null | undefined, now = Date.now()): string {
  if (!address) return "";
  const m = /^(https?:\/\/[^/?#]+)?\/live\/hls\/([^?#]+?)(\?exp=\d+&sig=[\w-]+)?$/.exec(address.trim());
  if (!m) return address;
  let rest: string;
  try {
    rest = m[2]!.split("/").map(decodeURIComponent).join("/");
  } catch {
    return address;
  }
  return isSafeKey(rest) ? `${m[1] ?? ""}${signedPath(rest, liveHlsExpiry(now))}` : address;
}

const refuse = signedFileRefusal;

/**
 * GET /live/hls/<folder>/<file>?exp=&sig=: a playlist, segment or subtitle file of a live, only through a
 * signed link (403 otherwise: the room id is public); a playlist comes back with the files it names in
 * its own folder signed until its own expiry.
 */
export async function serveLiveHls(request: Request, rawRest: string): Promise<Response> {
  const rest = rawRest.replace(/^\/+/, "");
  const ext = rest.split(".").pop() ?? "";
  if (!TYPES[ext] || !isSafeKey(rest)) return refuse(404);
  const url = new URL(request.url);
  const exp = url.searchParams.get("exp");
  if (!verifyFileUrl(`${KEY_FOLDER}/${rest}`, exp, url.searchParams.get("sig"))) return refuse(403);
  let body: Buffer;
  try {
    body = await readFile(join(liveHlsDir(), rest));
  } catch {
    return refuse(404);
  }
  const headers = { "content-type": TYPES[ext]!, "cache-control": CACHE[ext]! };
  if (ext !== "m3u8") return new Response(new Uint8Array(body), { headers });
  return new Response(signPlaylist(body.toString("utf8"), posix.dirname(rest), Number(exp)), { headers });
}

/** The playlist with each file it names inside its folder (segments, renditions, subtitle playlists) signed. */
function signPlaylist(text: string, dir: string, exp: number) {
  const sign = (uri: string): string | null => {
    // Absolute addresses and files outside the folder stay as written: the link opens only this stream.
    if (/^[a-z][\w+.-]*:/i.test(uri) || uri.startsWith("/") || /[?#]/.test(uri)) return null;
    const target = posix.normalize(posix.join(dir, uri));
    return target.startsWith(`${dir}/`) && isSafeKey(target) && TYPES[target.split(".").pop() ?? ""] ? signedPath(target, exp) : null;
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

/**
 * Makes a 30 s test stream (colour bars with a clock and a tone) as HLS under live/<name>, with
 * Chinese subtitles; answers the playlist URL, or null when ffmpeg is missing.
 */
export function makeDemoStream(name = "demo"): { playlist: string; subtitles: string } | null {
  const dir = join(liveHlsDir(), name);
  const playlist = `/live/hls/${name}/index.m3u8`;
  const subtitles = `/live/hls/${name}/subtitles.vtt`;
  if (existsSync(join(dir, "index.m3u8"))) return { playlist, subtitles };
  const ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].find((p) => existsSync(p));
  if (!ffmpeg) {
    console.log("seed live: ffmpeg not found, the demo lives have no playable stream");
    return null;
  }
  mkdirSync(dir, { recursive: true });
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100", "-t", "30", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-c:a", "aac", "-b:a", "64k", "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_filename", join(dir, "seg%03d.ts"), join(dir, "index.m3u8")];
  const run = spawnSync(ffmpeg, args, { timeout: 180_000, encoding: "utf8" });
  if (run.status !== 0) {
    console.log(`seed live: ffmpeg failed (${run.stderr?.trim().slice(0, 200) || run.error?.message}), the demo lives have no playable stream`);
    return null;
  }
  const cues = ["各位学员大家好，欢迎来到财云学院直播间", "今天我们讲解政府采购需求管理的要点", "采购需求应当清楚明了、表述规范、含义准确", "请大家在评论区提出问题"];
  const vtt = ["WEBVTT", "", ...cues.flatMap((c, i) => [`00:00:${String(i * 7).padStart(2, "0")}.000 --> 00:00:${String(i * 7 + 6).padStart(2, "0")}.500`, c, ""])].join("\n");
  writeFileSync(join(dir, "subtitles.vtt"), vtt);
  console.log(`seed live: demo stream written to ${dir}`);
  return { playlist, subtitles };
}
