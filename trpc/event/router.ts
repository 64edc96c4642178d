import { router } from "../init";
import { eventAdminRouter } from "./admin";
import { eventLearnerProcedures } from "./learner";

export const eventRouter = router({ ...eventLearnerProcedures, admin: eventAdminRouter });
