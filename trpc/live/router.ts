import { router } from "../init";
import { liveAdminRouter } from "./admin";
import { liveLearnerProcedures } from "./learner";
import { liveServiceRouter } from "./service-api";

/** The live domain: learner calls at the top, the back office under admin, the realtime process under service. */
export const liveRouter = router({ ...liveLearnerProcedures, admin: liveAdminRouter, service: liveServiceRouter });
