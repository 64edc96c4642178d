import type { AppCaller } from "../caller";
import type { Context } from "../context";

export type LegacyMethod = "GET" | "POST" | "PUT" | "DELETE";
export type LegacyInput = Record<string, unknown>;

/**
 * What the adapter reads of a request. A Fetch Request fits (its body stream is read up to the call's
 * size limit); the production server (server.mjs) passes a lighter object made from the Node request,
 * whose readBody reads the Node stream itself. Keep to these members so both stay interchangeable.
 */
export interface LegacyRequest {
  url: string;
  method: string;
  headers: Pick<Headers, "get">;
  /** A Fetch Request's body. */
  body?: ReadableStream<Uint8Array> | null;
  /** The whole body, or "too-large" as soon as it passes `limit` bytes (then nothing more is read). */
  readBody?(limit: number): Promise<Uint8Array | null | "too-large">;
}

/** One row of the path table: a legacy call and the procedure that answers it. */
export interface LegacyRow {
  method: LegacyMethod;
  /** Full path as the old clients call it, e.g. /api/elearning/caiyun/front/user/getUser; {id} is a parameter. */
  path: string;
  call: (caller: AppCaller, input: LegacyInput, ctx: Context) => Promise<unknown>;
  /** "login" calls answer {success, result, message, code}; the rest {code, message, success, data}. */
  envelope?: "elearning" | "login";
  /** Calls that take an uploaded file (a multipart body up to FILE_BODY_LIMIT instead of BODY_LIMIT). */
  files?: true;
  /** Calls that answer something other than JSON (images, redirects, files). */
  respond?: (data: never, ctx: Context) => Response;
}

/** Declares rows with their types checked against the router. */
export function legacyRows(rows: LegacyRow[]): LegacyRow[] {
  return rows;
}
