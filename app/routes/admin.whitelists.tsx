import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { WHITE_TYPES, WhiteAddDialog } from "~/components/admin/org-units/white-add-dialog";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { useSelection } from "~/components/admin/use-selection";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";
import { formatDateTime } from "@base/format";

export const meta: MetaFunction = () => [{ title: "白名单 - 财云学院管理后台" }];

const PAGE_SIZE = 20;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { whiteBusinessType: sp.get("whiteBusinessType") ?? "", keyword: sp.get("keyword") ?? "" };
    const page = await caller.org.admin.white.search({
      whiteBusinessType: filters.whiteBusinessType || undefined,
      keyword: filters.keyword || undefined,
      pageNo: sp.get("page") ?? undefined,
      pageSize: PAGE_SIZE,
    } as never);
    return { page, filters };
  });

const input = "h-10 rounded-md border border-border bg-white px-3 text-sm";
const TYPE_TONE: Record<number, "blue" | "orange" | "green"> = { 1: "blue", 2: "green", 3: "orange" };

/** Whitelists (back-office.md 7.16): by type, search a learner, add by mobiles with a result per row, remove. */
export default function AdminWhitelists() {
  const { page, filters } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const { act, busy, confirm, setConfirm } = useAdminAction(refresh);
  const selection = useSelection(page.list.map((w) => w.id), [page]);
  const picked = page.list.filter((w) => selection.has(w.id));
  const filtered = !!(filters.whiteBusinessType || filters.keyword);
  const pageHref = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page: String(n) })}`;
  const askRemove = (rows: typeof page.list) =>
    setConfirm({
      title: "移出白名单",
      description: rows.length === 1 ? `确定将“${rows[0]!.nick}”移出“${rows[0]!.whiteBusinessTypeName}”白名单吗？` : `确定将选中的 ${rows.length} 条记录移出白名单吗？`,
      confirmText: "移出",
      danger: true,
      ok: "已移出白名单",
      run: () => trpc.org.admin.white.remove.mutate({ ids: rows.map((r) => r.id) }),
    });

  return (
    <div>
      <PageHeader title="白名单管理" trail="用户与组织 / 白名单">
        <Button onClick={() => setAdding(true)}>添加白名单</Button>
      </PageHeader>
      <Card className="p-4">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <Form method="get" className="flex flex-wrap items-center gap-3" aria-label="筛选">
            <FilterSelect name="whiteBusinessType" label="白名单类型" allLabel="全部类型" options={WHITE_TYPES} defaultValue={filters.whiteBusinessType} />
            <input name="keyword" defaultValue={filters.keyword} placeholder="姓名、用户名或手机号" aria-label="搜索学员" className={`${input} w-56`} />
            <Button type="submit" variant="outline">
              查询
            </Button>
            {filtered && (
              <Link to="?" className="text-sm text-muted hover:text-primary">
                重置
              </Link>
            )}
          </Form>
          <Button variant="outline" size="sm" disabled={!picked.length} onClick={() => askRemove(picked)}>
            批量移出
          </Button>
        </div>
        {page.list.length === 0 ? (
          <EmptyState title={filtered ? "没有符合条件的白名单记录" : "暂无白名单"} hint="白名单学员参加考试时可免装监考助手或免人脸核验，按类型与考试分别设置" />
        ) : (
          <Table>
            <thead>
              <tr>
                <Th className="w-10">
                  <input type="checkbox" aria-label="全选本页" checked={selection.page === true} onChange={(e) => selection.setPage(e.target.checked)} />
                </Th>
                <Th>学员</Th>
                <Th>手机号</Th>
                <Th>白名单类型</Th>
                <Th>适用范围</Th>
                <Th>原因</Th>
                <Th>添加</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((w) => (
                <tr key={w.id} data-testid="white-row">
                  <Td>
                    <input type="checkbox" aria-label={`选择${w.nick}`} checked={selection.has(w.id)} onChange={(e) => selection.toggle(w.id, e.target.checked)} />
                  </Td>
                  <Td>
                    <p className="font-medium">{w.nick}</p>
                    <p className="text-xs text-muted">{w.loginName}</p>
                  </Td>
                  <Td>{w.mobile || "--"}</Td>
                  <Td>
                    <Badge tone={TYPE_TONE[w.whiteBusinessType] ?? "gray"}>{w.whiteBusinessTypeName}</Badge>
                  </Td>
                  <Td className="max-w-[220px] truncate" title={w.businessName}>
                    {w.businessName}
                  </Td>
                  <Td className="max-w-[200px] truncate" title={w.cause}>
                    {w.cause || "--"}
                  </Td>
                  <Td className="text-xs">
                    <p>{w.creatorName || "--"}</p>
                    <p className="text-muted">{formatDateTime(w.createTime)}</p>
                  </Td>
                  <Td>
                    <Button variant="link" size="sm" className="text-danger" onClick={() => askRemove([w])}>
                      移出
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={pageHref} />
        </div>
      </Card>
      <WhiteAddDialog open={adding} defaultType={Number(filters.whiteBusinessType) || 1} onClose={() => setAdding(false)} onSaved={refresh} />
      <ConfirmDialog request={confirm} busy={busy} onCancel={() => setConfirm(null)} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
