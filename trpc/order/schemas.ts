import { z } from "zod";
import { blank, chinaTime, idOf, intIn, opt, optText, paging, requiredText, withPaging, flag } from "@base/legacy-input";
import { GOODS_TYPE } from "@db/schema";

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

// ---- invoices (learner-front-end.md 5, verbatim) ----

/** headUserType: 1 organisation (企业单位), 2 individual or non-business unit (个人/非企业单位). */
export const INVOICE_HEAD_TYPES = { 1: "企业单位", 2: "个人/非企业单位" } as const;

const invoiceFields = {
  headUserType: z.preprocess((v) => (blank(v) === undefined ? undefined : typeof v === "string" ? Number(v) : v), z.union([z.literal(1), z.literal(2)], { error: "请选择发票类型" })),
  headName: requiredText("发票抬头", 30),
  taxNo: z
    .string({ error: "请输入发票税号" })
    .trim()
    .min(1, "请输入发票税号")
    .min(6, "发票税号须为6-20位")
    .max(20, "发票税号须为6-20位")
    .regex(/^[A-Za-z0-9]+$/, "仅支持数字和英文"),
  registerPhone: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(13, "注册电话不能超过13位")
      .regex(/^(?:0\d{2,3}-?\d{7,8}|1[3-9]\d{9}|\d{7,8})$/, "注册电话格式不正确")
      .optional(),
  ),
  registerAddress: optText("注册地址", 43),
  bankName: optText("开户银行", 100),
  bankAccount: optText("银行账号", 50),
  email: z.preprocess(blank, z.string().trim().max(100, "邮箱不能超过100字").email("邮箱格式不正确").optional()),
};
export const invoiceHeaderInput = z.object(invoiceFields);
export type InvoiceHeaderInput = z.infer<typeof invoiceHeaderInput>;
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
