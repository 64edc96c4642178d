import { z } from "zod";
import { blank, optText, requiredText } from "@base/legacy-input";

// The invoice header rules of learner-front-end.md 5, word for word; the server's schemas and the
// invoice modal read the same ones (this file imports nothing that cannot run in the browser).

/** headUserType: 1 organisation (企业单位), 2 individual or non-business unit (个人/非企业单位). */
export const INVOICE_HEAD_TYPES = { 1: "企业单位", 2: "个人/非企业单位" } as const;

export const invoiceFields = {
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
  ).optional(),
  registerAddress: optText("注册地址", 43),
  bankName: optText("开户银行", 100),
  bankAccount: optText("银行账号", 50),
  email: z.preprocess(blank, z.string().trim().max(100, "邮箱不能超过100字").email("邮箱格式不正确").optional()).optional(),
};
export const invoiceHeaderInput = z.object(invoiceFields);
export type InvoiceHeaderInput = z.infer<typeof invoiceHeaderInput>;
