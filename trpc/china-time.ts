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
