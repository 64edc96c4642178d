import { z } from "zod";
import { publicProcedure } from "../init";
import { contentScopeOf } from "../site/site.service";
import { searchAll } from "./search.service";

const searchAllInput = z.object({
  keyword: z.string({ error: "请输入搜索关键词" }).trim().min(1, "请输入搜索关键词").max(32, "搜索关键词不能超过32个字符"),
  pageNo: z.coerce.number().int().min(1, "页码须大于0").default(1),
  pageSize: z.coerce.number().int().min(1).max(50, "每页最多50条").default(12),
});

/** The learner procedures, spread at the root of search by router.ts. */
export const searchLearnerProcedures = {
  all: publicProcedure.input(searchAllInput).query(async ({ ctx, input }) => searchAll(ctx.db, input, ctx.user?.id ?? null, await contentScopeOf(ctx.db, ctx.sitePath))),
};
