import { learnerProcedure } from "../init";
import * as s from "./schemas";
import * as r from "./redeem.service";

/**
 * Redemption codes for learners (learner-calls.md Redemption codes): preview and redeem a code, the
 * learner's own redemptions. Previews count wrong codes toward the same hourly limit as redemptions.
 */
export const redeemLearnerProcedures = {
  preview: learnerProcedure.input(s.codeInput).query(({ ctx, input }) => r.previewCode(ctx.db, ctx.user.id, input.redemptionCode)),
  redeem: learnerProcedure.input(s.codeInput).mutation(({ ctx, input }) => r.redeemCode(ctx.db, ctx.user.id, input.redemptionCode)),
  redeemed: learnerProcedure.input(s.pageInput).query(({ ctx, input }) => r.redeemedGoods(ctx.db, ctx.user.id, input)),
  batches: learnerProcedure.input(s.pageInput).query(({ ctx, input }) => r.myBatches(ctx.db, ctx.user.id, input)),
  batch: learnerProcedure.input(s.learnerBatchInput).query(({ ctx, input }) => r.myBatch(ctx.db, ctx.user.id, input.id)),
  download: learnerProcedure.query(({ ctx }) => r.exportMine(ctx.db, ctx.user.id)),
};
