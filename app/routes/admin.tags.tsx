import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog, type ConfirmRequest } from "~/components/admin/confirm-dialog";
import { formatTime } from "~/components/admin/format";
import { adminAction, adminLoad, type ActionResult } from "~/components/admin/guard.server";
import { Pager } from "~/components/admin/pager";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { Table, Td, Th } from "~/components/admin/table";
import { adminToast } from "~/components/admin/toast";
import { useSelection } from "~/components/admin/use-selection";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export const meta: MetaFunction = () => [{ title: "标签管理 - 财云学院管理后台" }];

const PAGE_SIZE = 20;

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => {
    const sp = new URL(request.url).searchParams;
    const keyword = sp.get("keyword") ?? "";
    const page = await caller.org.admin.tags.list({ keyword, pageNo: sp.get("page") ?? undefined, pageSize: PAGE_SIZE } as never);
    return { page, keyword };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  adminAction(request, async (caller) => {
    const f = Object.fromEntries(await request.formData()) as Record<string, string>;
    if (f.intent === "create") return `已新增标签「${(await caller.org.admin.tags.create({ name: f.name, remark: f.remark }))!.name}」`;
    if (f.intent === "modify") return `已保存标签「${(await caller.org.admin.tags.modify({ id: f.id, name: f.name, remark: f.remark } as never)).name}」`;
    if (f.intent === "remove") {
      const ids = (f.ids ?? "").split(",").filter(Boolean);
      let users = 0;
      for (const id of ids) users += (await caller.org.admin.tags.remove({ id } as never)).removedFromUsers;
      return users ? `已删除 ${ids.length} 个标签，并从 ${users} 名用户身上移除` : `已删除 ${ids.length} 个标签`;
    }
    throw badInput("未知的操作");
  });

type Tag = { id: number; name: string; remark: string; useCount: number; createdAt: number };

export default function AdminTags() {
  const { page, keyword } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const fetcher = useFetcher<ActionResult>();
  const [editing, setEditing] = useState<Tag | "new" | null>(null);
  const [confirm, setConfirm] = useState<{ request: ConfirmRequest; ids: number[] } | null>(null);
  const handled = useRef<unknown>(null);
  const list = page.list as Tag[];
  const selection = useSelection(list.map((t) => t.id), [page]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      setEditing(null);
    } else adminToast.error(fetcher.data.message);
    setConfirm(null);
  }, [fetcher.state, fetcher.data]);

  const askRemove = (tags: Tag[]) => {
    const used = tags.reduce((s, t) => s + t.useCount, 0);
    setConfirm({
      ids: tags.map((t) => t.id),
      request: {
        title: tags.length === 1 ? `确认删除标签「${tags[0]!.name}」？` : `确认删除选中的 ${tags.length} 个标签？`,
        description: used ? `标签正在使用中（${used} 名用户），删除后将从这些用户身上移除，以标签开放的内容对他们不再开放。` : "标签未被使用，可放心删除。",
        confirmText: "删除",
        danger: true,
      },
    });
  };
  const picked = list.filter((t) => selection.has(t.id));
  const href = (n: number) => {
    const p = new URLSearchParams(params);
    p.set("page", String(n));
    return `?${p}`;
  };

  return (
    <>
      <PageHeader title="标签管理" trail="用户与组织 / 标签">
        <Button onClick={() => setEditing("new")}>新增标签</Button>
      </PageHeader>
      <Card>
        <div className="flex items-center gap-3 border-b border-border px-4 py-3">
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const v = String(new FormData(e.currentTarget).get("keyword") ?? "").trim();
              setParams(v ? { keyword: v } : {});
            }}
          >
            <Input name="keyword" defaultValue={keyword} placeholder="搜索标签名称" aria-label="搜索标签名称" className="w-60" />
            <Button type="submit" size="sm" variant="outline">
              搜索
            </Button>
          </form>
          <Button size="sm" variant="outline" disabled={!picked.length} onClick={() => askRemove(picked)}>
            批量删除
          </Button>
          <span className="text-sm text-muted">共 {page.total} 个标签</span>
        </div>
        {list.length ? (
          <Table>
            <thead>
              <tr>
                <Th className="w-10">
                  <input
                    type="checkbox"
                    aria-label="全选本页"
                    checked={selection.page === true}
                    onChange={(e) => selection.setPage(e.target.checked)}
                  />
                </Th>
                <Th>标签名称</Th>
                <Th>备注</Th>
                <Th>使用人数</Th>
                <Th>创建时间</Th>
                <Th className="w-32">操作</Th>
              </tr>
            </thead>
            <tbody>
              {list.map((t) => (
                <tr key={t.id}>
                  <Td>
                    <input
                      type="checkbox"
                      aria-label={`选择 ${t.name}`}
                      checked={selection.has(t.id)}
                      onChange={(e) => selection.toggle(t.id, e.target.checked)}
                    />
                  </Td>
                  <Td>{t.name}</Td>
                  <Td className="max-w-xs truncate text-[#4e5969]">{t.remark || "-"}</Td>
                  <Td className="tabular-nums">{t.useCount}</Td>
                  <Td className="text-[#4e5969]">{formatTime(t.createdAt)}</Td>
                  <Td>
                    <Button size="sm" variant="ghost" onClick={() => setEditing(t)}>
                      编辑
                    </Button>
                    <Button size="sm" variant="ghost" className="hover:text-danger" onClick={() => askRemove([t])}>
                      删除
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <EmptyState title={keyword ? "没有找到符合条件的标签" : "还没有标签"} hint="标签用于课程、考试与直播的开放范围" />
        )}
        <div className="border-t border-border px-4 py-3">
          <Pager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} hrefFor={href} />
        </div>
      </Card>
      {editing && (
        <Dialog open onOpenChange={(o) => !o && setEditing(null)}>
          <DialogContent>
            <DialogTitle>{editing === "new" ? "新增标签" : "编辑标签"}</DialogTitle>
            <fetcher.Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value={editing === "new" ? "create" : "modify"} />
              {editing !== "new" && <input type="hidden" name="id" value={editing.id} />}
              <div className="space-y-1.5">
                <Label htmlFor="tag-name">标签名称</Label>
                <Input id="tag-name" name="name" maxLength={30} defaultValue={editing === "new" ? "" : editing.name} placeholder="如：新入职" autoFocus />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="tag-remark">备注</Label>
                <Input id="tag-remark" name="remark" maxLength={200} defaultValue={editing === "new" ? "" : editing.remark} placeholder="选填" />
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setEditing(null)}>
                  取消
                </Button>
                <Button type="submit" disabled={fetcher.state !== "idle"}>
                  保存
                </Button>
              </DialogFooter>
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      )}
      <ConfirmDialog
        request={confirm?.request ?? null}
        busy={fetcher.state !== "idle"}
        onConfirm={() => confirm && fetcher.submit({ intent: "remove", ids: confirm.ids.join(",") }, { method: "post" })}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
