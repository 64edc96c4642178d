import { learnerProcedure, publicProcedure } from "../init";
import * as s from "./schemas";
import * as m from "./comment.service";

/** Course comments for learners (learner-calls.md Comments). Visitors may read; posting needs a login. */
export const commentLearnerProcedures = {
  list: publicProcedure.input(s.listInput).query(({ ctx, input }) => m.listComments(ctx.db, ctx.user ?? null, input)),
  add: learnerProcedure.input(s.addInput).mutation(({ ctx, input }) => m.addComment(ctx.db, ctx.user, input)),
  praise: learnerProcedure.input(s.praiseInput).mutation(({ ctx, input }) => m.praise(ctx.db, ctx.user, input)),
  replyMe: learnerProcedure.input(s.pageInput).query(({ ctx, input }) => m.repliesToMe(ctx.db, ctx.user.id, input)),
  unreadCount: learnerProcedure.query(async ({ ctx }) => ({ count: await m.unreadReplyCount(ctx.db, ctx.user.id) })),
  readReply: learnerProcedure.input(s.readReplyInput).mutation(({ ctx, input }) => m.readReplies(ctx.db, ctx.user.id, input.id)),
};
