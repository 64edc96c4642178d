import type { AppCaller } from "../caller";
import type { Context } from "../context";

export type LegacyMethod = "GET" | "POST" | "PUT" | "DELETE";
/** An old client's call as decoded (query, body and path parameters): its own field names, values unchecked. */
export type LegacyInput = { [field: string]: unknown };

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
  /** Usually made by pass() or mapped(), which check the procedure and the field names it is handed. */
  call: (caller: AppCaller, input: LegacyInput, ctx: Context) => Promise<unknown>;
  /** "login" calls answer {success, result, message, code}; the rest {code, message, success, data}. */
  envelope?: "elearning" | "login";
  /** Calls that take an uploaded file (a multipart body up to FILE_BODY_LIMIT instead of BODY_LIMIT). */
  files?: true;
  /** Calls that answer something other than JSON (images, redirects, files). */
  respond?: (data: never, ctx: Context) => Response;
}

/**
 * Declares rows. What the compiler checks: each row's procedure exists on the router (pass and mapped pick
 * it from the caller), and every field a mapped row names is a key of that procedure's input. It cannot
 * check the names an old client sends to a pass row (they reach the schema as sent), nor any value: values
 * are validated at run time by the procedure's zod schema, whose errors answer as bad input.
 */
export function legacyRows(rows: LegacyRow[]): LegacyRow[] {
  return rows;
}

/** Any procedure of the caller: its input type, whatever it is, accepts `never`. */
type AnyProcedure = (input: never) => Promise<unknown>;
/** A procedure's input type (for a union of procedures, the union of their inputs). */
type InputOf<P> = P extends (input: infer I, ...rest: never[]) => unknown ? I : never;
/** Every key the input may have, across the members of a union input. */
type InputKey<I> = I extends unknown ? keyof I : never;
/** What a mapped row may hand a procedure whose input is I: I's own fields, values still unchecked. */
export type LegacyFields<I> = { [K in InputKey<I>]?: unknown };
/** Fields of F that I does not have (a spread's index signature aside), each demanded as `never`. */
type NoOtherFields<F, I> = { [K in Exclude<keyof F, InputKey<I>> as string extends K ? never : K]: never };
/**
 * What a mapper's result F must also be for input I. I is `never` only while the procedure is not yet
 * inferred (the compiler reads a mapper passed by name before the procedure); the final check has it.
 */
type OnlyInputFields<F, I> = [I] extends [never] ? unknown : LegacyFields<I> & NoOtherFields<F, I>;

/**
 * The one place where an old client's raw input meets a typed procedure. Its values are whatever the
 * client sent (strings from a query, anything from JSON), which no static type describes; the
 * procedure's zod schema validates and coerces them before the procedure runs and rejects bad ones with
 * the bad-input answer. Field names are checked before this point: by pass (the old names are the
 * procedure's own) or by mapped (LegacyFields).
 */
function callWithRawInput<P extends AnyProcedure>(procedure: P, input: object): ReturnType<P> {
  return procedure(input as never) as ReturnType<P>;
}

/**
 * A row whose old clients already send the procedure's own field names: the decoded input goes to it
 * as is. pick names the procedure, e.g. `pass((c) => c.live.info)`; a missing procedure does not compile.
 */
export function pass<P extends AnyProcedure>(pick: (c: AppCaller) => P) {
  return (c: AppCaller, i: LegacyInput) => callWithRawInput(pick(c), i);
}

/**
 * A row that renames, adds or computes fields, e.g. `mapped((c) => c.live.info, (i) => ({ liveId: i.id }))`.
 * The mapper's result may name only keys of the procedure's input: any other field does not compile.
 */
export function mapped<P extends AnyProcedure, F extends object>(
  pick: (c: AppCaller) => P,
  fields: (i: LegacyInput) => F & OnlyInputFields<F, InputOf<P>>,
) {
  return (c: AppCaller, i: LegacyInput) => callWithRawInput(pick(c), fields(i));
}
