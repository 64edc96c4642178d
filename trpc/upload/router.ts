import { router } from "../init";
import { uploadLearnerProcedures } from "./learner";

export const uploadRouter = router({ ...uploadLearnerProcedures });
