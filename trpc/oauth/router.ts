import { router } from "../init";
import { oauthAdminRouter } from "./admin";
import { oauthLearnerProcedures } from "./learner";

export const oauthRouter = router({ ...oauthLearnerProcedures, admin: oauthAdminRouter });
