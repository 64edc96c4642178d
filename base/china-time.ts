// Calendar days on the server follow China time (UTC+8, no daylight saving), whatever the host's zone:
// daily allowances and caps reset at midnight in Beijing, as learners and admins count days.
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** Midnight of the given moment's day in China time. */
export function chinaDayStart(now: Date | number = Date.now()): Date {
  const ms = typeof now === "number" ? now : now.getTime();
  return new Date(Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** The China-time date as YYYYMMDD. */
export function chinaDateKey(now: Date | number = Date.now()): string {
  const ms = typeof now === "number" ? now : now.getTime();
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * A date-time typed without a zone ("2026-03-01 09:00", "2026-03-01T09:00:30", as form fields and old
 * clients send them) read as China time, whatever the host's zone; a string with its own zone keeps it.
 * NaN when it is not a date.
 */
export function parseChinaDateTime(text: string): number {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return Date.parse(text);
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - CHINA_OFFSET_MS;
  // Reject rolled-over fields such as 2026-02-30, 2026-13-01 or 09:75.
  const back = new Date(ms + CHINA_OFFSET_MS);
  return back.getUTCDate() === Number(d) && back.getUTCMonth() === Number(mo) - 1 && Number(h) < 24 && Number(mi) < 60 && Number(s) < 60 ? ms : NaN;
}
