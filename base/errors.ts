import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

/** Codes the legacy clients act on (learner-front-end.md 8), plus the generic failure. */
export const LegacyCode = {
  fail: "-1",
  notLoggedIn: "281",
  dialog: "101",
  noOpenPermission: "102",
  alreadyJoined: "103",
  noStudyPermission: "106",
  jsonDialog: "108",
  maintenance: "999",
  locked: "user.status.locked",
  notFound: "404",
  forbidden: "403",
  badInput: "400",
  tooMany: "429",
  /** The database cannot be reached for now: the same request may succeed in a few seconds. */
  unavailable: "503",
} as const;
export type LegacyCode = (typeof LegacyCode)[keyof typeof LegacyCode];

const trpcCodeOf: Record<LegacyCode, TRPC_ERROR_CODE_KEY> = {
  "-1": "BAD_REQUEST",
  "281": "UNAUTHORIZED",
  "101": "BAD_REQUEST",
  "102": "FORBIDDEN",
  "103": "CONFLICT",
  "106": "FORBIDDEN",
  "108": "BAD_REQUEST",
  "999": "SERVICE_UNAVAILABLE",
  "user.status.locked": "FORBIDDEN",
  "404": "NOT_FOUND",
  "403": "FORBIDDEN",
  "400": "BAD_REQUEST",
  "429": "TOO_MANY_REQUESTS",
  "503": "SERVICE_UNAVAILABLE",
};

/** The one application error: every rule that refuses throws this with a Chinese message. */
export class AppError extends TRPCError {
  readonly legacyCode: LegacyCode;
  /** Seconds until the same request may succeed, for a refusal that is only "not yet" (sent to clients as data.retryAfter). */
  readonly retryAfter?: number;
  constructor(legacyCode: LegacyCode, message: string, opts: { retryAfter?: number } = {}) {
    super({ code: trpcCodeOf[legacyCode], message });
    this.legacyCode = legacyCode;
    if (opts.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
  }
}

export const fail = (message: string) => new AppError(LegacyCode.fail, message);
export const badInput = (message: string) => new AppError(LegacyCode.badInput, message);
export const notFound = (message = "内容不存在或已删除") => new AppError(LegacyCode.notFound, message);
export const notLoggedIn = () => new AppError(LegacyCode.notLoggedIn, "请先登录");
export const forbidden = (message = "您没有权限访问") => new AppError(LegacyCode.forbidden, message);

/** The wait an AppError asked the client to observe, also when tRPC wrapped it. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof AppError) return error.retryAfter;
  if (error instanceof TRPCError && error.cause instanceof AppError) return error.cause.retryAfter;
  return undefined;
}

/** Legacy code carried by any error thrown inside a procedure (zod failures are bad input). */
export function legacyCodeOf(error: unknown): LegacyCode {
  if (error instanceof AppError) return error.legacyCode;
  if (error instanceof TRPCError) {
    if (error.cause instanceof AppError) return error.cause.legacyCode;
    if (error.code === "UNAUTHORIZED") return LegacyCode.notLoggedIn;
    if (error.code === "FORBIDDEN") return LegacyCode.forbidden;
    if (error.code === "NOT_FOUND") return LegacyCode.notFound;
    if (error.code === "BAD_REQUEST" || error.code === "PARSE_ERROR") return LegacyCode.badInput;
    if (error.code === "TOO_MANY_REQUESTS") return LegacyCode.tooMany;
  }
  return LegacyCode.fail;
}

/** An error in a log line: its message (or what it is), cut to `max` characters. */
export function reasonOf(error: unknown, max = 200): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, max);
}

export const DATABASE_UNAVAILABLE = "服务暂时繁忙，请稍后重试";
/** Seconds a client is asked to wait before trying again when the database cannot be reached. */
export const DATABASE_RETRY_SECONDS = 5;

// postgres.js connection failures, and the server's own codes for "shutting down", "cannot connect" and
// "too many connections" (53300: every connection slot taken, as when the web tier's pools together
// outgrow the server's max_connections; the same request may pass once a slot frees).
const CONNECTION_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "CONNECT_TIMEOUT", "CONNECTION_CLOSED",
  "CONNECTION_ENDED", "CONNECTION_DESTROYED", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300",
]);

/** The retryable refusal a request gets while the database cannot be reached. */
export const databaseUnavailable = () => new AppError(LegacyCode.unavailable, DATABASE_UNAVAILABLE, { retryAfter: DATABASE_RETRY_SECONDS });

/** Whether an error (or one it wraps) says the database could not be reached, rather than that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  }
  return false;
}
