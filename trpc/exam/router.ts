import { router } from "../init";
import { examAdminRouter } from "./admin";
import { examLearnerRouter } from "./learner";

/** The exam domain: the learner's flow and the back office. */
export const examRouter = router({ learner: examLearnerRouter, admin: examAdminRouter });
