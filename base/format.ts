// Display rules of learner-front-end.md 9, shared by every page so numbers read the same everywhere.

/** Counts: up to 10,000 as is, above as x.xw, above 100,000 as 10w+. */
export function formatCount(value: number | null | undefined): string {
  const n = Math.max(0, Math.floor(Number(value) || 0));
  if (n > 100_000) return "10w+";
  // Floor, not round: 99,999 must not read as 10.0w, a count never looks larger than it is.
  if (n > 10_000) return `${(Math.floor(n / 1000) / 10).toFixed(1)}w`;
  return String(n);
}

/** Money in cents as yuan: 19900 -> "199", 1990 -> "19.90". */
export function formatMoney(cents: number | null | undefined): string {
  const c = Math.round(Number(cents) || 0);
  const sign = c < 0 ? "-" : "";
  const abs = Math.abs(c);
  const yuan = Math.floor(abs / 100);
  const fen = abs % 100;
  return fen === 0 ? `${sign}${yuan}` : `${sign}${yuan}.${String(fen).padStart(2, "0")}`;
}

export function durationParts(seconds: number | null | undefined): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((Number(seconds) || 0) / 60));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Durations in seconds as hours and minutes: "2小时5分钟", "2小时", "5分钟", "0分钟". */
export function formatDuration(seconds: number | null | undefined): string {
  const { hours, minutes } = durationParts(seconds);
  if (hours === 0) return `${minutes}分钟`;
  return minutes === 0 ? `${hours}小时` : `${hours}小时${minutes}分钟`;
}

/** ID numbers keep the first and last 4 characters. */
export function maskIdNo(idNo: string | null | undefined): string {
  const s = idNo ?? "";
  if (s.length <= 8) return s;
  return `${s.slice(0, 4)}${"*".repeat(s.length - 8)}${s.slice(-4)}`;
}

/** Mobile numbers keep the first 3 and last 4 digits: 13812345678 -> 138****5678. */
export function maskMobile(mobile: string | null | undefined): string {
  const s = mobile ?? "";
  return s.length >= 7 ? `${s.slice(0, 3)}****${s.slice(-4)}` : s;
}

/** Names keep the first and last character: 张三丰 -> 张*丰, 张三 -> 张*. */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from(name ?? "");
  if (chars.length <= 1) return chars.join("");
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${"*".repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export const SEARCH_MAX_LENGTH = 32;

// Pictographs, their joiners, variation selectors, skin tones, flags and keycaps; plain digits stay.
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{1F1E6}-\u{1F1FF}\u200D\uFE0E\uFE0F\u20E3]/gu;

export function stripEmoji(text: string): string {
  return text.replace(EMOJI, "");
}

/** A search keyword as the server accepts it: no emoji, trimmed, at most 32 characters. */
export function cleanKeyword(raw: string | null | undefined): string {
  return Array.from(stripEmoji(raw ?? "").trim()).slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

/** The calendar parts of a moment in China time, the same on the server and in any browser. */
function chinaParts(ms: number): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour === "24" ? "00" : parts.hour, minute: parts.minute, second: parts.second };
}

const valid = (ms: number | null | undefined): ms is number => ms !== null && ms !== undefined && Number.isFinite(ms);

/** A date and time in China time (YYYY-MM-DD HH:mm), the same on the server and in any browser. */
export function formatDateTime(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A date in China time (YYYY-MM-DD). */
export function formatDate(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A date in China time written out (2026年11月26日), as printed on certificates. */
export function formatDateCn(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.year}年${Number(p.month)}月${Number(p.day)}日`;
}

/** Month, day and time in China time (MM-DD HH:mm), for schedules within the year. */
export function formatMonthDayTime(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A time of day in China time (HH:mm:ss). */
export function formatTime(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** A moment as a datetime-local field's value ("2026-03-01T09:00") in China time, whatever the browser's zone. */
export function toChinaInput(ms: number | null | undefined): string {
  if (!valid(ms)) return "";
  const p = chinaParts(ms);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A datetime-local field's value read as China time; NaN when empty or not a date. */
export function fromChinaInput(value: string | null | undefined): number {
  if (!value) return NaN;
  return new Date(`${value.length === 16 ? `${value}:00` : value}+08:00`).getTime();
}
