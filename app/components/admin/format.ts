// Times show in China time on the server and in the browser alike, so hydration never disagrees.
const OFFSET_MS = 8 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, "0");

export function formatTime(ms: number | null | undefined, withSeconds = false): string {
  if (!ms) return "-";
  const d = new Date(ms + OFFSET_MS);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${withSeconds ? `:${pad(d.getUTCSeconds())}` : ""}`;
  return `${day} ${time}`;
}
