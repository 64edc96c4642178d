import { router } from "../init";
import { taskAdminRouter } from "./admin";
import { taskLearnerProcedures } from "./learner";

export const taskRouter = router({ ...taskLearnerProcedures, admin: taskAdminRouter });
