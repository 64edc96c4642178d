import { z } from "zod";

// Input pieces the comment and questionnaire procedures share: old clients send numbers as strings and
// lists as "1,2,3"; empty form values count as absent; paging defaults to page 1 of 10.

export const numeric = (v: unknown) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() === "" ? undefined : v);
export const idOf = (label: string) =>
  z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).positive(`${label}格式不正确`).max(Number.MAX_SAFE_INTEGER, `${label}格式不正确`));
export const intIn = (label: string, min: number, max: number) =>
  z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(min, `${label}须在${min}-${max}之间`).max(max, `${label}须在${min}-${max}之间`));
/** Empty form values ("" or null) count as absent. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional()).optional();
export const listOf = (v: unknown) => (typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v);
export const ids = (label: string, empty: string) =>
  z.preprocess(listOf, z.array(idOf(label), { error: `${label}列表格式不正确` }).min(1, empty).max(100, "一次最多100条"));

export const paging = { pageNo: opt(intIn("页码", 1, 100000)), pageSize: opt(intIn("每页条数", 1, 100)) };
export function withPaging<T extends { pageNo?: number; pageSize?: number }>(v: T): Omit<T, "pageNo" | "pageSize"> & { pageNo: number; pageSize: number } {
  return { ...v, pageNo: v.pageNo ?? 1, pageSize: v.pageSize ?? 10 };
}
