import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Db } from "@db/client";
import { committing } from "@base/after-commit";
import type { Context } from "./context";
import { auditActor, procedureEntry, recordAudit } from "./tool/audit.service";
import { AppError, LegacyCode, databaseUnavailable, forbidden, isDatabaseUnavailable, legacyCodeOf, notLoggedIn, retryAfterOf } from "@base/errors";
import { zodMessage } from "@base/zod-message";

/** What an HTTP client reads of an error that is not one of ours (tRPC's own, in English) or of a fault. */
const GENERIC_MESSAGES: Partial<Record<TRPCError["code"], string>> = {
  NOT_FOUND: "请求地址不存在",
  METHOD_NOT_SUPPORTED: "该地址不支持此请求方式",
  PAYLOAD_TOO_LARGE: "请求内容过大",
  UNAUTHORIZED: "请先登录",
  FORBIDDEN: "您没有权限访问",
  TOO_MANY_REQUESTS: "请求过于频繁，请稍后再试",
};

/** Rules refuse in Chinese; anything else (a fault's SQL, a library's English) is replaced, never shown. */
function readableMessage(error: TRPCError): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return "服务器开小差了，请稍后再试";
  if (/[\u4e00-\u9fff]/.test(error.message)) return error.message;
  return GENERIC_MESSAGES[error.code] ?? "请求格式不正确";
}

/** What a procedure may say about itself: `audit: false` keeps a back-office mutation that changes nothing (a preview) out of the audit log. */
export interface ProcedureMeta {
  audit?: false;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zod ? zodMessage(zod) : readableMessage(error),
      data: { ...shape.data, legacyCode: legacyCodeOf(error), retryAfter: retryAfterOf(error), stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * What every procedure answers the same way, in one middleware (each level of tRPC's middleware chain
 * copies its options and the context: a few percent of a small call's CPU):
 * - a GET never changes state: a link on another site reaches it with the learner's cookies (SameSite=Lax
 *   sends them on a top-level GET). Server-side callers (page loaders) carry no method and are not concerned;
 * - input errors read the same on every path: server-side callers (loaders) skip the error formatter, so a
 *   zod failure becomes a bad-input AppError with the Chinese message here;
 * - the database down or restarting: a clear, retryable refusal (legacy code 503, tRPC SERVICE_UNAVAILABLE,
 *   data.retryAfter) instead of a 500, within the connect timeout of db/client.ts.
 */
const everyCall = t.middleware(async ({ ctx, type, next }) => {
  if (type === "mutation" && ctx.method === "GET") throw new TRPCError({ code: "METHOD_NOT_SUPPORTED", message: "该操作需要使用 POST 请求" });
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof ZodError) throw new AppError(LegacyCode.badInput, zodMessage(cause));
    if (!(cause instanceof AppError) && isDatabaseUnavailable(cause ?? result.error)) throw databaseUnavailable();
  }
  return result;
});

export const publicProcedure = t.procedure.use(everyCall);

/** Logged-in learners (any account). A visitor gets legacy code 281, which opens the login dialog. */
export const learnerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw notLoggedIn();
  // tRPC merges what next is given into the context: only the narrowed fields, not a copy of it all.
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

const rawInput = (getRawInput: () => Promise<unknown>) => getRawInput().catch(() => undefined);
/** Rolls the change back when the procedure failed; never leaves this file. */
const FAILED = Symbol("failed");

/**
 * The audit log of the back office (decision 034): a mutation runs in one transaction with its entry, so a
 * change that fails leaves none and one that succeeds always has one; an export (a query named so) is
 * recorded once it answered. The procedure sees the transaction as ctx.db; its own transactions nest in
 * it as savepoints.
 */
const audited = t.middleware(async ({ ctx, path, type, meta, getRawInput, next }) => {
  const exporting = type === "query" && /export|download/i.test(path.split(".").pop() ?? "");
  if (meta?.audit === false || (type !== "mutation" && !exporting)) return next();
  const input = await rawInput(getRawInput);
  if (exporting) {
    const result = await next();
    if (result.ok) await recordAudit(ctx.db, auditActor(ctx), procedureEntry(path, input, undefined));
    return result;
  }
  let result: Awaited<ReturnType<typeof next>> | undefined;
  try {
    await committing(ctx.db, () =>
      ctx.db.transaction(async (tx) => {
        result = await next({ ctx: { ...ctx, db: tx as unknown as Db } });
        if (!result.ok) throw FAILED;
        await recordAudit(tx, auditActor(ctx), procedureEntry(path, input, result.data));
      }),
    );
  } catch (e) {
    if (e !== FAILED || !result) throw e;
  }
  return result!;
});

/** Back-office procedures: the account must have isAdmin 1. A learner's attempt at a back-office write is recorded. */
export const adminProcedure = learnerProcedure
  .use(async ({ ctx, path, type, getRawInput, next }) => {
    if (ctx.user.isAdmin !== 1) {
      const refusal = forbidden("您没有权限访问管理后台");
      if (type === "mutation") {
        const input = await rawInput(getRawInput);
        await recordAudit(ctx.db, auditActor(ctx), procedureEntry(path, input, undefined, refusal.message));
      }
      throw refusal;
    }
    return next({ ctx });
  })
  .use(audited);

/** Calls from the realtime process, which presents the service token. */
export const serviceProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.isService) throw new AppError(LegacyCode.forbidden, "服务令牌无效");
  return next({ ctx });
});
