import type { Db } from "@db/client";
import { handleLegacy } from "@trpc-app/legacy/handler";
import { parseCookies } from "@trpc-app/auth/session";
import { PEER_ADDRESS_HEADER } from "@trpc-app/context";

export interface LegacyCall {
  query?: Record<string, string | number> | string;
  /** JSON body (sent as application/json). */
  json?: unknown;
  /** urlencoded form body. */
  form?: Record<string, string>;
  /** multipart/form-data body. */
  multipart?: Record<string, string | Blob>;
  /** A raw body with its own content type. */
  raw?: { body: string; type: string };
  headers?: Record<string, string>;
}

export interface LegacyAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body as received (files such as .xlsx exports). */
  bytes: Uint8Array;
  /** The parsed JSON body (undefined when the answer is not JSON). */
  body: any;
}

/** An old web or mobile client of the REST adapter: keeps cookies between calls like a browser. */
export function legacyClient(db: Db, opts: { ip?: string } = {}) {
  const jar: Record<string, string> = {};

  async function call(method: string, path: string, c: LegacyCall = {}): Promise<LegacyAnswer> {
    const url = new URL(path, "http://127.0.0.1:3000");
    if (typeof c.query === "string") url.search = c.query;
    else for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.append(k, String(v));
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: opts.ip ?? "10.0.0.2", ...(c.headers ?? {}) });
    const cookie = Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join("; ");
    if (cookie) headers.set("cookie", cookie);
    let body: BodyInit | undefined;
    if (c.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(c.json);
    } else if (c.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(c.form).toString();
    } else if (c.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(c.multipart)) fd.append(k, v);
      body = fd;
    } else if (c.raw) {
      headers.set("content-type", c.raw.type);
      body = c.raw.body;
    }
    const res = await handleLegacy(new Request(url, { method, headers, body }), db);
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(";");
      for (const [k, v] of Object.entries(parseCookies(pair))) {
        if (/Max-Age=0/i.test(header) || v === "") delete jar[k];
        else jar[k] = v;
      }
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown;
    if ((res.headers.get("content-type") ?? "").includes("json")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, text, bytes, body: parsed };
  }

  return {
    jar,
    call,
    get: (path: string, query?: LegacyCall["query"], extra: Omit<LegacyCall, "query"> = {}) => call("GET", path, { ...extra, query }),
    post: (path: string, json?: unknown, extra: Omit<LegacyCall, "json"> = {}) => call("POST", path, { ...extra, json }),
  };
}
