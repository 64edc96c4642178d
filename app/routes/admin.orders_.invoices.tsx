import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { adminLoad } from "~/components/admin/guard.server";
import { IssueInvoiceDialog } from "~/components/admin/order/invoice-dialogs";
import { INVOICE_ISSUED, INVOICE_REFUSED, INVOICE_REQUESTED, INVOICE_TABS, invoiceTone, yuan, type AdminInvoice, type InvoiceTab } from "~/components/admin/order/order-format";
import { OrderTabs } from "~/components/admin/order/order-tabs";
import { ReasonDialog, type ReasonRequest } from "~/components/admin/order/reason-dialog";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { cn } from "~/lib/utils";

export const meta: MetaFunction = () => [{ title: "发票管理 - 财云学院管理后台" }];

const PAGE_SIZE = 10;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const raw = sp.get("status");
    // The queue opens on the requests still waiting.
    const tab: InvoiceTab = INVOICE_TABS.find((t) => t.key === raw)?.key ?? "0";
    const keyword = sp.get("keyword")?.trim() ?? "";
    const [page, waiting] = await Promise.all([
      caller.order.admin.invoicePage({ status: tab === "all" ? undefined : Number(tab), keyword: keyword || undefined, pageNo: Number(sp.get("page")) || 1, pageSize: PAGE_SIZE }),
      caller.order.admin.invoicePage({ status: INVOICE_REQUESTED, pageNo: 1, pageSize: 1 }),
    ]);
    return { page, tab, keyword, waiting: waiting.total };
  });

