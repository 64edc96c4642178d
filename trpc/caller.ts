import type { Context } from "./context";
import { createCallerFactory } from "./init";
import { appRouter } from "./router";

const factory = createCallerFactory(appRouter);

export function createAppCaller(ctx: Context) {
  return factory(ctx);
}
export type AppCaller = ReturnType<typeof createAppCaller>;
