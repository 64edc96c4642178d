import { router } from "../init";
import { courseAdminRouter } from "./admin";
import { courseLearnerProcedures } from "./learner";

/** Learner procedures at the top (course.detail, course.learn …), the back office under course.admin. */
export const courseRouter = router({ ...courseLearnerProcedures, admin: courseAdminRouter });
