import { router } from "../init";
import { materialAdminRouter } from "./admin";

/** The material library: back-office calls only, under admin. */
export const materialRouter = router({ admin: materialAdminRouter });
