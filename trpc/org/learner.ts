import { learnerProcedure, publicProcedure } from "../init";
import { anonymousVisitor, recordVisit, visitorCookie } from "./channel.service";
import { districtTree } from "./district.service";
import { districtTreeInput, promoteInput, whiteInfoInput } from "./units-schemas";
import { userWhiteInfo } from "./whitelist.service";

/** The org domain's learner calls, spread at the root of org by router.ts. */
export const orgLearnerProcedures = {
  /** caiyun/front/channel/promote: a visit through a channel link (visitors too; sets the visitor cookie once). */
  promote: publicProcedure.input(promoteInput).mutation(({ ctx, input }) => {
    const source = { userId: ctx.user?.id, cookies: ctx.cookies, ip: ctx.ip, userAgent: ctx.userAgent };
    const anon = anonymousVisitor(source);
    if (anon.fresh) ctx.resHeaders.append("Set-Cookie", visitorCookie(anon.id, ctx.secureCookies));
    return recordVisit(ctx.db, input.channel, source, { type: input.type, objectId: input.objectId });
  }),
  /** caiyun/front/white/getUserWhiteInfo. */
  whiteInfo: learnerProcedure.input(whiteInfoInput).query(({ ctx, input }) => userWhiteInfo(ctx.db, ctx.user.id, input)),
  /** The administrative divisions (front/live/districtTree and the organisation pickers). */
  districtTree: publicProcedure.input(districtTreeInput).query(({ input }) => districtTree(input)),
};
