import { withPaging } from "@base/legacy-input";
import { adminProcedure, router } from "../init";
import * as a from "./article.service";
import * as f from "./feedback.service";
import * as s from "./schemas";

export const helpAdminRouter = router({
  articles: router({
    list: adminProcedure.query(({ ctx }) => a.allArticles(ctx.db)),
    save: adminProcedure.input(s.articleSaveInput).mutation(({ ctx, input }) => a.saveArticle(ctx.db, input)),
    del: adminProcedure.input(s.articleIdInput).mutation(({ ctx, input }) => a.deleteArticle(ctx.db, input.id)),
  }),
  feedback: router({
    page: adminProcedure.input(s.adminFeedbackPageInput).query(({ ctx, input }) => f.feedbackQueue(ctx.db, withPaging(input))),
    detail: adminProcedure.input(s.feedbackIdInput).query(({ ctx, input }) => f.feedbackThread(ctx.db, input.feedbackId)),
    reply: adminProcedure.input(s.adminReplyInput).mutation(({ ctx, input }) => f.answerFeedback(ctx.db, ctx.user.id, input)),
    close: adminProcedure.input(s.feedbackIdInput).mutation(({ ctx, input }) => f.closeFeedback(ctx.db, input.feedbackId)),
  }),
});
