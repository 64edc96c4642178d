import { adminProcedure, router } from "../init";
import * as s from "./schemas";
import * as r from "./revenue.service";

/** Revenue configuration in the back office (back/revenue/config): the department a content's revenue goes to. */
export const revenueAdminRouter = router({
  getDepartmentType: adminProcedure.query(() => s.DEPARTMENTS),
  getSupportDepartmentType: adminProcedure.query(() => s.SUPPORTED_TYPES),
  detail: adminProcedure.input(s.businessInput).query(({ ctx, input }) => r.revenueDetail(ctx.db, input)),
  relate: adminProcedure.input(s.relateInput).mutation(({ ctx, input }) => r.relateRevenue(ctx.db, ctx.user.id, input)),
});
