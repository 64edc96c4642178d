import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idOf, intIn, numeric, opt, optText, paging, requiredText, withPaging } from "@base/legacy-input";
import { GOODS_TYPE } from "@db/schema";

/** Codes a batch may hold per call (create, or the tool that adds more). */
export const MAX_CODES_PER_CALL = 10_000;
export const CODE_INVALID = "兑换码有误，请核对后重新输入";

/**
 * A code as typed: any text up to 40 characters (lower case, spaces, dashes); its shape and check
 * character are checked by the service, so a wrong one counts against the learner's limit.
 */
const codeText = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : v),
  z.string({ error: (iss) => (iss.input === undefined || iss.input === null ? "请输入兑换码" : CODE_INVALID) }).trim().min(1, "请输入兑换码").max(40, CODE_INVALID),
);
export const codeInput = z.object({ redemptionCode: codeText });

const batchId = idOf("兑换码批次ID");
/** A batch as the calls name it: redemptionCodeBatchId, or id. */
const batchRef = { redemptionCodeBatchId: opt(batchId), id: opt(batchId) };
function pickBatch<T extends { redemptionCodeBatchId?: number; id?: number }>(v: T, ctx: z.RefinementCtx) {
  const id = v.redemptionCodeBatchId ?? v.id;
  if (!id) {
    ctx.addIssue({ code: "custom", message: "缺少兑换码批次ID", path: ["redemptionCodeBatchId"] });
    return z.NEVER;
  }
  return id;
}

export const pageInput = z.object(paging).transform(withPaging);
export const learnerBatchInput = z
  .object({ ...batchRef, pathName: optText("站点", 50) })
  .transform((v, ctx) => ({ id: pickBatch(v, ctx) }));

// ---- back office ----

const goodsType = z.preprocess(numeric, z.union([z.literal(GOODS_TYPE.course), z.literal(GOODS_TYPE.live), z.literal(GOODS_TYPE.map)], { error: "兑换内容类型须为课程（1）、直播（2）或学习地图（4）" }));
/** A moment as ms, its digits, or China time "YYYY-MM-DD HH:mm[:ss]". */
const moment = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() ? parseChinaDateTime(v) : blank(v)),
    z.number({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}格式不正确`) }).int(`${label}格式不正确`).min(0, `${label}格式不正确`),
  );
const count = intIn("生成数量", 1, MAX_CODES_PER_CALL, `生成数量须在1-${MAX_CODES_PER_CALL}之间`);

export const createInput = z
  .object({
    name: requiredText("批次名称", 50),
    goodsType,
    goodsId: idOf("兑换内容ID"),
    count,
    validFrom: moment("有效期开始时间"),
    validTo: moment("有效期结束时间"),
    remark: optText("备注", 200),
  })
  .superRefine((v, ctx) => {
    if (v.validTo <= v.validFrom) ctx.addIssue({ code: "custom", message: "有效期结束时间须晚于开始时间", path: ["validTo"] });
  });
export type CreateInput = z.infer<typeof createInput>;

/** Effective states a list can filter by: 1 in use (not expired), 2 expired (by an admin or past its end). */
export const adminPageInput = z
  .object({
    ...paging,
    name: optText("批次名称", 50),
    goodsName: optText("兑换内容名称", 100),
    goodsType: opt(goodsType),
    status: opt(intIn("批次状态", 1, 2, "批次状态须为1（生效中）或2（已过期）")),
  })
  .transform(withPaging);
export type AdminPageInput = z.infer<typeof adminPageInput>;
export const exportBatchesInput = adminPageInput;

export const batchInput = z.object(batchRef).transform((v, ctx) => ({ id: pickBatch(v, ctx) }));

/** Code states in a batch's detail: 0 unused, 1 redeemed, 2 expired (the code, its batch, or past the end). */
export const useDetailInput = z
  .object({ ...batchRef, ...paging, status: opt(intIn("兑换状态", 0, 2, "兑换状态须为0、1或2")), keyword: optText("关键词", 50) })
  .transform((v, ctx) => ({ ...withPaging(v), id: pickBatch(v, ctx) }));
export type UseDetailInput = z.infer<typeof useDetailInput>;

export const remarkInput = z
  .object({ ...batchRef, remark: z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "备注格式不正确" }).trim().max(200, "备注不能超过200字")) })
  .transform((v, ctx) => ({ id: pickBatch(v, ctx), remark: v.remark }));

/** One code to expire: by the code itself or by its row id. */
export const expireCodeInput = z
  .object({ redemptionCode: opt(codeText), redemptionCodeId: opt(idOf("兑换码ID")), id: opt(idOf("兑换码ID")) })
  .transform((v, ctx) => {
    const id = v.redemptionCodeId ?? v.id;
    if (!v.redemptionCode && !id) {
      ctx.addIssue({ code: "custom", message: "请指定要作废的兑换码", path: ["redemptionCode"] });
      return z.NEVER;
    }
    return { code: v.redemptionCode, id };
  });

export const generateInput = z.object({ ...batchRef, count }).transform((v, ctx) => ({ id: pickBatch(v, ctx), count: v.count }));
