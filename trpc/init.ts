import { initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import type { Context } from "./context";
import { AppError, LegacyCode, forbidden, legacyCodeOf, notLoggedIn } from "./errors";
import { zodMessage } from "./zod-message";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zod ? zodMessage(zod) : shape.message,
      data: { ...shape.data, legacyCode: legacyCodeOf(error), stack: undefined },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Input errors read the same on every path: server-side callers (loaders) skip the error formatter,
 * so a zod failure becomes a bad-input AppError with the Chinese message here.
 */
const readableInputErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof ZodError) throw new AppError(LegacyCode.badInput, zodMessage(cause));
  }
  return result;
});

export const publicProcedure = t.procedure.use(readableInputErrors);

/** Logged-in learners (any account). A visitor gets legacy code 281, which opens the login dialog. */
export const learnerProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw notLoggedIn();
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Back-office procedures: the account must have isAdmin 1. */
export const adminProcedure = learnerProcedure.use(({ ctx, next }) => {
  if (ctx.user.isAdmin !== 1) throw forbidden("您没有权限访问管理后台");
  return next({ ctx });
});

/** Calls from the realtime process, which presents the service token. */
export const serviceProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.isService) throw new AppError(LegacyCode.forbidden, "服务令牌无效");
  return next({ ctx });
});
