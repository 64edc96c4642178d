import { useEffect, useState } from "react";

/** Days, hours, minutes and seconds until a time, ticking each second. */
export function useCountdown(target: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.floor((target - now) / 1000));
  return { days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600), minutes: Math.floor((left % 3600) / 60), seconds: left % 60, done: left === 0 };
}

export function Countdown({ startTime, cover, isAppointment, busy, onReserve }: { startTime: number; cover: string; isAppointment: number; busy: boolean; onReserve: () => void }) {
  const c = useCountdown(startTime);
  const cell = (n: number, unit: string) => (
    <span className="flex items-baseline gap-1">
      {/* The server's second and the browser's may differ by one: the browser's wins without a re-render of the page. */}
      <b suppressHydrationWarning className="min-w-[2.4rem] rounded bg-white/15 px-2 py-1 text-center text-3xl tabular-nums">
        {String(n).padStart(2, "0")}
      </b>
      <span className="text-sm">{unit}</span>
    </span>
  );
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-[#0b1220]" data-testid="live-countdown">
      {cover && <img src={cover} alt="" className="absolute inset-0 h-full w-full object-cover opacity-40" />}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-5 text-white">
        <p className="text-base">距离直播开始还有</p>
        <div className="flex items-center gap-3" aria-live="polite">
          {cell(c.days, "天")}
          {cell(c.hours, "时")}
          {cell(c.minutes, "分")}
          {cell(c.seconds, "秒")}
        </div>
        {isAppointment ? (
          <span className="rounded-full border border-white/60 px-8 py-2 text-white/80">已预约</span>
        ) : (
          <button type="button" disabled={busy} onClick={onReserve} className="rounded-full bg-primary px-10 py-2 text-white hover:bg-primary-600 disabled:opacity-60">
            预约
          </button>
        )}
      </div>
    </div>
  );
}
