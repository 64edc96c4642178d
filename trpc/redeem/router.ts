import { router } from "../init";
import { redeemAdminRouter } from "./admin";
import { redeemLearnerProcedures } from "./learner";

export const redeemRouter = router({ ...redeemLearnerProcedures, admin: redeemAdminRouter });
