import { adminProcedure, router } from "../init";
import { adminPlatforms, enablePlatform, movePlatform, removePlatform, savePlatform } from "./platform.service";
import { platformEnableInput, platformIdInput, platformMoveInput, platformSaveInput } from "./schemas";

/** The authorised platforms the back office maintains (oauth.admin). */
export const oauthAdminRouter = router({
  list: adminProcedure.query(({ ctx }) => adminPlatforms(ctx.db)),
  save: adminProcedure.input(platformSaveInput).mutation(({ ctx, input }) => savePlatform(ctx.db, input)),
  remove: adminProcedure.input(platformIdInput).mutation(({ ctx, input }) => removePlatform(ctx.db, input.id)),
  move: adminProcedure.input(platformMoveInput).mutation(({ ctx, input }) => movePlatform(ctx.db, input.id, input.position)),
  enable: adminProcedure.input(platformEnableInput).mutation(({ ctx, input }) => enablePlatform(ctx.db, input.id, input.enabled)),
});
