import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

export const meta: MetaFunction = () => [{ title: "考试系列 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const [page, exams] = await Promise.all([
      caller.exam.admin.series.search({ pageNo: sp.get("page") ?? undefined, pageSize: 15 }),
      caller.exam.admin.exam.page({ pageNo: 1, pageSize: 100 }),
    ]);
    return { page, exams: exams.list.map((e) => ({ id: e.id, name: e.name })) };
  });

/** Exam series: a named, ordered set of exams, switched on and off as a whole. */
export default function AdminExamSeries() {
  const { page, exams } = useLoaderData<typeof loader>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<{ id?: number; name: string; description: string; examIds: number[] }>({ name: "", description: "", examIds: [] });
  const act = (run: () => Promise<unknown>, ok: string) =>
    run()
      .then(() => {
        adminToast.success(ok);
        setOpen(false);
        refresh();
      })
      .catch((e) => adminToast.error(errorMessage(e)));
  const names = new Map(exams.map((e) => [e.id, e.name]));
  return (
    <div>
      <PageHeader title="考试系列" trail="考试管理">
        <Button onClick={() => { setEditing({ name: "", description: "", examIds: [] }); setOpen(true); }}>新建系列</Button>
      </PageHeader>
      <Card className="p-4">
        {page.list.length === 0 ? (
          <EmptyState title="暂无考试系列" />
        ) : (
          <Table>
            <thead><tr><Th>系列名称</Th><Th>包含考试</Th><Th>状态</Th><Th>操作</Th></tr></thead>
            <tbody>
              {page.list.map((s) => (
                <tr key={s.id}>
                  <Td>{s.name}</Td>
                  <Td className="max-w-[420px] truncate">{s.examIds.map((id) => names.get(id) ?? `#${id}`).join("、") || "--"}</Td>
                  <Td><Badge tone={s.status ? "green" : "gray"}>{s.status ? "已上线" : "已下线"}</Badge></Td>
                  <Td className="space-x-3">
                    <Button variant="link" size="sm" onClick={() => { setEditing({ id: s.id, name: s.name, description: s.description, examIds: s.examIds }); setOpen(true); }}>编辑</Button>
                    <Button variant="link" size="sm" onClick={() => act(() => trpc.exam.admin.series.status.mutate({ id: s.id, status: s.status ? 0 : 1 }), s.status ? "已下线" : "已上线")}>{s.status ? "下线" : "上线"}</Button>
                    <Button variant="link" size="sm" className="text-danger" onClick={() => act(() => trpc.exam.admin.series.remove.mutate({ id: s.id }), "已删除")}>删除</Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-4"><Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={(n) => `?page=${n}`} /></div>
      </Card>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="w-[560px]">
          <DialogTitle>{editing.id ? "编辑考试系列" : "新建考试系列"}</DialogTitle>
          <div className="mt-4 space-y-3 text-sm">
            <label className="block">系列名称<input className="h-9 w-full rounded-md border border-border px-3" value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} /></label>
            <label className="block">系列介绍<textarea className="h-16 w-full rounded-md border border-border p-2" value={editing.description} onChange={(e) => setEditing({ ...editing, description: e.target.value })} /></label>
            <div className="max-h-48 overflow-auto rounded border border-border p-2">
              {exams.map((e) => (
                <label key={e.id} className="flex items-center gap-2 py-1">
                  <input type="checkbox" checked={editing.examIds.includes(e.id)} onChange={(ev) => setEditing({ ...editing, examIds: ev.target.checked ? [...editing.examIds, e.id] : editing.examIds.filter((x) => x !== e.id) })} />
                  {e.name}
                </label>
              ))}
            </div>
          </div>
          <div className="mt-5 flex justify-end gap-3">
            <Button variant="outline" onClick={() => setOpen(false)}>取消</Button>
            <Button onClick={() => act(() => trpc.exam.admin.series.save.mutate({ ...editing }), "已保存")}>保存</Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
