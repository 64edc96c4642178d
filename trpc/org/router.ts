import { router } from "../init";
import { orgAdminRouter } from "./admin";
import { orgLearnerProcedures } from "./learner";

/** The org domain: learner calls (channel visits, whitelist status, divisions) at the root, back office under admin. */
export const orgRouter = router({ ...orgLearnerProcedures, admin: orgAdminRouter });
