import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodePng } from "./png";

// Demo media made at seed time: gradient PNG covers (pure Node), short videos and HLS copies (ffmpeg).

/** A diagonal two-colour gradient with soft rings, as a PNG. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]) {
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    const dx = x - width * 0.78;
    const dy = y - height * 0.3;
    const ring = Math.sin(Math.sqrt(dx * dx + dy * dy) / 9) > 0.92 ? 18 : 0;
    return [0, 1, 2].map((c) => Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t) + ring)) as [number, number, number];
  });
}

export function ffmpegAvailable() {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const SOURCES = ["testsrc2=size=640x360:rate=25", "smptehdbars=size=640x360:rate=25", "testsrc=size=640x360:rate=25"];

/** A 20-second MP4 and its HLS copy under <root>/course-demo; reused when already there. */
export function demoVideo(root: string, n: number): { mp4Key: string; hlsKey: string } | null {
  const dir = join(root, "course-demo");
  const mp4Key = `course-demo/video-${n}.mp4`;
  const hlsKey = `course-demo/hls-${n}/index.m3u8`;
  const mp4 = join(root, mp4Key);
  const hlsDir = join(dir, `hls-${n}`);
  mkdirSync(hlsDir, { recursive: true });
  try {
    if (!existsSync(mp4)) {
      execFileSync(
        "ffmpeg",
        ["-y", "-loglevel", "error", "-f", "lavfi", "-i", SOURCES[(n - 1) % SOURCES.length]!, "-f", "lavfi", "-i", `sine=frequency=${330 + n * 110}:sample_rate=44100`,
          "-t", "20", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50", "-c:a", "aac", "-b:a", "64k", "-movflags", "+faststart", "-shortest", mp4],
        { stdio: "ignore", timeout: 120_000 },
      );
    }
    if (!existsSync(join(root, hlsKey))) {
      execFileSync(
        "ffmpeg",
        ["-y", "-loglevel", "error", "-i", mp4, "-c", "copy", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_filename", join(hlsDir, "seg%03d.ts"), join(root, hlsKey)],
        { stdio: "ignore", timeout: 60_000 },
      );
    }
    return { mp4Key, hlsKey };
  } catch {
    return null;
  }
}

/** A one-page PDF handout (ASCII text: the built-in PDF fonts have no Chinese glyphs). */
export function handoutPdf(path: string, title: string) {
  const text = `BT /F1 20 Tf 72 760 Td (${title}) Tj 0 -30 Td /F1 12 Tf (Caiyun College - government procurement course handout) Tj ET`;
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, out);
}
