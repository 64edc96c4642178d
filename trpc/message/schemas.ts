import { z } from "zod";

const numeric = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() === "" ? undefined : v);
const int = (label: string, min: number, max: number) =>
  z.preprocess(numeric, z.number({ error: `${label}格式不正确` }).int(`${label}格式不正确`).min(min, `${label}须在${min}-${max}之间`).max(max, `${label}须在${min}-${max}之间`).optional()).optional();
const messageId = z.preprocess(numeric, z.number({ error: "消息ID格式不正确" }).int("消息ID格式不正确").positive("消息ID格式不正确").max(Number.MAX_SAFE_INTEGER, "消息ID格式不正确"));

export const pageInput = z
  .object({ pageNo: int("页码", 1, 100000), pageSize: int("每页条数", 1, 100) })
  .transform((v) => ({ pageNo: v.pageNo ?? 1, pageSize: v.pageSize ?? 10 }));

/** One id, a list (array or "1,2,3"), or readAll 1 for every message; status, when given, must be 1 (read). */
export const markReadInput = z
  .object({
    id: messageId.optional(),
    ids: z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v), z.array(messageId).max(500, "一次最多标记500条").optional()).optional(),
    readAll: int("全部已读", 0, 1),
    status: int("消息状态", 1, 1),
  })
  .transform((v, ctx) => {
    const ids = [...(v.ids ?? []), ...(v.id ? [v.id] : [])];
    if (!ids.length && v.readAll !== 1) {
      ctx.addIssue({ code: "custom", message: "请选择要标记的消息", path: ["id"] });
      return z.NEVER;
    }
    return { ids: v.readAll === 1 ? null : ids };
  });
