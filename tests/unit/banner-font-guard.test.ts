import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { uploadsRoot } from "@trpc-app/upload/config";
import { bannerPicture, cjkFontInstalled } from "@db/seed/operate";

// The seed draws the home banners with Chinese titles. Without the CJK font ffmpeg would draw a box for
// every character, so the seed must store a plain colour block instead of a picture of □□□.

const run = promisify(execFile);

/** The stored picture's pixels as RGB triples, decoded by ffmpeg. */
async function pixels(name: string, width: number, height: number) {
  const path = join(uploadsRoot(), `operate/seed/${name}.png`);
  const { stdout } = await run("ffmpeg", ["-loglevel", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], {
    encoding: "buffer",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(stdout.length).toBe(width * height * 3);
  const at = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return [stdout[i]!, stdout[i + 1]!, stdout[i + 2]!] as const;
  };
  /** The distinct colours of a rectangle. */
  const colours = (x0: number, y0: number, x1: number, y1: number) => {
    const seen = new Set<string>();
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) seen.add(at(x, y).join(","));
    return seen;
  };
  /** How many pixels of a rectangle are near white (the titles are drawn in white). */
  const whitish = (x0: number, y0: number, x1: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const [r, g, b] = at(x, y);
        if (r > 200 && g > 200 && b > 200) n++;
      }
    return n;
  };
  return { at, colours, whitish };
}

const near = (rgb: readonly number[], hex: number) => {
  const want = [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
  return rgb.every((v, i) => Math.abs(v - want[i]!) <= 6);
};

describe("banner pictures and the CJK font", () => {
  it("stores a plain colour block, with no title drawn, when the font is missing", async () => {
    await bannerPicture("no-font-banner", "2026年政府采购政策解读专题", "权威专家系统解读最新政策法规", "0x0a5ad8", "1200x360", () => false);
    const pic = await pixels("no-font-banner", 1200, 360);
    // Title area, subtitle area and the right-hand light band: every one is the background colour alone.
    const areas: [number, number, number, number][] = [
      [0, 0, 600, 360],
      [80, 120, 900, 260],
      [864, 0, 1200, 360],
    ];
    for (const area of areas) {
      const seen = pic.colours(...area);
      expect([...seen], `area ${area.join(",")}`).toHaveLength(1);
    }
    expect(near(pic.at(100, 140), 0x0a5ad8)).toBe(true);
    expect(pic.whitish(0, 0, 1200, 360)).toBe(0);
  });

  it("keeps small pictures (recommendation, pop-up) plain as well when the font is missing", async () => {
    await bannerPicture("no-font-popup", "训练营开营啦", "框架协议采购实务 · 立即报名", "0x0f7a6c", "480x320", () => false);
    const pic = await pixels("no-font-popup", 480, 320);
    expect([...pic.colours(0, 0, 480, 320)]).toHaveLength(1);
    expect(near(pic.at(40, 80), 0x0f7a6c)).toBe(true);
  });

  it("draws the title in white when the font is installed", async () => {
    // npm test and npm start install fonts-noto-cjk: this machine has the font.
    expect(cjkFontInstalled()).toBe(true);
    await bannerPicture("font-banner", "2026年政府采购政策解读专题", "权威专家系统解读最新政策法规", "0x0a5ad8");
    const pic = await pixels("font-banner", 1200, 360);
    // The title (52 px at x 80, y 120) leaves many white pixels; the top strip above it stays the background.
    expect(pic.whitish(80, 110, 860, 190)).toBeGreaterThan(500);
    expect([...pic.colours(0, 0, 800, 100)]).toHaveLength(1);
    expect(near(pic.at(10, 10), 0x0a5ad8)).toBe(true);
    // The right-hand light band is drawn too, so the picture is not one colour.
    expect(pic.colours(0, 0, 1200, 360).size).toBeGreaterThan(2);
  });
});
