import type { AppCaller } from "../caller";
import type { Context } from "../context";

export type LegacyMethod = "GET" | "POST" | "PUT" | "DELETE";
export type LegacyInput = Record<string, unknown>;

/**
 * What the adapter reads of a request. A Fetch Request fits; the production server (server.mjs) passes a
 * lighter object with the same members, made from the Node request, and builds a real Request only for
 * form bodies. Keep to these members so both stay interchangeable.
 */
export interface LegacyRequest {
  url: string;
  method: string;
  headers: Pick<Headers, "get">;
  text(): Promise<string>;
  formData(): Promise<FormData>;
}

/** One row of the path table: a legacy call and the procedure that answers it. */
export interface LegacyRow {
  method: LegacyMethod;
  /** Full path as the old clients call it, e.g. /api/elearning/caiyun/front/user/getUser; {id} is a parameter. */
  path: string;
  call: (caller: AppCaller, input: LegacyInput, ctx: Context) => Promise<unknown>;
  /** "login" calls answer {success, result, message, code}; the rest {code, message, success, data}. */
  envelope?: "elearning" | "login";
  /** Calls that answer something other than JSON (images, redirects, files). */
  respond?: (data: never, ctx: Context) => Response;
}

/** Declares rows with their types checked against the router. */
export function legacyRows(rows: LegacyRow[]): LegacyRow[] {
  return rows;
}
