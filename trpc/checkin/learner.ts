import { learnerProcedure } from "../init";
import * as s from "./schemas";
import * as c from "./checkin.service";
import * as m from "./medal.service";

/**
 * Check-in medals for learners (learner-calls.md Check-in). The widget's query also awards medals the
 * learner's recorded study has already earned: the award follows from stored records and cannot be
 * had any other way, so a GET that triggers it changes nothing the learner did not earn.
 */
export const checkInLearnerProcedures = {
  getCheckInWidget: learnerProcedure.input(s.campaignInput).query(({ ctx, input }) => c.checkInInfo(ctx.db, ctx.user.id, input.businessId)),
  getCheckinPopUp: learnerProcedure.input(s.campaignInput).mutation(({ ctx, input }) => c.checkInPopUp(ctx.db, ctx.user.id, input.businessId)),
  getCheckInMedal: learnerProcedure.input(s.medalFilterInput).query(({ ctx, input }) => m.listMedals(ctx.db, ctx.user.id, input)),
};
