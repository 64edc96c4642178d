import { router } from "../init";
import { siteLearnerProcedures } from "./learner";

export const siteRouter = router({ ...siteLearnerProcedures });
