import { cn } from "~/lib/utils";
import { yuan } from "./order-format";

export interface OrderTotals {
  orders: number;
  paidCount: number;
  paidAmount: number;
  refundCount: number;
  refundAmount: number;
}

function Figure({ label, value, sub, tone }: { label: string; value: string; sub?: string; tone?: string }) {
  return (
    <div className="rounded-lg border border-border bg-white px-4 py-3" data-testid="order-figure">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn("mt-1 text-2xl font-semibold tabular-nums text-[#1d2129]", tone)}>{value}</dd>
      {sub && <dd className="text-xs text-muted">{sub}</dd>}
    </div>
  );
}

/** The figures of every order the current filter matches. */
export function OrderSummary({ totals, filtered }: { totals: OrderTotals; filtered: boolean }) {
  return (
    <section aria-label="订单统计" className="flex flex-col gap-2">
      <p className="text-xs text-muted">{filtered ? "符合筛选条件的订单" : "全部订单"}</p>
      <dl className="grid flex-1 grid-cols-2 gap-3">
        <Figure label="订单数" value={String(totals.orders)} sub="含待支付、已取消与已关闭" />
        <Figure label="已支付订单" value={String(totals.paidCount)} sub={`实收 ${yuan(totals.paidAmount)}`} tone="text-[#00b42a]" />
        <Figure label="实收金额" value={yuan(totals.paidAmount)} sub="已支付且未退款" />
        <Figure label="已退款" value={yuan(totals.refundAmount)} sub={`${totals.refundCount} 笔订单`} tone="text-[#f53f3f]" />
      </dl>
    </section>
  );
}
