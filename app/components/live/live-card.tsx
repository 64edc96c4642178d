import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";
import { formatMoney, formatMonthDayTime } from "@base/format";
import { LiveCover } from "./live-cover";

export interface LiveCardData {
  id: number;
  roomId: string;
  name: string;
  liveCoverUrl: string;
  teacherName: string;
  startTime: number;
  liveStatus: number;
  isPlayback: number;
  isPause?: number;
  /** Sold lives show their price. */
  isFree?: number;
  realPrice?: number;
}

/** The state a learner reads on a live: a paused live is not 直播中. */
export const liveBadge = (l: Pick<LiveCardData, "liveStatus" | "isPlayback" | "isPause">) => (l.liveStatus === 1 ? (l.isPause ? "暂停中" : "直播中") : l.liveStatus === 0 ? "未开始" : l.isPlayback ? "回放" : "已结束");
export const liveTime = formatMonthDayTime;

export function LiveCard({ live }: { live: LiveCardData }) {
  return (
    <Link to={`/live/detail?roomId=${live.roomId}`} className="group overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-md" data-testid="live-card">
      <div className="relative">
        <LiveCover name={live.name} coverUrl={live.liveCoverUrl} className="aspect-video" />
        <span className={cn("absolute left-2 top-2 rounded px-2 py-0.5 text-xs text-white", live.liveStatus === 1 ? "bg-danger" : live.liveStatus === 0 ? "bg-primary" : "bg-black/50")}>{liveBadge(live)}</span>
        {live.isFree === 0 && !!live.realPrice && <span className="absolute right-2 top-2 rounded bg-[#ff7d00] px-2 py-0.5 text-xs text-white">¥{formatMoney(live.realPrice)}</span>}
      </div>
      <div className="p-3">
        <p className="line-clamp-1 font-medium text-[#1d2129] group-hover:text-primary">{live.name}</p>
        <p className="mt-1.5 flex justify-between text-xs text-muted">
          <span>{live.teacherName}</span>
          <span>{liveTime(live.startTime)}</span>
        </p>
      </div>
    </Link>
  );
}
