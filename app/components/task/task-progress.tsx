import { cn } from "~/lib/utils";

/** Learner task states: 1 进行中, 2 已完成, 3 已逾期. */
const STATE_STYLE: Record<number, string> = {
  1: "bg-primary-50 text-primary",
  2: "bg-[#e8ffea] text-[#00b42a]",
  3: "bg-[#ffece8] text-[#f53f3f]",
};

export function TaskStateBadge({ state, name, className }: { state: number; name: string; className?: string }) {
  return <span className={cn("inline-flex h-6 shrink-0 items-center rounded px-2 text-xs", STATE_STYLE[state] ?? "bg-[#f2f3f5] text-[#4e5969]", className)}>{name}</span>;
}

/** A progress bar with its percentage; green once reached. */
export function ProgressBar({ rate, done, label, className }: { rate: number; done?: boolean; label: string; className?: string }) {
  const value = Math.max(0, Math.min(100, rate));
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-[#f2f3f5]" role="progressbar" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <div className={cn("h-full rounded-full transition-all", done ? "bg-[#00b42a]" : "bg-primary")} style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 shrink-0 text-right text-xs text-[#4e5969]">{value}%</span>
    </div>
  );
}

/** Days, hours left before a deadline, as learners read it. */
export function timeLeft(deadline: number, now: number) {
  const ms = deadline - now;
  if (ms <= 0) return "";
  const days = Math.floor(ms / 86_400_000);
  if (days >= 1) return `剩余${days}天`;
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 1 ? `剩余${hours}小时` : "即将截止";
}
