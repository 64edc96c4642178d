import { useEffect, useRef, useState } from "react";
import { PlayerChrome } from "~/components/course/player-chrome";
import { renewalBudget } from "~/lib/link-renewal";
import { cn } from "~/lib/utils";

export const POOR_NETWORK = "您当前的网络较差，请切换网络后刷新";
export const HOST_AWAY = "主播暂时离开，马上回来";
const HIDE_CONTROLS_MS = 5000;
const MOVE_THROTTLE_MS = 500;
const MINI = { width: 484, height: 274, right: 40, bottom: 80 };

interface Props {
  src: string;
  paused: boolean;
  subtitleUrl?: string;
  subtitlesOn?: boolean;
  /** Live captioning runs: offer the subtitles toggle even without a subtitle file. */
  captionsLive?: boolean;
  /** The caption sentence to show now (live captioning). */
  caption?: string;
  /** Bumped by a live-start message: set the volume and play. */
  playSignal?: number;
  /** Bumped by a live-stop message: pause. */
  stopSignal?: number;
  loop?: boolean;
  label: string;
  /** A recording: on-demand controls (seek bar, times, speed) instead of the live ones. */
  replay?: boolean;
  /**
   * Fresh signed addresses for the room (its links last 12 hours): the room takes them and answers this
   * player's new address, which comes back as `src`; "" when there is none to play.
   */
  renew?: () => Promise<string>;
}

