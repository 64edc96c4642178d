import { router } from "../init";
import { pathAdminRouter } from "./admin";
import { pathLearnerProcedures } from "./learner";

export const pathRouter = router({ ...pathLearnerProcedures, admin: pathAdminRouter });
