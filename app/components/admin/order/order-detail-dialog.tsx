import { formatDateTime } from "@base/format";
import { Badge } from "~/components/admin/table";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { invoiceTone, ORDER_REFUNDED, orderTone, yuan, type AdminOrder } from "./order-format";

/** Every field of one order, refund time and reason included. */
export function OrderDetailDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const o = order;
  const rows: [string, React.ReactNode][] = o
    ? [
        ["订单号", <span className="font-mono">{o.tradeNo}</span>],
        ["订单状态", <Badge tone={orderTone(o.status)}>{o.statusName}</Badge>],
        ["学员", o.nick],
        ["登录名", o.loginName || "--"],
        ["手机号", o.mobile || "--"],
        ["商品类型", o.goodsTypeName],
        ["商品名称", o.goodsName],
        ["商品ID", o.goodsId],
        ["原价", yuan(o.price)],
        ["实付金额", yuan(o.payAmount)],
        ["支付方式", o.payTypeName || "--"],
        ["支付流水号", o.providerTradeNo ? <span className="font-mono">{o.providerTradeNo}</span> : "--"],
        ["下单时间", formatDateTime(o.createTime)],
        ["支付时间", formatDateTime(o.payTime) || "--"],
        ["发票", o.invoiceStatus >= 0 ? <Badge tone={invoiceTone(o.invoiceStatus)}>{o.invoiceStatusName}</Badge> : o.isInvoice ? "下单时需要发票，尚未申请" : "未申请"],
        ...(o.closeReason ? ([["关闭原因", o.closeReason]] as [string, React.ReactNode][]) : []),
        ...(o.status === ORDER_REFUNDED
          ? ([
              ["退款时间", formatDateTime(o.refundTime) || "--"],
              ["退款原因", o.refundReason || "--"],
            ] as [string, React.ReactNode][])
          : []),
      ]
    : [];
  return (
    <Dialog open={!!order} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="w-[560px]">
        <DialogTitle>订单详情</DialogTitle>
        <dl className="mt-4 grid grid-cols-[88px_1fr] gap-x-3 gap-y-2.5 text-sm" data-testid="order-detail">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted">{k}</dt>
              <dd className="min-w-0 break-all text-[#1d2129]">{v}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
