import { cn } from "~/lib/utils";
import type { ExamQuestion } from "./question-view";

/** The answer card: every question's number, answered ones filled, the current one outlined. */
export function AnswerCard({
  questions,
  answered,
  current,
  onPick,
  marks,
}: {
  questions: ExamQuestion[];
  answered: Set<number>;
  current: number;
  onPick: (i: number) => void;
  /** Practice: answers graded at once show green (right) or red (wrong). */
  marks?: Map<number, boolean>;
}) {
  const markOf = (id: number) => marks?.get(id);
  const groups = new Map<string, { q: ExamQuestion; i: number }[]>();
  questions.forEach((q, i) => groups.set(q.questionTypeName, [...(groups.get(q.questionTypeName) ?? []), { q, i }]));
  return (
    <aside className="w-[280px] shrink-0 self-start rounded-lg bg-white p-4" aria-label="答题卡">
      <h2 className="mb-3 text-sm font-semibold text-[#1d2129]">
        答题卡 <span className="font-normal text-muted">（已答{questions.filter((q) => answered.has(q.questionId)).length}/{questions.length}）</span>
      </h2>
      {[...groups].map(([name, list]) => (
        <div key={name} className="mb-3">
          <div className="mb-2 text-xs text-muted">{name}</div>
          <div className="grid grid-cols-6 gap-2">
            {list.map(({ q, i }) => (
              <button
                key={q.questionId}
                type="button"
                onClick={() => onPick(i)}
                aria-label={`第${q.sort}题${markOf(q.questionId) === undefined ? (answered.has(q.questionId) ? "已答" : "未答") : markOf(q.questionId) ? "答对" : "答错"}`}
                className={cn(
                  "h-8 rounded text-xs",
                  markOf(q.questionId) === true ? "bg-[#00b42a] text-white" : markOf(q.questionId) === false ? "bg-danger text-white" : answered.has(q.questionId) ? "bg-primary text-white" : "border border-border text-[#4e5969]",
                  i === current && "ring-2 ring-primary/40",
                )}
              >
                {q.sort}
              </button>
            ))}
          </div>
        </div>
      ))}
    </aside>
  );
}
