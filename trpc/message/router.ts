import { router } from "../init";
import { messageAdminRouter } from "./admin";
import { messageLearnerProcedures } from "./learner";

export const messageRouter = router({ ...messageLearnerProcedures, admin: messageAdminRouter });
