import { learnerProcedure, router } from "../init";
import { downloadInput, tokenInput } from "./schemas";
import { createUploadToken, downloadUrl } from "./upload.service";

export const uploadRouter = router({
  getUploadToken: learnerProcedure.input(tokenInput).query(({ ctx, input }) => createUploadToken(ctx.user.id, input)),
  getDownLoadUrl: learnerProcedure.input(downloadInput).query(({ input }) => downloadUrl(input)),
});
