import { router } from "../init";
import { examAdminRouter } from "./admin";
import { examLearnerProcedures } from "./learner";
import { examPracticeRouter } from "./practice";

/** The exam domain: learner calls at the top (practice beneath them), the back office under admin. */
export const examRouter = router({ ...examLearnerProcedures, practice: examPracticeRouter, admin: examAdminRouter });
