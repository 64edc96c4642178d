import { existsSync } from "node:fs";
import { renderAsync, type ResvgRenderOptions } from "@resvg/resvg-js";
import { PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import type { CertField } from "@db/schema";
import { formatDateCn, maskIdNo } from "@base/format";

/** What a certificate prints, frozen at issue. */
export interface CertFace {
  realName: string;
  idNo: string;
  certName: string;
  contentName: string;
  score: number | null;
  learnHours: number | null;
  issuedAt: number;
  expiresAt: number | null;
  certNo: string;
  issuerName: string;
  verifyUrl: string;
}

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

const FONT_DIR = "/usr/share/fonts/opentype/noto";
const FONT_FILES = ["NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoSerifCJK-Bold.ttc"].map((f) => `${FONT_DIR}/${f}`);
export const CERT_FONT_FAMILY = "Noto Sans CJK SC";

function fontOptions(): ResvgRenderOptions["font"] {
  const files = FONT_FILES.filter((f) => existsSync(f));
  // Without Debian's Noto CJK (npm start installs it) the system's fonts are the fallback.
  return files.length ? { fontFiles: files, loadSystemFonts: false, defaultFontFamily: CERT_FONT_FAMILY } : { loadSystemFonts: true, defaultFontFamily: CERT_FONT_FAMILY };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

function mimeOf(bytes: Uint8Array): string | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
  return null;
}

function dataUri(bytes: Uint8Array | null | undefined): string | null {
  if (!bytes?.length) return null;
  const mime = mimeOf(bytes);
  return mime ? `data:${mime};base64,${Buffer.from(bytes).toString("base64")}` : null;
}

/** The text a field prints (its label first). */
export function fieldText(key: CertField["key"], face: CertFace): string {
  switch (key) {
    case "realName":
      return face.realName;
    case "idNo":
      return maskIdNo(face.idNo);
    case "certName":
      return face.certName;
    case "contentName":
      return face.contentName;
    case "score":
      return face.score === null ? "" : `${Number.isInteger(face.score) ? face.score : face.score.toFixed(1)}分`;
    case "learnHours":
      return face.learnHours === null ? "" : `${face.learnHours}学时`;
    case "issueDate":
      return formatDateCn(face.issuedAt);
    case "validity":
      return face.expiresAt ? `有效期至${formatDateCn(face.expiresAt)}` : "长期有效";
    case "certNo":
      return face.certNo;
    case "issuer":
      return face.issuerName;
    default:
      return "";
  }
}

function qrPath(text: string, x: number, y: number, size: number) {
  const q = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = q.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  let d = "";
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (q.modules.get(r, c)) d += `M${(x + (c + quiet) * cell).toFixed(2)} ${(y + (r + quiet) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#111"/>`;
}

/** The certificate as SVG: background, then each placed field. */
export function certSvg(layout: CertLayout, face: CertFace, images: CertImages): string {
  const { width: w, height: h } = layout;
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`];
  const bg = dataUri(images.background);
  parts.push(bg ? `<image x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" href="${bg}"/>` : `<rect width="${w}" height="${h}" fill="#fffdf6"/><rect x="24" y="24" width="${w - 48}" height="${h - 48}" fill="none" stroke="#b8860b" stroke-width="6"/>`);
  for (const f of layout.fields) {
    if (f.key === "photo" || f.key === "seal") {
      const uri = dataUri(f.key === "photo" ? images.photo : images.seal);
      const boxH = f.height ?? (f.key === "photo" ? Math.round((f.size * 413) / 295) : f.size);
      if (uri) parts.push(`<image x="${f.x}" y="${f.y}" width="${f.size}" height="${boxH}" preserveAspectRatio="xMidYMid ${f.key === "photo" ? "slice" : "meet"}" href="${uri}"/>`);
      else if (f.key === "photo") parts.push(`<rect x="${f.x}" y="${f.y}" width="${f.size}" height="${boxH}" fill="#f1f1f1" stroke="#ccc"/>`);
      continue;
    }
    if (f.key === "qr") {
      parts.push(qrPath(face.verifyUrl, f.x, f.y, f.size));
      continue;
    }
    const value = fieldText(f.key, face);
    if (!value) continue;
    const text = `${f.label ?? ""}${value}`;
    const anchor = f.align === "center" ? "middle" : f.align === "right" ? "end" : "start";
    const family = f.key === "certName" ? "Noto Serif CJK SC, Noto Sans CJK SC" : CERT_FONT_FAMILY;
    parts.push(
      `<text x="${f.x}" y="${(f.y + f.size * 0.88).toFixed(1)}" font-size="${f.size}" font-family="${family}" font-weight="${f.bold ? 700 : 400}" fill="${esc(f.color ?? "#222")}" text-anchor="${anchor}">${esc(text)}</text>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

/** PNG bytes. Rendering runs on libuv's thread pool, not the event loop. */
export async function renderPng(svg: string): Promise<Buffer> {
  const out = await renderAsync(svg, { font: fontOptions(), imageRendering: 0, shapeRendering: 2, textRendering: 1 });
  return out.asPng();
}

/** A one-page PDF the size of the certificate holding its PNG. */
export async function renderPdf(png: Uint8Array, width: number, height: number, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("财云学院");
  // Points: the template's pixels at 96 dpi.
  const pw = (width * 72) / 96;
  const ph = (height * 72) / 96;
  const page = doc.addPage([pw, ph]);
  const img = await doc.embedPng(png);
  page.drawImage(img, { x: 0, y: 0, width: pw, height: ph });
  return doc.save();
}

/** Where new templates place their fields (landscape A4 at 96 dpi), so a template works before any dragging. */
export function defaultFields(width = 1123, height = 794): CertField[] {
  const cx = Math.round(width / 2);
  const s = width / 1123;
  const r = (n: number) => Math.round(n * s);
  return [
    { key: "certName", x: cx, y: r(110), size: r(52), bold: true, align: "center", color: "#8b1a1a" },
    { key: "photo", x: r(110), y: r(250), size: r(150) },
    { key: "realName", x: r(300), y: r(270), size: r(34), bold: true, label: "" },
    { key: "idNo", x: r(300), y: r(330), size: r(20), label: "身份证号：", color: "#555" },
    { key: "contentName", x: r(300), y: r(390), size: r(26), label: "完成：" },
    { key: "score", x: r(300), y: r(440), size: r(22), label: "成绩：" },
    { key: "certNo", x: r(110), y: r(height - 140), size: r(18), label: "证书编号：", color: "#555" },
    { key: "validity", x: r(110), y: r(height - 110), size: r(18), color: "#555" },
    { key: "issuer", x: r(width - 330), y: r(height - 200), size: r(24), align: "center" },
    { key: "seal", x: r(width - 410), y: r(height - 290), size: r(160) },
    { key: "issueDate", x: r(width - 330), y: r(height - 160), size: r(22), align: "center" },
    { key: "qr", x: r(width - 190), y: r(250), size: r(120) },
  ];
}
