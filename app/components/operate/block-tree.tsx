import { Link } from "@remix-run/react";
import { useState } from "react";
import { cn } from "~/lib/utils";

export interface BlockNode {
  id: number;
  name: string;
  picUrl: string;
  isOpenJump: number;
  jumpUrl: string;
  status: number;
  sort: number;
  children: BlockNode[];
}

/** The recommendation tree: categories and their sub-tabs, each level ordered by drag or 上移/下移. */
export function BlockTree({
  tree,
  selectedId,
  busy,
  onMove,
  onEdit,
  onAddChild,
  onDelete,
  linkExtra = "",
}: {
  /** Query kept on a block's link (the site being edited: "&site=3"). */
  linkExtra?: string;
  tree: BlockNode[];
  selectedId: number | null;
  busy: boolean;
  onMove: (id: number, position: number) => void;
  onEdit: (n: BlockNode) => void;
  onAddChild: (n: BlockNode) => void;
  onDelete: (n: BlockNode) => void;
}) {
  const [drag, setDrag] = useState<{ id: number; parent: number | null } | null>(null);

  function Level({ nodes, parent, depth }: { nodes: BlockNode[]; parent: number | null; depth: number }) {
    return (
      <ul className={cn(depth > 0 && "ml-4 border-l border-border pl-2")}>
        {nodes.map((n, i) => (
          <li key={n.id}>
            <div
              draggable={!busy}
              onDragStart={(e) => {
                e.stopPropagation();
                setDrag({ id: n.id, parent });
              }}
              onDragOver={(e) => drag && drag.parent === parent && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                e.stopPropagation();
                if (drag && drag.parent === parent && drag.id !== n.id) onMove(drag.id, i + 1);
                setDrag(null);
              }}
              className={cn("group flex items-center gap-1 rounded-md px-2 py-1.5 text-sm", selectedId === n.id ? "bg-primary-50 text-primary" : "hover:bg-surface")}
            >
              <span aria-hidden className="cursor-grab text-muted">
                ⋮⋮
              </span>
              <Link to={`?block=${n.id}${linkExtra}`} className="min-w-0 flex-1 truncate" preventScrollReset>
                {n.name}
                {n.status !== 1 && <span className="ml-1 text-xs text-muted">（停用）</span>}
              </Link>
              <span className="hidden shrink-0 gap-1.5 text-xs group-hover:flex">
                <button type="button" className="cursor-pointer text-primary disabled:text-muted" disabled={busy || i === 0} onClick={() => onMove(n.id, i)} aria-label={`上移${n.name}`}>
                  ↑
                </button>
                <button type="button" className="cursor-pointer text-primary disabled:text-muted" disabled={busy || i === nodes.length - 1} onClick={() => onMove(n.id, i + 2)} aria-label={`下移${n.name}`}>
                  ↓
                </button>
                {depth === 0 && (
                  <button type="button" className="cursor-pointer text-primary" onClick={() => onAddChild(n)}>
                    +标签
                  </button>
                )}
                <button type="button" className="cursor-pointer text-primary" onClick={() => onEdit(n)}>
                  编辑
                </button>
                <button type="button" className="cursor-pointer text-[#f53f3f]" onClick={() => onDelete(n)}>
                  删除
                </button>
              </span>
            </div>
            {n.children.length > 0 && <Level nodes={n.children} parent={n.id} depth={depth + 1} />}
          </li>
        ))}
      </ul>
    );
  }

  if (!tree.length) return <p className="py-8 text-center text-sm text-muted">还没有推荐位</p>;
  return <Level nodes={tree} parent={null} depth={0} />;
}
