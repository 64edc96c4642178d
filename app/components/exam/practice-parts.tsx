import type { ReactNode } from "react";
import { formatDateTime } from "@base/format";
import { cn } from "~/lib/utils";

/** A learner's figures in a practice, as the list, the detail and the summary show them. */
export interface PracticeStatsView {
  answeredCount: number;
  correctCount: number;
  correctRate: number;
  doneQuestionCount: number;
  wrongCount: number;
  lastPracticeTime: number | null;
}

export function StatBox({ label, value, unit, tone }: { label: string; value: ReactNode; unit?: string; tone?: "good" | "bad" }) {
  return (
    <div className="rounded-lg bg-surface px-4 py-3">
      <p className="text-xs text-muted">{label}</p>
      <p className={cn("mt-1 text-xl font-semibold text-[#1d2129]", tone === "good" && "text-[#00b42a]", tone === "bad" && "text-danger")}>
        {value}
        {unit && <span className="ml-1 text-xs font-normal text-muted">{unit}</span>}
      </p>
    </div>
  );
}

export const lastTimeText = (ms: number | null) => (ms ? formatDateTime(ms) : "尚未练习");

/** Done / total as a thin bar. */
export function ProgressBar({ done, total, label }: { done: number; total: number; label?: string }) {
  const pct = total ? Math.min(100, Math.round((done * 100) / total)) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-muted">
        <span>{label ?? "练习进度"}</span>
        <span>
          {done}/{total}
        </span>
      </div>
      <div className="h-1.5 rounded-full bg-[#f2f3f5]" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={label ?? "练习进度"}>
        <div className="h-1.5 rounded-full bg-primary" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** The feedback after an answer: right or wrong, the right answer, the learner's and the analysis. */
export function AnswerFeedback({
  result,
  note,
}: {
  result: { isCorrect: number; answerText: string; rightAnswerText: string; analysis: string };
  note?: string;
}) {
  const ok = result.isCorrect === 1;
  return (
    <section
      data-testid="practice-feedback"
      className={cn("mt-4 rounded-lg border px-6 py-4 text-sm leading-7", ok ? "border-[#b7eb8f] bg-[#f6ffed]" : "border-[#ffccc7] bg-[#fff2f0]")}
    >
      <p className={cn("text-base font-semibold", ok ? "text-[#00b42a]" : "text-danger")}>{ok ? "回答正确" : "回答错误"}</p>
      <p className="mt-1 text-[#1d2129]">
        正确答案：<span className="font-medium">{result.rightAnswerText}</span>
        <span className="ml-6 text-[#4e5969]">你的答案：{result.answerText || "未作答"}</span>
      </p>
      <p className="mt-2 text-[#4e5969]">
        <span className="font-medium text-[#1d2129]">答案解析：</span>
        {result.analysis || "暂无解析"}
      </p>
      {note && <p className="mt-2 text-xs text-muted">{note}</p>}
    </section>
  );
}
