import { learnerProcedure, publicProcedure } from "../init";
import { countingFailures, type Limit } from "../auth/rate-limit.service";
import * as s from "./schemas";
import * as m from "./cert.service";

/** Failed verification-centre searches from one address (number + name guessing). */
const SEARCH_FAILURES_PER_IP: Limit = { name: "cert-search-ip", max: 30, windowMs: 15 * 60_000 };

/** Certificates for learners (learner-calls.md Certificates) and the public verification centre. */
export const certLearnerProcedures = {
  list: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.listMine(ctx.db, ctx.user.id, input)),
  detail: learnerProcedure.input(s.idInput).query(({ ctx, input }) => m.detail(ctx.db, ctx.user.id, input.id)),
  forContent: learnerProcedure.input(s.bindingKeyInput).query(({ ctx, input }) => m.forContent(ctx.db, ctx.user.id, input.businessType, input.businessId)),
  gainInfo: learnerProcedure.input(s.certIdInput).query(({ ctx, input }) => m.gainInfo(ctx.db, ctx.user.id, input.certId)),
  setCertImgUrl: learnerProcedure.input(s.setImageInput).mutation(({ ctx, input }) => m.saveClientImage(ctx.db, ctx.user, input.id, input.certImgUrl)),
  regenerateCert: learnerProcedure.input(s.idInput).mutation(async ({ ctx, input }) => {
    await m.ownCert(ctx.db, ctx.user.id, input.id);
    return m.regenerate(ctx.db, input.id);
  }),
  credential: learnerProcedure.input(s.idInput).query(({ ctx, input }) => m.credentialOf(ctx.db, ctx.user.id, input.id)),
  thirdList: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.thirdList(ctx.db, ctx.user.id, input)),
  thirdNewList: learnerProcedure.mutation(({ ctx }) => m.thirdNewList(ctx.db, ctx.user.id)),

  // Verification centre (certificateAuthority/*): visitors may use it.
  myCert: learnerProcedure.input(s.learnerPageInput).query(({ ctx, input }) => m.listMine(ctx.db, ctx.user.id, input)),
  guessYouWantToLearn: publicProcedure.input(s.guessInput).query(({ ctx, input }) => m.programmes(ctx.db, input)),
  search: publicProcedure.input(s.searchInput).query(({ ctx, input }) => countingFailures(ctx.db, SEARCH_FAILURES_PER_IP, ctx.ip, () => m.searchCert(ctx.db, input.certNo, input.name))),
  verify: publicProcedure.input(s.credentialIdInput).query(({ ctx, input }) => m.verifyById(ctx.db, input.id)),
  verifyCredential: publicProcedure.input(s.credentialInput).mutation(({ ctx, input }) => m.verifyCredential(ctx.db, input.credential)),
};
