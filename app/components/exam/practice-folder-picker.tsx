import { useState } from "react";
import type { QuestionFolderNode } from "@trpc-app/exam/practice-admin.service";
import { cn } from "~/lib/utils";

/**
 * Question folders of the library as a tree of checkboxes, each with the questions a practice would
 * draw from it. A practice on a folder takes its sub-folders too, so those show as included.
 */
export function PracticeFolderPicker({ nodes, value, onChange }: { nodes: QuestionFolderNode[]; value: number[]; onChange: (ids: number[]) => void }) {
  const [open, setOpen] = useState<Set<number>>(() => new Set(nodes.map((n) => n.id)));
  const picked = new Set(value);
  const toggleOpen = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePick = (n: QuestionFolderNode) => {
    if (picked.has(n.id)) return onChange(value.filter((id) => id !== n.id));
    // Picking a folder covers its sub-folders: drop them from the list so each question counts once.
    const below = new Set<number>();
    const walk = (x: QuestionFolderNode) => x.children.forEach((c) => (below.add(c.id), walk(c)));
    walk(n);
    onChange([...value.filter((id) => !below.has(id)), n.id]);
  };

  const row = (n: QuestionFolderNode, depth: number, inherited: boolean): React.ReactNode => {
    const checked = inherited || picked.has(n.id);
    const hasKids = n.children.length > 0;
    return (
      <li key={n.id}>
        <div className="flex h-9 items-center gap-2 pr-3 hover:bg-primary-50/40" style={{ paddingLeft: 8 + depth * 20 }} data-folder={n.name}>
          <button
            type="button"
            aria-label={open.has(n.id) ? `收起${n.name}` : `展开${n.name}`}
            disabled={!hasKids}
            onClick={() => toggleOpen(n.id)}
            className={cn("flex h-5 w-5 items-center justify-center rounded text-xs text-[#86909c]", hasKids ? "hover:bg-[#f2f3f5]" : "invisible")}
          >
            {open.has(n.id) ? "▾" : "▸"}
          </button>
          <label className={cn("flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm", inherited && "cursor-default text-muted")}>
            <input type="checkbox" checked={checked} disabled={inherited} onChange={() => togglePick(n)} aria-label={`选择文件夹${n.name}`} />
            <span className="truncate">{n.name}</span>
          </label>
          {inherited && <span className="text-xs text-muted">随上级包含</span>}
          <span className={cn("w-16 text-right text-xs tabular-nums", n.questionCount ? "text-muted" : "text-[#c9cdd4]")}>{n.questionCount} 题</span>
        </div>
        {hasKids && open.has(n.id) && <ul>{n.children.map((c) => row(c, depth + 1, checked))}</ul>}
      </li>
    );
  };

  if (!nodes.length) return <p className="rounded-md border border-border p-3 text-sm text-muted">题库中还没有文件夹，请先在「题库」页左侧新建文件夹并把试题放入</p>;
  return <ul className="max-h-56 overflow-y-auto rounded-md border border-border py-1" aria-label="题目文件夹">{nodes.map((n) => row(n, 0, false))}</ul>;
}
