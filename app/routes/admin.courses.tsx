import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { downloadFile } from "~/components/course/download";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatDateTime, formatMoney } from "@base/format";
import { trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "课程管理 - 财云学院管理后台" }];
const PAGE_SIZE = 15;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const filters = { keyword: sp.get("keyword") ?? "", status: sp.get("status") ?? "" };
    const [page, counts] = await Promise.all([
      caller.course.admin.page({ keyword: filters.keyword || undefined, status: filters.status === "" ? undefined : Number(filters.status), pageNo: Number(sp.get("page")) || 1, pageSize: PAGE_SIZE }),
      caller.course.admin.count(),
    ]);
    return { page, counts, filters };
  });

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  return adminAction(request, async (caller) => {
    const intent = String(form.get("intent"));
    const id = Number(form.get("id"));
    if (intent === "release") return (await caller.course.admin.release({ id, status: 1 }), "已发布，学员现在可以看到这门课程");
    if (intent === "offline") return (await caller.course.admin.release({ id, status: 2 }), "已下架");
    if (intent === "copy") return (await caller.course.admin.copy({ id }), "已复制为新的草稿课程");
    if (intent === "del") return (await caller.course.admin.del({ id }), "已删除");
    throw badInput("未知的操作");
  });
};

const STATUS = [
  { value: "", label: "全部状态" },
  { value: "0", label: "草稿" },
  { value: "1", label: "已发布" },
  { value: "2", label: "已下架" },
];
const tone = (s: number) => (s === 1 ? "green" : s === 2 ? "gray" : "orange") as "green" | "gray" | "orange";

export default function AdminCourses() {
  const { page, counts, filters } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const [confirm, setConfirm] = useState<(ConfirmRequest & { intent: string; id: number }) | null>(null);
  useActionToast(fetcher, () => setConfirm(null));
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setConfirm(null);
  }, [fetcher.state, fetcher.data]);
  const act = (intent: string, id: number) => fetcher.submit({ intent, id: String(id) }, { method: "post" });
  async function exportList() {
    try {
      downloadFile(await trpc.course.admin.exportList.query({ keyword: filters.keyword || undefined, status: filters.status === "" ? undefined : Number(filters.status) }));
    } catch {
      adminToast.error("导出失败，请稍后再试");
    }
  }
  const hrefFor = (n: number) => {
    const q = new URLSearchParams(params);
    q.set("page", String(n));
    return `?${q}`;
  };
  return (
    <div>
      <PageHeader title="课程" trail="内容 / 课程">
        <div className="flex gap-2">
          <Button variant="outline" onClick={exportList}>导出</Button>
          <Button asChild>
            <Link to="/admin/courses/new">新建课程</Link>
          </Button>
        </div>
      </PageHeader>
      <div className="mb-4 grid grid-cols-4 gap-3">
        {[["全部课程", counts.total], ["已发布", counts.released], ["草稿", counts.draft], ["已下架", counts.offline]].map(([l, n]) => (
          <Card key={l} className="px-4 py-3"><p className="text-xs text-muted">{l}</p><p className="mt-1 text-xl font-semibold">{n}</p></Card>
        ))}
      </div>
      <Card className="p-4">
        <Form method="get" className="mb-4 flex gap-3">
          <Input name="keyword" defaultValue={filters.keyword} placeholder="课程名称或讲师" className="w-64" aria-label="关键词" />
          <select name="status" defaultValue={filters.status} className="h-10 rounded-md border border-border px-3 text-sm" aria-label="状态">
            {STATUS.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
          </select>
          <Button type="submit" variant="secondary">查询</Button>
        </Form>
        {page.list.length ? (
          <Table>
            <thead>
              <tr><Th>课程</Th><Th>讲师</Th><Th>价格</Th><Th>课时</Th><Th>加入人数</Th><Th>状态</Th><Th>更新时间</Th><Th>操作</Th></tr>
            </thead>
            <tbody>
              {page.list.map((c) => (
                <tr key={c.id} data-testid="admin-course-row">
                  <Td className="max-w-[320px]">
                    <div className="flex items-center gap-3">
                      {c.coverUrl ? <img src={c.coverUrl} alt="" className="h-10 w-16 rounded object-cover" /> : <div className="h-10 w-16 rounded bg-surface" />}
                      <span className="truncate">{c.name}</span>
                    </div>
                  </Td>
                  <Td>{c.teacherName}</Td>
                  <Td>{c.isFree ? "免费" : `¥${formatMoney(c.price)}`}</Td>
                  <Td>{c.sectionCount}</Td>
                  <Td>{c.joinedCount}</Td>
                  <Td><Badge tone={tone(c.status)}>{c.statusText}</Badge></Td>
                  <Td className="text-muted">{formatDateTime(c.updateTime)}</Td>
                  <Td>
                    <div className="flex gap-3 text-primary">
                      <Link to={`/admin/courses/${c.id}`}>编辑</Link>
                      <Link to={`/admin/courses/${c.id}/learners`}>学员</Link>
                      <Link to={`/admin/reports?course=${c.id}`}>报告</Link>
                      {c.status === 1 ? (
                        <button type="button" onClick={() => setConfirm({ intent: "offline", id: c.id, title: "下架课程", description: `下架后学员将无法看到「${c.name}」，已加入的学员也无法继续学习。确定下架吗？`, confirmText: "下架" })}>下架</button>
                      ) : (
                        <button type="button" onClick={() => act("release", c.id)}>发布</button>
                      )}
                      <button type="button" onClick={() => act("copy", c.id)}>复制</button>
                      {c.status !== 1 && <button type="button" className="text-danger" onClick={() => setConfirm({ intent: "del", id: c.id, title: "删除课程", description: `确定删除「${c.name}」吗？删除后不可恢复。`, confirmText: "删除", danger: true })}>删除</button>}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title="没有符合条件的课程" hint="调整筛选条件，或新建一门课程" />
        )}
        <div className="mt-4 flex justify-end">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
        </div>
      </Card>
      <ConfirmDialog request={confirm} busy={fetcher.state !== "idle"} onConfirm={() => confirm && act(confirm.intent, confirm.id)} onCancel={() => setConfirm(null)} />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
