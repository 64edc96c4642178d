import { z } from "zod";
import { parseChinaDateTime } from "./china-time";

// Input coercion every domain's schemas share. Old clients send numbers as strings and lists as "1,2,3";
// empty form values count as absent.
//
// The number rule: a string is read as a number only when it is a whole number ("12", "-1"). Every number
// the spec's clients send is whole: ids, pages, flags, counts, scores and money (in cents, learner-calls.md 9).
// Anything else ("1.5", "12abc") stays a string, so the field answers with its 格式不正确 message.

export function numeric(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (t === "") return undefined;
  return /^-?\d+$/.test(t) ? Number(t) : v;
}
/** "" and null count as absent. */
export const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
/** Empty form values ("" or null) count as absent. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional()).optional();

/** A whole number: missing reads 缺少<label>, anything else that is wrong <label>格式不正确. */
export const intOf = (label: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) }).int(`${label}格式不正确`);
export const idOf = (label: string) =>
  z.preprocess(numeric, intOf(label).positive(`${label}格式不正确`).max(Number.MAX_SAFE_INTEGER, `${label}格式不正确`));
export const optionalId = (label: string) => opt(idOf(label));

/** A whole number in a range, one message for the range. */
export const intIn = (label: string, min: number, max: number, range = `${label}须在${min}-${max}之间`) =>
  z.preprocess(numeric, intOf(label).min(min, range).max(max, range));
/** A whole number in a range, the forms' wording: 须为整数, 不能小于, 不能大于. */
export const intWithin = (label: string, min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}格式不正确`) })
      .int(`${label}须为整数`)
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`),
  );

/** "1,2,3", one number, or an array. */
export const listOf = (v: unknown) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [v] : v);
/** As listOf, also split on Chinese commas and white space, as pasted lists come. */
export const wordsOf = (v: unknown) => (typeof v === "string" ? v.split(/[,，\s]+/).filter(Boolean) : typeof v === "number" ? [v] : v);

type IdListRule = {
  max?: number;
  /** 0 lets an empty list through. */
  min?: 0 | 1;
  empty?: string;
  tooMany?: string;
  item?: z.ZodType<number>;
  split?: (v: unknown) => unknown;
};
/** A list of ids; by default 1-500 of them. */
export const idList = (label: string, rule: IdListRule = {}) => {
  const max = rule.max ?? 500;
  const list = z.array(rule.item ?? idOf(label), { error: `${label}列表格式不正确` }).max(max, rule.tooMany ?? `一次最多${max}个`);
  return z.preprocess(rule.split ?? listOf, rule.min === 0 ? list : list.min(1, rule.empty ?? `请选择${label}`));
};
export const ids = (label: string, empty: string) => idList(label, { max: 100, empty, tooMany: "一次最多100条" });

/** Page number with the back office's wording. */
export const pageNumber = z.preprocess(numeric, intOf("页码").min(1, "页码须为大于0的整数").max(100_000, "页码过大"));
/** pageNo/pageSize, and page/element as the old list calls name them; each domain keeps its own wording. */
export function pagingWith(no: z.ZodType<number>, size: z.ZodType<number>) {
  const pageNo = opt(no);
  const pageSize = opt(size);
  return { pageNo, pageSize, page: pageNo, element: pageSize };
}
type PageFields = { pageNo?: number; pageSize?: number; page?: number; element?: number };
export function pageOf(v: PageFields, size = 10) {
  return { pageNo: v.pageNo ?? v.page ?? 1, pageSize: v.pageSize ?? v.element ?? size };
}

export const paging = { pageNo: opt(intIn("页码", 1, 100000)), pageSize: opt(intIn("每页条数", 1, 100)) };
export function withPaging<T extends { pageNo?: number; pageSize?: number }>(v: T): Omit<T, "pageNo" | "pageSize"> & { pageNo: number; pageSize: number } {
  return { ...v, pageNo: v.pageNo ?? 1, pageSize: v.pageSize ?? 10 };
}

/** Optional text, trimmed; "" counts as absent. */
export const optText = (label: string, max: number) =>
  z.preprocess(blank, z.string({ error: `${label}格式不正确` }).trim().max(max, `${label}不能超过${max}字`).optional()).optional();
/** Required text, trimmed: 请输入<label> when missing or blank. */
export const requiredText = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}字`);
/** 0 or 1; true/false as some clients send them. */
export const flag = (label: string) =>
  z.preprocess((v) => (v === true ? 1 : v === false ? 0 : numeric(v)), z.union([z.literal(0), z.literal(1)], { error: `${label}须为0或1` }));
/** A time as ms, its digits, or a China-time "YYYY-MM-DD[ HH:mm[:ss]]" string; optional. */
export const chinaTime = (label: string) =>
  opt(
    z.preprocess(
      (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() ? parseChinaDateTime(v) : v),
      z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(0, `${label}格式不正确`),
    ),
  );
/** An optional link an admin types: blank, a path on this platform ("/…") or an http(s) address. */
export const linkText = (label: string) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: `${label}格式不正确` })
      .trim()
      .max(500, `${label}不超过500个字符`)
      .refine((s) => s === "" || /^(https?:\/\/|\/)/.test(s), `${label}须以 http(s):// 或 / 开头`)
      .optional(),
  ).optional();
