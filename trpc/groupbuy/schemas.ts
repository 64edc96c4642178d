import { z } from "zod";
import { parseChinaDateTime } from "@base/china-time";
import { blank, idOf, intIn, numeric, opt, optText, paging, requiredText, withPaging } from "@base/legacy-input";
import { GOODS_TYPE } from "@db/schema";

export const MIN_MEMBERS_RANGE = "成团人数须在2-100之间";

/** Group buys sell courses only for now (docs/decisions/029-group-buys.md). */
const goodsType = z.preprocess(numeric, z.literal(GOODS_TYPE.course, { error: "拼团目前仅支持课程" }));
/** The learner calls accept any goods type; only courses have group buys. */
const anyGoodsType = z.preprocess(numeric, z.number({ error: "商品类型不正确" }).int("商品类型不正确"));

/** A moment as ms, its digits, or China time "YYYY-MM-DD HH:mm[:ss]". */
const moment = (label: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : typeof v === "string" && v.trim() ? parseChinaDateTime(v) : blank(v)),
    z.number({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}格式不正确`) }).int(`${label}格式不正确`).min(0, `${label}格式不正确`),
  );

export const goodsRefInput = z.object({ goodsId: idOf("商品ID"), goodsType: opt(anyGoodsType) }).transform((v) => ({ goodsId: v.goodsId, goodsType: v.goodsType ?? GOODS_TYPE.course }));

const fields = {
  name: requiredText("拼团名称", 50),
  goodsType: opt(goodsType),
  goodsId: idOf("拼团课程ID"),
  /** Cents. */
  groupPrice: z.preprocess(numeric, z.number({ error: (iss) => (iss.input === undefined ? "请输入拼团价" : "拼团价格式不正确") }).int("拼团价须以分为单位的整数").min(1, "拼团价须大于0")),
  minMembers: intIn("成团人数", 2, 100, MIN_MEMBERS_RANGE),
  startTime: moment("开始时间"),
  endTime: moment("结束时间"),
};

function window<T extends { startTime: number; endTime: number }>(v: T, ctx: z.RefinementCtx) {
  if (v.endTime <= v.startTime) ctx.addIssue({ code: "custom", message: "结束时间须晚于开始时间", path: ["endTime"] });
}

export const createInput = z
  .object(fields)
  .superRefine(window)
  .transform((v) => ({ ...v, goodsType: GOODS_TYPE.course as number }));
export type CreateInput = z.infer<typeof createInput>;

const groupBuyId = idOf("拼团ID");
export const updateInput = z
  .object({ ...fields, groupBuyId: opt(groupBuyId), id: opt(groupBuyId) })
  .superRefine(window)
  .transform((v, ctx) => {
    const id = v.groupBuyId ?? v.id;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少拼团ID", path: ["groupBuyId"] });
      return z.NEVER;
    }
    const { groupBuyId: _g, id: _i, ...rest } = v;
    return { ...rest, id, goodsType: GOODS_TYPE.course as number };
  });
export type UpdateInput = z.infer<typeof updateInput>;

export const idInput = z
  .object({ groupBuyId: opt(groupBuyId), id: opt(groupBuyId) })
  .transform((v, ctx) => {
    const id = v.groupBuyId ?? v.id;
    if (!id) {
      ctx.addIssue({ code: "custom", message: "缺少拼团ID", path: ["groupBuyId"] });
      return z.NEVER;
    }
    return { id };
  });

export const searchInput = z
  .object({ ...paging, name: optText("拼团名称", 50), goodsName: optText("课程名称", 100), status: opt(intIn("状态", 1, 2)) })
  .transform(withPaging);
export type SearchInput = z.infer<typeof searchInput>;
