import { z } from "zod";
import { chinaTime, idOf, intIn, opt, optText, paging, requiredText, withPaging, flag } from "@base/legacy-input";
import { GOODS_TYPE } from "@db/schema";
import { invoiceFields } from "./invoice-rules";

const goodsType = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.union([z.literal(GOODS_TYPE.course), z.literal(GOODS_TYPE.live), z.literal(GOODS_TYPE.map)], { error: "商品类型不正确" }),
);

/**
 * What the learner wants to buy. Old clients also send courseId, and a price: any price sent is
 * ignored, the server's is the one charged.
 */
export const goodsInput = z
  .object({ goodsType: opt(goodsType), goodsId: opt(idOf("商品ID")), courseId: opt(idOf("课程ID")), price: z.unknown().optional() })
  .transform((v, ctx) => {
    const goodsId = v.goodsId ?? v.courseId;
    if (!goodsId) {
      ctx.addIssue({ code: "custom", message: "缺少商品ID", path: ["goodsId"] });
      return z.NEVER;
    }
    return { goodsType: v.goodsType ?? GOODS_TYPE.course, goodsId };
  });

export const tradeNoOf = z.string({ error: "缺少订单号" }).trim().min(1, "缺少订单号").max(32, "订单号格式不正确").regex(/^[A-Za-z0-9]+$/, "订单号格式不正确");
export const tradeNoInput = z.object({ tradeNo: tradeNoOf });

export const tradeInput = z
  .object({
    goodsType: opt(goodsType),
    goodsId: opt(idOf("商品ID")),
    courseId: opt(idOf("课程ID")),
    /** An order already created (preCreateOrder then getTradeNo on it). */
    tradeNo: opt(tradeNoOf),
    isInvoice: opt(flag("是否开发票")),
    price: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const goodsId = v.goodsId ?? v.courseId;
    if (!goodsId && !v.tradeNo) {
      ctx.addIssue({ code: "custom", message: "缺少商品ID", path: ["goodsId"] });
      return z.NEVER;
    }
    return { goodsType: v.goodsType ?? GOODS_TYPE.course, goodsId, tradeNo: v.tradeNo, wantInvoice: v.isInvoice ?? 0 };
  });

/** Learner's order tabs: all, 0 unpaid, 1 paid, 2 cancelled/closed, 4 refunded. */
export const myOrdersInput = z.object({ ...paging, status: opt(intIn("订单状态", 0, 4)) }).transform(withPaging);

export const sandboxPayInput = z.object({ tradeNo: tradeNoOf, ticket: z.string({ error: "付款码无效" }).trim().min(10, "付款码无效").max(64, "付款码无效") });

// ---- invoices: the rules live in invoice-rules.ts (the modal checks them in the browser too) ----

export { INVOICE_HEAD_TYPES, invoiceHeaderInput, type InvoiceHeaderInput } from "./invoice-rules";
export const invoiceRequestInput = z.object({ tradeNo: tradeNoOf, ...invoiceFields });

// ---- back office ----

export const adminOrderPageInput = z
  .object({
    ...paging,
    tradeNo: optText("订单号", 32),
    keyword: optText("学员", 50),
    goodsName: optText("商品名称", 100),
    goodsType: opt(goodsType),
    status: opt(intIn("订单状态", 0, 4)),
    startTime: chinaTime("开始时间"),
    endTime: chinaTime("结束时间"),
  })
  .transform(withPaging);
export type AdminOrderPageInput = z.infer<typeof adminOrderPageInput>;
export const refundInput = z.object({ tradeNo: tradeNoOf, reason: requiredText("退款原因", 200) });

export const invoicePageInput = z
  .object({ ...paging, status: opt(intIn("开票状态", 0, 2)), keyword: optText("关键词", 50) })
  .transform(withPaging);
export const issueInvoiceInput = z.object({
  id: idOf("发票申请ID"),
  fileKey: z.string({ error: "请上传电子发票" }).trim().min(1, "请上传电子发票").max(300, "文件地址过长"),
  invoiceNo: optText("发票号码", 40),
});
export const refuseInvoiceInput = z.object({ id: idOf("发票申请ID"), reason: requiredText("拒绝原因", 200) });
