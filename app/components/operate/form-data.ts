// Turning admin form posts into procedure inputs: money typed in yuan is stored in cents.

/** The posted fields as plain strings (files are not posted here: pictures arrive as URLs). */
export function formFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** "99" or "99.5" yuan as cents; blank stays blank so the procedure's own rule decides. */
export function yuanToCents(v: string | undefined): string | undefined {
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? String(Math.round(n * 100)) : v;
}

/** A datetime-local value ("2026-03-01T09:00") as a ms timestamp in the admin's time zone, sent by the browser. */
export function toLocalInput(ms: number | null | undefined) {
  if (!ms) return "";
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatTime(ms: number | null | undefined) {
  return ms ? toLocalInput(ms).replace("T", " ") : "";
}