/** 发票管理: the learners' invoice requests, issued with an uploaded e-invoice or refused with a reason. */
export default function AdminOrderInvoices() {
  const { page, tab, keyword, waiting } = useLoaderData<typeof loader>();
  const [sp] = useSearchParams();
  const refresh = useRefresh();
  const [issuing, setIssuing] = useState<AdminInvoice | null>(null);
  const [refusing, setRefusing] = useState<AdminInvoice | null>(null);

  const hrefFor = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("page", String(n));
    return `?${q}`;
  };
  const tabHref = (key: InvoiceTab) => `?${new URLSearchParams({ status: key, ...(keyword ? { keyword } : {}) })}`;

  const refuseRequest: ReasonRequest | null = refusing
    ? {
        title: "拒绝开票",
        description: (
          <>
            订单 <span className="font-mono">{refusing.tradeNo}</span> 的发票申请（抬头：{refusing.headName}）将被拒绝，学员可修改抬头后重新申请。
          </>
        ),
        label: "拒绝原因",
        placeholder: "如：税号与发票抬头不一致，请核对后重新申请",
        confirmText: "确认拒绝",
      }
    : null;

  return (
    <div>
      <PageHeader title="订单管理" trail="交易" />
      <OrderTabs current="invoices" waiting={waiting} />
      <Card className="p-4">
        <div className="mb-4 flex flex-wrap items-center gap-4">
          <nav aria-label="开票状态" className="flex rounded-md bg-[#f2f3f5] p-0.5">
            {INVOICE_TABS.map((t) => (
              <Link
                key={t.key}
                to={tabHref(t.key)}
                aria-current={t.key === tab ? "page" : undefined}
                className={cn("rounded px-4 py-1.5 text-sm", t.key === tab ? "bg-white font-medium text-primary shadow-sm" : "text-[#4e5969] hover:text-primary")}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          <Form method="get" className="flex items-center gap-2">
            <input type="hidden" name="status" value={tab} />
            <input
              name="keyword"
              defaultValue={keyword}
              placeholder="订单号/发票抬头/学员"
              aria-label="搜索发票申请"
              maxLength={50}
              className="h-9 w-56 rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none"
            />
            <Button type="submit" variant="secondary">
              查询
            </Button>
            {keyword && (
              <Button asChild variant="ghost">
                <Link to={`?status=${tab}`}>重置</Link>
              </Button>
            )}
          </Form>
        </div>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>订单</Th>
                <Th>学员</Th>
                <Th className="text-right">开票金额</Th>
                <Th>发票抬头</Th>
                <Th>开票信息</Th>
                <Th>申请时间</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((i) => (
                <tr key={i.id} data-testid="invoice-row" data-trade-no={i.tradeNo} className="align-top">
                  <Td className="py-2">
                    <div className="font-mono text-xs">{i.tradeNo}</div>
                    <div className="max-w-[180px] truncate text-xs text-muted" title={i.goodsName}>
                      {i.goodsName}
                    </div>
                  </Td>
                  <Td className="py-2">
                    <div>{i.nick}</div>
                    <div className="text-xs text-muted">{i.mobile}</div>
                  </Td>
                  <Td className="py-2 text-right font-medium tabular-nums">{yuan(i.amount)}</Td>
                  <Td className="py-2">
                    <div className="max-w-[240px] truncate font-medium" title={i.headName}>
                      {i.headName}
                    </div>
                    <div className="text-xs text-muted">{i.headUserTypeName}</div>
                    <div className="text-xs text-muted">
                      税号 <span className="font-mono">{i.taxNo}</span>
                    </div>
                  </Td>
                  <Td className="max-w-[240px] py-2 text-xs text-[#4e5969]">
                    <HeaderExtra invoice={i} />
                  </Td>
                  <Td className="py-2 text-xs">{formatDateTime(i.applyTime)}</Td>
                  <Td className="max-w-[200px] py-2">
                    <Badge tone={invoiceTone(i.status)}>{i.statusName}</Badge>
                    {i.status === INVOICE_ISSUED && (
                      <div className="mt-1 text-xs text-muted">
                        {i.invoiceNo && <div>号码 {i.invoiceNo}</div>}
                        <div>{formatDateTime(i.handleTime)}</div>
                      </div>
                    )}
                    {i.status === INVOICE_REFUSED && (
                      <div className="mt-1 truncate text-xs text-danger" title={i.refuseReason}>
                        {i.refuseReason}
                      </div>
                    )}
                  </Td>
                  <Td className="py-2">
                    <div className="flex gap-3 text-sm">
                      {i.status === INVOICE_REQUESTED && (
                        <>
                          <button type="button" className="text-primary" onClick={() => setIssuing(i)}>
                            开具发票
                          </button>
                          <button type="button" className="text-danger" onClick={() => setRefusing(i)}>
                            拒绝
                          </button>
                        </>
                      )}
                      {i.status === INVOICE_ISSUED && i.fileUrl && (
                        <a className="text-primary" href={i.fileUrl} target="_blank" rel="noreferrer">
                          查看
                        </a>
                      )}
                      {i.status === INVOICE_REFUSED && <span className="text-xs text-muted">待学员重新申请</span>}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState
            title={keyword ? "没有符合条件的发票申请" : tab === "0" ? "没有待开具的发票" : "暂无发票申请"}
            hint="学员支付订单后可在“我的订单”中申请电子发票，申请会显示在这里"
          />
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <IssueInvoiceDialog
        invoice={issuing}
        onClose={() => setIssuing(null)}
        onIssue={async (fileKey, invoiceNo) => {
          try {
            await trpc.order.admin.invoice.mutate({ id: issuing!.id, fileKey, invoiceNo: invoiceNo || undefined });
          } catch (e) {
            throw new Error(errorMessage(e));
          }
          adminToast.success(`订单 ${issuing!.tradeNo} 的发票已开具`);
          setIssuing(null);
          refresh();
        }}
      />
      <ReasonDialog
        request={refuseRequest}
        onClose={() => setRefusing(null)}
        onSubmit={async (reason) => {
          try {
            await trpc.order.admin.refuseInvoice.mutate({ id: refusing!.id, reason });
          } catch (e) {
            throw new Error(errorMessage(e));
          }
          adminToast.success("已拒绝该发票申请");
          setRefusing(null);
          refresh();
        }}
      />
    </div>
  );
}

/** The optional header fields, one line each, only those the learner filled in. */
function HeaderExtra({ invoice: i }: { invoice: AdminInvoice }) {
  const lines = [
    i.registerAddress && `地址：${i.registerAddress}`,
    i.registerPhone && `电话：${i.registerPhone}`,
    i.bankName && `开户行：${i.bankName}`,
    i.bankAccount && `账号：${i.bankAccount}`,
    i.email && `邮箱：${i.email}`,
  ].filter(Boolean) as string[];
  if (!lines.length) return <span className="text-muted">--</span>;
  return (
    <>
      {lines.map((l) => (
        <div key={l} className="truncate" title={l}>
          {l}
        </div>
      ))}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
