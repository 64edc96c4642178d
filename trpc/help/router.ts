import { router } from "../init";
import { helpAdminRouter } from "./admin";
import { helpLearnerProcedures } from "./learner";

export const helpRouter = router({ ...helpLearnerProcedures, admin: helpAdminRouter });
