import { router } from "../init";
import { newcomerAdminRouter } from "./admin";
import { newcomerLearnerProcedures } from "./learner";

export const newcomerRouter = router({ ...newcomerLearnerProcedures, admin: newcomerAdminRouter });
