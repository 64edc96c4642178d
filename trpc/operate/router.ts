import { router } from "../init";
import { operateAdminRouter } from "./admin";
import { operateLearnerRouter } from "./learner";

export const operateRouter = router({ learner: operateLearnerRouter, admin: operateAdminRouter });
