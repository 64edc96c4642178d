import { formatMoney } from "@base/format";

// What the order pages show for the codes the order procedures answer.

/** An order as the back office's list answers it (money in cents, times in ms). */
export interface AdminOrder {
  id: number;
  tradeNo: string;
  userId: number;
  nick: string;
  loginName: string;
  mobile: string;
  goodsType: number;
  goodsTypeName: string;
  goodsId: number;
  goodsName: string;
  price: number;
  payAmount: number;
  status: number;
  statusName: string;
  payType: string;
  payTypeName: string;
  providerTradeNo: string;
  isInvoice: number;
  invoiceStatus: number;
  invoiceStatusName: string;
  createTime: number;
  payTime: number | null;
  closeReason: string;
  refundTime: number | null;
  refundReason: string;
}

/** An invoice request in the back office's queue. */
export interface AdminInvoice {
  id: number;
  tradeNo: string;
  goodsName: string;
  amount: number;
  nick: string;
  mobile: string;
  headUserType: number;
  headUserTypeName: string;
  headName: string;
  taxNo: string;
  registerPhone: string;
  registerAddress: string;
  bankName: string;
  bankAccount: string;
  email: string;
  status: number;
  statusName: string;
  invoiceNo: string;
  refuseReason: string;
  applyTime: number;
  handleTime: number | null;
  fileUrl: string;
}

export const ORDER_PAID = 1;
export const ORDER_REFUNDED = 4;
export const INVOICE_REQUESTED = 0;
export const INVOICE_ISSUED = 1;
export const INVOICE_REFUSED = 2;

/** The status filter: 2 stands for cancelled and closed orders alike. */
export const ORDER_STATUS_OPTIONS = [
  { value: "0", label: "待支付" },
  { value: "1", label: "已支付" },
  { value: "2", label: "已取消/已关闭" },
  { value: "4", label: "已退款" },
] as const;

export const GOODS_TYPE_OPTIONS = [
  { value: "1", label: "课程" },
  { value: "2", label: "直播" },
  { value: "4", label: "学习地图" },
] as const;

export const INVOICE_TABS = [
  { key: "0", label: "开票中" },
  { key: "1", label: "已开票" },
  { key: "2", label: "已拒绝" },
  { key: "all", label: "全部" },
] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number]["key"];

export type Tone = "green" | "gray" | "red" | "orange" | "blue";

export function orderTone(status: number): Tone {
  if (status === 0) return "orange";
  if (status === ORDER_PAID) return "green";
  if (status === ORDER_REFUNDED) return "red";
  return "gray";
}

export function invoiceTone(status: number): Tone {
  if (status === INVOICE_REQUESTED) return "orange";
  if (status === INVOICE_ISSUED) return "green";
  if (status === INVOICE_REFUSED) return "red";
  return "gray";
}

/** Cents as the pages show money: ¥199, ¥49.90. */
export const yuan = (cents: number | null | undefined) => `¥${formatMoney(cents)}`;

export interface RevenueDay {
  day: string;
  paidCount: number;
  amount: number;
  refundAmount: number;
}

/** The chart's points: amounts in yuan, the day as 月-日 on the axis. */
export function revenuePoints(days: RevenueDay[]) {
  return days.map((d) => ({
    day: d.day,
    label: d.day.slice(5),
    amount: d.amount / 100,
    refundAmount: d.refundAmount / 100,
    paidCount: d.paidCount,
  }));
}
export type RevenuePoint = ReturnType<typeof revenuePoints>[number];

/** The chart's bars (paid amount) and line (paid orders), also drawn in its legend. */
export const CHART_COLORS = { amount: "#006bfd", count: "#ff7d00" } as const;

/** Reasons the back office writes (refund, refusal) are kept to 200 characters. */
export const REASON_MAX = 200;
