import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime, formatMoney } from "@base/format";
import { CourseCover } from "~/components/course/course-card";
import { QueryPager } from "~/components/course/pager";
import { pageTitle } from "~/components/layout/page-title";
import { InvoiceModal } from "~/components/order/invoice-modal";
import { PersonPage } from "~/components/person/person-page";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/card";
import { serverCaller } from "~/lib/caller.server";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: pageTitle("我的订单", "个人中心") }];

const PAGE_SIZE = 8;
const TABS = [
  { status: undefined, label: "全部", key: "" },
  { status: 0, label: "待支付", key: "0" },
  { status: 1, label: "已支付", key: "1" },
  { status: 2, label: "已取消", key: "2" },
  { status: 4, label: "已退款", key: "4" },
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const tab = TABS.find((t) => t.key === (q.get("status") ?? "")) ?? TABS[0];
  const pageNo = Math.max(1, Number(q.get("pageNo")) || 1);
  const { caller, ctx } = await serverCaller(request);
  if (!ctx.user) return { tab: tab.key, page: { list: [], total: 0, pageNo: 1, pageSize: PAGE_SIZE } };
  return { tab: tab.key, page: await caller.order.getOrderInfoByUserId({ status: tab.status, pageNo, pageSize: PAGE_SIZE }) };
}

type Order = ReturnType<typeof useLoaderData<typeof loader>>["page"]["list"][number];

const STATUS_CLASS: Record<number, string> = { 0: "text-[#ff7d00]", 1: "text-[#00b42a]", 2: "text-muted", 3: "text-muted", 4: "text-[#f53f3f]" };

export default function PersonOrder() {
  const { tab, page } = useLoaderData<typeof loader>();
  const [invoiceFor, setInvoiceFor] = useState<Order | null>(null);
  const refresh = useRefresh();
  return (
    <PersonPage title="我的订单">
      <div className="mb-5 flex gap-6 border-b border-border text-sm" role="tablist">
        {TABS.map((t) => (
          <Link
            key={t.key}
            to={t.key ? `?status=${t.key}` : "?"}
            role="tab"
            aria-selected={t.key === tab}
            className={cn("-mb-px border-b-2 pb-2", t.key === tab ? "border-primary font-medium text-primary" : "border-transparent text-[#4e5969] hover:text-primary")}
          >
            {t.label}
          </Link>
        ))}
      </div>
      {page.list.length === 0 ? (
        <EmptyState
          title={tab ? `暂无${TABS.find((t) => t.key === tab)!.label}的订单` : "暂无订单"}
          hint="购买课程后，订单会显示在这里，也可在此申请发票"
          action={
            <Button asChild variant="outline">
              <Link to="/course/center">去课程中心看看</Link>
            </Button>
          }
        />
      ) : (
        <>
          <div className="space-y-4">
            {page.list.map((o) => (
              <OrderCard key={o.tradeNo} order={o} onInvoice={() => setInvoiceFor(o)} onChanged={refresh} />
            ))}
          </div>
          <QueryPager pageNo={page.pageNo} pageSize={page.pageSize} total={page.total} />
        </>
      )}
      <InvoiceModal
        tradeNo={invoiceFor?.tradeNo ?? ""}
        amount={invoiceFor?.payAmount ?? 0}
        open={!!invoiceFor}
        onClose={() => setInvoiceFor(null)}
        onDone={() => {
          setInvoiceFor(null);
          toast.success("发票申请已提交，开具后可在订单中下载");
          refresh();
        }}
      />
    </PersonPage>
  );
}

function OrderCard({ order: o, onInvoice, onChanged }: { order: Order; onInvoice: () => void; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await trpc.order.cancel.mutate({ tradeNo: o.tradeNo });
      toast.success("订单已取消");
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const s = await trpc.order.getInvoiceStatus.query({ tradeNo: o.tradeNo });
      if (s.invoiceUrl) window.open(s.invoiceUrl, "_blank", "noopener");
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <article className="rounded-lg ring-1 ring-border" data-testid="order-card">
      <header className="flex items-center justify-between rounded-t-lg bg-[#f7f8fa] px-4 py-2.5 text-xs text-muted">
        <span>
          订单号：{o.tradeNo}
          <span className="ml-4">下单时间：{formatDateTime(o.createTime)}</span>
        </span>
        <span className={cn("text-sm font-medium", STATUS_CLASS[o.status])} data-testid="order-status">{o.statusName}</span>
      </header>
      <div className="flex items-center gap-4 p-4">
        <CourseCover src={o.goodsImg} name="" className="h-[68px] w-[120px] shrink-0 rounded" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-[#1d2129]">{o.goodsName}</p>
          <p className="mt-1 text-xs text-muted">
            {o.learnHour ? `${o.learnHour} 学时 · ` : ""}
            {o.payTime ? `支付时间 ${formatDateTime(o.payTime)}` : o.status === 0 ? `请在 ${formatDateTime(o.expireTime)} 前完成支付` : o.closeReason}
            {o.payTypeName ? ` · ${o.payTypeName}` : ""}
          </p>
          {o.status === 4 ? (
            <p className="mt-1 text-xs text-[#f53f3f]">
              已于 {formatDateTime(o.refundTime)} 原路退款{o.refundReason ? `，原因：${o.refundReason}` : ""}
            </p>
          ) : null}
          {o.status === 1 && o.invoiceStatus >= 0 ? (
            <p className="mt-1 text-xs text-[#4e5969]" data-testid="invoice-state">
              发票：{o.invoiceStatusName}
            </p>
          ) : null}
        </div>
        <div className="w-28 text-right">
          <p className="text-xs text-muted">实付</p>
          <p className="text-lg font-semibold text-[#1d2129]">¥{formatMoney(o.payAmount)}</p>
        </div>
        <div className="flex w-32 flex-col items-end gap-2">
          {o.status === 0 ? (
            <>
              <Button size="sm" asChild>
                <Link to={`/payment/waiting?tradeNo=${o.tradeNo}`}>去支付</Link>
              </Button>
              <button type="button" className="text-xs text-muted hover:text-primary" onClick={cancel} disabled={busy}>
                取消订单
              </button>
            </>
          ) : o.status === 1 ? (
            <>
              <Button size="sm" asChild>
                <Link to={o.jumpUrl}>去学习</Link>
              </Button>
              {o.invoiceStatus === -1 || o.invoiceStatus === 2 ? (
                <button type="button" className="text-xs text-primary hover:underline" onClick={onInvoice}>
                  {o.invoiceStatus === 2 ? "重新申请发票" : "申请发票"}
                </button>
              ) : o.invoiceStatus === 1 ? (
                <button type="button" className="text-xs text-primary hover:underline" onClick={download}>
                  下载发票
                </button>
              ) : null}
            </>
          ) : o.status === 2 || o.status === 3 ? (
            <Button size="sm" variant="outline" asChild>
              <Link to={`/order?goodsType=${o.goodsType}&goodsId=${o.goodsId}`}>重新购买</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
