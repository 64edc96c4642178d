import { formatDuration } from "@base/format";
import { cn } from "~/lib/utils";

export interface SectionData {
  id: number;
  name: string;
  type: number;
  duration: number;
  completed: number;
  learnStatus: number;
  watchedSeconds: number;
}
export interface ChapterData {
  id: number;
  name: string;
  children: SectionData[];
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;

export function StatusMark({ s }: { s: SectionData }) {
  if (s.completed) return <span className="rounded bg-[#e8ffea] px-1.5 py-0.5 text-xs text-[#00b42a]">已完成</span>;
  if (s.learnStatus === 1) return <span className="rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary">学习中</span>;
  return null;
}

/** Chapters and their sections; `onPick` makes sections clickable (the study page). */
export function ChapterList({ chapters, activeId, onPick, dark }: { chapters: ChapterData[]; activeId?: number | null; onPick?: (s: SectionData) => void; dark?: boolean }) {
  if (!chapters.length) return <p className="py-10 text-center text-sm text-muted">课程章节正在准备中</p>;
  return (
    <ol className="space-y-4">
      {chapters.map((ch) => (
        <li key={ch.id}>
          <p className={cn("text-sm font-semibold", dark ? "text-white" : "text-[#1d2129]")}>{ch.name}</p>
          <ul className="mt-2 space-y-1">
            {ch.children.map((s) => {
              const body = (
                <>
                  <span className={cn("shrink-0 rounded px-1.5 py-0.5 text-xs", s.type === 2 ? "bg-[#fff7e8] text-[#ff7d00]" : "bg-primary-50 text-primary")}>{s.type === 2 ? "文档" : "视频"}</span>
                  <span className="min-w-0 flex-1 truncate">{s.name}</span>
                  {s.type !== 2 && s.duration > 0 && <span className={cn("text-xs", dark ? "text-white/60" : "text-muted")}>{mmss(s.duration)}</span>}
                  <StatusMark s={s} />
                </>
              );
              const cls = cn(
                "flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm",
                dark ? "text-white/85 hover:bg-white/10" : "text-[#4e5969] hover:bg-surface",
                activeId === s.id && (dark ? "bg-white/15 text-white" : "bg-primary-50 text-primary"),
              );
              return (
                <li key={s.id}>
                  {onPick ? (
                    <button type="button" className={cls} onClick={() => onPick(s)} data-testid="section" aria-current={activeId === s.id ? "true" : undefined}>
                      {body}
                    </button>
                  ) : (
                    <div className={cls}>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export const totalDurationText = (seconds: number) => (seconds > 0 ? formatDuration(seconds) : "");
