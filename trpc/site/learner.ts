import { z } from "zod";
import { publicProcedure } from "../init";
import { pathPrefix, siteConfig, STATIC_KEYS, staticValue } from "./site.service";

const pathNameInput = z.object({ pathName: z.string().max(40, "站点路径过长").optional() });

/** The learner procedures, spread at the root of site by router.ts. */
export const siteLearnerProcedures = {
  getPathName: publicProcedure.input(pathNameInput).query(({ ctx, input }) => pathPrefix(ctx.db, input.pathName)),
  getConfig: publicProcedure.input(pathNameInput).query(({ ctx, input }) => siteConfig(ctx.db, input.pathName)),
  staticValue: publicProcedure
    .input(z.object({ key: z.enum(STATIC_KEYS, { error: "未知的配置项" }) }))
    .query(({ ctx, input }) => staticValue(ctx.db, input.key)),
};
