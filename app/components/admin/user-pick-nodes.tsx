import { useState } from "react";

export interface FlatNode {
  id: number;
  name: string;
  parentId: number | null;
}

/** Nodes in tree order with their depth, for an indented checkbox list. */
function ordered(nodes: FlatNode[]) {
  const kids = new Map<number | null, FlatNode[]>();
  for (const n of nodes) kids.set(n.parentId, [...(kids.get(n.parentId) ?? []), n]);
  const out: Array<FlatNode & { depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    for (const n of kids.get(parent) ?? []) {
      out.push({ ...n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A scrollable indented checkbox list of groups or roles, with a name filter. */
export function NodePicker({
  label,
  nodes,
  value,
  onChange,
}: {
  label: string;
  nodes: FlatNode[];
  value: Set<number>;
  onChange: (next: Set<number>) => void;
}) {
  const [q, setQ] = useState("");
  const list = ordered(nodes).filter((n) => !q || n.name.includes(q));
  return (
    <fieldset className="min-w-0 flex-1">
      <legend className="mb-1.5 text-sm font-medium text-[#1d2129]">
        {label}
        {value.size > 0 && <span className="ml-1 text-xs font-normal text-primary">已选 {value.size}</span>}
      </legend>
      <input
        className="mb-1 h-8 w-full rounded-md border border-border px-2 text-xs"
        placeholder={`筛选${label}`}
        aria-label={`筛选${label}`}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <div className="h-44 overflow-y-auto rounded-md border border-border py-1">
        {list.length === 0 && <p className="px-3 py-2 text-xs text-muted">没有可选的{label}</p>}
        {list.map((n) => (
          <label key={n.id} className="flex cursor-pointer items-center gap-2 py-1 pr-2 text-sm hover:bg-primary-50/40" style={{ paddingLeft: 8 + n.depth * 16 }}>
            <input
              type="checkbox"
              checked={value.has(n.id)}
              onChange={(e) => {
                const next = new Set(value);
                if (e.target.checked) next.add(n.id);
                else next.delete(n.id);
                onChange(next);
              }}
            />
            <span className="truncate">{n.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
