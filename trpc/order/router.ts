import { router } from "../init";
import { orderAdminRouter } from "./admin";
import { orderLearnerProcedures } from "./learner";

export const orderRouter = router({ ...orderLearnerProcedures, admin: orderAdminRouter });
