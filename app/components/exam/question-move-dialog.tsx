import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { QuestionFolderSelect, type FolderOption } from "./question-folders";

const OUT = "none";

/** Files the ticked questions into one folder of the bank, or takes them out of their folders. */
export function QuestionMoveDialog({ ids, folders, onClose, onMoved }: { ids: number[] | null; folders: FolderOption[]; onClose: () => void; onMoved: (message: string) => void }) {
  const [target, setTarget] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTarget("");
    setError("");
  }, [ids]);

  async function move() {
    if (!ids) return;
    if (!target) return setError("请选择目标文件夹");
    setBusy(true);
    setError("");
    try {
      const r = await trpc.exam.admin.question.batchUpdate.mutate({ ids, folderId: target === OUT ? null : Number(target) });
      const name = folders.find((f) => String(f.id) === target)?.path;
      onMoved(name ? `已将${r.updated}道试题移到「${name}」` : `已将${r.updated}道试题移出文件夹`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={!!ids} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>移动到文件夹</DialogTitle>
        <DialogDescription>将选中的{ids?.length ?? 0}道试题放入：</DialogDescription>
        <div className="mt-4 space-y-2 text-sm">
          {folders.length ? (
            <QuestionFolderSelect label="目标文件夹" folders={folders} value={target === OUT ? "" : target} disabled={target === OUT} onChange={setTarget} emptyLabel="请选择文件夹" />
          ) : (
            <p className="text-muted">还没有文件夹，请先在左侧「新建文件夹」。</p>
          )}
          <label className="flex items-center gap-2 text-muted">
            <input type="checkbox" checked={target === OUT} onChange={(e) => setTarget(e.target.checked ? OUT : "")} />
            移出文件夹（变为未分类）
          </label>
          {error && (
            <p role="alert" className="text-danger">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={move} disabled={busy}>
            {busy ? "移动中…" : "确定移动"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
