import { router } from "../init";
import { certAdminRouter } from "./admin";
import { certLearnerProcedures } from "./learner";

export const certRouter = router({ ...certLearnerProcedures, admin: certAdminRouter });
