import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime, formatMonthDayTime, fromChinaInput } from "@base/format";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { OrderDetailDialog } from "~/components/admin/order/order-detail-dialog";
import { GOODS_TYPE_OPTIONS, invoiceTone, ORDER_PAID, ORDER_REFUNDED, ORDER_STATUS_OPTIONS, orderTone, yuan, type AdminOrder } from "~/components/admin/order/order-format";
import { OrderSummary } from "~/components/admin/order/order-summary";
import { OrderTabs } from "~/components/admin/order/order-tabs";
import { ReasonDialog, type ReasonRequest } from "~/components/admin/order/reason-dialog";
import { RevenueChart } from "~/components/admin/order/revenue-chart";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "订单管理 - 财云学院管理后台" }];

const PAGE_SIZE = 10;
const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const get = (k: string) => sp.get(k)?.trim() ?? "";
    const status = get("status");
    const goodsType = get("goodsType");
    const filters = {
      tradeNo: get("tradeNo"),
      keyword: get("keyword"),
      goodsName: get("goodsName"),
      goodsType: GOODS_TYPE_OPTIONS.some((o) => o.value === goodsType) ? goodsType : "",
      status: ORDER_STATUS_OPTIONS.some((o) => o.value === status) ? status : "",
      start: DATE.test(get("start")) ? get("start") : "",
      end: DATE.test(get("end")) ? get("end") : "",
    };
    // 下单时间 is a range of China-time days, the end day included.
    const start = filters.start ? fromChinaInput(`${filters.start}T00:00`) : NaN;
    const end = filters.end ? fromChinaInput(`${filters.end}T00:00`) + DAY : NaN;
    const query = {
      tradeNo: filters.tradeNo || undefined,
      keyword: filters.keyword || undefined,
      goodsName: filters.goodsName || undefined,
      goodsType: filters.goodsType ? (Number(filters.goodsType) as 1 | 2 | 4) : undefined,
      status: filters.status ? Number(filters.status) : undefined,
      startTime: Number.isFinite(start) ? start : undefined,
      endTime: Number.isFinite(end) ? end : undefined,
    };
    const [page, revenue, waiting] = await Promise.all([
      caller.order.admin.getOrderPage({ ...query, pageNo: Number(sp.get("page")) || 1, pageSize: PAGE_SIZE }),
      caller.order.admin.revenueByDay(),
      caller.order.admin.invoicePage({ status: 0, pageNo: 1, pageSize: 1 }),
    ]);
    return { page, revenue, filters, query, waitingInvoices: waiting.total };
  });

/** The list has eleven columns: tighter cells keep them on one screen. */
const cell = "px-2 first:pl-3 last:pr-3";
const box = "h-10 rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";