/** HLS player with pause view, poor-network tip, floating window, fullscreen, volume, subtitles. */
export function LivePlayer({ src, paused, subtitleUrl, subtitlesOn = false, captionsLive = false, caption = "", playSignal = 0, stopSignal = 0, loop, label, replay = false, renew }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(0.8);
  const [muted, setMuted] = useState(true);
  const [subs, setSubs] = useState(subtitlesOn);
  const [controls, setControls] = useState(true);
  const [mini, setMini] = useState(false);
  const [miniClosed, setMiniClosed] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const lastMove = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>();
  const renewRef = useRef(renew);
  renewRef.current = renew;
  const [renewals] = useState(renewalBudget);
  /** The replay's second when its links were renewed: the new source starts there. */
  const resumeAt = useRef(0);

  /** A refused link (expired after its 12 hours): fresh ones from the room, or the failure tip when there are none. */
  const renewLinks = async (): Promise<boolean> => {
    const ask = renewRef.current;
    if (!ask || !renewals.take()) return false;
    if (replay) resumeAt.current = video.current?.currentTime ?? 0;
    const fresh = await ask().catch(() => "");
    return !!fresh && fresh !== src;
  };

  useEffect(() => {
    const v = video.current;
    if (!v || !src) return;
    setFailed(false);
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    let seekBack: (() => void) | undefined;
    const fail = () => setFailed(true);
    if (v.canPlayType("application/vnd.apple.mpegurl") && !/Chrome/.test(navigator.userAgent)) {
      v.src = src;
      v.addEventListener("error", fail);
    } else {
      void import("hls.js").then(({ default: Hls }) => {
        if (destroyed) return;
        if (!Hls.isSupported()) return fail();
        const h = new Hls({ manifestLoadingMaxRetry: 2, fragLoadingMaxRetry: 2 });
        hls = h;
        let renewing = false;
        h.on(Hls.Events.ERROR, (_e, d) => {
          // A refused link is renewed rather than retried: the new address comes back as src.
          if (d.response?.code === 403 && !renewing) {
            renewing = true;
            h.stopLoad();
            void renewLinks().then((ok) => !ok && !destroyed && fail());
          } else if (d.fatal && !renewing) {
            console.warn(`live player: ${d.type} ${d.details}`);
            fail();
          }
        });
        const at = resumeAt.current;
        resumeAt.current = 0;
        if (at > 0) {
          seekBack = () => (v.currentTime = at);
          v.addEventListener("loadedmetadata", seekBack, { once: true });
        }
        h.loadSource(src);
        h.attachMedia(v);
      });
    }
    v.muted = true;
    void v.play().catch(() => {});
    return () => {
      destroyed = true;
      v.removeEventListener("error", fail);
      if (seekBack) v.removeEventListener("loadedmetadata", seekBack);
      hls?.destroy();
    };
  }, [src, attempt]);

  useEffect(() => {
    const v = video.current;
    if (!v || !playSignal) return;
    v.volume = volume;
    void v.play().catch(() => {});
  }, [playSignal]);
  useEffect(() => {
    if (stopSignal) video.current?.pause();
  }, [stopSignal]);
  // While the host is away the picture stops; it resumes when they come back, reloaded at the live
  // edge (the stream may have restarted at the ingest meanwhile).
  const wasPaused = useRef(paused);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    if (paused) v.pause();
    else if (wasPaused.current) setAttempt((a) => a + 1);
    else void v.play().catch(() => {});
    wasPaused.current = paused;
  }, [paused]);
  useEffect(() => {
    if (video.current) {
      video.current.volume = volume;
      video.current.muted = muted;
    }
  }, [volume, muted]);
  useEffect(() => {
    const track = video.current?.textTracks[0];
    if (track) track.mode = subs ? "showing" : "hidden";
  }, [subs, subtitleUrl]);
  useEffect(() => setSubs(subtitlesOn), [subtitlesOn]);

  // The floating window appears once the player's place scrolls out of view.
  useEffect(() => {
    const el = slot.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const io = new IntersectionObserver(([entry]) => setMini(!entry!.isIntersecting), { threshold: 0.1 });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  const wake = () => {
    const now = Date.now();
    if (now - lastMove.current < MOVE_THROTTLE_MS && controls) return;
    lastMove.current = now;
    setControls(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
  };
  useEffect(() => {
    hideTimer.current = setTimeout(() => setControls(false), HIDE_CONTROLS_MS);
    return () => clearTimeout(hideTimer.current);
  }, []);

  const floating = mini && !miniClosed;
  const drag = (e: React.PointerEvent) => {
    if ((e.target as HTMLElement).closest("button, media-control-bar, media-playback-rate-menu")) return;
    const start = { x: e.clientX - offset.x, y: e.clientY - offset.y };
    const move = (ev: PointerEvent) => setOffset({ x: ev.clientX - start.x, y: ev.clientY - start.y });
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };
  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => {});
    else v.pause();
  };

  const subtitlesButton = (subtitleUrl || captionsLive) && (
    <button type="button" onClick={() => setSubs((s) => !s)} aria-pressed={subs} className={cn("rounded px-2", subs && "bg-white/20", replay && "text-sm text-white hover:bg-white/10")}>
      字幕{subs ? "开" : "关"}
    </button>
  );
  const videoEl = (
    <video ref={video} slot={replay ? "media" : undefined} className="h-full w-full" playsInline loop={loop} aria-label={label} onPlay={() => setPlaying(true)} onPause={() => setPlaying(false)} crossOrigin="anonymous">
      {subtitleUrl && <track kind="subtitles" srcLang="zh" label="中文字幕" src={subtitleUrl} default={subs} />}
    </video>
  );
  const failedTip = failed && !paused && (
    <div slot={replay ? "centered-chrome" : undefined} className={cn("flex flex-col items-center justify-center gap-3 bg-black/80 text-white", replay ? "self-stretch grow" : "absolute inset-0")}>
      <p>{POOR_NETWORK}</p>
      <button type="button" className="rounded bg-primary px-4 py-1.5 text-sm" onClick={() => void renewLinks().then((renewed) => !renewed && setAttempt((n) => n + 1))}>
        刷新
      </button>
    </div>
  );

  return (
    <div ref={slot} className="relative aspect-video w-full bg-black">
      <div
        ref={box}
        data-testid="live-player"
        data-floating={floating ? "1" : "0"}
        onMouseMove={replay ? undefined : wake}
        onPointerDown={floating ? drag : undefined}
        className={cn("group bg-black", floating ? "fixed z-50 cursor-move overflow-hidden rounded-lg shadow-2xl" : "absolute inset-0")}
        style={floating ? { width: MINI.width, height: MINI.height, right: MINI.right - offset.x, bottom: MINI.bottom - offset.y } : undefined}
      >
        {replay ? (
          // A recording can be scrubbed and sped up; the controls come from the player library.
          <PlayerChrome className="block h-full w-full" extra={subtitlesButton} overlay={failedTip}>
            {videoEl}
          </PlayerChrome>
        ) : (
          <>
            {videoEl}
            {subs && caption && !paused && (
              <div className={cn("pointer-events-none absolute inset-x-0 flex justify-center px-6 transition-[bottom]", controls ? "bottom-14" : "bottom-6")}>
                <p data-testid="live-caption" className="max-w-[90%] rounded bg-black/70 px-3 py-1 text-center text-base leading-7 text-white">
                  {caption}
                </p>
              </div>
            )}
            {paused && (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-[#0b1220]/90 text-white">
                <p className="text-lg">{HOST_AWAY}</p>
              </div>
            )}
            {failedTip}
          </>
        )}
        {floating && (
          <button type="button" aria-label="关闭小窗" className="absolute right-2 top-2 z-10 h-7 w-7 rounded-full bg-black/60 text-white" onClick={() => setMiniClosed(true)}>
            ✕
          </button>
        )}
        {!replay && (
          <div className={cn("absolute inset-x-0 bottom-0 flex items-center gap-3 bg-gradient-to-t from-black/80 to-transparent px-4 py-2 text-sm text-white transition-opacity", controls ? "opacity-100" : "opacity-0")} data-testid="player-controls">
            <button type="button" onClick={toggle} aria-label={playing ? "暂停" : "播放"}>
              {playing ? "❚❚" : "▶"}
            </button>
            <button type="button" onClick={() => setMuted((m) => !m)} aria-label={muted ? "取消静音" : "静音"}>
              {muted ? "静音" : "音量"}
            </button>
            <input aria-label="音量" type="range" min={0} max={1} step={0.05} value={muted ? 0 : volume} onChange={(e) => (setVolume(Number(e.target.value)), setMuted(false))} className="w-24 accent-primary" />
            <span className="flex-1" />
            {subtitlesButton}
            <button type="button" onClick={() => (document.fullscreenElement ? void document.exitFullscreen() : void box.current?.requestFullscreen?.())}>
              全屏
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
