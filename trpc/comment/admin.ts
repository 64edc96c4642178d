import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as m from "./admin.service";

/** Comment moderation (back-office.md 3/4 and 7.4). */
export const commentAdminRouter = router({
  page: adminProcedure.input(s.adminPageInput).query(({ ctx, input }) => m.pageComments(ctx.db, input)),
  del: adminProcedure.input(s.idsInput).mutation(({ ctx, input }) => m.deleteComments(ctx.db, input.ids)),
  setStatus: adminProcedure.input(s.statusBatchInput).mutation(({ ctx, input }) => m.setStatus(ctx.db, input.ids, input.status)),
  top: adminProcedure.input(s.topInput).mutation(({ ctx, input }) => m.pinComment(ctx.db, input.id, input.top)),
  reply: adminProcedure.input(s.replyInput).mutation(({ ctx, input }) => m.replyTo(ctx.db, ctx.user.id, input)),
  replies: adminProcedure.input(s.commentIdInput).query(({ ctx, input }) => m.repliesOf(ctx.db, input.commentId)),
  deleteReply: adminProcedure.input(s.replyIdInput).mutation(({ ctx, input }) => m.deleteReply(ctx.db, input.id)),
  ban: adminProcedure.input(s.banInput).mutation(({ ctx, input }) => m.banUser(ctx.db, ctx.user.id, input)),
  unban: adminProcedure.input(s.unbanInput).mutation(({ ctx, input }) => m.unbanUser(ctx.db, input.userId)),
  banRemark: adminProcedure.input(s.banRemarkInput).mutation(({ ctx, input }) => m.setBanRemark(ctx.db, input.userId, input.remark)),
  bans: adminProcedure.input(s.banPageInput).query(({ ctx, input }) => m.pageBans(ctx.db, input)),
  courses: adminProcedure.query(({ ctx }) => m.commentedCourses(ctx.db)),
});
