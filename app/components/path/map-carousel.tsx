import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";
import { CourseCover } from "~/components/course/course-card";

export const SCROLL_STEP = 996;

export interface MapNode {
  id: number;
  sectionId: number;
  sectionName: string;
  nodeName: string;
  coverUrl: string;
  status: number;
  statusName: string;
  buttonType: number;
  buttonName: string;
  lockTip: string;
  rate: number;
  relationContentType: number;
  relationContentTypeName: string;
  relationContentName: string;
  contentAvailable: number;
}

const STATUS_STYLE: Record<number, string> = {
  [-1]: "bg-black/55",
  0: "bg-primary",
  1: "bg-[#ff7d00]",
  2: "bg-[#00b42a]",
};

/** The map's node carousel (learner-front-end.md 2): title and count, arrows scrolling 996 px, back to the current node. */
export function MapCarousel({ nodes, currentIndex, busyId, onOpen }: { nodes: MapNode[]; currentIndex: number; busyId: number | null; onOpen: (node: MapNode) => void }) {
  const track = useRef<HTMLDivElement>(null);
  const toCurrent = () => {
    const el = track.current?.querySelectorAll<HTMLElement>("[data-node-id]")[currentIndex];
    if (el && track.current) track.current.scrollTo({ left: el.offsetLeft - track.current.offsetLeft, behavior: "smooth" });
  };
  useEffect(toCurrent, [currentIndex]);
  return (
    <section className="rounded-lg bg-white p-5" data-testid="map-carousel" aria-label="学习路径">
      <div className="mb-4 flex items-center gap-3">
        <h2 className="text-base font-semibold text-[#1d2129]">学习路径</h2>
        <span className="text-sm text-muted">共 {nodes.length} 个节点</span>
        <span className="flex-1" />
        <button type="button" className="text-sm text-primary hover:underline" onClick={toCurrent}>
          回到当前位置
        </button>
      </div>
      <div className="relative">
        <button type="button" aria-label="向左" onClick={() => track.current?.scrollBy({ left: -SCROLL_STEP, behavior: "smooth" })} className="absolute -left-3 top-[70px] z-10 h-8 w-8 rounded-full bg-white text-lg shadow ring-1 ring-border">
          ‹
        </button>
        <div ref={track} className="flex gap-4 overflow-x-hidden scroll-smooth px-1 pb-1">
          {nodes.map((n, i) => {
            const locked = n.status === -1;
            return (
              <div key={n.id} data-node-id={n.id} data-testid="map-node" className={cn("relative w-[230px] shrink-0 overflow-hidden rounded-lg border bg-white", i === currentIndex ? "border-primary ring-2 ring-primary/25" : "border-border")}>
                <div className="relative">
                  <CourseCover src={n.coverUrl} name="" className={cn(locked && "grayscale-[60%]")} />
                  <span className={cn("absolute left-2 top-2 rounded px-1.5 py-0.5 text-xs text-white", STATUS_STYLE[n.status])} data-testid="node-status">
                    {n.statusName}
                  </span>
                  <span className="absolute right-2 top-2 rounded bg-white/90 px-1.5 py-0.5 text-xs text-[#4e5969]">{n.relationContentTypeName}</span>
                  <span className="absolute bottom-2 left-2 text-xs text-white drop-shadow">第 {i + 1} 步</span>
                </div>
                <div className="p-3">
                  <p className="text-xs text-muted">{n.sectionName}</p>
                  <p className="mt-1 line-clamp-2 h-10 text-sm font-medium text-[#1d2129]" title={n.relationContentName}>
                    {n.relationContentName}
                  </p>
                  {n.relationContentType >= 1 && n.relationContentType <= 2 && n.status >= 0 && (
                    <div className="mt-2 h-1 overflow-hidden rounded bg-[#f2f3f5]" aria-label={`进度${n.rate}%`}>
                      <div className="h-full bg-primary" style={{ width: `${n.rate}%` }} />
                    </div>
                  )}
                  <button
                    type="button"
                    disabled={busyId === n.id}
                    onClick={() => onOpen(n)}
                    className={cn(
                      "mt-3 w-full rounded-full py-1.5 text-sm",
                      locked ? "bg-[#f2f3f5] text-muted" : n.status === 2 ? "border border-primary text-primary" : "bg-primary text-white",
                    )}
                  >
                    {n.relationContentType === 4 && n.status === 2 ? "查看证书" : n.buttonName}
                  </button>
                </div>
              </div>
            );
          })}
        </div>
        <button type="button" aria-label="向右" onClick={() => track.current?.scrollBy({ left: SCROLL_STEP, behavior: "smooth" })} className="absolute -right-3 top-[70px] z-10 h-8 w-8 rounded-full bg-white text-lg shadow ring-1 ring-border">
          ›
        </button>
      </div>
    </section>
  );
}
