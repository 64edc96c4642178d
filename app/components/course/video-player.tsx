import { useEffect, useRef } from "react";

export interface PlayerReport {
  position: number;
  event: "play" | "progress" | "pause" | "ended";
}

/** Reports while playing about every 10 s (learner-front-end.md: progress kept to the second). */
const REPORT_EVERY_MS = 10_000;

/**
 * An HLS (hls.js, or native where the browser has it) or MP4 player that starts at `startAt`
 * and reports its position on play, every ~10 s, on pause, on end and when the page goes away.
 */
export function VideoPlayer({ src, hls, startAt, onReport, onUnload }: { src: string; hls?: string; startAt: number; onReport: (r: PlayerReport) => void; onUnload: (position: number) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onReport);
  report.current = onReport;
  const unload = useRef(onUnload);
  unload.current = onUnload;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let destroyed = false;
    let instance: { destroy(): void } | null = null;
    const seek = () => {
      if (startAt > 0 && el.duration && startAt < el.duration - 1) el.currentTime = startAt;
    };
    el.addEventListener("loadedmetadata", seek, { once: true });
    if (hls && !el.canPlayType("application/vnd.apple.mpegurl")) {
      void import("hls.js").then(({ default: Hls }) => {
        if (destroyed) return;
        if (Hls.isSupported()) {
          const h = new Hls();
          instance = h;
          h.loadSource(hls);
          h.attachMedia(el);
        } else el.src = src;
      });
    } else el.src = hls || src;

    const pos = () => Math.floor(el.currentTime || 0);
    let timer: ReturnType<typeof setInterval> | null = null;
    const onPlay = () => {
      report.current({ position: pos(), event: "play" });
      timer ??= setInterval(() => report.current({ position: pos(), event: "progress" }), REPORT_EVERY_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onPause = () => {
      if (el.ended) return;
      stop();
      report.current({ position: pos(), event: "pause" });
    };
    const onEnded = () => {
      stop();
      report.current({ position: pos(), event: "ended" });
    };
    const onHide = () => {
      if (!el.paused) unload.current(pos());
    };
    el.addEventListener("play", onPlay);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onHide);
    return () => {
      destroyed = true;
      if (!el.paused) unload.current(pos());
      stop();
      el.removeEventListener("play", onPlay);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onHide);
      instance?.destroy();
    };
  }, [src, hls, startAt]);

  return <video ref={video} controls playsInline className="aspect-video w-full bg-black" data-testid="course-video" />;
}
