import { Link } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import type { trpc } from "~/lib/trpc";
import { MedalImage } from "./medal-image";
import { chinaDate } from "./share-image";

export type CheckInInfo = Awaited<ReturnType<typeof trpc.checkIn.getCheckInWidget.query>>;
export type MedalVO = CheckInInfo["medalVO"][number];

/** The carousel shows 7 days a page, 72 px each: one arrow click moves a page (learner-front-end.md 9). */
const PAGE = 7;
const STEP = 504;
const CONTENT_NAMES: Record<number, string> = { 1: "课程", 2: "直播", 3: "考试" };

export const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
const studied = (s: number) => (s >= 60 ? `${Math.floor(s / 60)}分${s % 60 ? `${s % 60}秒` : ""}` : `${s}秒`);

/** One line saying where the learner stands today. */
function statusLine(info: CheckInInfo, left: number) {
  if (info.isExpired) return "本期打卡活动已结束，获得的勋章将永久保留";
  if (!info.isStart) return `打卡活动将于${info.checkInStartDate}开始`;
  if (info.isTodayCheckIn) return "今日已打卡，明天继续保持";
  const wait = `再学习 ${mmss(left)} 即可完成今日打卡`;
  return info.isBreak ? `连续打卡已中断，今天重新开始吧！${wait}` : wait;
}

function Carousel({ records }: { records: CheckInInfo["userCheckInRecordVO"] }) {
  const pages = Math.ceil(records.length / PAGE);
  const todayAt = records.findIndex((r) => r.isToday);
  const [page, setPage] = useState(() => (todayAt >= 0 ? Math.floor(todayAt / PAGE) : records[0]?.inCampaign ? pages - 1 : 0));
  return (
    <div className="flex items-center gap-2">
      <button type="button" aria-label="上一页" disabled={page === 0} onClick={() => setPage((p) => p - 1)} className="h-8 w-8 shrink-0 rounded-full text-lg text-[#4e5969] hover:bg-primary-50 disabled:opacity-30">
        ‹
      </button>
      <div className="w-[504px] overflow-hidden" data-testid="checkin-carousel">
        <ol className="flex transition-transform duration-300" style={{ transform: `translateX(-${page * STEP}px)` }}>
          {records.map((r) => (
            <li key={r.checkInDate} className="flex w-[72px] shrink-0 flex-col items-center gap-1.5" data-checked={r.isCheckIn} aria-current={r.isToday ? "date" : undefined}>
              <span
                className={cn(
                  "flex h-9 w-9 items-center justify-center rounded-full text-sm",
                  r.isCheckIn ? "bg-primary text-white" : r.isToday ? "border-2 border-dashed border-primary text-primary" : r.inCampaign ? "bg-surface text-[#c9cdd4]" : "bg-transparent text-[#e5e6eb]",
                )}
              >
                {r.isCheckIn ? "✓" : r.isToday ? "今" : "·"}
              </span>
              <span className={cn("text-xs", r.isToday ? "font-semibold text-primary" : "text-muted")}>{r.isToday ? "今天" : r.checkInDate.slice(5)}</span>
            </li>
          ))}
        </ol>
      </div>
      <button type="button" aria-label="下一页" disabled={page >= pages - 1} onClick={() => setPage((p) => p + 1)} className="h-8 w-8 shrink-0 rounded-full text-lg text-[#4e5969] hover:bg-primary-50 disabled:opacity-30">
        ›
      </button>
    </div>
  );
}

/**
 * The check-in detail: streak, the three medals, the 21-day carousel, today's task and the map's content,
 * and one primary button: 去学习/继续学习, 分享 once a medal is held, 看看其他课程 once the campaign is over.
 */
