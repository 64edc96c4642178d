import { learnerProcedure, publicProcedure } from "../init";
import { beginSession } from "../auth/learner";
import * as s from "./schemas";
import * as f from "./face.service";

/** Face checks through the outside provider and its messages (learner-calls.md "Events (face and errors)"). */
export const eventLearnerProcedures = {
  faceAuthUrl: learnerProcedure.input(s.faceUrlInput).mutation(({ ctx, input }) => f.startFaceCheck(ctx.db, { purpose: "auth", userId: ctx.user.id, redirect: input.redirect }, ctx.origin)),
  /** A login ticket, held by this browser in a cookie: only the browser that asked can finish the login. */
  faceLoginUrl: publicProcedure.input(s.faceUrlInput).mutation(async ({ ctx, input }) => {
    const started = await f.startFaceCheck(ctx.db, { purpose: "login", userId: ctx.user?.id ?? null, redirect: input.redirect, thirdUserId: input.thirdUserId }, ctx.origin);
    ctx.resHeaders.append("Set-Cookie", f.faceLoginCookie(started.ticket, ctx.secureCookies));
    return started;
  }),
  /** The browser is back from the provider: a passed login ticket signs its linked learner in, as every login does. */
  faceLoginFinish: publicProcedure.input(s.faceFinishInput).mutation(async ({ ctx, input }) => {
    const { user, redirect } = await f.finishFaceLogin(ctx.db, { ticket: input.ticket, cookieTicket: ctx.cookies[f.FACE_LOGIN_COOKIE], ip: ctx.ip });
    await beginSession(ctx, user);
    ctx.resHeaders.append("Set-Cookie", f.faceLoginCookie(null, ctx.secureCookies));
    return { redirect };
  }),
  /** The provider's signed callback: public, the signature is the check. */
  faceCallback: publicProcedure.input(s.faceCallbackInput).mutation(({ ctx, input }) => f.faceCallback(ctx.db, input)),
  faceSimulator: publicProcedure.input(s.simulateInput).query(({ ctx, input }) => f.simulateProvider(ctx.db, input)),
  thirdPicture: learnerProcedure.input(s.thirdPicInput).query(({ ctx, input }) => f.thirdPicture(ctx.db, ctx.user.id, input.thirdUserId)),
  errorMessage: publicProcedure.input(s.errorMsgInput).query(({ input }) => f.errorMessage(input.cause)),
};
