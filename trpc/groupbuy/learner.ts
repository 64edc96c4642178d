import { publicProcedure } from "../init";
import * as s from "./schemas";
import * as g from "./groupbuy.service";

/** Group buys for learners (learner-calls.md Group buys): the goods' group buy now, and its price. */
export const groupBuyLearnerProcedures = {
  get: publicProcedure.input(s.goodsRefInput).query(({ ctx, input }) => g.learnerGroupBuy(ctx.db, ctx.user?.id ?? null, input)),
  calculatePrice: publicProcedure.input(s.goodsRefInput).query(({ ctx, input }) => g.calculatePrice(ctx.db, input)),
};
