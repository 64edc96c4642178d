import { learnerProcedure, publicProcedure } from "../init";
import { contentScopeOf } from "../site/site.service";
import * as s from "./schemas";
import * as m from "./path.service";

/** Learning maps for learners (learner-calls.md Learning paths); visitors may look at a map. */
export const pathLearnerProcedures = {
  detail: publicProcedure.input(s.pathIdInput).query(({ ctx, input }) => m.pathDetail(ctx.db, ctx.user, input.id)),
  nodeList: publicProcedure.input(s.pathIdInput).query(({ ctx, input }) => m.pathNodeList(ctx.db, ctx.user, input.id)),
  list: publicProcedure.input(s.openPathsInput).query(async ({ ctx, input }) => m.openPaths(ctx.db, ctx.user?.id ?? null, input, await contentScopeOf(ctx.db, ctx.sitePath))),
  mine: learnerProcedure.input(s.myPathsInput).query(({ ctx, input }) => m.myPaths(ctx.db, ctx.user.id, input)),
  collections: learnerProcedure.input(s.myPathsInput).query(({ ctx, input }) => m.collectedPaths(ctx.db, ctx.user.id, input)),
  entry: learnerProcedure.input(s.pathIdInput).mutation(({ ctx, input }) => m.enterPath(ctx.db, ctx.user, input.id)),
  entryNode: learnerProcedure.input(s.nodeIdInput).mutation(({ ctx, input }) => m.enterNode(ctx.db, ctx.user, input.id)),
  collect: learnerProcedure.input(s.collectInput).mutation(({ ctx, input }) => m.collectPath(ctx.db, ctx.user, input.id, input.isCollect)),
};
