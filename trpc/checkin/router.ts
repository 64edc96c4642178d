import { router } from "../init";
import { checkInAdminRouter } from "./admin";
import { checkInLearnerProcedures } from "./learner";

export const checkInRouter = router({ ...checkInLearnerProcedures, admin: checkInAdminRouter });
