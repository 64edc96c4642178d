import { useEffect, useState } from "react";
import { cn } from "~/lib/utils";

export interface ExamQuestion {
  questionId: number;
  questionType: number;
  questionTypeName: string;
  content: string;
  options: { key: string; content: string }[];
  blankCount: number;
  score: number;
  sort: number;
}

const JUDGE = [
  { key: "A", content: "正确" },
  { key: "B", content: "错误" },
];

/** One question with the input of its type; text inputs report after a short pause or on blur. */
export function QuestionView({
  q,
  value,
  onChange,
  disabled,
  hideScore,
}: {
  q: ExamQuestion;
  value: string[];
  onChange: (answer: string[]) => void;
  disabled?: boolean;
  /** Practice questions carry no points. */
  hideScore?: boolean;
}) {
  const options = q.questionType === 3 ? (q.options.length ? q.options : JUDGE) : q.options;
  return (
    <section className="rounded-lg bg-white p-6" data-testid={`question-${q.sort}`}>
      <header className="mb-4 flex items-start gap-2">
        <span className="shrink-0 rounded bg-primary-50 px-2 py-0.5 text-xs text-primary">{q.questionTypeName}</span>
        <h3 className="text-base leading-7 text-[#1d2129]">
          {q.sort}. {q.content}
          {!hideScore && <span className="ml-2 text-sm text-muted">（{q.score}分）</span>}
        </h3>
      </header>
      {(q.questionType === 1 || q.questionType === 2 || q.questionType === 3) && (
        <div className="space-y-2">
          {options.map((o) => {
            const checked = value.includes(o.key);
            return (
              <label
                key={o.key}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-md border px-4 py-2.5 text-sm transition-colors",
                  checked ? "border-primary bg-primary-50 text-primary" : "border-border hover:border-primary/60",
                )}
              >
                <input
                  type={q.questionType === 2 ? "checkbox" : "radio"}
                  name={`q-${q.questionId}`}
                  className="accent-[#006bfd]"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => {
                    if (q.questionType === 2) onChange(checked ? value.filter((k) => k !== o.key) : [...value, o.key].sort());
                    else onChange([o.key]);
                  }}
                />
                <span className="font-medium">{o.key}.</span>
                <span>{o.content}</span>
              </label>
            );
          })}
        </div>
      )}
      {q.questionType === 4 && <Blanks q={q} value={value} onChange={onChange} disabled={disabled} />}
      {q.questionType === 5 && <Essay value={value[0] ?? ""} onChange={(t) => onChange(t ? [t] : [])} disabled={disabled} />}
    </section>
  );
}

function useDebounced(initial: string, commit: (v: string) => void) {
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  useEffect(() => {
    if (text === initial) return;
    const t = setTimeout(() => commit(text), 600);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return [text, setText] as const;
}

function Blank({ index, initial, commit, disabled }: { index: number; initial: string; commit: (v: string) => void; disabled?: boolean }) {
  const [text, setText] = useDebounced(initial, commit);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-muted">第{index + 1}空</span>
      <input
        className="h-9 w-72 rounded-md border border-border px-3 focus:border-primary focus:outline-none"
        value={text}
        disabled={disabled}
        aria-label={`第${index + 1}空`}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text !== initial && commit(text)}
      />
    </label>
  );
}

function Blanks({ q, value, onChange, disabled }: { q: ExamQuestion; value: string[]; onChange: (a: string[]) => void; disabled?: boolean }) {
  const n = Math.max(1, q.blankCount);
  return (
    <div className="space-y-2">
      {Array.from({ length: n }, (_, i) => (
        <Blank
          key={i}
          index={i}
          initial={value[i] ?? ""}
          disabled={disabled}
          commit={(v) => {
            const next = Array.from({ length: n }, (_, j) => (j === i ? v : value[j] ?? ""));
            onChange(next.some((s) => s.trim()) ? next : []);
          }}
        />
      ))}
    </div>
  );
}

function Essay({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const [text, setText] = useDebounced(value, onChange);
  return (
    <textarea
      className="h-40 w-full rounded-md border border-border p-3 text-sm focus:border-primary focus:outline-none"
      placeholder="请输入你的答案"
      maxLength={5000}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => text !== value && onChange(text)}
    />
  );
}
