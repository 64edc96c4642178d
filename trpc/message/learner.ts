import { learnerProcedure } from "../init";
import { mailIdInput, markReadInput, pageInput } from "./schemas";
import { markRead, pageMessages, unreadCount } from "./message.service";
import { pageMails, readMail, unreadMails } from "./mail.service";

/** The learner's station messages (learner-calls.md Station messages) and mails (Comments, mail, notices). */
export const messageLearnerProcedures = {
  page: learnerProcedure.input(pageInput).query(({ ctx, input }) => pageMessages(ctx.db, ctx.user.id, input.pageNo, input.pageSize)),
  /** The header badge: unread station messages and mails. */
  unreadCount: learnerProcedure.query(async ({ ctx }) => ({ unreadNum: await unreadCount(ctx.db, ctx.user.id) })),
  markRead: learnerProcedure.input(markReadInput).mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.ids)),
  mail: {
    unread: learnerProcedure.query(({ ctx }) => unreadMails(ctx.db, ctx.user.id)),
    list: learnerProcedure.input(pageInput).query(({ ctx, input }) => pageMails(ctx.db, ctx.user.id, input.pageNo, input.pageSize)),
    detail: learnerProcedure.input(mailIdInput).mutation(({ ctx, input }) => readMail(ctx.db, ctx.user.id, input.id)),
  },
};
