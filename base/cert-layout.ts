import { formatDateCn, maskIdNo } from "./format";

// The certificate's layout rules, written once: the server draws with them (trpc/cert/render.ts) and the
// back office's editor shows the same texts, boxes and default places (app/components/admin/cert).

/** A field a template places on the certificate. Positions and sizes are in the template's own pixels. */
export const CERT_FIELD_KEYS = [
  "realName",
  "photo",
  "idNo",
  "certName",
  "contentName",
  "score",
  "learnHours",
  "issueDate",
  "validity",
  "certNo",
  "issuer",
  "seal",
  "qr",
] as const;
export type CertFieldKey = (typeof CERT_FIELD_KEYS)[number];

export interface CertField {
  key: CertFieldKey;
  x: number;
  y: number;
  /** Text fields: font size in px; images (photo, seal, qr): the box's width. */
  size: number;
  /** Images only: the box's height (photo 295x413 by default). */
  height?: number;
  color?: string;
  bold?: boolean;
  align?: "left" | "center" | "right";
  /** Text before the value, e.g. "证书编号：". */
  label?: string;
}

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

/** The box an image field fills: photo 295x413 by default, seal and QR square. */
export function imageBox(f: CertField): { w: number; h: number } {
  if (f.key === "photo") return { w: f.size, h: f.height ?? Math.round((f.size * 413) / 295) };
  return { w: f.size, h: f.height ?? f.size };
}

/** The sample a template preview prints (the server's 服务器预览 and the editor's canvas alike). */
export function sampleFace(t: { certName?: string; issuerName?: string; validityMonths?: number; prefix?: string }, now: number, verifyUrl = ""): CertFace {
  return {
    realName: "王小雯",
    idNo: "110101199003071234",
    certName: t.certName || "培训合格证书",
    contentName: "政府采购法律法规与实务",
    score: 92,
    learnHours: 8,
    issuedAt: now,
    expiresAt: t.validityMonths ? now + t.validityMonths * 30 * 86400_000 : null,
    certNo: `${t.prefix || "CY"}${new Date(now + 8 * 3600_000).getUTCFullYear()}000001`,
    issuerName: t.issuerName || "财云学院",
    verifyUrl,
  };
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
    { key: "idNo", x: r(300), y: r(330), size: r(20), label: "身份证号：", color: "#555555" },
    { key: "contentName", x: r(300), y: r(390), size: r(26), label: "完成：" },
    { key: "score", x: r(300), y: r(440), size: r(22), label: "成绩：" },
    { key: "certNo", x: r(110), y: r(height - 140), size: r(18), label: "证书编号：", color: "#555555" },
    { key: "validity", x: r(110), y: r(height - 110), size: r(18), color: "#555555" },
    { key: "seal", x: r(width - 300), y: r(height - 270), size: r(150) },
    { key: "issuer", x: r(width - 300), y: r(height - 210), size: r(24), align: "center" },
    { key: "issueDate", x: r(width - 300), y: r(height - 170), size: r(22), align: "center" },
    { key: "qr", x: r(width - 190), y: r(250), size: r(120) },
  ];
}
