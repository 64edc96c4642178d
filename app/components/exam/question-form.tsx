import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { errorMessage, trpc } from "~/lib/trpc";
import { QuestionFolderSelect, type FolderOption } from "./question-folders";

export interface QuestionRow {
  id: number;
  questionType: number;
  difficultyType: number;
  content: string;
  options: { key: string; content: string }[];
  answer: string[];
  analysis: string;
  folderId: number | null;
}

const TYPES = [
  [1, "单选题"],
  [2, "多选题"],
  [3, "判断题"],
  [4, "填空题"],
  [5, "简答题"],
] as const;
const KEYS = "ABCDEFGHIJ";
const field = "h-9 w-full rounded-md border border-border px-3 text-sm focus:border-primary focus:outline-none";

/**
 * Add or edit one question; the fields follow its type. The server checks it again. A new question goes
 * into `defaultFolderId` (the folder being viewed) unless another folder is chosen.
 */
export function QuestionFormDialog({
  open,
  editing,
  folders = [],
  defaultFolderId = null,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: QuestionRow | null;
  folders?: FolderOption[];
  defaultFolderId?: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [type, setType] = useState(1);
  const [folder, setFolder] = useState("");
  const [difficulty, setDifficulty] = useState(2);
  const [content, setContent] = useState("");
  const [options, setOptions] = useState<string[]>(["", "", "", ""]);
  const [answer, setAnswer] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [analysis, setAnalysis] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const q = editing;
    setType(q?.questionType ?? 1);
    setDifficulty(q?.difficultyType ?? 2);
    setContent(q?.content ?? "");
    setOptions(q && q.options.length && q.questionType !== 3 ? q.options.map((o) => o.content) : ["", "", "", ""]);
    setAnswer(q && q.questionType <= 3 ? q.answer : []);
    setText(q && q.questionType >= 4 ? q.answer.join(q.questionType === 4 ? "，" : "") : "");
    setAnalysis(q?.analysis ?? "");
    const f = q ? q.folderId : defaultFolderId;
    setFolder(f ? String(f) : "");
    setError("");
  }, [open, editing, defaultFolderId]);

  async function save() {
    setBusy(true);
    setError("");
    const ans = type <= 3 ? answer : type === 4 ? text.split(/[，,]/).map((s) => s.trim()).filter(Boolean) : [text];
    const body = {
      questionType: type,
      difficultyType: difficulty,
      content,
      options: type <= 2 ? options.filter((o) => o.trim()).map((c, i) => ({ key: KEYS[i]!, content: c })) : [],
      answer: ans,
      analysis,
      // An edit leaves the folder alone unless it was changed here.
      ...(!editing || folder !== String(editing.folderId ?? "") ? { folderId: folder ? Number(folder) : null } : {}),
    };
    try {
      if (editing) await trpc.exam.admin.question.update.mutate({ id: editing.id, ...body });
      else await trpc.exam.admin.question.add.mutate(body);
      onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (k: string) => setAnswer(type === 2 ? (answer.includes(k) ? answer.filter((a) => a !== k) : [...answer, k].sort()) : [k]);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="w-[640px]">
        <DialogTitle>{editing ? "编辑试题" : "新增试题"}</DialogTitle>
        <div className="mt-4 space-y-3 text-sm">
          <div className="flex gap-3">
            <label className="flex-1">
              题型
              <select className={field} value={type} disabled={!!editing} onChange={(e) => { setType(Number(e.target.value)); setAnswer([]); }}>
                {TYPES.map(([v, n]) => <option key={v} value={v}>{n}</option>)}
              </select>
            </label>
            <label className="flex-1">
              难度
              <select className={field} value={difficulty} onChange={(e) => setDifficulty(Number(e.target.value))}>
                <option value={1}>简单</option>
                <option value={2}>中等</option>
                <option value={3}>困难</option>
              </select>
            </label>
          </div>
          <label className="block">
            所在文件夹
            <QuestionFolderSelect label="所在文件夹" folders={folders} value={folder} onChange={setFolder} />
          </label>
          <label className="block">
            题干
            <textarea className={`${field} h-20 py-2`} value={content} maxLength={2000} onChange={(e) => setContent(e.target.value)} placeholder="请输入题干；填空题用 ____ 表示空位" />
          </label>
          {type <= 2 && (
            <div className="space-y-2">
              {options.map((o, i) => (
                <div key={i} className="flex items-center gap-2">
                  <input type={type === 2 ? "checkbox" : "radio"} aria-label={`${KEYS[i]}为正确答案`} checked={answer.includes(KEYS[i]!)} onChange={() => toggle(KEYS[i]!)} />
                  <span className="w-4">{KEYS[i]}</span>
                  <input className={field} value={o} aria-label={`选项${KEYS[i]}`} onChange={(e) => setOptions(options.map((x, j) => (j === i ? e.target.value : x)))} />
                </div>
              ))}
              {options.length < 8 && <Button variant="link" size="sm" onClick={() => setOptions([...options, ""])}>+ 添加选项</Button>}
            </div>
          )}
          {type === 3 && (
            <div className="flex gap-4">
              {[["A", "正确"], ["B", "错误"]].map(([k, n]) => (
                <label key={k} className="flex items-center gap-1"><input type="radio" checked={answer.includes(k!)} onChange={() => setAnswer([k!])} />{n}</label>
              ))}
            </div>
          )}
          {type >= 4 && (
            <label className="block">
              {type === 4 ? "答案（多个空用逗号分隔，同一空的多个可接受答案用 | 分隔）" : "参考答案"}
              <textarea className={`${field} h-16 py-2`} value={text} onChange={(e) => setText(e.target.value)} />
            </label>
          )}
          <label className="block">
            解析
            <textarea className={`${field} h-16 py-2`} value={analysis} onChange={(e) => setAnalysis(e.target.value)} />
          </label>
          {error && <p role="alert" className="text-danger">{error}</p>}
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>取消</Button>
          <Button disabled={busy} onClick={save}>保存</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
