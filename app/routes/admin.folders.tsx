import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { badInput } from "@base/errors";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminAction, adminLoad } from "~/components/admin/guard.server";
import { AdminRouteError } from "~/components/admin/route-error";
import { PageHeader } from "~/components/admin/shell";
import { useActionToast } from "~/components/course/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";

export const meta: MetaFunction = () => [{ title: "文件夹 - 财云学院管理后台" }];

export const loader = ({ request }: LoaderFunctionArgs) =>
  adminLoad(request, async (caller) => ({ courseware: await caller.material.admin.folder.tree({ kind: 1 }), media: await caller.material.admin.folder.tree({ kind: 2 }) }));

export const action = async ({ request }: ActionFunctionArgs) => {
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? "");
  return adminAction(request, async (caller) => {
    const intent = text("intent");
    if (intent === "create") return (await caller.material.admin.folder.create({ name: text("name"), parentId: text("parentId") || undefined, kind: text("kind") } as never), "已新建文件夹");
    if (intent === "rename") return (await caller.material.admin.folder.update({ id: text("id"), name: text("name") } as never), "已重命名");
    if (intent === "move") return (await caller.material.admin.folder.move({ id: text("id"), parentId: text("parentId") || null } as never), "已移动");
    if (intent === "delete") return (await caller.material.admin.folder.delete({ id: text("id") } as never), "已删除文件夹");
    throw badInput("未知的操作");
  });
};

interface Node {
  id: number;
  name: string;
  children: Node[];
}

function flat(nodes: Node[], depth = 0): { node: Node; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flat(n.children, depth + 1)]);
}

function Tree({ title, kind, nodes }: { title: string; kind: 1 | 2; nodes: Node[] }) {
  const fetcher = useFetcher<typeof action>();
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Node | null>(null);
  useActionToast(fetcher, () => {
    setRenaming(null);
    setDeleting(null);
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setDeleting(null);
  }, [fetcher.state, fetcher.data]);
  const rows = flat(nodes);
  const busy = fetcher.state !== "idle";
  const submit = (data: Record<string, string>) => fetcher.submit(data, { method: "post" });
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold">{title}</h2>
      <fetcher.Form method="post" className="mt-3 flex gap-2">
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="kind" value={kind} />
        <Input name="name" placeholder="新文件夹名称" required maxLength={50} aria-label={`${title}新文件夹名称`} />
        <select name="parentId" className="h-10 rounded-md border border-border px-2 text-sm" aria-label="上级文件夹">
          <option value="">顶层</option>
          {rows.map(({ node, depth }) => <option key={node.id} value={node.id}>{"　".repeat(depth) + node.name}</option>)}
        </select>
        <Button type="submit" disabled={busy}>新建</Button>
      </fetcher.Form>
      {rows.length ? (
        <ul className="mt-4 divide-y divide-border">
          {rows.map(({ node, depth }) => (
            <li key={node.id} data-folder={node.name} className="flex items-center justify-between gap-3 py-2.5 text-sm" style={{ paddingLeft: depth * 24 }}>
              {renaming?.id === node.id ? (
                <form
                  className="flex flex-1 items-center gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    submit({ intent: "rename", id: String(node.id), name: renaming.name });
                  }}
                >
                  <Input autoFocus required maxLength={50} value={renaming.name} onChange={(e) => setRenaming({ id: node.id, name: e.target.value })} aria-label={`${node.name}的新名称`} className="h-8 w-56" />
                  <Button type="submit" size="sm" disabled={busy || !renaming.name.trim()}>保存</Button>
                  <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(null)}>取消</Button>
                </form>
              ) : (
                <span>📁 {node.name}</span>
              )}
              <span className="flex shrink-0 gap-3 text-primary">
                {renaming?.id !== node.id && <button type="button" onClick={() => setRenaming({ id: node.id, name: node.name })}>重命名</button>}
                <select className="text-xs" aria-label={`移动${node.name}`} value="" onChange={(e) => e.target.value && submit({ intent: "move", id: String(node.id), parentId: e.target.value === "root" ? "" : e.target.value })}>
                  <option value="">移动到…</option>
                  <option value="root">顶层</option>
                  {rows.filter((r) => r.node.id !== node.id).map((r) => <option key={r.node.id} value={r.node.id}>{r.node.name}</option>)}
                </select>
                <button type="button" className="text-danger" onClick={() => setDeleting(node)}>删除</button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="还没有文件夹" hint="新建文件夹来整理素材" />
      )}
      <ConfirmDialog
        request={deleting && { title: "删除文件夹", description: `确定删除「${deleting.name}」吗？只有空文件夹可以删除，其中还有子文件夹或素材时请先移走。`, confirmText: "删除", danger: true }}
        busy={busy}
        onConfirm={() => deleting && submit({ intent: "delete", id: String(deleting.id) })}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

export default function AdminFolders() {
  const { courseware, media } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="文件夹" trail="素材库 / 文件夹" />
      <div className="grid grid-cols-2 gap-4">
        <Tree title="课件资料" kind={1} nodes={courseware} />
        <Tree title="图片视频" kind={2} nodes={media} />
      </div>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
