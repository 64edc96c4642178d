import { learnerProcedure, publicProcedure } from "../init";
import * as s from "./schemas";
import * as m from "./questionnaire.service";

/** Questionnaires for learners (learner-calls.md Questionnaires). Visitors may read; submitting needs a login (281). */
export const questionnaireLearnerProcedures = {
  info: publicProcedure.input(s.idInput).query(({ ctx, input }) => m.getInfo(ctx.db, ctx.user ?? null, input.id)),
  submit: learnerProcedure.input(s.submitInput).mutation(({ ctx, input }) => m.submit(ctx.db, ctx.user, input)),
};
