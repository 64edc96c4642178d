import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatDateTime } from "@base/format";
import { TaskFormDialog } from "~/components/admin/task/task-form-dialog";
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

export const meta: MetaFunction = () => [{ title: "任务管理 - 财云学院管理后台" }];
const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { name: sp.get("name") ?? "", status: sp.get("status") ?? "" };
    const page = await caller.task.admin.page({
      name: filters.name || undefined,
      status: filters.status === "" ? undefined : Number(filters.status),
      pageNo: Number(sp.get("page")) || 1,
      pageSize: PAGE_SIZE,
    });
    return { page, filters, now: Date.now() };
  });

const STATUS = [
  { value: "1", label: "已发布" },
  { value: "0", label: "草稿" },
];
type Row = { id: number; name: string; status: number; userNum: number };

/** Tasks: content an admin assigns to learners with a deadline and a score (back-office.md 7.8). */
export default function AdminTasks() {
  const { page, filters, now } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
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
      const c = await trpc.task.admin.copy.mutate({ id: row.id });
      adminToast.success(`已复制为「${c.name}」（草稿，含全部节点，不含学员）`);
      navigate(`/admin/tasks/${c.id}`);
    } catch (e) {
      adminToast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const askDelete = (row: Row) =>
    setConfirm({
      title: "删除任务",
      description: row.userNum ? `「${row.name}」已分配给 ${row.userNum} 名学员，删除后学员将不再看到该任务，已获得的积分不受影响。确定删除吗？` : `确定删除「${row.name}」吗？`,
      confirmText: "删除",
      danger: true,
      ok: "已删除",
      run: () => trpc.task.admin.del.mutate({ ids: [row.id] }),
    });
  const askWithdraw = (row: Row) =>
    setConfirm({
      title: "撤回任务",
      description: `撤回后「${row.name}」变为草稿，学员将暂时看不到该任务，学习进度保留。确定撤回吗？`,
      confirmText: "撤回",
      ok: "已撤回为草稿",
      run: () => trpc.task.admin.setStatus.mutate({ id: row.id, status: 0 }),
    });
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };

  return (
    <div>
      <PageHeader title="任务" trail="内容 / 任务">
        <Button onClick={() => setCreating(true)}>新建任务</Button>
      </PageHeader>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex flex-wrap items-center gap-3">
          <Input name="name" defaultValue={filters.name} placeholder="搜索任务名称" aria-label="搜索任务名称" className="w-64" maxLength={60} />
          <FilterSelect name="status" label="状态" allLabel="全部状态" defaultValue={filters.status} options={STATUS} />
          <Button type="submit" variant="secondary">
            查询
          </Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>任务名称</Th>
                <Th>节点</Th>
                <Th>学员</Th>
                <Th>已完成</Th>
                <Th>任务积分</Th>
                <Th>截止时间（北京时间）</Th>
                <Th>状态</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((t, i) => (
                <tr key={t.id} data-testid="task-row" data-name={t.name}>
                  <Td className="max-w-[260px]">
                    <Link to={`/admin/tasks/${t.id}`} className="block truncate font-medium hover:text-primary" title={t.name}>
                      {t.name}
                    </Link>
                  </Td>
                  <Td>{t.nodeNum}</Td>
                  <Td>{t.userNum}</Td>
                  <Td>
                    {t.completeNum}
                    {t.userNum > 0 && <span className="ml-1 text-xs text-muted">（{Math.round((t.completeNum * 100) / t.userNum)}%）</span>}
                  </Td>
                  <Td>{t.score}</Td>
                  <Td className={t.deadline < now ? "text-danger" : ""}>
                    {formatDateTime(t.deadline)}
                    {t.deadline < now && <span className="ml-1 text-xs">已截止</span>}
                  </Td>
                  <Td>
                    <Badge tone={t.status === 1 ? "green" : "gray"}>{t.statusName}</Badge>
                  </Td>
                  <Td>
                    <div className="flex gap-3 text-sm text-primary">
                      <Link to={`/admin/tasks/${t.id}`}>编辑</Link>
                      <Link to={`/admin/tasks/${t.id}?tab=users`}>学员</Link>
                      {t.status === 1 ? (
                        <button type="button" disabled={busy} onClick={() => askWithdraw(t)}>
                          撤回
                        </button>
                      ) : (
                        <button type="button" disabled={busy} onClick={() => act(() => trpc.task.admin.setStatus.mutate({ id: t.id, status: 1 }), "已发布")}>
                          发布
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
                        onClick={() => act(() => trpc.task.admin.move.mutate({ id: t.id, direction: "up" }), "已上移")}
                      >
                        上移
                      </button>
                      <button
                        type="button"
                        className="disabled:text-[#c9cdd4]"
                        aria-label={`下移${t.name}`}
                        disabled={busy || (page.pageNo * page.pageSize >= page.total && i === page.list.length - 1)}
                        onClick={() => act(() => trpc.task.admin.move.mutate({ id: t.id, direction: "down" }), "已下移")}
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
          <EmptyState title={filters.name || filters.status ? "没有符合条件的任务" : "还没有任务"} hint="点击右上角「新建任务」，添加学习内容并分配给学员" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <TaskFormDialog open={creating} task={null} onClose={() => setCreating(false)} onSaved={(t) => navigate(`/admin/tasks/${t.id}`)} />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && act(confirm.run, confirm.ok)} onCancel={() => setConfirm(null)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
