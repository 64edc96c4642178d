import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { CertTabs } from "~/components/admin/cert/cert-tabs";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { FilterSelect } from "~/components/admin/filter-select";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "证书管理 - 财云学院管理后台" }];
const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { name: sp.get("name") ?? "", status: sp.get("status") ?? "" };
    const page = await caller.cert.admin.page({
      name: filters.name || undefined,
      status: filters.status === "" ? undefined : Number(filters.status),
      pageNo: Number(sp.get("page")) || 1,
      pageSize: PAGE_SIZE,
    });
    return { page, filters };
  });

const STATUS = [
  { value: "1", label: "已启用" },
  { value: "0", label: "已停用" },
];
type Row = { id: number; name: string; status: number; bindCount: number };

export default function AdminCerts() {
  const { page, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<(ConfirmRequest & { run: () => Promise<unknown>; ok: string }) | null>(null);

  async function act(run: () => Promise<unknown>, ok: string) {
    setBusy(true);
    try {
      await run();
      adminToast.success(ok);
      refresh();
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  }
  async function copy(row: Row) {
    setBusy(true);
    try {
      const c = await trpc.cert.admin.copy.mutate({ id: row.id });
      adminToast.success(`已复制为「${c.name}」（编号前缀 ${c.prefix}，已停用），修改后启用`);
      navigate(`/admin/certs/${c.id}`);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const askDisable = (row: Row) =>
    setConfirm({
      title: "停用证书模板",
      description: row.bindCount
        ? `「${row.name}」已绑定 ${row.bindCount} 项内容，停用后这些内容将不再自动发放证书，已发放的证书不受影响。确定停用吗？`
        : `停用后「${row.name}」不能再被绑定和发放，已发放的证书不受影响。确定停用吗？`,
      confirmText: "停用",
      danger: true,
      ok: "已停用",
      run: () => trpc.cert.admin.unable.mutate({ ids: [row.id] }),
    });
  const askDelete = (row: Row) =>
    setConfirm({
      title: "删除证书模板",
      description: `确定删除「${row.name}」吗？已发放的证书不受影响。`,
      confirmText: "删除",
      danger: true,
      ok: "已删除",
      run: () => trpc.cert.admin.del.mutate({ ids: [row.id] }),
    });
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };

  return (
    <div>
      <PageHeader title="证书" trail="内容 / 证书">
        <Button asChild>
          <Link to="/admin/certs/new">新建模板</Link>
        </Button>
      </PageHeader>
      <CertTabs current="templates" />
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
          <Input name="name" defaultValue={filters.name} placeholder="搜索模板名称" aria-label="搜索模板名称" className="w-64" maxLength={50} />
          <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={STATUS} />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>模板名称</Th>
                <Th>证书名称</Th>
                <Th>编号前缀</Th>
                <Th>有效期</Th>
                <Th>状态</Th>
                <Th>绑定内容</Th>
                <Th>已发放</Th>
                <Th>更新时间</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((t, i) => (
                <tr key={t.id} data-testid="cert-template-row" data-name={t.name}>
                  <Td className="max-w-[220px]">
                    <Link to={`/admin/certs/${t.id}`} className="block truncate font-medium hover:text-primary" title={t.name}>
                      {t.name}
                    </Link>
                  </Td>
                  <Td className="max-w-[240px] truncate" title={t.certName}>
                    {t.certName}
                  </Td>
                  <Td className="font-mono text-xs">{t.prefix}</Td>
                  <Td>{t.validityMonths ? `${t.validityMonths}个月` : "长期有效"}</Td>
                  <Td>
                    <Badge tone={t.status === 1 ? "green" : "gray"}>{t.status === 1 ? "已启用" : "已停用"}</Badge>
                  </Td>
                  <Td>{t.bindCount}</Td>
                  <Td>
                    {t.issuedCount ? (
                      <Link className="text-primary" to={`/admin/certs/issued?templateId=${t.id}`}>
                        {t.issuedCount}
                      </Link>
                    ) : (
                      0
                    )}
                  </Td>
                  <Td className="text-muted">{formatDateTime(t.updateTime)}</Td>
                  <Td>
                    <div className="flex gap-3 text-sm text-primary">
                      <Link to={`/admin/certs/${t.id}`}>编辑</Link>
                      {t.status === 1 ? (
                        <button type="button" className="text-danger" disabled={busy} onClick={() => askDisable(t)}>
                          停用
                        </button>
                      ) : (
                        <button type="button" disabled={busy} onClick={() => act(() => trpc.cert.admin.able.mutate({ ids: [t.id] }), "已启用")}>
                          启用
                        </button>
                      )}
                      <button type="button" disabled={busy} onClick={() => copy(t)}>
                        复制
                      </button>
                      <button
                        type="button"
                        className="disabled:text-[#c9cdd4]"
                        aria-label={`上移${t.name}`}
                        disabled={busy || (page.pageNo === 1 && i === 0)}
                        onClick={() => act(() => trpc.cert.admin.move.mutate({ id: t.id, direction: "up" }), "已上移")}
                      >
                        上移
                      </button>
                      <button
                        type="button"
                        className="disabled:text-[#c9cdd4]"
                        aria-label={`下移${t.name}`}
                        disabled={busy || (page.pageNo * page.pageSize >= page.total && i === page.list.length - 1)}
                        onClick={() => act(() => trpc.cert.admin.move.mutate({ id: t.id, direction: "down" }), "已下移")}
                      >
                        下移
                      </button>
                      <button type="button" className="text-danger" disabled={busy} onClick={() => askDelete(t)}>
                        删除
                      </button>
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={filters.name || filters.status ? "没有符合条件的证书模板" : "还没有证书模板"} hint="点击右上角「新建模板」，设计证书版式后绑定到考试或课程" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && act(confirm.run, confirm.ok)} onCancel={() => setConfirm(null)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
