import { createHash, timingSafeEqual } from "node:crypto";
import type { HttpResponse } from "uWebSockets.js";

/** Collects a request body up to `limit` bytes; null when it is larger. uWS reuses each chunk, so copy it. */
export function readBody(res: HttpResponse, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    res.onData((chunk, isLast) => {
      if (done) return;
      size += chunk.byteLength;
      if (size > limit) {
        done = true;
        return resolve(null);
      }
      chunks.push(Buffer.from(chunk.slice(0)));
      if (isLast) {
        done = true;
        resolve(Buffer.concat(chunks));
      }
    });
  });
}

/** Compares a bearer header with the token in constant time. */
export function bearerMatches(header: string, token: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/** Reads one cookie from a Cookie header. */
export function cookieValue(header: string, name: string): string {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      const raw = part.slice(at + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return "";
}
