import { learnerProcedure, publicProcedure } from "../init";
import { firstTen, ownRank } from "./rank.service";
import { rankInput } from "./schemas";

/** The study ranking (learner-calls.md Study rank): the board is public, a learner's own place needs a login. */
export const rankLearnerProcedures = {
  firstTen: publicProcedure.input(rankInput).query(({ ctx, input }) => firstTen(ctx.db, input.period)),
  mine: learnerProcedure.input(rankInput).query(({ ctx, input }) => ownRank(ctx.db, ctx.user.id, input.period)),
};
