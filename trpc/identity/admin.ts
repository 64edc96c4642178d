import { adminProcedure, router } from "../init";
import { realNameRule, realNameTargets, saveRealNameRule } from "./real-name.service";
import { realNameRuleInput } from "./schemas";

/** The real-name rule the back office edits (identity.admin). */
export const identityAdminRouter = router({
  realNameRule: adminProcedure.query(({ ctx }) => realNameRule(ctx.db)),
  /** The listed courses and lives with their names, for the settings page. */
  realNameTargets: adminProcedure.query(({ ctx }) => realNameTargets(ctx.db)),
  saveRealNameRule: adminProcedure.input(realNameRuleInput).mutation(({ ctx, input }) => saveRealNameRule(ctx.db, input)),
});
