import { learnerProcedure, publicProcedure } from "../init";
import * as s from "./schemas";
import * as f from "./face.service";

/** Face checks through the outside provider and its messages (learner-calls.md "Events (face and errors)"). */
export const eventLearnerProcedures = {
  faceAuthUrl: learnerProcedure.input(s.faceUrlInput).mutation(({ ctx, input }) => f.startFaceCheck(ctx.db, { purpose: "auth", userId: ctx.user.id, redirect: input.redirect }, ctx.origin)),
  faceLoginUrl: publicProcedure
    .input(s.faceUrlInput)
    .mutation(({ ctx, input }) => f.startFaceCheck(ctx.db, { purpose: "login", userId: ctx.user?.id ?? null, redirect: input.redirect, thirdUserId: input.thirdUserId }, ctx.origin)),
  /** The provider's signed callback: public, the signature is the check. */
  faceCallback: publicProcedure.input(s.faceCallbackInput).mutation(({ ctx, input }) => f.faceCallback(ctx.db, input)),
  faceSimulator: publicProcedure.input(s.simulateInput).query(({ ctx, input }) => f.simulateProvider(ctx.db, input)),
  thirdPicture: learnerProcedure.input(s.thirdPicInput).query(({ ctx, input }) => f.thirdPicture(ctx.db, ctx.user.id, input.thirdUserId)),
  errorMessage: publicProcedure.input(s.errorMsgInput).query(({ input }) => f.errorMessage(input.cause)),
};
