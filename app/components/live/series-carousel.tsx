import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";
import { liveBadge } from "./live-card";
import { LiveCover } from "./live-cover";
import { formatMonthDayTime } from "@base/format";

export const SCROLL_STEP = 996;
const POP_DELAY_MS = 3000;
const POP_HIDE_MS = 15_000;
const popKey = (seriesId: number, liveId: number) => `live-series-pop:${seriesId}:${liveId}`;

export interface SeriesItem {
  id: number;
  roomId: string;
  name: string;
  liveCoverUrl: string;
  liveStatus: number;
  isPlayback: number;
  isPause?: number;
  teacherName: string;
  startTime: number;
}
export interface SeriesInfo {
  seriesName: string;
  periodsNum: number;
  seriesList: SeriesItem[];
  selectedLiveId: number | null;
  liveSeriesId: number;
}

const when = formatMonthDayTime;

/** Forgets the pop-up records of a series (after unsubscribing, it may pop up again). */
export function clearSeriesPopRecords(seriesId: number) {
  for (const k of Object.keys(localStorage)) if (k.startsWith(`live-series-pop:${seriesId}:`)) localStorage.removeItem(k);
}

export function SeriesCarousel(props: { info: SeriesInfo; currentLiveId: number; subscribed: boolean; onSubscribe: () => void; onUnsubscribe: () => void; onPick: (item: SeriesItem) => void }) {
  const { info, currentLiveId } = props;
  const track = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [pop, setPop] = useState(false);
  const toCurrent = () => {
    const el = track.current?.querySelector<HTMLElement>(`[data-live-id="${currentLiveId}"]`);
    if (el && track.current) track.current.scrollTo({ left: el.offsetLeft - track.current.offsetLeft, behavior: "smooth" });
  };
  useEffect(toCurrent, [currentLiveId]);

  // The subscribe pop-up: 3 s after load, once per series and live, hidden after 15 s.
  useEffect(() => {
    if (props.subscribed) return;
    const key = popKey(info.liveSeriesId, currentLiveId);
    if (localStorage.getItem(key)) return;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      localStorage.setItem(key, String(Date.now()));
      setPop(true);
      hide = setTimeout(() => setPop(false), POP_HIDE_MS);
    }, POP_DELAY_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [info.liveSeriesId, currentLiveId, props.subscribed]);

  return (
    <section className="relative rounded-lg bg-white p-4" data-testid="live-series">
      <div className="mb-3 flex items-center gap-3">
        <h2 className="text-base font-semibold">{info.seriesName}</h2>
        <span className="text-sm text-muted">共 {info.periodsNum} 期</span>
        <span className="flex-1" />
        <button type="button" className="text-sm text-primary" onClick={toCurrent}>
          回到当前
        </button>
        {props.subscribed ? (
          <button type="button" className="rounded-full border border-border px-4 py-1 text-sm text-muted" onClick={() => setConfirming(true)}>
            已订阅
          </button>
        ) : (
          <button type="button" className="rounded-full bg-primary px-4 py-1 text-sm text-white" onClick={props.onSubscribe}>
            订阅系列
          </button>
        )}
      </div>
      {/* In the flow under the heading: a fixed pop-up covered the carousel's own title and buttons. */}
      {pop && !props.subscribed && (
        <div role="dialog" aria-label="订阅提醒" className="mb-3 flex items-center gap-4 rounded-lg bg-primary-50 px-4 py-2 text-sm ring-1 ring-primary/20" data-testid="series-pop">
          <span className="flex-1">订阅「{info.seriesName}」，新一期开播时提醒您</span>
          <button type="button" className="rounded-full bg-primary px-4 py-1 text-white" onClick={() => (setPop(false), props.onSubscribe())}>
            订阅
          </button>
          <button type="button" aria-label="关闭" className="text-muted" onClick={() => setPop(false)}>
            ✕
          </button>
        </div>
      )}
      <div className="relative">
        <button type="button" aria-label="向左" onClick={() => track.current?.scrollBy({ left: -SCROLL_STEP, behavior: "smooth" })} className="absolute -left-2 top-1/2 z-10 h-8 w-8 -translate-y-1/2 rounded-full bg-white shadow">
          ‹
        </button>
        <div ref={track} className="flex gap-3 overflow-x-hidden scroll-smooth">
          {info.seriesList.map((item, i) => (
            <button
              type="button"
              key={item.id}
              data-live-id={item.id}
              onClick={() => props.onPick(item)}
              className={cn("w-[237px] shrink-0 overflow-hidden rounded-lg border text-left", item.id === currentLiveId ? "border-primary ring-2 ring-primary/30" : "border-border")}
            >
              <div className="relative">
                <LiveCover name={item.name} coverUrl={item.liveCoverUrl} className="aspect-video" />
                <span className={cn("absolute left-2 top-2 rounded px-1.5 text-xs text-white", item.liveStatus === 1 ? "bg-danger" : item.liveStatus === 0 ? "bg-primary" : "bg-black/50")}>
                  {liveBadge(item)}
                </span>
                <span className="absolute bottom-2 left-2 text-xs text-white/90">第 {i + 1} 期</span>
              </div>
              <div className="p-2.5">
                <p className="line-clamp-1 text-sm font-medium">{item.name}</p>
                <p className="mt-1 text-xs text-muted">
                  {item.teacherName} · {when(item.startTime)}
                </p>
              </div>
            </button>
          ))}
        </div>
        <button type="button" aria-label="向右" onClick={() => track.current?.scrollBy({ left: SCROLL_STEP, behavior: "smooth" })} className="absolute -right-2 top-1/2 z-10 h-8 w-8 -translate-y-1/2 rounded-full bg-white shadow">
          ›
        </button>
      </div>
      {confirming && (
        <div role="dialog" aria-label="取消订阅" className="absolute right-4 top-12 z-20 w-64 rounded-lg bg-white p-4 text-sm shadow-xl ring-1 ring-border">
          <p>确定取消订阅该系列吗？取消后将不再收到开播提醒。</p>
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className="rounded border border-border px-3 py-1" onClick={() => setConfirming(false)}>
              再想想
            </button>
            <button
              type="button"
              className="rounded bg-primary px-3 py-1 text-white"
              onClick={() => {
                setConfirming(false);
                clearSeriesPopRecords(info.liveSeriesId);
                props.onUnsubscribe();
              }}
            >
              确定
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
