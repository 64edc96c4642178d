import { router } from "../init";
import { commentAdminRouter } from "./admin";
import { commentLearnerProcedures } from "./learner";

export const commentRouter = router({ ...commentLearnerProcedures, admin: commentAdminRouter });
