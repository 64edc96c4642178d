import { existsSync } from "node:fs";
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import { fieldText, imageBox, type CertFace, type CertField } from "@base/cert-layout";
import { encodeRgbaPng } from "@base/png";

export interface CertLayout {
  width: number;
  height: number;
  fields: CertField[];
}

/** Images already read from storage (bytes), keyed by what they are. */
export interface CertImages {
  background?: Uint8Array | null;
  photo?: Uint8Array | null;
  seal?: Uint8Array | null;
}

// Debian's Noto CJK (npm start and npm test install fonts-noto-cjk), registered once per process.
const FONT_DIR = "/usr/share/fonts/opentype/noto";
export const SANS = "Noto Sans CJK SC";
export const SERIF = "Noto Serif CJK SC";
let fontsReady = false;
export function registerFonts() {
  if (fontsReady) return;
  for (const f of ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoSerifCJK-Bold.ttc"]) {
    const path = `${FONT_DIR}/${f}`;
    if (existsSync(path)) GlobalFonts.registerFromPath(path);
  }
  fontsReady = true;
}

function isImage(bytes: Uint8Array | null | undefined): bytes is Uint8Array {
  return !!bytes && bytes.length > 4 && ((bytes[0] === 0x89 && bytes[1] === 0x50) || (bytes[0] === 0xff && bytes[1] === 0xd8));
}

async function image(bytes: Uint8Array | null | undefined) {
  if (!isImage(bytes)) return null;
  try {
    return await loadImage(Buffer.from(bytes));
  } catch {
    return null;
  }
}

type Img = NonNullable<Awaited<ReturnType<typeof image>>>;

/** Draws `img` into the box, covering it (cropped) or fitting inside it. */
function drawInBox(ctx: SKRSContext2D, img: Img, x: number, y: number, w: number, h: number, mode: "cover" | "contain") {
  const scale = mode === "cover" ? Math.max(w / img.width, h / img.height) : Math.min(w / img.width, h / img.height);
  const dw = img.width * scale;
  const dh = img.height * scale;
  if (mode === "cover") {
    const sw = w / scale;
    const sh = h / scale;
    ctx.drawImage(img, (img.width - sw) / 2, (img.height - sh) / 2, sw, sh, x, y, w, h);
  } else ctx.drawImage(img, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
}

function drawQr(ctx: SKRSContext2D, text: string, x: number, y: number, size: number) {
  const q = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = q.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  ctx.fillStyle = "#fff";
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = "#111";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (q.modules.get(r, c)) ctx.fillRect(x + (c + quiet) * cell, y + (r + quiet) * cell, Math.ceil(cell), Math.ceil(cell));
}

export interface DrawOptions {
  /** A diagonal 已撤销 mark across the certificate. */
  revoked?: boolean;
  /** Show empty image boxes (the template preview). */
  placeholders?: boolean;
}

/**
 * Draws the certificate: background, then each placed field where the template put it. Text tops sit at
 * the field's y (baseline at y + 0.88 x size, as the editor shows it). Returns the canvas for encoding.
 */
export async function drawCert(layout: CertLayout, face: CertFace, images: CertImages, opts: DrawOptions = {}) {
  registerFonts();
  const { width: w, height: h } = layout;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  const [bg, photo, seal] = await Promise.all([image(images.background), image(images.photo), image(images.seal)]);
  if (bg) drawInBox(ctx, bg, 0, 0, w, h, "cover");
  else {
    ctx.fillStyle = "#fffdf6";
    ctx.fillRect(0, 0, w, h);
    ctx.strokeStyle = "#b8860b";
    ctx.lineWidth = 6;
    ctx.strokeRect(24, 24, w - 48, h - 48);
  }
  for (const f of layout.fields) {
    if (f.key === "photo" || f.key === "seal") {
      const boxH = imageBox(f).h;
      const img = f.key === "photo" ? photo : seal;
      if (img) {
        // A seal is inked: the text under it stays readable.
        ctx.globalAlpha = f.key === "seal" ? 0.85 : 1;
        drawInBox(ctx, img, f.x, f.y, f.size, boxH, f.key === "photo" ? "cover" : "contain");
        ctx.globalAlpha = 1;
      } else if (f.key === "photo" && opts.placeholders) {
        // Only the template preview shows where a photo goes; a learner without one gets no empty box.
        ctx.fillStyle = "#f1f1f1";
        ctx.fillRect(f.x, f.y, f.size, boxH);
        ctx.strokeStyle = "#ccc";
        ctx.lineWidth = 1;
        ctx.strokeRect(f.x, f.y, f.size, boxH);
        ctx.fillStyle = "#999";
        ctx.font = `${Math.max(12, Math.round(f.size / 8))}px "${SANS}"`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        ctx.fillText("证件照", f.x + f.size / 2, f.y + boxH / 2);
      }
      continue;
    }
    if (f.key === "qr") {
      drawQr(ctx, face.verifyUrl, f.x, f.y, f.size);
      continue;
    }
    const value = fieldText(f.key, face);
    if (!value) continue;
    ctx.font = `${f.bold ? "bold " : ""}${f.size}px "${f.key === "certName" ? SERIF : SANS}", "${SANS}"`;
    ctx.fillStyle = f.color ?? "#222";
    ctx.textAlign = f.align ?? "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillText(`${f.label ?? ""}${value}`, f.x, f.y + f.size * 0.88);
  }
  if (opts.revoked) {
    ctx.save();
    ctx.translate(w / 2, h / 2);
    ctx.rotate((-20 * Math.PI) / 180);
    ctx.font = `bold ${Math.round(w / 8)}px "${SANS}"`;
    ctx.fillStyle = "rgba(221, 0, 0, 0.35)";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText("已撤销", 0, 0);
    ctx.restore();
  }
  return canvas;
}

/** PNG bytes of the certificate (compression runs on the thread pool). */
export async function renderPng(layout: CertLayout, face: CertFace, images: CertImages, opts: DrawOptions = {}): Promise<Buffer> {
  const canvas = await drawCert(layout, face, images, opts);
  return encodeRgbaPng(canvas.data(), layout.width, layout.height);
}

/** A one-page PDF the size of the certificate (the template's pixels at 96 dpi) holding its picture. */
export async function renderPdf(layout: CertLayout, face: CertFace, images: CertImages, title: string, opts: DrawOptions = {}): Promise<Uint8Array> {
  const canvas = await drawCert(layout, face, images, opts);
  const jpeg = await canvas.encode("jpeg", 92);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("财云学院");
  const pw = (layout.width * 72) / 96;
  const ph = (layout.height * 72) / 96;
  const page = doc.addPage([pw, ph]);
  page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: pw, height: ph });
  return doc.save();
}

