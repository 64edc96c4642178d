import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join, normalize } from "node:path";
import { uploadsRoot } from "../upload/config";

/** The stored file behind an app URL (/storage/file/<key>), when it lives on this machine. */
export function localFileOf(url: string): string | null {
  const m = /^\/storage\/file\/([^?#]+)/.exec(url);
  if (!m) return null;
  const key = m[1]!.split("/").map(decodeURIComponent).join("/");
  const path = normalize(join(uploadsRoot(), key));
  if (!path.startsWith(normalize(uploadsRoot()))) return null;
  return existsSync(path) ? path : null;
}

/** Duration in whole seconds read by ffprobe, or null when the tool or the file is missing. */
export function probeDuration(path: string): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      "ffprobe",
      ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", path],
      { timeout: 15_000 },
      (err, stdout) => {
        if (err) return resolve(null);
        const s = Number.parseFloat(String(stdout).trim());
        resolve(Number.isFinite(s) ? Math.round(s) : null);
      },
    );
  });
}

/** Video and audio length: the file when it is local, else what the browser read. */
export async function mediaDuration(url: string, fromBrowser: number | undefined): Promise<number> {
  const local = localFileOf(url);
  if (local) {
    const probed = await probeDuration(local);
    if (probed !== null) return probed;
  }
  return fromBrowser ?? 0;
}

export function fileTypeOf(name: string): 1 | 2 | 3 | 4 {
  const ext = name.toLowerCase().split("?")[0]!.split(".").pop() ?? "";
  if (["mp4", "m3u8", "mov", "webm", "flv", "mkv"].includes(ext)) return 1;
  if (["png", "jpg", "jpeg", "gif", "webp", "svg"].includes(ext)) return 3;
  if (["mp3", "wav", "aac", "m4a"].includes(ext)) return 4;
  return 2;
}
