import { adminProcedure, router } from "../init";
import { attemptRefInput } from "./schemas";
import { attemptProctoring } from "./proctor.service";

/** Back office: what proctoring recorded for one attempt (face checks, snapshots, video segments). */
export const examProctorRouter = router({
  attempt: adminProcedure.input(attemptRefInput).query(({ ctx, input }) => attemptProctoring(ctx.db, input.paperId)),
});
