import { router } from "../init";
import { authLearnerProcedures } from "./learner";

export const authRouter = router({ ...authLearnerProcedures });
