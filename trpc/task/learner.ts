import { learnerProcedure } from "../init";
import * as s from "./schemas";
import * as m from "./learner.service";

/**
 * Tasks for learners (learner-calls.md Tasks). saveNodeRate and refresh are queries: the legacy call is a
 * GET, and both only recompute rates from the learning records (idempotent, rates never go down).
 */
export const taskLearnerProcedures = {
  list: learnerProcedure.input(s.myTaskPageInput).query(({ ctx, input }) => m.myTasks(ctx.db, ctx.user.id, input)),
  unfinishedNum: learnerProcedure.query(({ ctx }) => m.unfinishedNum(ctx.db, ctx.user.id)),
  detail: learnerProcedure.input(s.taskIdInput).query(({ ctx, input }) => m.myTaskDetail(ctx.db, ctx.user.id, input.taskId)),
  saveNodeRate: learnerProcedure.input(s.saveRateInput).query(({ ctx, input }) => m.saveNodeRate(ctx.db, ctx.user.id, input.taskId, input.nodeId)),
  refresh: learnerProcedure.query(({ ctx }) => m.refreshMine(ctx.db, ctx.user.id)),
  result: learnerProcedure.input(s.taskIdInput).query(({ ctx, input }) => m.myTaskResult(ctx.db, ctx.user.id, input.taskId)),
};
