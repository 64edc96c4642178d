import { router } from "../init";
import { identityAdminRouter } from "./admin";
import { identityLearnerProcedures } from "./learner";

export const identityRouter = router({ ...identityLearnerProcedures, admin: identityAdminRouter });
