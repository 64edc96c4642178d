import { router } from "../init";
import { questionnaireAdminRouter } from "./admin";
import { questionnaireLearnerProcedures } from "./learner";

export const questionnaireRouter = router({ ...questionnaireLearnerProcedures, admin: questionnaireAdminRouter });
