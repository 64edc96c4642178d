import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { uploadsRoot } from "../upload/config";
import { isSafeKey } from "../upload/file-ref";
import { serveSignedHls, signedHlsPath, type HlsRoute } from "../upload/hls";

/**
 * The built-in ingest's HLS (live and replay) under the uploads' live/ folder, served at /live/hls/ and
 * signed like stored files by the file's key (live/<room>/<file>).
 */
const LIVE_HLS: HlsRoute = {
  route: "/live/hls/",
  folder: "live",
  files: {
    m3u8: { type: "application/vnd.apple.mpegurl", cache: "private, no-cache" },
    ts: { type: "video/mp2t", cache: "private, max-age=86400" },
    vtt: { type: "text/vtt; charset=utf-8", cache: "private, no-cache" },
  },
};

export const liveHlsDir = () => resolve(uploadsRoot(), LIVE_HLS.folder);

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
  return isSafeKey(rest) ? `${m[1] ?? ""}${signedHlsPath(LIVE_HLS, rest, liveHlsExpiry(now))}` : address;
}

/**
 * GET /live/hls/<folder>/<file>?exp=&sig=: a playlist, segment or subtitle file of a live, only through a
 * signed link (403 otherwise: the room id is public).
 */
export const serveLiveHls = (request: Request, rawRest: string) => serveSignedHls(LIVE_HLS, request, rawRest);

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
