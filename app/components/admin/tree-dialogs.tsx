import { useEffect, useState } from "react";
import type { TreeNode } from "@trpc-app/org/tree.service";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { flattenTree } from "./tree-view";

export type TreeEdit =
  | { intent: "add"; parent: TreeNode | null }
  | { intent: "rename"; node: TreeNode }
  | { intent: "move"; node: TreeNode };

/** Add, rename and move share one small dialog; the page submits what it answers. */
export function TreeEditDialog({
  edit,
  label,
  roots,
  busy,
  onSubmit,
  onCancel,
}: {
  edit: TreeEdit | null;
  label: string;
  roots: TreeNode[];
  busy: boolean;
  onSubmit: (fields: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [parentId, setParentId] = useState("");
  const [position, setPosition] = useState("");
  useEffect(() => {
    setName(edit?.intent === "rename" ? edit.node.name : "");
    setParentId(edit?.intent === "move" ? String(edit.node.parentId ?? "") : "");
    setPosition(edit?.intent === "move" ? String(edit.node.position + 1) : "");
  }, [edit]);
  if (!edit) return null;
  const title =
    edit.intent === "add" ? (edit.parent ? `在「${edit.parent.name}」下新增${label}` : `新增顶级${label}`) : edit.intent === "rename" ? `重命名${label}` : `移动「${edit.node.name}」`;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (edit.intent === "add") onSubmit({ intent: "add", name, parentId: edit.parent ? String(edit.parent.id) : "" });
    else if (edit.intent === "rename") onSubmit({ intent: "rename", id: String(edit.node.id), name });
    else onSubmit({ intent: "move", id: String(edit.node.id), parentId, position: position ? String(Math.max(0, Number(position) - 1)) : "" });
  };
  const options = edit.intent === "move" ? flattenTree(roots, edit.node.id) : [];
  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onCancel()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <form onSubmit={submit} className="mt-4 space-y-4">
          {edit.intent !== "move" ? (
            <div className="space-y-1.5">
              <Label htmlFor="tree-name">{label}名称</Label>
              <Input id="tree-name" value={name} maxLength={64} autoFocus onChange={(e) => setName(e.target.value)} placeholder={`请输入${label}名称`} />
            </div>
          ) : (
            <>
              <div className="space-y-1.5">
                <Label htmlFor="tree-parent">移动到</Label>
                <select
                  id="tree-parent"
                  className="h-9 w-full rounded-md border border-border bg-white px-2 text-sm"
                  value={parentId}
                  onChange={(e) => setParentId(e.target.value)}
                >
                  <option value="">（顶级）</option>
                  {options.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.path}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="tree-position">排在第几位</Label>
                <Input id="tree-position" type="number" min={1} value={position} onChange={(e) => setPosition(e.target.value)} placeholder="留空排在最后" />
              </div>
            </>
          )}
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
