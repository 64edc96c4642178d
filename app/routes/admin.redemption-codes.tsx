import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { goodsFilters } from "~/components/admin/goods-filters";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { MoreCodesDialog, RemarkDialog, type BatchRef } from "~/components/admin/redeem/batch-edit-dialogs";
import { BatchFormDialog } from "~/components/admin/redeem/batch-form-dialog";
import { UseDetailDialog } from "~/components/admin/redeem/use-detail-dialog";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { formatDate, formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "兑换码 - 财云学院管理后台" }];

const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const { filters, query } = goodsFilters(request, PAGE_SIZE);
    return { page: await caller.redeem.admin.page(query), filters };
  });

type Row = Awaited<ReturnType<typeof loader>>["page"]["list"][number];
const input = "h-9 rounded-md border border-border bg-white px-3 text-sm";
const STATUS_TONE: Record<string, "green" | "gray" | "orange" | "red"> = { 生效中: "green", 未开始: "orange", 已过期: "gray", 已作废: "red" };

/** Redemption code batches (back-office.md 7.15): create, use detail, download, add codes, remark, expire, delete. */
export default function AdminRedemptionCodes() {
  const { page, filters } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [creating, setCreating] = useState(false);
  const [detailOf, setDetailOf] = useState<Row | null>(null);
  const [remarkOf, setRemarkOf] = useState<BatchRef | null>(null);
  const [moreOf, setMoreOf] = useState<BatchRef | null>(null);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);
  const filtered = !!(filters.name || filters.goodsName || filters.status);

  const download = async (get: () => Promise<{ fileName: string; contentType: string; base64: string }>) => {
    try {
      downloadFile(await get());
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  };
  const query = { name: filters.name || undefined, goodsName: filters.goodsName || undefined, status: filters.status ? Number(filters.status) : undefined };
  const pageHref = (n: number) =>
    `?${new URLSearchParams({ ...(filters.name ? { name: filters.name } : {}), ...(filters.goodsName ? { goodsName: filters.goodsName } : {}), ...(filters.status ? { status: filters.status } : {}), page: String(n) })}`;

  return (
    <div>
      <PageHeader title="兑换码" trail="交易">
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void download(() => trpc.redeem.admin.exportBatches.query(query))}>
            导出列表
          </Button>
          <Button onClick={() => setCreating(true)}>新建批次</Button>
        </div>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3" aria-label="筛选">
          <input name="name" defaultValue={filters.name} placeholder="批次名称" aria-label="批次名称" className={`${input} w-52`} />
          <input name="goodsName" defaultValue={filters.goodsName} placeholder="兑换内容名称" aria-label="兑换内容名称" className={`${input} w-52`} />
          <select name="status" defaultValue={filters.status} aria-label="状态" className={`${input} px-2`}>
            <option value="">全部状态</option>
            <option value="1">生效中</option>
            <option value="2">已过期</option>
          </select>
          <Button type="submit" variant="outline">
            查询
          </Button>
          {filtered && (
            <Link to="?" className="text-sm text-muted hover:text-primary">
              重置
            </Link>
          )}
        </Form>
        {page.list.length === 0 ? (
          <EmptyState title={filtered ? "没有符合条件的兑换码批次" : "暂无兑换码批次"} hint="新建批次，为课程或学习地图生成兑换码，发放给学员在“兑换中心”兑换" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th>批次名称</Th>
                <Th>兑换内容</Th>
                <Th>有效期</Th>
                <Th>数量</Th>
                <Th>已兑换 / 未使用 / 已过期</Th>
                <Th>状态</Th>
                <Th>创建</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((b) => {
                const ref = { id: b.id, name: b.name, remark: b.remark, count: b.count };
                return (
                  <tr key={b.id} data-testid="batch-row">
                    <Td className="min-w-[160px] max-w-[220px] whitespace-normal py-2">
                      <p className="line-clamp-2 font-medium" title={b.name}>
                        {b.name}
                      </p>
                      {b.remark && (
                        <p className="line-clamp-1 text-xs text-muted" title={b.remark}>
                          {b.remark}
                        </p>
                      )}
                    </Td>
                    <Td className="max-w-[220px] whitespace-normal py-2">
                      <span className="mr-1 rounded bg-primary-50 px-1 py-px text-[11px] text-primary">{b.goodsTypeName}</span>
                      <span className="line-clamp-1 inline" title={b.goodsName}>
                        {b.goodsName}
                      </span>
                    </Td>
                    <Td className="text-xs">
                      {formatDate(b.validFrom)} 至 {formatDate(b.validTo)}
                    </Td>
                    <Td>{b.count}</Td>
                    <Td>
                      <span className="text-[#00b42a]">{b.usedNum}</span> / <span className="text-primary">{b.unusedNum}</span> / <span className="text-muted">{b.expiredNum}</span>
                    </Td>
                    <Td>
                      <Badge tone={STATUS_TONE[b.statusName] ?? "gray"}>{b.statusName}</Badge>
                    </Td>
                    <Td className="text-xs">
                      <p>{b.creatorName || "--"}</p>
                      <p className="text-muted">{formatDateTime(b.createTime)}</p>
                    </Td>
                    <Td className="w-[230px] whitespace-normal py-2">
                      <div className="flex flex-wrap gap-x-1">
                        <Button variant="link" size="sm" onClick={() => setDetailOf(b)}>
                          使用明细
                        </Button>
                        <Button variant="link" size="sm" onClick={() => void download(() => trpc.redeem.admin.exportCodes.query({ redemptionCodeBatchId: b.id }))}>
                          下载兑换码
                        </Button>
                        <Button variant="link" size="sm" onClick={() => setRemarkOf(ref)}>
                          编辑备注
                        </Button>
                        {b.canExpire === 1 && (
                          <Button variant="link" size="sm" onClick={() => setMoreOf(ref)}>
                            追加
                          </Button>
                        )}
                        {b.canExpire === 1 && (
                          <Button
                            variant="link"
                            size="sm"
                            className="text-[#ff7d00]"
                            onClick={() =>
                              setConfirm({
                                title: "作废批次",
                                description: `确定作废“${b.name}”吗？作废后该批次未使用的 ${b.unusedNum} 个兑换码将不能再兑换，已兑换的不受影响。`,
                                confirmText: "作废",
                                danger: true,
                                ok: "批次已作废",
                                run: () => trpc.redeem.admin.expire.mutate({ redemptionCodeBatchId: b.id }),
                              })
                            }
                          >
                            作废批次
                          </Button>
                        )}
                        <Button
                          variant="link"
                          size="sm"
                          className="text-danger"
                          onClick={() =>
                            setConfirm({
                              title: "删除批次",
                              description: b.usedNum > 0 ? `“${b.name}”已有 ${b.usedNum} 个兑换码被兑换，不能删除；如需停止使用，请作废批次。` : `确定删除“${b.name}”及其全部 ${b.count} 个兑换码吗？删除后不可恢复。`,
                              confirmText: "删除",
                              danger: true,
                              ok: "已删除",
                              run: () => trpc.redeem.admin.del.mutate({ redemptionCodeBatchId: b.id }),
                            })
                          }
                        >
                          删除
                        </Button>
                      </div>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={pageHref} />
        </div>
      </Card>
      <BatchFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          refresh();
        }}
      />
      <UseDetailDialog batch={detailOf} onClose={() => setDetailOf(null)} onChanged={refresh} />
      <RemarkDialog
        batch={remarkOf}
        onClose={() => setRemarkOf(null)}
        onSaved={() => {
          setRemarkOf(null);
          refresh();
        }}
      />
      <MoreCodesDialog
        batch={moreOf}
        onClose={() => setMoreOf(null)}
        onSaved={() => {
          setMoreOf(null);
          refresh();
        }}
      />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
