import { learnerProcedure, publicProcedure } from "../init";
import { withPaging } from "@base/legacy-input";
import * as a from "./article.service";
import * as f from "./feedback.service";
import * as s from "./schemas";

/** Help articles (anyone may read) and the learner's own feedback threads. */
export const helpLearnerProcedures = {
  articles: publicProcedure.input(s.articleListInput).query(({ ctx, input }) => a.publishedArticles(ctx.db, input)),
  article: publicProcedure.input(s.articleIdInput).query(({ ctx, input }) => a.publishedArticle(ctx.db, input.id)),
  feedback: {
    send: learnerProcedure.input(s.sendInput).mutation(({ ctx, input }) => f.sendUserMessage(ctx.db, ctx.user.id, input)),
    list: learnerProcedure.input(s.myFeedbackInput).query(({ ctx, input }) => f.myFeedbacks(ctx.db, ctx.user.id, withPaging(input))),
    detail: learnerProcedure.input(s.feedbackIdInput).query(({ ctx, input }) => f.myFeedback(ctx.db, ctx.user.id, input.feedbackId)),
  },
};
