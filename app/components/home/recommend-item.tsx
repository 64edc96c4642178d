import { Link } from "@remix-run/react";
import { formatMoney, formatMonthDayTime } from "@base/format";
import { cn } from "~/lib/utils";
import { liveBadge } from "~/components/live/live-card";
import type { HomeItem } from "./types";

export const TYPE_LABEL: Record<number, string> = { 1: "课程", 2: "直播", 3: "考试", 4: "地图" };
function liveText(item: HomeItem) {
  return liveBadge({ liveStatus: item.liveStatus ?? 0, isPlayback: item.isPlayback ?? 0, isPause: item.isPause });
}

function startText(ms: number | null) {
  return ms ? `${formatMonthDayTime(ms)} 开播` : "";
}

/** One recommended item: type badge, cover, name, teacher, then free flag or prices (live status for lives). */
export function RecommendItemCard({ item }: { item: HomeItem }) {
  const isLive = item.type === 2;
  return (
    <Link
      to={item.linkUrl}
      data-testid="recommend-item"
      className="group flex min-w-0 flex-col overflow-hidden rounded-lg bg-white ring-1 ring-border transition hover:-translate-y-0.5 hover:shadow-lg hover:ring-primary-100"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-primary-50">
        {item.picUrl ? (
          <img src={item.picUrl} alt="" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" loading="lazy" />
        ) : (
          <div className="flex h-full items-center justify-center px-4 text-center text-sm font-medium text-primary/70">{item.name}</div>
        )}
        <span className="absolute left-2 top-2 rounded bg-black/55 px-1.5 py-0.5 text-xs text-white">{TYPE_LABEL[item.type] ?? "内容"}</span>
        {isLive && (
          <span className={cn("absolute right-2 top-2 rounded px-1.5 py-0.5 text-xs text-white", item.liveStatus === 1 ? "bg-[#f53f3f]" : item.liveStatus === 2 ? "bg-[#86909c]" : "bg-primary")}>
            {liveText(item)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="line-clamp-2 min-h-[40px] text-sm font-medium leading-5 text-[#1d2129] group-hover:text-primary">{item.name}</p>
        <p className="truncate text-xs text-muted">{item.teacher ? `讲师：${item.teacher}` : "\u00a0"}</p>
        <div className="mt-auto flex items-baseline gap-2 pt-1 text-sm">
          {isLive ? (
            <span className="text-xs text-[#4e5969]">{item.liveStatus === 0 ? startText(item.startTime) : liveText(item)}</span>
          ) : item.isFree ? (
            <span className="font-medium text-[#00b42a]">免费</span>
          ) : (
            <>
              <span className="font-semibold text-[#f53f3f]">¥{formatMoney(item.realPrice)}</span>
              {item.scribingPrice > item.realPrice && <s className="text-xs text-muted">¥{formatMoney(item.scribingPrice)}</s>}
            </>
          )}
        </div>
      </div>
    </Link>
  );
}
