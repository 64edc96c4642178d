import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminLoad } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Badge, Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useAdminAction } from "~/components/admin/use-admin-action";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { errorMessage, trpc } from "~/lib/trpc";

export const meta: MetaFunction = () => [{ title: "站点管理 - 财云学院管理后台" }];

const PAGE_SIZE = 10;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const q = new URL(request.url).searchParams;
    const status = q.get("status");
    return caller.site.admin.page({ pageNo: Number(q.get("pageNo")) || 1, pageSize: PAGE_SIZE, name: q.get("name") || undefined, status: status === "0" || status === "1" ? Number(status) : undefined } as never);
  });

type Row = ReturnType<typeof useLoaderData<typeof loader>>["list"][number];

/** A new extra site: name, path and a line about it; the editor opens once it exists. */
function NewSiteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: "", pathName: "", description: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      const { id } = await trpc.site.admin.saveBase.mutate(form);
      adminToast.success(`已创建站点「${form.name.trim()}」，请继续完成页面配置`);
      navigate(`/admin/sites/${id}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[520px]">
        <DialogTitle>新建站点</DialogTitle>
        <DialogDescription>新站点创建后为草稿，完成页面配置并发布后学员才能访问。</DialogDescription>
        <form
          className="mt-4 flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div>
            <Label htmlFor="site-name">站点名称</Label>
            <Input id="site-name" maxLength={60} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} placeholder="如：广东省政府采购学院" />
          </div>
          <div>
            <Label htmlFor="site-path">站点路径</Label>
            <Input id="site-path" maxLength={40} value={form.pathName} onChange={(e) => setForm({ ...form, pathName: e.target.value })} placeholder="如：gdcg" />
            <p className="mt-1 text-xs text-muted">学员通过 /{form.pathName.trim() || "站点路径"}/ 访问，2-40位小写字母、数字或短横线，以字母开头。</p>
          </div>
          <div>
            <Label htmlFor="site-desc">站点简介</Label>
            <Input id="site-desc" maxLength={200} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} placeholder="选填，展示在站点首页" />
          </div>
          <FieldError>{error}</FieldError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "正在创建…" : "创建并配置"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function AdminSites() {
  const page = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { act, busy, confirm, setConfirm } = useAdminAction(() => revalidator.revalidate());
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState(params.get("name") ?? "");
  const search = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
    p.delete("pageNo");
    setParams(p);
  };
  const hrefFor = (pageNo: number) => {
    const p = new URLSearchParams(params);
    p.set("pageNo", String(pageNo));
    return `?${p}`;
  };
  const preview = async (row: Row) => {
    try {
      const { previewUrl } = await trpc.site.admin.preview.mutate({ id: row.id });
      window.open(previewUrl, "_blank", "noopener");
    } catch (e) {
      adminToast.error(errorMessage(e));
    }
  };

  return (
    <>
      <PageHeader title="站点管理" trail="站点 / 站点">
        <Button onClick={() => setCreating(true)}>新建站点</Button>
      </PageHeader>
      <p className="mb-4 text-sm text-muted">主站点之外，可为省级采购中心等单位开设独立站点：独立路径、Logo、页签、页脚、登录方式与展示内容。</p>
      <Card className="mb-4 flex flex-wrap items-center gap-3 p-4">
        <form
          className="flex items-center gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            search({ name: name.trim() });
          }}
        >
          <Input aria-label="站点名称" placeholder="站点名称" value={name} onChange={(e) => setName(e.target.value)} className="w-56" />
          <select aria-label="状态" className="h-9 rounded-md border border-border bg-white px-2 text-sm" value={params.get("status") ?? ""} onChange={(e) => search({ status: e.target.value })}>
            <option value="">全部状态</option>
            <option value="1">已发布</option>
            <option value="0">未发布</option>
          </select>
          <Button type="submit" variant="outline">
            查询
          </Button>
        </form>
      </Card>
      <Card>
        {page.list.length ? (
          <Table>
            <thead>
              <tr>
                <Th>站点名称</Th>
                <Th>访问地址</Th>
                <Th>状态</Th>
                <Th>发布时间</Th>
                <Th>更新时间</Th>
                <Th>操作</Th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.id} data-testid="site-row">
                  <Td>
                    <span className="font-medium">{row.name}</span>
                    {row.isMainSite === 1 && (
                      <span className="ml-2">
                        <Badge tone="blue">主站点</Badge>
                      </span>
                    )}
                  </Td>
                  <Td>
                    <a href={row.siteUrl} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                      {row.siteUrl}
                    </a>
                  </Td>
                  <Td>
                    <Badge tone={row.status === 1 ? "green" : "gray"}>{row.status === 1 ? "已发布" : "未发布"}</Badge>
                  </Td>
                  <Td>{row.releasedAt ? formatTime(row.releasedAt) : "—"}</Td>
                  <Td>{formatTime(row.updatedAt)}</Td>
                  <Td>
                    <span className="flex gap-3">
                      <Link to={`/admin/sites/${row.id}`} className="text-primary">
                        配置
                      </Link>
                      <button type="button" className="cursor-pointer text-primary" onClick={() => void preview(row)}>
                        预览
                      </button>
                      {row.isMainSite !== 1 &&
                        (row.status === 1 ? (
                          <button
                            type="button"
                            className="cursor-pointer text-primary"
                            onClick={() => setConfirm({ title: "取消发布", description: `取消发布后，学员访问「${row.name}」将看到维护页面，确定吗？`, confirmText: "取消发布", run: () => trpc.site.admin.cancelRelease.mutate({ id: row.id }), ok: "已取消发布" })}
                          >
                            取消发布
                          </button>
                        ) : (
                          <button type="button" className="cursor-pointer text-primary" disabled={busy} onClick={() => void act(() => trpc.site.admin.release.mutate({ id: row.id }), `已发布「${row.name}」`)}>
                            发布
                          </button>
                        ))}
                      {row.isMainSite !== 1 && (
                        <button
                          type="button"
                          className="cursor-pointer text-[#f53f3f]"
                          onClick={() => setConfirm({ title: "删除站点", description: `确定删除「${row.name}」吗？删除后其路径 /${row.pathName}/ 可被新站点使用，不可恢复。`, confirmText: "删除", danger: true, run: () => trpc.site.admin.remove.mutate({ id: row.id }), ok: "已删除站点" })}
                        >
                          删除
                        </button>
                      )}
                    </span>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title="没有符合条件的站点" hint="调整查询条件，或点击右上角“新建站点”" />
        )}
        <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={hrefFor} />
      </Card>
      <NewSiteDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog request={confirm} busy={busy} onConfirm={() => confirm && void act(confirm.run, confirm.ok)} onCancel={() => setConfirm(null)} />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
