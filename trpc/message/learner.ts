import { learnerProcedure } from "../init";
import { markReadInput, pageInput } from "./schemas";
import { markRead, pageMessages, unreadCount } from "./message.service";

/** The learner's station messages (learner-calls.md Station messages). */
export const messageLearnerProcedures = {
  page: learnerProcedure.input(pageInput).query(({ ctx, input }) => pageMessages(ctx.db, ctx.user.id, input.pageNo, input.pageSize)),
  unreadCount: learnerProcedure.query(async ({ ctx }) => ({ unreadNum: await unreadCount(ctx.db, ctx.user.id) })),
  markRead: learnerProcedure.input(markReadInput).mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.ids)),
};
