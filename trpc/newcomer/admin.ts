import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as n from "./newcomer.service";

export const newcomerAdminRouter = router({
  config: adminProcedure.query(({ ctx }) => n.config(ctx.db)),
  saveConfig: adminProcedure.input(s.saveConfigInput).mutation(({ ctx, input }) => n.saveConfig(ctx.db, input)),
  report: adminProcedure.query(({ ctx }) => n.report(ctx.db)),
});
