import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as a from "./admin.service";

/** Group buys in the back office (back/groupBuy): create, edit, 作废, list and one. */
export const groupBuyAdminRouter = router({
  create: adminProcedure.input(s.createInput).mutation(({ ctx, input }) => a.createGroupBuy(ctx.db, ctx.user.id, input)),
  update: adminProcedure.input(s.updateInput).mutation(({ ctx, input }) => a.updateGroupBuy(ctx.db, input)),
  expire: adminProcedure.input(s.idInput).mutation(({ ctx, input }) => a.expireGroupBuy(ctx.db, input.id)),
  search: adminProcedure.input(s.searchInput).query(({ ctx, input }) => a.searchGroupBuys(ctx.db, input)),
  get: adminProcedure.input(s.idInput).query(({ ctx, input }) => a.getGroupBuy(ctx.db, input.id)),
});
