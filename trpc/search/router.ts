import { router } from "../init";
import { searchLearnerProcedures } from "./learner";

export const searchRouter = router({ ...searchLearnerProcedures });
