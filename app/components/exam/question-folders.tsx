import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { QuestionFolderCount } from "@trpc-app/exam/question.service";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { errorMessage, trpc } from "~/lib/trpc";
import { cn } from "~/lib/utils";

export type QuestionFolder = QuestionFolderCount;
export interface FolderOption {
  id: number;
  path: string;
}
/** What the list shows: every question, those in no folder, or one folder (with its sub-folders). */
export type FolderView = "all" | "none" | number;

/** Folders as "上级 / 下级" paths, in tree order, for selects and the list's folder column. */
export function folderOptions(nodes: QuestionFolder[], prefix = ""): FolderOption[] {
  return nodes.flatMap((n) => [{ id: n.id, path: prefix + n.name }, ...folderOptions(n.children, `${prefix}${n.name} / `)]);
}

function findFolder(nodes: QuestionFolder[], id: number): QuestionFolder | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findFolder(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Small stroke icons of the tree (no icon package is installed). */
function TreeIcon({ kind }: { kind: "folder" | "all" | "none" }) {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden className="shrink-0 opacity-70">
      {kind === "folder" && <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />}
      {kind === "all" && <path d="m12 3 9 4.5-9 4.5-9-4.5zM3 12l9 4.5 9-4.5M3 16.5 12 21l9-4.5" />}
      {kind === "none" && <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6" />}
    </svg>
  );
}

/** A select of the bank's folders; the empty value means no folder. */
export function QuestionFolderSelect({
  folders,
  value,
  onChange,
  label,
  emptyLabel = "未分类（不放入文件夹）",
  className,
  disabled,
}: {
  folders: FolderOption[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  emptyLabel?: string;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className={cn("h-9 w-full rounded-md border border-border bg-white px-2 text-sm focus:border-primary focus:outline-none", className)}
    >
      <option value="">{emptyLabel}</option>
      {folders.map((f) => (
        <option key={f.id} value={f.id}>
          {f.path}
        </option>
      ))}
    </select>
  );
}

/** Asks for a folder's name (new folder or rename). */
function FolderNameDialog({ title, initial, busy, onSubmit, onCancel }: { title: string; initial: string; busy: boolean; onSubmit: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  useEffect(() => setName(initial), [initial, title]);
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onCancel()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(name);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor="question-folder-name">文件夹名称</Label>
            <Input id="question-folder-name" value={name} maxLength={50} autoFocus onChange={(e) => setName(e.target.value)} placeholder="请输入文件夹名称" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
              取消
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "提交中…" : "确定"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type Edit = { intent: "add"; parent: QuestionFolder | null } | { intent: "rename"; node: QuestionFolder };

/**
 * The question bank's folder tree: 全部试题, 未分类 and the folders with their question counts (a folder's
 * count includes its sub-folders, as the list does). The open folder can get a sub-folder, a new name or
 * be deleted; the server refuses to delete one that still holds questions or feeds a practice.
 */
export function QuestionFolderTree({
  total,
  unfiled,
  folders,
  current,
  hrefFor,
  onChanged,
  onDeletedCurrent,
}: {
  total: number;
  unfiled: number;
  folders: QuestionFolder[];
  current: FolderView;
  hrefFor: (view: FolderView) => string;
  onChanged: () => void;
  onDeletedCurrent: () => void;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [edit, setEdit] = useState<Edit | null>(null);
  const [removing, setRemoving] = useState<QuestionFolder | null>(null);
  const [busy, setBusy] = useState(false);
  const open = typeof current === "number" ? findFolder(folders, current) : null;

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      adminToast.success(done);
      setEdit(null);
      onChanged();
      return true;
    } catch (e) {
      adminToast.error(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const submitName = (name: string) => {
    if (!edit) return;
    if (edit.intent === "add") void run(() => trpc.material.admin.folder.create.mutate({ name, parentId: edit.parent?.id ?? null, kind: 3 }), "已新建文件夹");
    else void run(() => trpc.material.admin.folder.update.mutate({ id: edit.node.id, name }), "已重命名");
  };
  const remove = async () => {
    const node = removing!;
    const ok = await run(() => trpc.material.admin.folder.delete.mutate({ id: node.id }), `已删除文件夹「${node.name}」`);
    setRemoving(null);
    if (ok && current === node.id) onDeletedCurrent();
  };

  const entry = (view: FolderView, label: string, count: number, depth: number, node?: QuestionFolder) => {
    const active = current === view;
    const hasKids = !!node?.children.length;
    const expanded = node ? !collapsed.has(node.id) : false;
    return (
      <div className={cn("flex h-9 items-center rounded-md pr-2 text-sm", active ? "bg-primary-50 text-primary" : "text-[#1d2129] hover:bg-[#f7f8fa]")} style={{ paddingLeft: 4 + depth * 16 }}>
        {node ? (
          <button
            type="button"
            aria-label={expanded ? `收起${node.name}` : `展开${node.name}`}
            disabled={!hasKids}
            onClick={() =>
              setCollapsed((s) => {
                const next = new Set(s);
                if (next.has(node.id)) next.delete(node.id);
                else next.add(node.id);
                return next;
              })
            }
            className={cn("flex h-5 w-5 shrink-0 items-center justify-center rounded text-xs text-[#86909c]", hasKids ? "hover:bg-[#f2f3f5]" : "invisible")}
          >
            {expanded ? "▾" : "▸"}
          </button>
        ) : (
          <span className="w-5 shrink-0" />
        )}
        <Link
          to={hrefFor(view)}
          preventScrollReset
          aria-current={active ? "page" : undefined}
          data-folder={label}
          className={cn("flex min-w-0 flex-1 items-center gap-1.5", active && "font-medium")}
        >
          <TreeIcon kind={node ? "folder" : view === "all" ? "all" : "none"} />
          <span className="truncate">{label}</span>
          <span className={cn("ml-auto pl-2 text-xs tabular-nums", active ? "text-primary" : "text-muted")}>{count}</span>
        </Link>
      </div>
    );
  };
  const row = (n: QuestionFolder, depth: number): React.ReactNode => (
    <li key={n.id}>
      {entry(n.id, n.name, n.questionCount, depth, n)}
      {n.children.length > 0 && !collapsed.has(n.id) && <ul>{n.children.map((c) => row(c, depth + 1))}</ul>}
    </li>
  );

  return (
    <Card className="w-64 shrink-0 self-start p-3">
      <div className="mb-2 flex items-center justify-between px-1">
        <h2 className="text-sm font-semibold">题库文件夹</h2>
        <Button size="sm" variant="ghost" onClick={() => setEdit({ intent: "add", parent: null })}>
          + 新建文件夹
        </Button>
      </div>
      <nav aria-label="题库文件夹">
        <ul>
          <li>{entry("all", "全部试题", total, 0)}</li>
          <li>{entry("none", "未分类", unfiled, 0)}</li>
          {folders.map((n) => row(n, 0))}
        </ul>
        {!folders.length && <p className="px-2 py-3 text-xs leading-5 text-muted">还没有文件夹。新建文件夹后，可勾选试题「移动到文件夹」，练习按文件夹抽题。</p>}
      </nav>
      {open && (
        <div className="mt-3 border-t border-border pt-3" data-testid="folder-actions">
          <p className="mb-2 truncate px-1 text-xs text-muted">当前文件夹：{open.name}</p>
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="outline" onClick={() => setEdit({ intent: "add", parent: open })}>
              新建子文件夹
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEdit({ intent: "rename", node: open })}>
              重命名
            </Button>
            <Button size="sm" variant="outline" className="hover:border-danger hover:text-danger" onClick={() => setRemoving(open)}>
              删除
            </Button>
          </div>
        </div>
      )}
      {edit && (
        <FolderNameDialog
          title={edit.intent === "rename" ? `重命名「${edit.node.name}」` : edit.parent ? `在「${edit.parent.name}」下新建文件夹` : "新建文件夹"}
          initial={edit.intent === "rename" ? edit.node.name : ""}
          busy={busy}
          onSubmit={submitName}
          onCancel={() => setEdit(null)}
        />
      )}
      <ConfirmDialog
        request={
          removing
            ? {
                title: "删除文件夹",
                description: `确定删除文件夹「${removing.name}」吗？仍有试题、子文件夹，或被练习、试卷使用的文件夹不能删除。`,
                confirmText: "删除",
                danger: true,
              }
            : null
        }
        busy={busy}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
