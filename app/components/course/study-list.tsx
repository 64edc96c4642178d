import { Link } from "@remix-run/react";
import { formatDate, formatDuration } from "@base/format";
import { CourseCover } from "./course-card";

export interface StudyItem {
  id: number;
  name: string;
  coverUrl: string;
  teacherName: string;
  progress: number;
  learningStatus: number;
  learnSeconds: number;
  lastLearnTime: number | null;
  joinTime: number;
}

const day = formatDate;

/** The learner's courses with progress bars and a continue button. */
export function StudyList({ list }: { list: StudyItem[] }) {
  return (
    <ul className="divide-y divide-border">
      {list.map((c) => (
        <li key={c.id} className="flex items-center gap-5 py-4" data-testid="study-item">
          <Link to={`/course/detail?id=${c.id}`} className="w-44 shrink-0 overflow-hidden rounded-md">
            <CourseCover src={c.coverUrl} name="" />
          </Link>
          <div className="min-w-0 flex-1">
            <Link to={`/course/detail?id=${c.id}`} className="line-clamp-1 font-medium text-[#1d2129] hover:text-primary">
              {c.name}
            </Link>
            <p className="mt-1 text-xs text-muted">
              讲师：{c.teacherName || "财云学院"} · 已学 {formatDuration(c.learnSeconds)}
              {c.lastLearnTime ? ` · 最近学习 ${day(c.lastLearnTime)}` : ` · 加入于 ${day(c.joinTime)}`}
            </p>
            <div className="mt-3 flex items-center gap-3">
              <div className="h-1.5 w-64 overflow-hidden rounded-full bg-surface">
                <div className="h-full rounded-full bg-primary" style={{ width: `${c.progress}%` }} />
              </div>
              <span className="text-xs text-muted">{c.learningStatus === 2 ? "已完成" : `${c.progress}%`}</span>
            </div>
          </div>
          <Link to={`/study/platform?id=${c.id}`} className="shrink-0 rounded-md border border-primary px-4 py-1.5 text-sm text-primary hover:bg-primary-50">
            {c.learningStatus === 2 ? "再次学习" : c.learningStatus === 1 ? "继续学习" : "开始学习"}
          </Link>
        </li>
      ))}
    </ul>
  );
}
