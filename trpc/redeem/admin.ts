import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./admin.service";

/** Redemption code batches in the back office (back-office.md 7.15), and the tool that adds codes (7.18). */
export const redeemAdminRouter = router({
  create: adminProcedure.input(s.createInput).mutation(({ ctx, input }) => a.createBatch(ctx.db, ctx.user.id, input)),
  page: adminProcedure.input(s.adminPageInput).query(({ ctx, input }) => a.pageBatches(ctx.db, input)),
  detail: adminProcedure.input(s.batchInput).query(({ ctx, input }) => a.batchDetail(ctx.db, input.id)),
  exportBatches: adminProcedure.input(s.exportBatchesInput).query(({ ctx, input }) => a.exportBatches(ctx.db, input)),
  exportCodes: adminProcedure.input(s.batchInput).query(({ ctx, input }) => a.exportCodes(ctx.db, input.id)),
  useDetail: adminProcedure.input(s.useDetailInput).query(({ ctx, input }) => a.useDetail(ctx.db, input)),
  expire: adminProcedure.input(s.batchInput).mutation(({ ctx, input }) => a.expireBatch(ctx.db, input.id)),
  expireCode: adminProcedure.input(s.expireCodeInput).mutation(({ ctx, input }) => a.expireCode(ctx.db, input)),
  del: adminProcedure.input(s.batchInput).mutation(({ ctx, input }) => a.deleteBatch(ctx.db, input.id)),
  updateRemark: adminProcedure.input(s.remarkInput).mutation(({ ctx, input }) => a.updateRemark(ctx.db, input.id, input.remark)),
  generate: adminProcedure.input(s.generateInput).mutation(({ ctx, input }) => a.generateMore(ctx.db, input.id, input.count)),
});
