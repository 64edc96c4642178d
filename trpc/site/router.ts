import { router } from "../init";
import { siteAdminRouter } from "./admin";
import { siteLearnerProcedures } from "./learner";

export const siteRouter = router({ ...siteLearnerProcedures, admin: siteAdminRouter });
