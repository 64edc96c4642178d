import { router } from "../init";
import { rankLearnerProcedures } from "./learner";

export const rankRouter = router({ ...rankLearnerProcedures });