/** 订单管理 (back-office.md 7.15): figures, the 30-day revenue chart, the filtered list, export, refunds. */
export default function AdminOrders() {
  const { page, revenue, filters, query, waitingInvoices } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const [exporting, setExporting] = useState(false);
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { order: AdminOrder; reason: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const filtered = Object.values(filters).some(Boolean);

  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("page", String(n));
    return `?${q}`;
  };

  async function exportAll() {
    setExporting(true);
    try {
      downloadFile(await trpc.order.admin.downloadOrderInfo.query(query));
      adminToast.success("已导出，请查看浏览器下载");
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  }

  const refundRequest: ReasonRequest | null = refunding
    ? {
        title: "订单退款",
        description: (
          <>
            订单 <span className="font-mono">{refunding.tradeNo}</span>（{refunding.nick}，{refunding.goodsName}）将原路退回 <b className="text-[#1d2129]">{yuan(refunding.payAmount)}</b>，学员的学习权限同时收回。
          </>
        ),
        label: "退款原因",
        placeholder: "如：课程内容无法正常播放，经核实予以退款",
        confirmText: "下一步",
      }
    : null;

  async function refund() {
    if (!confirm) return;
    setBusy(true);
    try {
      await trpc.order.admin.refund.mutate({ tradeNo: confirm.order.tradeNo, reason: confirm.reason });
      adminToast.success(`订单 ${confirm.order.tradeNo} 已退款`);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
      refresh();
    }
  }

  return (
    <div>
      <PageHeader title="订单管理" trail="交易" />
      <OrderTabs current="orders" waiting={waitingInvoices} />
      <div className="mb-4 grid gap-4 xl:grid-cols-[minmax(340px,2fr)_3fr]">
        <OrderSummary totals={page.totals} filtered={filtered} />
        <RevenueChart days={revenue} />
      </div>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-2" aria-label="筛选订单">
          <input name="tradeNo" defaultValue={filters.tradeNo} placeholder="订单号" aria-label="订单号" maxLength={32} className={`${box} w-48`} />
          <input name="keyword" defaultValue={filters.keyword} placeholder="学员姓名/手机号/登录名" aria-label="学员" maxLength={50} className={`${box} w-48`} />
          <input name="goodsName" defaultValue={filters.goodsName} placeholder="商品名称" aria-label="商品名称" maxLength={100} className={`${box} w-40`} />
          <FilterSelect name="goodsType" label="商品类型" allLabel="全部商品类型" defaultValue={filters.goodsType} options={GOODS_TYPE_OPTIONS} />
          <FilterSelect name="status" label="订单状态" allLabel="全部状态" defaultValue={filters.status} options={ORDER_STATUS_OPTIONS} />
          <span className="flex items-center gap-1 text-sm text-muted">
            下单时间
            <input type="date" name="start" defaultValue={filters.start} aria-label="下单开始日期" className={box} />
            至
            <input type="date" name="end" defaultValue={filters.end} aria-label="下单结束日期" className={box} />
          </span>
          <Button type="submit" variant="secondary">
            查询
          </Button>
          <Button asChild variant="ghost">
            <Link to="/admin/orders">重置</Link>
          </Button>
          <span className="flex-1" />
          <Button type="button" variant="outline" disabled={exporting} onClick={exportAll}>
            {exporting ? "正在导出…" : "导出"}
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th className={cell}>订单号</Th>
                <Th className={cell}>学员</Th>
                <Th className={cell}>商品</Th>
                <Th className={cell + " text-right"}>原价</Th>
                <Th className={cell + " text-right"}>实付</Th>
                <Th className={cell}>状态</Th>
                <Th className={cell}>支付方式</Th>
                <Th className={cell}>下单时间</Th>
                <Th className={cell}>支付时间</Th>
                <Th className={cell}>发票</Th>
                <Th className={cell}>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((o) => (
                <tr key={o.id} data-testid="order-row" data-trade-no={o.tradeNo}>
                  <Td className={cell + " font-mono text-xs"}>{o.tradeNo}</Td>
                  <Td className={cell}>
                    <div className="max-w-[88px] truncate" title={o.nick}>
                      {o.nick}
                    </div>
                    <div className="text-xs text-muted">{o.mobile || o.loginName}</div>
                  </Td>
                  <Td className={cell + " max-w-[180px]"}>
                    <div className="truncate" title={o.goodsName}>
                      {o.goodsName}
                    </div>
                    <div className="text-xs text-muted">{o.goodsTypeName}</div>
                  </Td>
                  <Td className={cell + " text-right tabular-nums text-muted"}>{yuan(o.price)}</Td>
                  <Td className={cell + " text-right font-medium tabular-nums"}>{yuan(o.payAmount)}</Td>
                  <Td className={cell}>
                    <span title={o.status === ORDER_REFUNDED ? `退款原因：${o.refundReason}` : o.closeReason || undefined}>
                      <Badge tone={orderTone(o.status)}>{o.statusName}</Badge>
                    </span>
                    {o.status === ORDER_REFUNDED && <div className="text-xs text-danger">{formatMonthDayTime(o.refundTime)}</div>}
                  </Td>
                  <Td className={cell + " text-xs"}>{o.payTypeName || "--"}</Td>
                  <Td className={cell + " text-xs"}>{formatDateTime(o.createTime)}</Td>
                  <Td className={cell + " text-xs"}>{formatDateTime(o.payTime) || "--"}</Td>
                  <Td className={cell}>
                    {o.invoiceStatus >= 0 ? (
                      <Link to={`/admin/orders/invoices?status=all&keyword=${encodeURIComponent(o.tradeNo)}`} title="在发票管理中查看">
                        <Badge tone={invoiceTone(o.invoiceStatus)}>{o.invoiceStatusName}</Badge>
                      </Link>
                    ) : (
                      <span className="text-xs text-muted">{o.invoiceStatusName}</span>
                    )}
                  </Td>
                  <Td className={cell}>
                    <div className="flex gap-2.5 text-sm">
                      <button type="button" className="text-primary" onClick={() => setViewing(o)}>
                        详情
                      </button>
                      {o.status === ORDER_PAID && (
                        <button type="button" className="text-danger" onClick={() => setRefunding(o)}>
                          退款
                        </button>
                      )}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={filtered ? "没有符合条件的订单" : "还没有订单"} hint={filtered ? "换个条件试试，或点击「重置」查看全部订单" : "学员购买课程、直播或学习地图后，订单会显示在这里"} />
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <OrderDetailDialog order={viewing} onClose={() => setViewing(null)} />
      <ReasonDialog
        request={refundRequest}
        onClose={() => setRefunding(null)}
        onSubmit={async (reason) => {
          const order = refunding!;
          setRefunding(null);
          setConfirm({
            order,
            reason,
            title: "确认退款",
            description: `确定向 ${order.nick} 原路退回 ${yuan(order.payAmount)} 吗？退款后订单变为已退款，不可撤销。退款原因：${reason}`,
            confirmText: "确认退款",
            danger: true,
          });
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => void refund()} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
