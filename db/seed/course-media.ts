import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";

// Demo media made at seed time: gradient PNG covers (pure Node), short videos and HLS copies (ffmpeg).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A diagonal two-colour gradient with soft rings, as a PNG. */
export function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const dx = x - width * 0.78;
      const dy = y - height * 0.3;
      const ring = Math.sin(Math.sqrt(dx * dx + dy * dy) / 9) > 0.92 ? 18 : 0;
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t) + ring);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
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
