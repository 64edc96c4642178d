import { formatDateCn, maskIdNo } from "@base/format";

// What a certificate template places, as the editor shows it. The server renders the same fields
// (trpc/cert/render.ts); the sample values here match its preview.

export const FIELD_KEYS = ["realName", "photo", "idNo", "certName", "contentName", "score", "learnHours", "issueDate", "validity", "certNo", "issuer", "seal", "qr"] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

export interface CertFieldValue {
  key: FieldKey;
  x: number;
  y: number;
  size: number;
  height?: number;
  color?: string;
  bold?: boolean;
  align?: "left" | "center" | "right";
  label?: string;
}

export const FIELD_NAMES: Record<FieldKey, string> = {
  realName: "姓名",
  photo: "证件照",
  idNo: "身份证号",
  certName: "证书名称",
  contentName: "课程/考试名称",
  score: "成绩",
  learnHours: "学时",
  issueDate: "发证日期",
  validity: "有效期",
  certNo: "证书编号",
  issuer: "发证机构",
  seal: "印章",
  qr: "验证二维码",
};

export const IMAGE_KEYS: FieldKey[] = ["photo", "seal", "qr"];
export const isImageField = (key: FieldKey) => IMAGE_KEYS.includes(key);

export const LANDSCAPE = { width: 1123, height: 794 } as const;
export const PORTRAIT = { width: 794, height: 1123 } as const;

export interface SampleContext {
  certName: string;
  issuerName: string;
  validityMonths: number;
  prefix: string;
  now: number;
}

/** The sample value a text field shows (its label first), as the server's preview prints it. */
export function sampleText(f: CertFieldValue, ctx: SampleContext): string {
  const year = new Date(ctx.now).getFullYear();
  const value = (() => {
    switch (f.key) {
      case "realName":
        return "王小雯";
      case "idNo":
        return maskIdNo("110101199003071234");
      case "certName":
        return ctx.certName || "培训合格证书";
      case "contentName":
        return "政府采购法律法规与实务";
      case "score":
        return "92分";
      case "learnHours":
        return "8学时";
      case "issueDate":
        return formatDateCn(ctx.now);
      case "validity":
        return ctx.validityMonths > 0 ? `有效期至${formatDateCn(ctx.now + ctx.validityMonths * 30 * 86400_000)}` : "长期有效";
      case "certNo":
        return `${ctx.prefix || "CY"}${year}000001`;
      case "issuer":
        return ctx.issuerName || "财云学院";
      default:
        return "";
    }
  })();
  return `${f.label ?? ""}${value}`;
}

/** The box an image field fills (photo 295x413 by default, seal and QR square). */
export function imageBox(f: CertFieldValue): { w: number; h: number } {
  if (f.key === "photo") return { w: f.size, h: f.height ?? Math.round((f.size * 413) / 295) };
  if (f.key === "seal") return { w: f.size, h: f.height ?? f.size };
  return { w: f.size, h: f.size };
}

/** Where a new template places its fields: the server's default layout for a new template. */
export function defaultFields(width: number = LANDSCAPE.width, height: number = LANDSCAPE.height): CertFieldValue[] {
  const cx = Math.round(width / 2);
  const s = width / 1123;
  const r = (n: number) => Math.round(n * s);
  return [
    { key: "certName", x: cx, y: r(110), size: r(52), bold: true, align: "center", color: "#8b1a1a" },
    { key: "photo", x: r(110), y: r(250), size: r(150) },
    { key: "realName", x: r(300), y: r(270), size: r(34), bold: true, label: "" },
    { key: "idNo", x: r(300), y: r(330), size: r(20), label: "身份证号：", color: "#555555" },
    { key: "contentName", x: r(300), y: r(390), size: r(26), label: "完成：" },
    { key: "score", x: r(300), y: r(440), size: r(22), label: "成绩：" },
    { key: "certNo", x: r(110), y: r(height - 140), size: r(18), label: "证书编号：", color: "#555555" },
    { key: "validity", x: r(110), y: r(height - 110), size: r(18), color: "#555555" },
    { key: "issuer", x: r(width - 330), y: r(height - 200), size: r(24), align: "center" },
    { key: "seal", x: r(width - 410), y: r(height - 290), size: r(160) },
    { key: "issueDate", x: r(width - 330), y: r(height - 160), size: r(22), align: "center" },
    { key: "qr", x: r(width - 190), y: r(250), size: r(120) },
  ];
}

/** A field newly taken from the palette, near the canvas centre. */
export function newField(key: FieldKey, width: number, height: number): CertFieldValue {
  const s = width / 1123;
  const cx = Math.round(width / 2);
  const cy = Math.round(height / 2);
  if (key === "photo") return { key, x: cx - Math.round(75 * s), y: cy - Math.round(105 * s), size: Math.round(150 * s) };
  if (key === "seal") return { key, x: cx - Math.round(80 * s), y: cy - Math.round(80 * s), size: Math.round(160 * s) };
  if (key === "qr") return { key, x: cx - Math.round(60 * s), y: cy - Math.round(60 * s), size: Math.round(120 * s) };
  return { key, x: cx, y: cy, size: Math.max(12, Math.round(24 * s)), align: "center", color: "#222222" };
}

/** Fields moved to a canvas of another size, keeping their relative places. */
export function refitFields(fields: CertFieldValue[], from: { width: number; height: number }, to: { width: number; height: number }): CertFieldValue[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const s = Math.min(sx, sy);
  return fields.map((f) => ({ ...f, x: Math.round(f.x * sx), y: Math.round(f.y * sy), size: Math.max(8, Math.round(f.size * s)), ...(f.height ? { height: Math.max(8, Math.round(f.height * s)) } : {}) }));
}

/** A field as the server accepts it: no empty optional parts. */
export function cleanField(f: CertFieldValue): CertFieldValue {
  const out: CertFieldValue = { key: f.key, x: Math.round(f.x), y: Math.round(f.y), size: Math.round(f.size) };
  if (f.height) out.height = Math.round(f.height);
  if (!isImageField(f.key)) {
    if (f.color) out.color = f.color;
    if (f.bold) out.bold = true;
    if (f.align && f.align !== "left") out.align = f.align;
    if (f.label) out.label = f.label;
  }
  return out;
}
