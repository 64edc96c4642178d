import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

export interface CategoryNode {
  id: number;
  name: string;
  status?: number;
  children: CategoryNode[];
}

function pathOf(tree: CategoryNode[], id: number | null): CategoryNode[] {
  if (!id) return [];
  for (const top of tree) {
    if (top.id === id) return [top];
    const child = top.children.find((c) => c.id === id);
    if (child) return [top, child];
  }
  return [];
}

/**
 * Picks a course category from the operations category tree (top categories and their sub-categories).
 * The hidden input `name` carries the chosen id; empty means no category.
 */
export function CategoryCascader({ name, tree, initial }: { name: string; tree: CategoryNode[]; initial: number | null }) {
  const [value, setValue] = useState<number | null>(pathOf(tree, initial).length ? initial : null);
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState<number | null>(pathOf(tree, initial)[0]?.id ?? null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  const path = pathOf(tree, value);
  const expanded = tree.find((t) => t.id === hover);
  const choose = (id: number | null) => {
    setValue(id);
    setOpen(false);
  };
  const item = (selected: boolean) =>
    cn("flex w-full items-center justify-between px-3 py-2 text-left text-sm hover:bg-primary-50", selected && "font-medium text-primary");

  return (
    <div ref={box} className="relative w-full max-w-md">
      <input type="hidden" name={name} value={value ?? ""} />
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label="课程分类"
        onClick={() => setOpen(!open)}
        className="flex h-10 w-full items-center justify-between rounded-md border border-border bg-white px-3 text-sm hover:border-primary"
      >
        <span className={path.length ? "text-[#1d2129]" : "text-muted"}>{path.length ? path.map((p) => p.name).join(" / ") : "请选择课程分类"}</span>
        <span className="text-xs text-muted">▾</span>
      </button>
      {open && (
        <div className="absolute left-0 top-11 z-20 flex rounded-md border border-border bg-white shadow-lg" role="listbox" aria-label="分类选项">
          <ul className="max-h-72 w-48 overflow-y-auto border-r border-border py-1">
            <li>
              <button type="button" className={item(value === null)} onClick={() => choose(null)}>不设分类</button>
            </li>
            {tree.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  role="option"
                  aria-selected={path[0]?.id === t.id}
                  className={item(path[0]?.id === t.id)}
                  onMouseEnter={() => setHover(t.id)}
                  onClick={() => (t.children.length ? setHover(t.id) : choose(t.id))}
                >
                  <span>{t.name}</span>
                  {t.children.length > 0 && <span className="text-xs text-muted">›</span>}
                </button>
              </li>
            ))}
            {tree.length === 0 && <li className="px-3 py-2 text-xs text-muted">暂无课程分类，请先在「运营内容 / 分类」中添加</li>}
          </ul>
          {expanded && expanded.children.length > 0 && (
            <ul className="max-h-72 w-48 overflow-y-auto py-1">
              <li>
                <button type="button" role="option" aria-selected={value === expanded.id} className={item(value === expanded.id)} onClick={() => choose(expanded.id)}>
                  全部{expanded.name}
                </button>
              </li>
              {expanded.children.map((c) => (
                <li key={c.id}>
                  <button type="button" role="option" aria-selected={value === c.id} className={item(value === c.id)} onClick={() => choose(c.id)}>
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
