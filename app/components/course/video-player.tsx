import { useEffect, useRef, type ReactNode } from "react";
import { PlayerChrome } from "./player-chrome";

export interface PlayerReport {
  position: number;
  event: "play" | "progress" | "pause" | "ended";
}

/** Reports while playing about every 10 s (learner-front-end.md: progress kept to the second). */
const REPORT_EVERY_MS = 10_000;

/**
 * An HLS (hls.js, or native where the browser has it) or MP4 player with the usual controls that
 * starts at `startAt` and reports its position on play, every ~10 s, on pause, on end and when the
 * page goes away. Seeking is free: the server credits only real elapsed time, so skipping ahead
 * never completes a lesson. `autoPlay` starts it as soon as it can (the next lesson after a countdown).
 */
export function VideoPlayer({
  src,
  hls,
  startAt,
  autoPlay = false,
  overlay,
  onReport,
  onUnload,
  onEnded,
}: {
  src: string;
  hls?: string;
  startAt: number;
  autoPlay?: boolean;
  overlay?: ReactNode;
  onReport: (r: PlayerReport) => void;
  onUnload: (position: number) => void;
  onEnded?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onReport);
  report.current = onReport;
  const unload = useRef(onUnload);
  unload.current = onUnload;
  const ended = useRef(onEnded);
  ended.current = onEnded;
  // Read once per lesson: a later reload of the page data must not restart the video.
  const start = useRef(startAt);
  const auto = useRef(autoPlay);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let destroyed = false;
    let instance: { destroy(): void } | null = null;
    const onMeta = () => {
      const at = start.current;
      if (at > 0 && el.duration && at < el.duration - 1) el.currentTime = at;
      if (auto.current)
        // Browsers may refuse sound without a fresh click: then it starts muted rather than not at all.
        el.play().catch(() => {
          if (destroyed) return;
          el.muted = true;
          return el.play().catch(() => {});
        });
    };
    el.addEventListener("loadedmetadata", onMeta, { once: true });
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
    const onEnd = () => {
      stop();
      // The very end, not the last whole second played: the lesson's last seconds count too.
      const end = Number.isFinite(el.duration) ? Math.ceil(el.duration) : pos();
      report.current({ position: end, event: "ended" });
      ended.current?.();
    };
    const onHide = () => {
      if (!el.paused) unload.current(pos());
    };
    el.addEventListener("play", onPlay);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onEnd);
    window.addEventListener("pagehide", onHide);
    return () => {
      destroyed = true;
      if (!el.paused) unload.current(pos());
      stop();
      el.removeEventListener("loadedmetadata", onMeta);
      el.removeEventListener("play", onPlay);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onEnd);
      window.removeEventListener("pagehide", onHide);
      instance?.destroy();
    };
  }, [src, hls]);

  return (
    <PlayerChrome className="block aspect-video w-full" overlay={overlay} testId="course-player-controls">
      <video ref={video} slot="media" playsInline className="bg-black" data-testid="course-video" />
    </PlayerChrome>
  );
}
