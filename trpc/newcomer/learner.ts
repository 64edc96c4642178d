import { learnerProcedure } from "../init";
import * as s from "./schemas";
import * as n from "./newcomer.service";

/** The newcomer gift for learners (learner-calls.md User; learner-front-end.md 2 Newcomer gift). */
export const newcomerLearnerProcedures = {
  task: learnerProcedure.input(s.taskInput).query(({ ctx, input }) => n.newcomerTask(ctx.db, ctx.user.id, input?.pathName || ctx.sitePath)),
  receiveAward: learnerProcedure.input(s.awardInput).mutation(({ ctx, input }) => n.receiveAward(ctx.db, ctx.user.id, input, ctx.sitePath)),
  /** The receive popup's option lists; they run only when logged in (learner-front-end.md 5). */
  identityOptions: learnerProcedure.query(({ ctx }) => n.identityOptions(ctx.db)),
  areaOptions: learnerProcedure.query(() => n.areaOptions()),
};
