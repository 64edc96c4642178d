import { router } from "../init";
import { groupBuyAdminRouter } from "./admin";
import { groupBuyLearnerProcedures } from "./learner";

export const groupBuyRouter = router({ ...groupBuyLearnerProcedures, admin: groupBuyAdminRouter });
