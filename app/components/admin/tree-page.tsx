import { useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { TreeNode } from "@trpc-app/org/tree.service";
import { Button } from "~/components/ui/button";
import { Card, EmptyState } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { ConfirmDialog, type ConfirmRequest } from "./confirm-dialog";
import type { ActionResult } from "./guard.server";
import { PageHeader } from "./shell";
import { adminToast } from "./toast";
import { TreeEditDialog, type TreeEdit } from "./tree-dialogs";
import { TreeView, type TreeIntent } from "./tree-view";

/** Keeps the nodes whose name matches, with the path down to them. */
function filterTree(nodes: TreeNode[], keyword: string): TreeNode[] {
  if (!keyword) return nodes;
  return nodes.flatMap((n) => {
    const kids = filterTree(n.children, keyword);
    return n.name.includes(keyword) || kids.length ? [{ ...n, children: kids }] : [];
  });
}

/** The groups and roles pages: one tree with add, rename, move, delete and initialisation. */
export function TreePage({ kind, tree }: { kind: "group" | "role"; tree: TreeNode[] }) {
  const label = kind === "group" ? "组织" : "角色";
  const fetcher = useFetcher<ActionResult>();
  const [params, setParams] = useSearchParams();
  const keyword = params.get("keyword") ?? "";
  const [edit, setEdit] = useState<TreeEdit | null>(null);
  const [confirm, setConfirm] = useState<{ request: ConfirmRequest; fields: Record<string, string> } | null>(null);
  const handled = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      adminToast.success(fetcher.data.message);
      setEdit(null);
      setConfirm(null);
    } else {
      adminToast.error(fetcher.data.message);
      setConfirm(null);
    }
  }, [fetcher.state, fetcher.data]);

  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post" });
  const onAction = (intent: TreeIntent, node: TreeNode) => {
    if (intent === "add") setEdit({ intent: "add", parent: node });
    else if (intent === "rename") setEdit({ intent: "rename", node });
    else if (intent === "move") setEdit({ intent: "move", node });
    else
      setConfirm({
        request: { title: `确认删除${label}「${node.name}」？`, description: `有下级${label}或仍有用户的${label}不能删除。`, confirmText: "删除", danger: true },
        fields: { intent: "del", id: String(node.id) },
      });
  };
  const shown = filterTree(tree, keyword);

  return (
    <>
      <PageHeader title={`${label}管理`} trail={`用户与组织 / ${label}`}>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                request: { title: `从外部组织来源初始化${label}？`, description: "按来源中的编码同步：已有的只更新名称和位置，缺少的补齐，手工添加的保留。", confirmText: "开始初始化" },
                fields: { intent: "init" },
              })
            }
          >
            从组织来源初始化
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                request: { title: "同步单点登录组织？", description: "从单点登录平台的组织结构同步，可重复执行。", confirmText: "同步" },
                fields: { intent: "initSso" },
              })
            }
          >
            同步SSO组织
          </Button>
          <Button onClick={() => setEdit({ intent: "add", parent: null })}>新增顶级{label}</Button>
        </div>
      </PageHeader>
      <Card>
        <form
          className="flex items-center gap-2 border-b border-border px-4 py-3"
          onSubmit={(e) => {
            e.preventDefault();
            const v = String(new FormData(e.currentTarget).get("keyword") ?? "").trim();
            setParams(v ? { keyword: v } : {}, { replace: true });
          }}
        >
          <Input name="keyword" defaultValue={keyword} placeholder={`搜索${label}名称`} className="w-64" aria-label={`搜索${label}名称`} />
          <Button type="submit" variant="outline" size="sm">
            搜索
          </Button>
        </form>
        {shown.length ? (
          <TreeView key={`${keyword}:${shown.length}`} nodes={shown} label={label} onAction={onAction} />
        ) : (
          <EmptyState title={keyword ? `没有名称包含“${keyword}”的${label}` : `还没有${label}`} hint={keyword ? "换个关键词试试" : `点击右上角新增，或从组织来源初始化`} />
        )}
      </Card>
      <TreeEditDialog edit={edit} label={label} roots={tree} busy={fetcher.state !== "idle"} onSubmit={submit} onCancel={() => setEdit(null)} />
      <ConfirmDialog request={confirm?.request ?? null} busy={fetcher.state !== "idle"} onConfirm={() => confirm && submit(confirm.fields)} onCancel={() => setConfirm(null)} />
    </>
  );
}