export function CheckInDialog({ info, left, open, onOpenChange, onShare, onStudy }: { info: CheckInInfo; left: number; open: boolean; onOpenChange: (open: boolean) => void; onShare: (medal: MedalVO) => void; onStudy: () => void }) {
  const held = info.medalVO.filter((m) => m.isGet);
  const best = held.reduce<MedalVO | null>((a, m) => (!a || m.medalType > a.medalType ? m : a), null);
  const studyLabel = info.continuousDays > 0 || info.todaySeconds > 0 ? "继续学习" : "去学习";
  const todayDone = Math.min(info.todaySeconds, info.needSeconds + 1);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[640px] p-0 [&>button:last-child]:text-white/90 [&>button:last-child]:hover:text-white" data-testid="checkin-dialog" onOpenAutoFocus={(e) => e.preventDefault()}>
        <div className="rounded-t-lg bg-gradient-to-br from-[#006bfd] to-[#5aa2ff] px-7 pb-5 pt-6 text-white">
          <DialogTitle className="text-xl text-white">打卡领勋章</DialogTitle>
          <DialogDescription className="mt-1 text-sm text-white/85">
            {info.businessName} · 活动时间 {info.checkInStartDate} - {info.checkInEndDate}
          </DialogDescription>
          <div className="mt-4 flex items-end justify-between">
            <p className="text-sm">
              已连续打卡 <span className="text-3xl font-bold" data-testid="checkin-days">{info.continuousDays}</span> 天
            </p>
            <p className="rounded-full bg-white/15 px-3 py-1 text-xs" data-testid="checkin-status">
              {statusLine(info, left)}
            </p>
          </div>
        </div>
        <div className="max-h-[60vh] overflow-y-auto px-7 pb-2">
          <section className="pt-5" aria-label="勋章">
            <h3 className="text-base font-semibold">我的勋章</h3>
            <ul className="mt-3 grid grid-cols-3 gap-3" data-testid="checkin-medals">
              {info.medalVO.map((m) => (
                <li key={m.medalType} className={cn("flex flex-col items-center rounded-lg px-2 py-3 text-center", m.isGet ? "bg-[#fff8ea]" : "bg-surface")}>
                  <button type="button" disabled={!m.isGet} onClick={() => onShare(m)} className="disabled:cursor-default" aria-label={m.isGet ? `分享「${m.medalName}」勋章` : `「${m.medalName}」勋章未获得`}>
                    <MedalImage medalType={m.medalType} earned={m.isGet === 1} size={64} />
                  </button>
                  <span className="mt-1 text-sm font-medium">{m.medalName}</span>
                  <span className="text-xs text-muted">连续打卡{m.continuousDays}天</span>
                  <span className={cn("mt-1 text-xs", m.isGet ? "text-[#9a6a00]" : "text-[#c9cdd4]")}>{m.isGet && m.awardTime ? `${chinaDate(m.awardTime)} 获得` : "未获得"}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="pt-5" aria-label="打卡记录">
            <h3 className="mb-3 text-base font-semibold">打卡记录</h3>
            <Carousel records={info.userCheckInRecordVO} />
          </section>
          <section className="pb-3 pt-5" aria-label="打卡任务">
            <h3 className="text-base font-semibold">打卡任务</h3>
            <div className="mt-3 rounded-lg bg-surface p-3">
              <div className="flex items-center justify-between text-sm">
                <span>观看直播、学习课程或参加考试累计超过1分钟</span>
                <span className={info.isTodayCheckIn ? "text-[#00b42a]" : "text-primary"}>{info.isTodayCheckIn ? "已完成" : info.isStart && !info.isExpired ? `还差${info.countDown ? left : 0}秒` : "--"}</span>
              </div>
              <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-[#e5e6eb]">
                <div className="h-full rounded-full bg-primary" style={{ width: `${(todayDone / (info.needSeconds + 1)) * 100}%` }} />
              </div>
            </div>
            {info.taskVO.length > 0 && (
              <ul className="mt-2 divide-y divide-border text-sm" data-testid="checkin-tasks">
                {info.taskVO.map((t) => (
                  <li key={t.nodeId} className="flex items-center gap-2 py-2">
                    <span className="rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary">{CONTENT_NAMES[t.contentType]}</span>
                    <span className="min-w-0 flex-1 truncate">{t.contentName}</span>
                    <span className="text-xs text-muted">{t.todaySeconds ? `今日已学${studied(t.todaySeconds)}` : "今日未学习"}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="flex justify-center gap-3 border-t border-border px-7 py-4">
          {info.isExpired ? (
            <Button asChild className="min-w-36">
              <Link to="/course/center">看看其他课程</Link>
            </Button>
          ) : best ? (
            <>
              <Button variant="outline" className="min-w-28" onClick={onStudy}>
                {studyLabel}
              </Button>
              <Button className="min-w-36" onClick={() => onShare(best)}>
                分享
              </Button>
            </>
          ) : (
            <Button className="min-w-36" onClick={onStudy}>
              {studyLabel}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
