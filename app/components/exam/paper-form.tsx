import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";

interface Rule {
  questionType: number;
  difficultyType: number | null;
  folderId: number | null;
  count: number;
  score: number;
}
interface Pick {
  id: number;
  content: string;
  questionTypeName: string;
}

const field = "h-9 rounded-md border border-border px-2 text-sm";
const TYPE_NAMES = ["", "单选题", "多选题", "判断题", "填空题", "简答题"];

/** Builds a paper: fixed (questions picked from the bank with a score each) or random (rules). */
export function PaperFormDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState("");
  const [paperType, setPaperType] = useState(2);
  const [rules, setRules] = useState<Rule[]>([{ questionType: 1, difficultyType: null, folderId: null, count: 5, score: 4 }]);
  const [bank, setBank] = useState<Pick[]>([]);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [keyword, setKeyword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [folders, setFolders] = useState<{ id: number; label: string }[]>([]);

  useEffect(() => {
    if (!open) return;
    type Node = { id: number; name: string; questionCount: number; children: Node[] };
    const flat = (nodes: Node[], depth: number): { id: number; label: string }[] =>
      nodes.flatMap((n) => [{ id: n.id, label: `${"　".repeat(depth)}${n.name}（${n.questionCount}题）` }, ...flat(n.children, depth + 1)]);
    trpc.exam.admin.question.folders
      .query()
      .then((r) => setFolders(flat(r.folders as Node[], 0)))
      .catch((e) => setError(errorMessage(e)));
  }, [open]);

  useEffect(() => {
    if (!open || paperType !== 1) return;
    trpc.exam.admin.question.usable
      .query({ pageNo: 1, pageSize: 50, keyword: keyword || undefined })
      .then((r) => setBank(r.list))
      .catch((e) => setError(errorMessage(e)));
  }, [open, paperType, keyword]);

  const total = paperType === 2 ? rules.reduce((s, r) => s + r.count * r.score, 0) : Object.values(picked).reduce((s, v) => s + v, 0);
  async function save() {
    setBusy(true);
    setError("");
    try {
      await trpc.exam.admin.paper.save.mutate(
        paperType === 2
          ? { name, paperType, rules }
          : { name, paperType, questions: Object.entries(picked).map(([questionId, score]) => ({ questionId: Number(questionId), score })) },
      );
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  const setRule = (i: number, patch: Partial<Rule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[760px]">
        <DialogTitle>新建试卷</DialogTitle>
        <div className="mt-4 space-y-3 text-sm">
          <label className="block">
            试卷名称
            <input className={`${field} w-full`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </label>
          <div className="flex gap-4">
            <label className="flex items-center gap-1"><input type="radio" checked={paperType === 2} onChange={() => setPaperType(2)} />随机组卷（按规则为每位考生抽题）</label>
            <label className="flex items-center gap-1"><input type="radio" checked={paperType === 1} onChange={() => setPaperType(1)} />固定组卷（手动选题）</label>
          </div>
          {paperType === 2 ? (
            <div className="space-y-2" data-testid="paper-rules">
              {rules.map((r, i) => (
                <div key={i} className="flex items-center gap-2">
                  <select className={field} aria-label="题型" value={r.questionType} onChange={(e) => setRule(i, { questionType: Number(e.target.value) })}>
                    {[1, 2, 3, 4, 5].map((t) => <option key={t} value={t}>{TYPE_NAMES[t]}</option>)}
                  </select>
                  <select className={field} aria-label="难度" value={r.difficultyType ?? ""} onChange={(e) => setRule(i, { difficultyType: e.target.value ? Number(e.target.value) : null })}>
                    <option value="">不限难度</option>
                    <option value="1">简单</option>
                    <option value="2">中等</option>
                    <option value="3">困难</option>
                  </select>
                  <select className={`${field} w-44`} aria-label="题库文件夹" value={r.folderId ?? ""} onChange={(e) => setRule(i, { folderId: e.target.value ? Number(e.target.value) : null })}>
                    <option value="">全部文件夹</option>
                    {folders.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
                  </select>
                  <label>抽<input className={`${field} mx-1 w-16`} aria-label="抽题数量" type="number" min={1} value={r.count} onChange={(e) => setRule(i, { count: Number(e.target.value) })} />题</label>
                  <label>每题<input className={`${field} mx-1 w-16`} aria-label="每题分值" type="number" min={1} value={r.score} onChange={(e) => setRule(i, { score: Number(e.target.value) })} />分</label>
                  <Button variant="link" size="sm" className="text-danger" onClick={() => setRules(rules.filter((_, j) => j !== i))}>删除</Button>
                </div>
              ))}
              <Button variant="link" size="sm" onClick={() => setRules([...rules, { questionType: 3, difficultyType: null, folderId: null, count: 5, score: 2 }])}>+ 添加规则</Button>
            </div>
          ) : (
            <div>
              <input className={`${field} mb-2 w-64`} placeholder="搜索题干" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
              <div className="max-h-64 overflow-auto rounded border border-border">
                {bank.map((q) => (
                  <label key={q.id} className="flex items-center gap-2 border-b border-border px-3 py-2 last:border-0">
                    <input type="checkbox" checked={q.id in picked} onChange={(e) => setPicked((p) => { const n = { ...p }; if (e.target.checked) n[q.id] = 5; else delete n[q.id]; return n; })} />
                    <span className="text-xs text-primary">{q.questionTypeName}</span>
                    <span className="flex-1 truncate">{q.content}</span>
                    {q.id in picked && <input className={`${field} w-16`} type="number" min={1} aria-label="分值" value={picked[q.id]} onChange={(e) => setPicked({ ...picked, [q.id]: Number(e.target.value) })} />}
                  </label>
                ))}
              </div>
            </div>
          )}
          <p className="text-muted">试卷总分：<span data-testid="paper-total">{total}</span>分</p>
          {error && <p role="alert" className="text-danger">{error}</p>}
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>取消</Button>
          <Button disabled={busy} onClick={save}>保存试卷</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
