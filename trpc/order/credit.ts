import { z } from "zod";
import { intIn, opt, paging, withPaging } from "@base/legacy-input";
import { learnerProcedure, router } from "../init";
import * as c from "./credit.service";

const year = opt(intIn("年度", 2000, 2100, "年度须在2000-2100之间"));
export const creditsInput = z.object({ year }).optional().transform((v) => ({ year: v?.year }));
export const creditLivesInput = z.object({ year, ...paging }).optional().transform((v) => withPaging(v ?? {}));

/**
 * Learning credits (/person/credits, /person/credits-live-list): the caller's own purchases only.
 * A learner who never bought anything gets an empty answer, not a refusal.
 */
export const creditRouter = router({
  mine: learnerProcedure.input(creditsInput).query(({ ctx, input }) => (ctx.user.isPurchaser === 1 ? c.myCredits(ctx.db, ctx.user.id, input) : c.noCredits(input))),
  lives: learnerProcedure.input(creditLivesInput).query(({ ctx, input }) => (ctx.user.isPurchaser === 1 ? c.creditLives(ctx.db, ctx.user.id, input) : c.noCreditLives(input))),
});
