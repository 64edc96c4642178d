import { useEffect, useState } from "react";
import { toChinaInput } from "@base/format";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

export interface EditableTask {
  id: number;
  name: string;
  description: string;
  coverUrl: string;
  startTime: number | null;
  deadline: number;
  score: number;
  status: number;
}

const field = "h-9 w-full rounded-md border border-border bg-white px-3 text-sm focus:border-primary focus:outline-none";
const DAY = 86_400_000;

/** Creates or edits a task's own fields; times are typed and read in China time (the server parses them). */
export function TaskFormDialog({ open, task, onClose, onSaved }: { open: boolean; task: EditableTask | null; onClose: () => void; onSaved: (saved: { id: number; name: string }) => void }) {
  const [form, setForm] = useState({ name: "", description: "", coverUrl: "", startTime: "", deadline: "", score: "0", status: "1" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError("");
    setForm(
      task
        ? { name: task.name, description: task.description, coverUrl: task.coverUrl, startTime: toChinaInput(task.startTime), deadline: toChinaInput(task.deadline), score: String(task.score), status: String(task.status) }
        : { name: "", description: "", coverUrl: "", startTime: toChinaInput(Math.floor(Date.now() / 3_600_000) * 3_600_000), deadline: toChinaInput(Math.floor((Date.now() + 30 * DAY) / 3_600_000) * 3_600_000), score: "10", status: "1" },
    );
  }, [open, task]);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function save() {
    if (!form.name.trim()) return setError("请输入任务名称");
    if (!form.deadline) return setError("请选择截止时间");
    setBusy(true);
    setError("");
    try {
      const saved = await trpc.task.admin.save.mutate({
        id: task?.id,
        name: form.name,
        description: form.description,
        coverUrl: form.coverUrl,
        startTime: form.startTime || undefined,
        deadline: form.deadline,
        score: form.score,
        status: form.status,
      } as never);
      adminToast.success(task ? "任务已保存" : "任务已创建");
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="w-[600px] max-w-[94vw]">
        <DialogTitle>{task ? "编辑任务" : "新建任务"}</DialogTitle>
        <DialogDescription>截止时间按北京时间填写；截止前完成全部节点的学员获得任务积分，逾期完成不计积分。</DialogDescription>
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            <span className="text-danger">*</span> 任务名称
            <input className={field} aria-label="任务名称" maxLength={60} value={form.name} onChange={set("name")} placeholder="如：2026年度政府采购从业人员必修任务" />
          </label>
          <label className="block">
            任务说明
            <textarea className={`${field} h-20 py-2`} aria-label="任务说明" maxLength={2000} value={form.description} onChange={set("description")} placeholder="向学员说明任务要求" />
          </label>
          <label className="block">
            封面图地址（选填）
            <input className={field} aria-label="封面图地址" maxLength={1000} value={form.coverUrl} onChange={set("coverUrl")} placeholder="/storage/file/…" />
          </label>
          <div className="grid grid-cols-2 gap-3">
            <label className="block">
              开始时间
              <input type="datetime-local" className={field} aria-label="开始时间" value={form.startTime} onChange={set("startTime")} />
            </label>
            <label className="block">
              <span className="text-danger">*</span> 截止时间
              <input type="datetime-local" className={field} aria-label="截止时间" value={form.deadline} onChange={set("deadline")} />
            </label>
            <label className="block">
              任务积分
              <input type="number" min={0} max={10000} className={field} aria-label="任务积分" value={form.score} onChange={set("score")} />
            </label>
            <label className="block">
              状态
              <select className={field} aria-label="状态" value={form.status} onChange={set("status")}>
                <option value="1">发布（学员可见）</option>
                <option value="0">草稿</option>
              </select>
            </label>
          </div>
          {error && (
            <p role="alert" className="text-xs text-danger">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            取消
          </Button>
          <Button disabled={busy} onClick={save}>
            {busy ? "保存中…" : "保存"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
