import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { HttpRequest, HttpResponse } from "uWebSockets.js";

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

/** Origins given in configuration, normalised (scheme, host and port only); unparsable entries are left out. */
export function originSet(origins: readonly string[] = []): ReadonlySet<string> {
  const set = new Set<string>();
  for (const o of origins) {
    try {
      set.add(new URL(o).origin);
    } catch {
      console.warn(`realtime: ignoring allowed origin ${JSON.stringify(o)}: not a URL`);
    }
  }
  return set;
}

/**
 * Whether a websocket upgrade may proceed, as the web server rules for state-changing requests: no Origin
 * (old mobile app, scripts), the request's own host, or a configured public origin. Browsers always send
 * Origin on an upgrade, so another site's page cannot open a socket with the visitor's cookie.
 */
export function originAllowed(origin: string, host: string, allowed: ReadonlySet<string>): boolean {
  if (!origin) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  if (!host) return false;
  try {
    // Parsed under the origin's scheme so a default port written out in Host compares equal.
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

/** uWS writes every address as a full IPv6 text; IPv4 (mapped) ones are given back in dotted form. */
function plainPeer(text: string): string {
  const mapped = /^(?:0{1,4}:){5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(text);
  if (!mapped) return isIP(text) === 6 ? new URL(`http://[${text}]`).hostname.slice(1, -1) : text;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/**
 * Where an upgrade comes from, for the app to read as it reads any request's client (TRUST_PROXY). A
 * connection from this machine is the web server forwarding (server.mjs), whose X-Forwarded-For line,
 * the last, is the peer it saw; the lines before it are whatever the client or proxies in front sent.
 */
export function socketClient(res: HttpResponse, req: HttpRequest): { peer: string; forwardedFor: string } {
  const chain: string[] = [];
  req.forEach((key, value) => {
    if (key === "x-forwarded-for") chain.push(...value.split(",").map((v) => v.trim()).filter(Boolean));
  });
  let peer = plainPeer(Buffer.from(res.getRemoteAddressAsText()).toString());
  if ((peer.startsWith("127.") || peer === "::1") && chain.length) peer = chain.pop()!;
  // The nearest hops are the only ones a trusted proxy list can reach.
  return { peer: peer.slice(0, 64), forwardedFor: chain.slice(-10).join(", ").slice(-1000) };
}
