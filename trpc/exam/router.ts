import { router } from "../init";
import { examAdminRouter } from "./admin";
import { examLearnerProcedures } from "./learner";

/** The exam domain: learner calls at the top (practice among them), the back office under admin. */
export const examRouter = router({ ...examLearnerProcedures, admin: examAdminRouter });
