import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { env } from "@base/env.server";

const TYPES: Record<string, string> = { m3u8: "application/vnd.apple.mpegurl", ts: "video/mp2t", vtt: "text/vtt; charset=utf-8" };

export const liveHlsDir = () => resolve(env().DATA_DIR, "uploads", "live");

/** Serves a stored HLS file; only playlist, segment and subtitle files inside the live folder. */
export async function serveLiveHls(rest: string): Promise<Response> {
  const ext = rest.split(".").pop() ?? "";
  const root = liveHlsDir();
  const file = resolve(root, rest);
  if (!TYPES[ext] || !file.startsWith(root + sep)) return new Response("Not Found", { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, { headers: { "content-type": TYPES[ext]!, "cache-control": ext === "ts" ? "public, max-age=86400" : "no-cache" } });
  } catch {
    return new Response("Not Found", { status: 404 });
  }
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
