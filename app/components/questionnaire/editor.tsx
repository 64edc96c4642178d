import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export interface DraftQuestion {
  key: number;
  type: 1 | 2 | 3;
  title: string;
  required: 0 | 1;
  options: string[];
}
export interface DraftQuestionnaire {
  title: string;
  description: string;
  anonymous: 0 | 1;
  questions: DraftQuestion[];
}

const TYPES = [
  { value: 1, label: "单选题" },
  { value: 2, label: "多选题" },
  { value: 3, label: "填空题" },
] as const;
let nextKey = 1;
export const newQuestion = (type: 1 | 2 | 3 = 1): DraftQuestion => ({ key: nextKey++, type, title: "", required: 1, options: type === 3 ? [] : ["", ""] });
export const withKeys = (qs: { type: number; title: string; required: number; options: string[] }[]): DraftQuestion[] =>
  qs.map((q) => ({ key: nextKey++, type: q.type as 1 | 2 | 3, title: q.title, required: q.required ? 1 : 0, options: [...q.options] }));

function move<T>(list: T[], from: number, to: number) {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Title, description and the question list: type, text, required, options added, removed and reordered. */
export function QuestionnaireEditor({ value, onChange, readOnly }: { value: DraftQuestionnaire; onChange: (v: DraftQuestionnaire) => void; readOnly: boolean }) {
  const setQ = (i: number, q: Partial<DraftQuestion>) => onChange({ ...value, questions: value.questions.map((x, j) => (j === i ? { ...x, ...q } : x)) });
  const [addType, setAddType] = useState<1 | 2 | 3>(1);
  return (
    <fieldset disabled={readOnly} className="space-y-4">
      <div className="space-y-3 rounded-lg border border-border bg-white p-4">
        <label className="block text-sm">
          <span className="mb-1 block font-medium">
            <span className="text-danger">*</span> 问卷标题
          </span>
          <Input value={value.title} maxLength={100} onChange={(e) => onChange({ ...value, title: e.target.value })} placeholder="不超过100字" aria-label="问卷标题" />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium">问卷说明</span>
          <textarea
            value={value.description}
            maxLength={500}
            rows={3}
            onChange={(e) => onChange({ ...value, description: e.target.value })}
            aria-label="问卷说明"
            className="w-full rounded-md border border-border p-2 text-sm"
            placeholder="向学员说明问卷的目的（选填）"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={value.anonymous === 1} onChange={(e) => onChange({ ...value, anonymous: e.target.checked ? 1 : 0 })} />
          匿名问卷（查看结果和导出时不显示答卷人）
        </label>
      </div>
      {value.questions.map((q, i) => (
        <div key={q.key} className="space-y-3 rounded-lg border border-border bg-white p-4" data-testid="editor-question">
          <div className="flex items-center gap-3 text-sm">
            <span className="font-medium">第{i + 1}题</span>
            <select
              aria-label={`第${i + 1}题题型`}
              value={q.type}
              onChange={(e) => {
                const type = Number(e.target.value) as 1 | 2 | 3;
                setQ(i, { type, options: type === 3 ? [] : q.options.length >= 2 ? q.options : ["", ""] });
              }}
              className="h-9 rounded-md border border-border px-2"
            >
              {TYPES.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1">
              <input type="checkbox" aria-label={`第${i + 1}题必答`} checked={q.required === 1} onChange={(e) => setQ(i, { required: e.target.checked ? 1 : 0 })} />
              必答
            </label>
            <span className="flex-1" />
            <button type="button" className="text-primary disabled:text-muted" disabled={i === 0} onClick={() => onChange({ ...value, questions: move(value.questions, i, i - 1) })}>
              上移
            </button>
            <button type="button" className="text-primary disabled:text-muted" disabled={i === value.questions.length - 1} onClick={() => onChange({ ...value, questions: move(value.questions, i, i + 1) })}>
              下移
            </button>
            <button type="button" className="text-danger" onClick={() => onChange({ ...value, questions: value.questions.filter((_, j) => j !== i) })}>
              删除题目
            </button>
          </div>
          <Input value={q.title} maxLength={200} onChange={(e) => setQ(i, { title: e.target.value })} placeholder="请输入题目" aria-label={`第${i + 1}题题目`} />
          {q.type !== 3 && (
            <div className="space-y-2 pl-4">
              {q.options.map((o, oi) => (
                <div key={oi} className="flex items-center gap-2 text-sm">
                  <span className="w-6 text-muted">{String.fromCharCode(65 + oi)}.</span>
                  <Input
                    value={o}
                    maxLength={100}
                    className="h-9"
                    onChange={(e) => setQ(i, { options: q.options.map((x, k) => (k === oi ? e.target.value : x)) })}
                    placeholder={`选项${oi + 1}`}
                    aria-label={`第${i + 1}题选项${oi + 1}`}
                  />
                  <button type="button" aria-label={`第${i + 1}题选项${oi + 1}上移`} className="text-primary disabled:text-muted" disabled={oi === 0} onClick={() => setQ(i, { options: move(q.options, oi, oi - 1) })}>
                    ↑
                  </button>
                  <button type="button" aria-label={`第${i + 1}题选项${oi + 1}下移`} className="text-primary disabled:text-muted" disabled={oi === q.options.length - 1} onClick={() => setQ(i, { options: move(q.options, oi, oi + 1) })}>
                    ↓
                  </button>
                  <button type="button" aria-label={`删除第${i + 1}题选项${oi + 1}`} className="shrink-0 whitespace-nowrap text-danger disabled:text-muted" disabled={q.options.length <= 2} onClick={() => setQ(i, { options: q.options.filter((_, k) => k !== oi) })}>
                    删除
                  </button>
                </div>
              ))}
              {q.options.length < 20 && (
                <button type="button" className="text-sm text-primary" onClick={() => setQ(i, { options: [...q.options, ""] })}>
                  + 添加选项
                </button>
              )}
            </div>
          )}
        </div>
      ))}
      {!readOnly && (
        <div className="flex items-center gap-2 rounded-lg border border-dashed border-border bg-white p-4 text-sm">
          <select aria-label="新题目题型" value={addType} onChange={(e) => setAddType(Number(e.target.value) as 1 | 2 | 3)} className="h-9 rounded-md border border-border px-2">
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange({ ...value, questions: [...value.questions, newQuestion(addType)] })}>
            添加题目
          </Button>
        </div>
      )}
    </fieldset>
  );
}
