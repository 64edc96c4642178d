import { router } from "../init";
import { ssoAdminRouter } from "./admin";
import { ssoLearnerProcedures } from "./learner";

export const ssoRouter = router({ ...ssoLearnerProcedures, admin: ssoAdminRouter });
