import { useEffect, useState } from "react";
import type { QuestionFolderNode } from "@trpc-app/exam/practice-admin.service";
import { practiceBaseInput } from "@trpc-app/exam/schemas";
import { adminToast } from "~/components/admin/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { PracticeFolderPicker } from "./practice-folder-picker";

const field = "h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none";
type Pool = { questionCount: number; types: { questionType: number; questionTypeName: string; count: number }[] };
type Errors = Partial<Record<"name" | "description" | "folderIds" | "form", string>>;

/** The pool's figures in one line: 共 6 道（单选题 3 · 多选题 1 · …）. */
export const poolText = (pool: Pool) => `共 ${pool.questionCount} 道可练习试题（${pool.types.map((t) => `${t.questionTypeName} ${t.count}`).join(" · ")}；简答题不参与练习）`;

/** Creates or edits a practice's name, introduction and question folders. */
export function PracticeBaseDialog({ practiceId, open, onClose, onSaved }: { practiceId: number | null; open: boolean; onClose: () => void; onSaved: (id: number, created: boolean) => void }) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [folderIds, setFolderIds] = useState<number[]>([]);
  const [folders, setFolders] = useState<QuestionFolderNode[] | null>(null);
  const [pool, setPool] = useState<Pool | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setFolders(null);
    trpc.exam.admin.practice.folders.query().then(setFolders, (e) => setErrors({ form: errorMessage(e) }));
    if (!practiceId) {
      setName("");
      setDescription("");
      setFolderIds([]);
      return;
    }
    trpc.exam.admin.practice.getBase.query({ id: practiceId }).then(
      (b) => {
        setName(b.name);
        setDescription(b.description);
        setFolderIds(b.folderIds);
      },
      (e) => setErrors({ form: errorMessage(e) }),
    );
  }, [open, practiceId]);

  useEffect(() => {
    if (!open || !folderIds.length) return setPool(null);
    let live = true;
    trpc.exam.admin.practice.pool.query({ folderIds }).then((p) => live && setPool(p), () => live && setPool(null));
    return () => {
      live = false;
    };
  }, [open, folderIds]);

  async function save() {
    const parsed = practiceBaseInput.safeParse({ id: practiceId ?? undefined, name, description, folderIds });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] as keyof Errors | undefined) ?? "form";
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await trpc.exam.admin.practice.saveBase.mutate(parsed.data);
      adminToast.success(practiceId ? "练习已保存" : "练习已创建，请继续添加练习模式");
      onSaved(saved.id, !practiceId);
      onClose();
    } catch (e) {
      setErrors({ form: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  // A field's message goes once the field changes.
  const edit = <T,>(k: keyof Errors, set: (v: T) => void) => (v: T) => {
    set(v);
    setErrors((e) => (e[k] || e.form ? { ...e, [k]: undefined, form: undefined } : e));
  };
  const error = (k: keyof Errors) => errors[k] && <p role="alert" className="mt-1 text-xs text-danger">{errors[k]}</p>;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[92vh] w-[640px] overflow-y-auto">
        <DialogTitle>{practiceId ? "编辑练习" : "新建练习"}</DialogTitle>
        <div className="mt-4 space-y-4 text-sm">
          <label className="block">
            <span className="text-danger">*</span> 练习名称
            <input className={field} value={name} maxLength={100} placeholder="如：政府采购法律法规每日一练" onChange={(e) => edit("name", setName)(e.target.value)} aria-invalid={!!errors.name} />
            {error("name")}
          </label>
          <label className="block">
            练习介绍
            <textarea className={`${field} h-20 py-2`} value={description} maxLength={2000} placeholder="向学员介绍练习的内容和适用对象（选填）" onChange={(e) => edit("description", setDescription)(e.target.value)} />
            {error("description")}
          </label>
          <div>
            <p className="mb-1"><span className="text-danger">*</span> 题目文件夹<span className="ml-2 text-xs text-muted">练习从所选文件夹及其下级文件夹中已启用的试题出题</span></p>
            {folders ? <PracticeFolderPicker nodes={folders} value={folderIds} onChange={edit("folderIds", setFolderIds)} /> : <p className="text-muted">加载中…</p>}
            {error("folderIds")}
            {pool && (
              <p className="mt-2 text-xs text-[#4e5969]" data-testid="practice-pool">
                已选 {folderIds.length} 个文件夹，{poolText(pool)}
                {pool.questionCount === 0 && <span className="ml-1 text-[#ff7d00]">所选文件夹中暂无可练习的试题，无法添加练习模式</span>}
              </p>
            )}
          </div>
        </div>
        {errors.form && <p role="alert" className="mt-3 text-sm text-danger">{errors.form}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>取消</Button>
          <Button onClick={save} disabled={busy}>{busy ? "保存中…" : "保存"}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
