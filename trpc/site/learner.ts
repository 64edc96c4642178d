import { z } from "zod";
import { publicProcedure } from "../init";
import { pathNameInput } from "./schemas";
import { pathPrefix, siteConfig, STATIC_KEYS, staticValue } from "./site.service";

/** The learner procedures, spread at the root of site by router.ts. A call without pathName means the request's own site. */
export const siteLearnerProcedures = {
  getPathName: publicProcedure.input(pathNameInput).query(({ ctx, input }) => pathPrefix(ctx.db, input.pathName ?? ctx.sitePath)),
  getConfig: publicProcedure
    .input(pathNameInput)
    .query(({ ctx, input }) => siteConfig(ctx.db, input.pathName ?? ctx.sitePath, { isAdmin: ctx.user?.isAdmin === 1 })),
  staticValue: publicProcedure
    .input(z.object({ key: z.enum(STATIC_KEYS, { error: "未知的配置项" }) }))
    .query(({ ctx, input }) => staticValue(ctx.db, input.key)),
};
