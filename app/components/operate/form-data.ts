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
