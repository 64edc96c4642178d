import { router } from "../init";
import { toolAdminRouter } from "./admin";

export const toolRouter = router({ admin: toolAdminRouter });
