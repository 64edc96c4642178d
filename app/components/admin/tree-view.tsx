import { useState } from "react";
import type { TreeNode } from "@trpc-app/org/tree.service";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export type TreeIntent = "add" | "rename" | "move" | "del";

/** One row of the tree with its controls; children render indented below when expanded. */
function Row({
  node,
  depth,
  open,
  onToggle,
  onAction,
  label,
}: {
  node: TreeNode;
  depth: number;
  open: Set<number>;
  onToggle: (id: number) => void;
  onAction: (intent: TreeIntent, node: TreeNode) => void;
  label: string;
}) {
  const expanded = open.has(node.id);
  const hasKids = node.children.length > 0;
  return (
    <li>
      <div
        className="group flex h-11 items-center gap-2 border-t border-border pr-3 hover:bg-primary-50/40"
        style={{ paddingLeft: 12 + depth * 24 }}
        data-node={node.name}
      >
        <button
          type="button"
          aria-label={expanded ? `收起${node.name}` : `展开${node.name}`}
          aria-expanded={hasKids ? expanded : undefined}
          disabled={!hasKids}
          onClick={() => onToggle(node.id)}
          className={cn("flex h-6 w-6 items-center justify-center rounded text-xs text-[#86909c]", hasKids ? "hover:bg-[#f2f3f5]" : "invisible")}
        >
          {expanded ? "▾" : "▸"}
        </button>
        <span className="min-w-0 flex-1 truncate text-sm text-[#1d2129]">
          {node.name}
          {node.source !== "manual" && <span className="ml-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary">{node.source === "sso" ? "SSO" : "外部来源"}</span>}
        </span>
        <span className="w-20 text-right text-xs tabular-nums text-muted">{node.memberCount} 人</span>
        <div className="flex gap-1 opacity-80 group-hover:opacity-100">
          <Button size="sm" variant="ghost" onClick={() => onAction("add", node)}>
            新增下级
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onAction("rename", node)}>
            重命名
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onAction("move", node)}>
            移动
          </Button>
          <Button size="sm" variant="ghost" className="hover:text-danger" onClick={() => onAction("del", node)} aria-label={`删除${label}${node.name}`}>
            删除
          </Button>
        </div>
      </div>
      {hasKids && expanded && (
        <ul>
          {node.children.map((c) => (
            <Row key={c.id} node={c} depth={depth + 1} open={open} onToggle={onToggle} onAction={onAction} label={label} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Expandable tree; the top level starts open. */
export function TreeView({ nodes, label, onAction }: { nodes: TreeNode[]; label: string; onAction: (intent: TreeIntent, node: TreeNode) => void }) {
  const [open, setOpen] = useState<Set<number>>(() => new Set(nodes.map((n) => n.id)));
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = (list: TreeNode[]): number[] => list.flatMap((n) => [n.id, ...all(n.children)]);
  return (
    <div>
      <div className="flex gap-2 px-4 py-2 text-xs">
        <button type="button" className="text-primary hover:underline" onClick={() => setOpen(new Set(all(nodes)))}>
          全部展开
        </button>
        <button type="button" className="text-primary hover:underline" onClick={() => setOpen(new Set())}>
          全部收起
        </button>
      </div>
      <ul>
        {nodes.map((n) => (
          <Row key={n.id} node={n} depth={0} open={open} onToggle={toggle} onAction={onAction} label={label} />
        ))}
      </ul>
    </div>
  );
}

/** Flattened "上级 / 下级" names for selects; a node's own subtree is left out when moving it. */
export function flattenTree(nodes: TreeNode[], skipId?: number, prefix = ""): Array<{ id: number; path: string; depth: number }> {
  return nodes.flatMap((n) =>
    n.id === skipId
      ? []
      : [{ id: n.id, path: prefix + n.name, depth: prefix.split(" / ").length - 1 }, ...flattenTree(n.children, skipId, `${prefix}${n.name} / `)],
  );
}
