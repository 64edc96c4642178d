import { learnerProcedure, publicProcedure } from "../init";
import { contentScopeOf } from "../site/site.service";
import * as s from "./schemas";
import * as m from "./cert.service";

/** Certificates for learners (learner-calls.md Certificates) and the public verification centre. */
export const certLearnerProcedures = {
  list: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.listMine(ctx.db, ctx.user.id, input)),
  detail: learnerProcedure.input(s.idInput).query(({ ctx, input }) => m.detail(ctx.db, ctx.user.id, input.id)),
  forContent: learnerProcedure.input(s.bindingKeyInput).query(({ ctx, input }) => m.forContent(ctx.db, ctx.user.id, input.businessType, input.businessId)),
  gainInfo: learnerProcedure.input(s.certIdInput).query(({ ctx, input }) => m.gainInfo(ctx.db, ctx.user.id, input.certId)),
  setCertImgUrl: learnerProcedure.input(s.setImageInput).mutation(({ ctx, input }) => m.saveClientImage(ctx.db, ctx.user, input.id, input.certImgUrl)),
  regenerateCert: learnerProcedure.input(s.idInput).mutation(({ ctx, input }) => m.regenerateOwn(ctx.db, ctx.user.id, input.id)),
  credential: learnerProcedure.input(s.idInput).query(({ ctx, input }) => m.credentialOf(ctx.db, ctx.user.id, input.id)),
  thirdList: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.thirdList(ctx.db, ctx.user.id, input)),
  thirdNewList: learnerProcedure.mutation(({ ctx }) => m.thirdNewList(ctx.db, ctx.user.id)),

  // Verification centre (certificateAuthority/*): visitors may use it.
  myCert: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.listMine(ctx.db, ctx.user.id, input)),
  guessYouWantToLearn: publicProcedure.input(s.guessInput).query(async ({ ctx, input }) => m.programmes(ctx.db, input, await contentScopeOf(ctx.db, ctx.sitePath))),
  search: publicProcedure.input(s.searchInput).query(({ ctx, input }) => m.searchCert(ctx.db, ctx.ip, input.certNo, input.name)),
  verify: publicProcedure.input(s.credentialIdInput).query(({ ctx, input }) => m.verifyById(ctx.db, input.id)),
  verifyCredential: publicProcedure.input(s.credentialInput).mutation(({ ctx, input }) => m.verifyCredential(ctx.db, input.credential)),
};
