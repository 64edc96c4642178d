import { deflate, deflateSync } from "node:zlib";
import { promisify } from "node:util";

// PNG writing (pure Node): demo covers and test pictures from a pixel function, and drawn canvases' RGBA.

const deflateAsync = promisify(deflate);

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

/** Encodes a width x height RGB picture whose pixel colours come from `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly [number, number, number]) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))), row + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * Encodes RGBA pixels (4 bytes a pixel, rows top to bottom) as a PNG: Sub-filtered rows, deflate level 3 on
 * the thread pool. Several times faster than a canvas's own PNG encoder on a full-colour picture.
 */
export async function encodeRgbaPng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    const r = y * stride;
    rows[o] = 1;
    for (let x = 0; x < 4; x++) rows[o + 1 + x] = rgba[r + x]!;
    for (let x = 4; x < stride; x++) rows[o + 1 + x] = (rgba[r + x]! - rgba[r + x - 4]!) & 255;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const idat = await deflateAsync(rows, { level: 3 });
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}
