import { router } from "../init";
import { operateAdminRouter } from "./admin";
import { operateLearnerProcedures } from "./learner";

/** The operate domain: learner calls at the top, the back office under admin. */
export const operateRouter = router({ ...operateLearnerProcedures, admin: operateAdminRouter });
