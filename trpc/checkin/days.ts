import { CHECK_IN_SECONDS } from "./schemas";

// Check-in days are China-time calendar days, counted as whole numbers (days since 1970-01-01 in
// Beijing) so streaks are plain subtraction, whatever the host's zone.
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The China-time day number of a moment. */
export const dayNumber = (at: Date | number) => Math.floor(((typeof at === "number" ? at : at.getTime()) + CHINA_OFFSET_MS) / DAY_MS);
/** YYYYMMDD, as user_study_days stores the day. */
export const dayKey = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll("-", "");
/** YYYY.MM.DD, as the pages show a day. */
export const dottedDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll("-", ".");
/** The day number of a stored YYYYMMDD key. */
export const dayOfKey = (key: string) => Date.UTC(Number(key.slice(0, 4)), Number(key.slice(4, 6)) - 1, Number(key.slice(6, 8))) / DAY_MS;
/** Midnight (China time) at the start of a day number. */
export const dayStartAt = (day: number) => new Date(day * DAY_MS - CHINA_OFFSET_MS);

export interface Streak {
  /** Days with more than a minute of study, inside the campaign up to the reference day. */
  checked: Set<number>;
  continuousDays: number;
  isBreak: 0 | 1;
  /** The longest run of the campaign so far: a medal is due once it reaches the medal's days. */
  longestRun: number;
}

/** Study seconds per day (inside the campaign) read as check-ins, as of `ref` (today, or the campaign's last day). */
export function streakOf(secondsByDay: Map<number, number>, ref: number, start: number): Streak {
  const checked = new Set([...secondsByDay].filter(([d, s]) => d >= start && d <= ref && s > CHECK_IN_SECONDS).map(([d]) => d));
  let d = checked.has(ref) ? ref : ref - 1;
  let continuousDays = 0;
  while (checked.has(d)) {
    continuousDays += 1;
    d -= 1;
  }
  const isBreak = !checked.has(ref) && !checked.has(ref - 1) && [...checked].some((c) => c < ref - 1) ? 1 : 0;
  let longestRun = 0;
  for (const c of checked) {
    if (checked.has(c - 1)) continue;
    let n = 1;
    while (checked.has(c + n)) n += 1;
    longestRun = Math.max(longestRun, n);
  }
  return { checked, continuousDays, isBreak, longestRun };
}

/**
 * The 21 days of the carousel: two weeks before today to a week after, moved inside the campaign where
 * it is long enough (the first 21 days before it starts, the last 21 once it is over).
 */
export function recordWindow(today: number, start: number, end: number, size: number): number {
  return Math.max(start, Math.min(today - (size - 8), end - (size - 1)));
}
