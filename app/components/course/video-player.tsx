import { useEffect, useRef, useState, type ReactNode } from "react";
import { renewalBudget } from "~/lib/link-renewal";
import { PlayerChrome } from "./player-chrome";

export interface PlayerReport {
  position: number;
  event: "play" | "progress" | "pause" | "ended";
}

/** Reports while playing about every 10 s (learner-front-end.md: progress kept to the second). */
const REPORT_EVERY_MS = 10_000;
export const VIDEO_BROKEN = "视频加载失败，请刷新页面重试";

/** The addresses a player plays: the file, and its HLS playlist when the video has one. */
export interface VideoSource {
  src: string;
  hls?: string;
}

/**
 * An HLS (hls.js, or native where the browser has it) or MP4 player with the usual controls that
 * starts at `startAt` and reports its position on play, every ~10 s, on pause, on end and when the
 * page goes away. Seeking is free: the server credits only real elapsed time, so skipping ahead
 * never completes a lesson. `autoPlay` starts it as soon as it can (the next lesson after a countdown).
 * Its addresses are signed links that expire (an hour plus the video's length): a video paused past that
 * fails at its next segment, so the player asks `renew` for fresh ones and goes on from the same second,
 * playing if it was.
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
  renew,
}: {
  src: string;
  hls?: string;
  startAt: number;
  autoPlay?: boolean;
  overlay?: ReactNode;
  onReport: (r: PlayerReport) => void;
  onUnload: (position: number) => void;
  onEnded?: () => void;
  /** Fresh signed addresses of the same video, or null when it is no longer there. */
  renew?: () => Promise<VideoSource | null>;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onReport);
  report.current = onReport;
  const unload = useRef(onUnload);
  unload.current = onUnload;
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const renewRef = useRef(renew);
  renewRef.current = renew;
  const [broken, setBroken] = useState(false);
  // Read once per lesson: a later reload of the page data must not restart the video.
  const start = useRef(startAt);
  const auto = useRef(autoPlay);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let destroyed = false;
    let instance: { destroy(): void } | null = null;
    setBroken(false);
    // While a source is swapped for renewed links the element empties and reloads: no reports then.
    let swapping = false;
    let renewing = false;
    const resume = { at: 0, play: false };
    const renewals = renewalBudget();
    let pendingMeta: (() => void) | null = null;

    /** Plays `source` from `at` (seconds), starting it when `play` says so (or, for a swap, when play was pressed meanwhile). */
    const attach = (source: VideoSource, at: number, play: boolean) => {
      if (pendingMeta) el.removeEventListener("loadedmetadata", pendingMeta);
      const onMeta = () => {
        pendingMeta = null;
        if (at > 0 && el.duration && at < el.duration - 1) el.currentTime = at;
        const go = play || (swapping && resume.play);
        swapping = false;
        if (go)
          // Browsers may refuse sound without a fresh click: then it starts muted rather than not at all.
          el.play().catch(() => {
            if (destroyed) return;
            el.muted = true;
            return el.play().catch(() => {});
          });
      };
      pendingMeta = onMeta;
      el.addEventListener("loadedmetadata", onMeta, { once: true });
      instance?.destroy();
      instance = null;
      // hls.js wherever it runs, as the live player: Chrome's own HLS (new in this year's versions) reports
      // a failed segment only as an unsupported source, without the status that tells an expired link.
      if (source.hls && (!el.canPlayType("application/vnd.apple.mpegurl") || /Chrome/.test(navigator.userAgent))) {
        void import("hls.js").then(({ default: Hls }) => {
          if (destroyed) return;
          if (Hls.isSupported()) {
            const h = new Hls();
            instance = h;
            // A refused link is not retried (hls.js would try a segment six times over half a minute).
            h.on(Hls.Events.ERROR, (_e, d) => {
              if (d.fatal || d.response?.code === 403) void recover();
            });
            h.loadSource(source.hls!);
            h.attachMedia(el);
          } else el.src = source.src;
        });
      } else el.src = source.hls || source.src;
    };

    /** A load failed (an expired link, most likely): fresh links, same second; a second failure in a minute is shown. */
    const recover = async () => {
      if (destroyed || renewing) return;
      const ask = renewRef.current;
      if (!ask || !renewals.take()) return setBroken(true);
      renewing = true;
      // Where it was and whether it played, read before the first swap (a swapped source that failed too knows neither).
      if (!swapping) {
        resume.at = el.currentTime || start.current;
        // Playing, or about to start by itself (the next lesson) when the very first load failed.
        resume.play = !el.paused || (auto.current && el.played.length === 0);
      }
      swapping = true;
      const fresh = await ask().catch(() => null);
      renewing = false;
      if (destroyed) return;
      if (!fresh || !(fresh.src || fresh.hls)) {
        swapping = false;
        return setBroken(true);
      }
      attach(fresh, resume.at, resume.play);
    };
    const onError = () => void recover();
    el.addEventListener("error", onError);
    attach({ src, hls }, start.current, auto.current);

    const pos = () => Math.floor(el.currentTime || 0);
    let timer: ReturnType<typeof setInterval> | null = null;
    const onPlay = () => {
      // Pressed during a swap: the new source starts once loaded (loading it dropped this play).
      if (swapping) {
        resume.play = true;
        return;
      }
      setBroken(false);
      report.current({ position: pos(), event: "play" });
      timer ??= setInterval(() => !swapping && report.current({ position: pos(), event: "progress" }), REPORT_EVERY_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onPause = () => {
      if (el.ended || swapping) return;
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
      if (!el.paused && !swapping) unload.current(pos());
    };
    el.addEventListener("play", onPlay);
    el.addEventListener("pause", onPause);
    el.addEventListener("ended", onEnd);
    window.addEventListener("pagehide", onHide);
    return () => {
      destroyed = true;
      if (!el.paused && !swapping) unload.current(pos());
      if (pendingMeta) el.removeEventListener("loadedmetadata", pendingMeta);
      stop();
      el.removeEventListener("error", onError);
      el.removeEventListener("play", onPlay);
      el.removeEventListener("pause", onPause);
      el.removeEventListener("ended", onEnd);
      window.removeEventListener("pagehide", onHide);
      instance?.destroy();
    };
  }, [src, hls]);

  return (
    <PlayerChrome
      className="block aspect-video w-full"
      overlay={
        broken ? (
          <div slot="centered-chrome" role="alert" className="rounded-lg bg-black/75 px-6 py-4 text-center text-white" data-testid="video-broken">
            {VIDEO_BROKEN}
          </div>
        ) : (
          overlay
        )
      }
      testId="course-player-controls"
    >
      <video ref={video} slot="media" playsInline className="bg-black" data-testid="course-video" />
    </PlayerChrome>
  );
}
