import { router } from "../init";
import { revenueAdminRouter } from "./admin";

export const revenueRouter = router({ admin: revenueAdminRouter });
