import { router } from "../init";
import { orderAdminRouter } from "./admin";
import { creditRouter } from "./credit";
import { orderLearnerProcedures } from "./learner";

export const orderRouter = router({ ...orderLearnerProcedures, admin: orderAdminRouter, credit: creditRouter });
