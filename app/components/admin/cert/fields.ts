import { fieldText, sampleFace, type CertField, type CertFieldKey } from "@base/cert-layout";

// What the editor adds to the certificate layout (@base/cert-layout, shared with the server's drawing):
// field names, the palette's placement, refitting on an orientation change, the saved shape.

export const FIELD_NAMES: Record<CertFieldKey, string> = {
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

export const IMAGE_KEYS: CertFieldKey[] = ["photo", "seal", "qr"];
export const isImageField = (key: CertFieldKey) => IMAGE_KEYS.includes(key);

export const LANDSCAPE = { width: 1123, height: 794 } as const;
export const PORTRAIT = { width: 794, height: 1123 } as const;

export interface SampleContext {
  certName: string;
  issuerName: string;
  validityMonths: number;
  prefix: string;
  now: number;
}

/** The sample a text field shows (its label first), exactly as the server's preview prints it. */
export function sampleText(f: CertField, ctx: SampleContext): string {
  return `${f.label ?? ""}${fieldText(f.key, sampleFace(ctx, ctx.now))}`;
}

/** A field newly taken from the palette, near the canvas centre. */
export function newField(key: CertFieldKey, width: number, height: number): CertField {
  const s = width / 1123;
  const cx = Math.round(width / 2);
  const cy = Math.round(height / 2);
  if (key === "photo") return { key, x: cx - Math.round(75 * s), y: cy - Math.round(105 * s), size: Math.round(150 * s) };
  if (key === "seal") return { key, x: cx - Math.round(80 * s), y: cy - Math.round(80 * s), size: Math.round(160 * s) };
  if (key === "qr") return { key, x: cx - Math.round(60 * s), y: cy - Math.round(60 * s), size: Math.round(120 * s) };
  return { key, x: cx, y: cy, size: Math.max(12, Math.round(24 * s)), align: "center", color: "#222222" };
}

/** Fields moved to a canvas of another size, keeping their relative places. */
export function refitFields(fields: CertField[], from: { width: number; height: number }, to: { width: number; height: number }): CertField[] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const s = Math.min(sx, sy);
  return fields.map((f) => ({ ...f, x: Math.round(f.x * sx), y: Math.round(f.y * sy), size: Math.max(8, Math.round(f.size * s)), ...(f.height ? { height: Math.max(8, Math.round(f.height * s)) } : {}) }));
}

/** A field as the server accepts it: no empty optional parts. */
export function cleanField(f: CertField): CertField {
  const out: CertField = { key: f.key, x: Math.round(f.x), y: Math.round(f.y), size: Math.round(f.size) };
  if (f.height) out.height = Math.round(f.height);
  if (!isImageField(f.key)) {
    if (f.color) out.color = f.color;
    if (f.bold) out.bold = true;
    if (f.align && f.align !== "left") out.align = f.align;
    if (f.label) out.label = f.label;
  }
  return out;
}
