import { learnerProcedure, publicProcedure } from "../init";
import { downloadInput, tokenInput } from "./schemas";
import { createUploadToken, downloadUrl } from "./upload.service";

/** The learner procedures, spread at the root of upload by router.ts. */
export const uploadLearnerProcedures = {
  getUploadToken: learnerProcedure.input(tokenInput).query(({ ctx, input }) => createUploadToken(ctx.db, ctx.user, input)),
  // Visitors too: public site assets are signed for anyone, everything else only for those who may read it.
  getDownLoadUrl: publicProcedure.input(downloadInput).query(({ ctx, input }) => downloadUrl(ctx.db, ctx.user, input)),
};
