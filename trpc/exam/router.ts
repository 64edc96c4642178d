import { router } from "../init";
import { examAdminRouter } from "./admin";
import { examLearnerRouter } from "./learner";
import { examPracticeRouter } from "./practice";
import { examProctorRouter } from "./proctor";

/** The exam domain: the learner's flow and the back office. */
export const examRouter = router({ learner: examLearnerRouter, admin: examAdminRouter, proctor: examProctorRouter, practice: examPracticeRouter });
