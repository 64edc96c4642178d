/**
 * A same-site path to go to after login or logout, or the fallback. Browsers read "/\host" like
 * "//host" and drop tabs and newlines, so those count as other sites too.
 */
export function safeTarget(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !/^\/(?![/\\])/.test(target) || /[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    // A Location header carries bytes only: non-ASCII is percent-encoded.
    return target.replace(/[^\x21-\x7e]+/g, (part) => encodeURIComponent(part));
  } catch {
    return fallback;
  }
}
