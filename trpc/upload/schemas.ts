import { z } from "zod";

const trimmed = (label: string, max: number) =>
  z.preprocess((v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v), z.string({ error: `缺少${label}` }).min(1, `缺少${label}`).max(max, `${label}过长`));

const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : /^\d+$/.test(v.trim()) ? Number(v) : v) : v),
    z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(min, `${label}格式不正确`).max(max, `${label}格式不正确`).optional(),
  ).optional();

export const tokenInput = z.object({
  bizCode: trimmed("业务编码", 20).pipe(z.string().regex(/^\w+$/, "业务编码格式不正确")).default("1133"),
  fileName: trimmed("文件名", 500),
  attachment: z.unknown().optional(),
  midPath: z.string().max(200, "目录过长").optional(),
  timestamp: z.unknown().optional(),
  fileNum: optionalInt("文件数量", 1, 10),
  /** Extras the new client sends so the policy matches the file exactly. */
  contentType: z.string().max(200).optional(),
  fileSize: optionalInt("文件大小", 0, Number.MAX_SAFE_INTEGER),
});
export type TokenInput = z.infer<typeof tokenInput>;

export const downloadInput = z.object({
  bizCode: trimmed("业务编码", 20).optional(),
  fileId: trimmed("文件ID", 500),
  timestamp: z.unknown().optional(),
  expiresIn: optionalInt("有效期", 60, 10 * 365 * 24 * 3600),
});
export type DownloadInput = z.infer<typeof downloadInput>;
